package grade

import (
	"context"
	"os"
	"path/filepath"
	"rjm/exercise"
	"rjm/rng"
	"strings"
	"testing"
)

// The transcripts rjm's own programs print read back whole, and print
// again byte for byte.
func TestTranscriptGolden(t *testing.T) {
	for _, tc := range []struct {
		file    string
		prompts []string
		eval    bool
		rows    int
		obj     string
	}{
		{"hill-descent.txt", []string{"Iterations? "}, true, 5, "-16"},
		{"representation.txt", []string{exercise.SizePrompt.Text}, false, 5, ""},
		{"evaluation.txt", nil, true, 5, "-4"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", "transcripts", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := parseTranscript(string(data), tc.prompts, tc.eval)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if tr.prompts != len(tc.prompts) || len(tr.maze) != tc.rows || tr.objective != tc.obj || (tc.eval && len(tr.depths) != tc.rows) {
			t.Errorf("%s: read %+v", tc.file, tr)
		}
		if got := strings.Join(tc.prompts, "") + tr.canonical(tc.eval); got != string(data) {
			t.Errorf("%s: printed again as\n%s", tc.file, got)
		}
	}
}

// A transcript off the assignment's layout is still read, and the first
// difference names its line.
func TestTranscriptDifferences(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "transcripts", "hill-descent-println.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := parseTranscript(string(data), []string{"Iterations? "}, true)
	if err != nil {
		t.Fatal(err)
	}
	if tr.body != len("Iterations?\n") || tr.firstLine != 2 || tr.depths[0][1] != 9 || tr.objective != "-16.0" {
		t.Fatalf("read %+v", tr)
	}
	got := firstDifference(string(data)[tr.body:], tr.canonical(true), tr.firstLine)
	if want := `line 7: your program printed "Moves from start:", where the assignment's layout has ""`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, tc := range []struct{ got, want, diff string }{
		{"a\nb\n", "a\nb\n", ""},
		{"a\nb", "a\nb\n", "line 3: your program's output ends without a line break, where the assignment's layout has one"},
		{"a\nc\n", "a\nb\n", `line 3: your program printed "c", where the assignment's layout has "b"`},
		{"a\n", "a\nb\n", `line 3: your program's output ended, where the assignment's layout has "b"`},
		{"a\nb\nc\n", "a\nb\n", `line 4: your program printed "c", where the assignment's layout has ended`},
	} {
		if d := firstDifference(tc.got, tc.want, 2); d != tc.diff {
			t.Errorf("%q against %q: %q, want %q", tc.got, tc.want, d, tc.diff)
		}
	}
	for _, tc := range []struct{ out, err string }{
		{"Iterations? ", `line 1: want the maze's rows of jumps, got the end of the output`},
		{"Iterations? 1 2\n3 0\n\nDepths:\n", `line 4: want "Moves from start:", got "Depths:"`},
		{"Iterations? 1 2\n3 0\n\nMoves from start:\n\n", `line 5: want the depth grid, got ""`},
		{"Iterations? 1 2\n3 0\n\nMoves from start:\n 0  1\n 1 --\n\nbest: -2\n", `line 8: want the objective, got "best: -2"`},
	} {
		if _, err := parseTranscript(tc.out, []string{"Iterations? "}, true); err == nil || err.Error() != tc.err {
			t.Errorf("%q: %v, want %s", tc.out, err, tc.err)
		}
	}
}

// Whatever a program prints, the reader does not fail badly: what it reads
// prints again in the assignment's layout, and that reads back the same.
func FuzzTranscript(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data), true)
		f.Add(string(data), false)
	}
	prompts := []string{"Iterations? ", "Hill descents? "}
	f.Fuzz(func(t *testing.T, out string, eval bool) {
		tr, err := parseTranscript(out, prompts, eval)
		if tr.body > len(out) || tr.firstLine < 1 {
			t.Fatalf("body at %d, line %d", tr.body, tr.firstLine)
		}
		_ = firstDifference(out[tr.body:], tr.canonical(eval), tr.firstLine)
		if err != nil {
			return
		}
		again := strings.Join(prompts, "") + tr.canonical(eval)
		tr2, err := parseTranscript(again, prompts, eval)
		if err != nil {
			t.Fatalf("printed again as %q: %v", again, err)
		}
		if tr2.canonical(eval) != tr.canonical(eval) {
			t.Fatalf("%q read back as %q", tr.canonical(eval), tr2.canonical(eval))
		}
	})
}

// A crash's trace names the student's file and line: Python's innermost
// frame of the student's, Java's first frame in a .java file, Go's first
// outside the runtime.
func TestCrashSite(t *testing.T) {
	for _, tc := range []struct{ trace, want string }{
		{"Traceback (most recent call last):\n  File \"/tmp/x/hill.py\", line 40, in <module>\n    main()\n  File \"/tmp/x/hill.py\", line 12, in main\n    n = int(input())\nEOFError: EOF when reading a line\n", "hill.py:12"},
		{"Traceback (most recent call last):\n  File \"hill.py\", line 3, in <module>\n  File \"/usr/lib/python3.11/json/__init__.py\", line 293, in load\nValueError: x\n", "hill.py:3"},
		{"Exception in thread \"main\" java.util.NoSuchElementException\n\tat java.base/java.util.Scanner.throwFor(Scanner.java:937)\n\tat Hill.main(Hill.java:21)\n", "Hill.java:21"},
		{"panic: planted crash\n\ngoroutine 1 [running]:\nmain.main()\n\t/home/s/hill/main.go:57 +0x1d\nexit status 2\n", "main.go:57"},
		{"Segmentation fault\n", ""},
		{rustTrace, "main.rs:3"},
		{"thread 'main' panicked at 'attempt to divide by zero', src/hill.rs:40:17\n", "hill.rs:40"},
		{nodeTrace, "maze.js:2"},
	} {
		if got := crashSite([]byte(tc.trace)); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.trace, got, tc.want)
		}
	}
}

// Traces of a Rust panic and a JavaScript exception, as rustc 1.95 and
// node 20 print them.
const (
	rustTrace = "\nthread 'main' (27163) panicked at src/main.rs:3:21:\nindex out of bounds: the len is 0 but the index is 3\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
	nodeTrace = "/tmp/tr/maze.js:2\nfunction f() { return x.y; }\n                        ^\n\nTypeError: Cannot read properties of null (reading 'y')\n    at f (/tmp/tr/maze.js:2:25)\n    at Object.<anonymous> (/tmp/tr/maze.js:3:1)\n    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n    at node:internal/main/run_main_module:28:49\n\nNode.js v20.20.2\n"
)

// The line that says what went wrong: a Rust panic's message, not its
// note; a JavaScript exception, not node's version; Python's last line.
func TestLastLine(t *testing.T) {
	for _, tc := range []struct{ trace, want string }{
		{rustTrace, "panicked: index out of bounds: the len is 0 but the index is 3"},
		{"thread 'main' panicked at 'attempt to divide by zero', src/hill.rs:40:17\nnote: run with `RUST_BACKTRACE=1`\n", "panicked: attempt to divide by zero"},
		{nodeTrace, "TypeError: Cannot read properties of null (reading 'y')"},
		{"Traceback (most recent call last):\n  File \"hill.py\", line 3, in <module>\nZeroDivisionError: integer division or modulo by zero\n", "ZeroDivisionError: integer division or modulo by zero"},
		{"panic: planted crash\n\ngoroutine 1 [running]:\n", "panic: planted crash"},
		{"Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Hill.main(Hill.java:3)\n", "java.lang.ArithmeticException: / by zero"},
		{"Segmentation fault\n", "Segmentation fault"},
	} {
		if got := lastLine([]byte(tc.trace)); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.trace, got, tc.want)
		}
	}
}

func TestRepeatedLine(t *testing.T) {
	for _, tc := range []struct{ out, want string }{
		{strings.Repeat("Iterations? ", 500), `"Iterations?" over and over`},
		{strings.Repeat("1 2 3 4 5\n", 300), `"1 2 3 4 5" over and over`},
		{"", `it ends ""`},
		{"?", `it ends "?"`},
		{"no end in sight", `it ends "no end in sight"`},
		{"a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n", `it ends "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n"`},
	} {
		if got := repeatedLine([]byte(tc.out)); got != tc.want {
			t.Errorf("repeatedLine(%.30q) = %s, want %s", tc.out, got, tc.want)
		}
	}
}

func FuzzRepeatedLine(f *testing.F) {
	for _, s := range []string{"", "?", "\n", "x?\n", strings.Repeat("Iterations? ", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, out string) {
		if got := repeatedLine([]byte(out)); got == "" {
			t.Errorf("repeatedLine(%q) is empty", out)
		}
	})
}

// The grader's layout is rjm's own: every exercise's transcript, from
// package exercise, reads back and is written again (canonical, by
// exercise.Exercise.Write) to the same text.
func TestCanonicalIsTheRunnersLayout(t *testing.T) {
	for _, e := range exercise.Table {
		answers, _ := e.Answers(100, rng.NewRand(2))
		var out strings.Builder
		io := exercise.IO{In: strings.NewReader(strings.Join(answers, "\n") + "\n"), Out: &out, Errors: &out}
		if _, err := exercise.Run(context.Background(), e.Name, io, rng.NewRand(2)); err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		tr, err := parseTranscript(out.String(), texts(e), e.Evaluation)
		if err != nil {
			t.Fatalf("%s: %v\n%s", e.Name, err, out.String())
		}
		if got := out.String()[:tr.body] + tr.canonical(e.Evaluation); got != out.String() {
			t.Errorf("%s: written again as\n%s\nwant\n%s", e.Name, got, out.String())
		}
	}
}

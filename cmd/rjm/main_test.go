package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"rjm/internal/cli"
	"rjm/render"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// rjmRun runs the command line in memory.
func rjmRun(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/rjm -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// The assignment's programs print exactly the transcripts in testdata/
// (prompts, maze, "Moves from start:", depth grid, objective).
func TestExerciseTranscripts(t *testing.T) {
	for _, tc := range []struct{ name, input string }{
		{"representation", "5\n"},
		{"representation", "10\n"},
		{"evaluation", ""},
		{"hill-descent", "10000\n"},
		{"restarts", "1000\n10\n"},
		{"uphill", "10000\n0.01\n"},
		{"annealing", "10000\n5\n0.999\n"},
	} {
		out, errs, code := rjmRun(t, tc.input, "exercise", tc.name, "--seed", "2010")
		if code != 0 || errs != "" {
			t.Fatalf("%s: status %d, stderr %q", tc.name, code, errs)
		}
		file := tc.name
		if tc.name == "representation" {
			file += "-" + strings.TrimSpace(tc.input)
		}
		golden(t, "exercise-"+file+".txt", out)
	}
}

// Invalid answers are reported and the prompt repeated; input that ends
// first fails with status 2.
func TestExerciseInvalidAnswers(t *testing.T) {
	out, errs, code := rjmRun(t, "4\nfive\n6\n", "exercise", "representation", "--seed", "1")
	// The prompt is repeated in the same style: trailing space, no line
	// break, so the piped answers' prompts run on one line.
	p := "Rook Jumping Maze size (5-10)? "
	if code != 0 || !strings.HasPrefix(out, p+p+p) || strings.Count(errs, "invalid answer") != 2 {
		t.Fatalf("status %d\nstdout %q\nstderr %q", code, out, errs)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 6 {
		t.Fatalf("want a 6×6 maze after the prompts, got\n%s", out)
	}
	for _, tc := range []struct{ name, input string }{
		{"hill-descent", "0\n"},
		{"uphill", "10\n1.5\n"},
		{"annealing", "10\n-1\n"},
		{"annealing", "10\n1\n1.5\n"},
		{"restarts", "10\n"},
	} {
		_, errs, code := rjmRun(t, tc.input, "exercise", tc.name, "--seed", "1")
		if code != 2 || !strings.Contains(errs, "no valid answer") {
			t.Errorf("%s %q: status %d, stderr %q", tc.name, tc.input, code, errs)
		}
	}
	if _, errs, code := rjmRun(t, "", "exercise", "nonsense"); code != 2 || !strings.Contains(errs, "unknown exercise") {
		t.Errorf("unknown exercise: status %d, stderr %q", code, errs)
	}
}

func TestExerciseJSON(t *testing.T) {
	out, errs, code := rjmRun(t, "1000\n", "exercise", "hill-descent", "--seed", "5", "--json")
	var j struct {
		Exercise  string  `json:"exercise"`
		Objective float64 `json:"objective"`
		Shortest  int     `json:"shortest"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Exercise != "hill-descent" || j.Objective != float64(-j.Shortest) || !strings.HasPrefix(errs, "Iterations? ") {
		t.Fatalf("status %d\nstdout %s\nstderr %s", code, out, errs)
	}
	out, _, code = rjmRun(t, "7\n", "exercise", "representation", "--seed", "5", "--json")
	if code != 0 || !strings.Contains(out, `"jumps"`) {
		t.Fatalf("status %d\n%s", code, out)
	}
}

func TestSolvePublished(t *testing.T) {
	for _, f := range []string{"figure1", "program1"} {
		out, errs, code := rjmRun(t, "", "solve", "../../examples/"+f+".txt")
		if code != 0 || errs != "" {
			t.Fatalf("%s: status %d, stderr %q", f, code, errs)
		}
		golden(t, "solve-"+f+".txt", out)
	}
}

func TestSolveJSON(t *testing.T) {
	maze := "3 4 1 3 1\n3 3 3 G 2\n3 1 2 2 3\n4 2 3 3 3\n4 1 4 3 2\n"
	out, _, code := rjmRun(t, maze, "solve", "--json", "-")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"rows", "cols", "start", "goal", "solvable", "shortest", "solution", "shortest_paths", "unique", "objective", "depths"} {
		if _, ok := j[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	if j["shortest"] != 13.0 || j["solution"] != "DRLUDLRULLRDU" || j["unique"] != true || j["objective"] != -13.0 {
		t.Errorf("JSON = %s", out)
	}
	depths := j["depths"].([]any)
	if depths[1].([]any)[0] != nil || depths[0].([]any)[1] != 8.0 {
		t.Errorf("depths = %v", depths)
	}
	// Unsolvable: shortest is null.
	out, _, _ = rjmRun(t, "2 1 2\n1 G 1\n2 1 2\n", "solve", "--json")
	if !strings.Contains(out, `"shortest": null`) || !strings.Contains(out, `"solvable": false`) || !strings.Contains(out, `"objective": 1000000`) {
		t.Errorf("unsolvable JSON = %s", out)
	}
}

// Bad input: one line on stderr naming the problem, status 2, no panic.
func TestSolveBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"ragged", "1 2 3\n1 G\n", nil, "line 2, column 1"},
		{"not a number", "1 x\n1 G\n", nil, `line 1, column 3: "x" is not a jump number`},
		{"negative", "1 -1\n1 G\n", nil, "negative jump"},
		{"empty", "", nil, "no maze"},
		{"no goal", "1 1\n1 1\n", nil, "no goal"},
		{"two goals", "G 1\n1 G\n", nil, "second goal"},
		{"huge", strings.Repeat(strings.Repeat("1 ", 100)+"\n", 100), nil, "more than 32 columns"},
		{"missing file", "", []string{"/nonexistent/maze.txt"}, "no such file"},
		{"two files", "", []string{"a", "b"}, "accepts at most 1 arg"},
		{"bad flag", "", []string{"--frobnicate"}, "unknown flag"},
		{"bad start", "1 1\n1 G\n", []string{"--start", "0,0"}, "count from 1"},
		{"bad id", "", []string{"--id", "5x5:12"}, "ID has 2 jumps"},
		{"strict", "7 1\n1 G\n", []string{"--strict"}, "cell (1,1) has jump 7, which leaves the board"},
		{"start line off the board", "start 5,5\n1 G\n1 1\n", nil, "line 1, column 7: start (5,5) is off the 2x2 board"},
		{"start line on the goal", "start 1,2\n1 G\n1 1\n", nil, "line 1, column 7: start and goal are the same cell (1,2)"},
		{"goal line off the board", "goal 9,9\n1 1\n1 1\n", nil, "line 1, column 6: goal (9,9) is off"},
		{"no goal names the line", "1 1\n1 1\n", nil, "no goal in the rows (which end at line 2)"},
		{"--goal against the text", "1 G\n1 1\n", []string{"--goal", "2,2"}, "line 1, column 3: the text puts the goal at (1,2), not at the given goal (2,2)"},
		{"JSON cell of one number", `{"rows":2,"cols":2,"start":[1],"goal":[2,2],"jumps":[[1,1],[1,0]]}`, nil, "JSON start [1]: want a cell [row, col]"},
		{"JSON without a start", `{"rows":2,"cols":2,"goal":[2,2],"jumps":[[1,1],[1,0]]}`, nil, "JSON has no start"},
	} {
		out, errs, code := rjmRun(t, tc.stdin, append([]string{"solve"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: status %d, stdout %q, stderr %q (want one line with %q)", tc.name, code, out, errs, tc.want)
		}
	}
}

// Published puzzles may hold cells whose jump leaves the board: solve
// treats them as dead ends and says so in one line on stderr.
func TestSolveDeadEnd(t *testing.T) {
	out, errs, code := rjmRun(t, "1 7 1\n1 1 1\n1 1 G\n", "solve")
	if code != 0 || !strings.Contains(errs, "(1,2)=7") || strings.Count(errs, "\n") != 1 || !strings.Contains(out, "Shortest solution: 4 moves") {
		t.Fatalf("status %d\nstdout %s\nstderr %q", code, out, errs)
	}
}

// --start wins over the text's start line, as over an ID's or JSON's
// start; --goal agreeing with the text is accepted; a byte-order mark is
// skipped; a one-move solution says "1 move".
func TestSolveGivenCells(t *testing.T) {
	for _, tc := range []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"--start over the start line", "start 2,1\n1 G\n1 1\n", []string{"--start", "2,2"}, "Shortest solution: 1 move: U"},
		{"--start over an ID", "", []string{"--id", "2x2s2.1:1110", "--start", "1,2"}, "Shortest solution: 1 move: D"},
		{"--goal agreeing", "1 G\n1 1\n", []string{"--goal", "1,2"}, "Shortest solution: 1 move: R"},
		{"byte-order mark", "\uFEFF1 G\n1 1\n", nil, "Shortest solution: 1 move: R"},
	} {
		out, errs, code := rjmRun(t, tc.stdin, append([]string{"solve"}, tc.args...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%s: status %d, stderr %q, stdout\n%s(want %q)", tc.name, code, errs, out, tc.want)
		}
	}
}

func TestSolveByID(t *testing.T) {
	out, _, code := rjmRun(t, "", "solve", "--id", "5x5:3413133302312234233341432")
	if code != 0 || !strings.Contains(out, "13 moves: DRLUDLRULLRDU") {
		t.Fatalf("status %d\n%s", code, out)
	}
}

// Same seed and options, byte-identical output; the seeded ID printed
// regenerates the same maze.
func TestGenerateReproducible(t *testing.T) {
	for _, args := range [][]string{
		{"generate", "--seed", "7"},
		{"generate", "--seed", "7", "--method", "first-choice", "--rows", "6", "--cols", "8", "--iterations", "3000"},
		{"generate", "--seed", "7", "--method", "restarts", "--restarts", "5", "--iterations", "500"},
		{"generate", "--seed", "7", "--method", "uphill", "--p", "0.01", "--iterations", "3000"},
		{"generate", "--seed", "7", "--method", "anneal", "--t0", "3", "--decay", "0.999", "--iterations", "3000", "--json"},
	} {
		a, _, code := rjmRun(t, "", args...)
		b, _, _ := rjmRun(t, "", args...)
		if code != 0 || a != b {
			t.Fatalf("%v: status %d, outputs differ:\n%s\n%s", args, code, a, b)
		}
		var id string
		if args[len(args)-1] == "--json" {
			var j struct {
				SeededID string `json:"seeded_id"`
			}
			_ = json.Unmarshal([]byte(a), &j)
			id = j.SeededID
		} else {
			for _, line := range strings.Split(a, "\n") {
				if s, ok := strings.CutPrefix(line, "Seeded ID: "); ok {
					id = s
				}
			}
		}
		if id == "" {
			t.Fatalf("%v: no seeded ID in\n%s", args, a)
		}
		c, _, code := rjmRun(t, "", "generate", "--id", id, "--json")
		if code != 0 || !strings.Contains(c, firstMazeLine(a)) {
			t.Errorf("%v: --id %s gives\n%s", args, id, c)
		}
	}
}

// generate --count N prints what N runs with seeds S..S+N-1 print, in
// order, separated by blank lines; with --json, JSON Lines, one maze per
// line (the batch format, which a later run reads back to resume).
func TestGenerateCount(t *testing.T) {
	args := []string{"generate", "--iterations", "3000", "--size", "6"}
	out, errs, code := rjmRun(t, "", append(args, "--count", "3", "--seed", "10")...)
	var want []string
	for seed := range 3 {
		one, _, _ := rjmRun(t, "", append(args, "--seed", fmt.Sprint(10+seed))...)
		want = append(want, one)
	}
	if code != 0 || errs != "" || out != strings.Join(want, "\n") {
		t.Fatalf("status %d, stderr %q\n%s\nwant\n%s", code, errs, out, strings.Join(want, "\n"))
	}
	out, _, code = rjmRun(t, "", append(args, "--count", "2", "--seed", "10", "--json")...)
	js := jsonLines(t, out)
	if code != 0 || len(js) != 2 || js[1].Seed != 11 || !strings.Contains(want[1], js[1].Maze) {
		t.Errorf("--json: status %d\n%s", code, out)
	}
	// The cap is a question of time, not memory: a batch streams.
	for _, bad := range []string{"0", "10000001", "-1"} {
		if _, errs, code := rjmRun(t, "", "generate", "--count", bad); code != 2 || !strings.Contains(errs, "--count") {
			t.Errorf("--count %s: status %d, %q", bad, code, errs)
		}
	}
	if _, errs, code := rjmRun(t, "", "generate", "--count", "10000000", "--iterations", "100000000"); code != 2 || !strings.Contains(errs, "iterations in all") {
		t.Errorf("too much work: status %d, %q", code, errs)
	}
}

func firstMazeLine(out string) string {
	if strings.HasPrefix(out, "{") {
		var j struct {
			Maze string `json:"maze"`
		}
		_ = json.Unmarshal([]byte(out), &j)
		out = j.Maze
	}
	line, _, _ := strings.Cut(out, "\n")
	return line
}

func TestGenerateBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--size", "0"},
		{"--size", "33"},
		{"--rows", "100000", "--cols", "100000"},
		{"--method", "magic"},
		{"--iterations", "-5"},
		{"--iterations", "99999999999"},
		{"--method", "uphill", "--p", "2"},
		{"--method", "anneal", "--t0", "0"},
		{"--method", "anneal", "--decay", "1.5"},
		{"--method", "restarts", "--restarts", "0"},
		{"--energy", "nonsense"},
		{"--goal", "9,9"},
		{"--start", "1,1", "--goal", "1,1"},
		{"--id", "5x5#x"},
		{"extra-arg"},
		// The goal on the default start, and the start given twice over.
		{"--goal", "1,1"},
		{"--start", "2,2", "--random-start"},
		// Seeded IDs are checked as the flags are.
		{"--id", "5x5,method=hill,iterations=-5,energy=depth#1"},
		{"--id", "5x5,method=restarts,iterations=1000000,descents=100000,energy=depth#1"},
		{"--id", "5x5,method=anneal,iterations=10,t0=0,decay=0.9,energy=depth#1"},
		// --rows 0 is not "use --size".
		{"--rows", "0"},
		{"--cols", "0", "--size", "6"},
		// A setting out of range is rejected even when the method does not use it.
		{"--method", "hill", "--p", "5"},
		{"--method", "hill", "--t0", "-1"},
		{"--method", "uphill", "--decay", "2"},
		{"--method", "hill", "--restarts", "0"},
		// A seeded ID fixes every search setting.
		{"--id", "5x5,method=hill,iterations=100,energy=depth#1", "--size", "7"},
	} {
		out, errs, code := rjmRun(t, "", append([]string{"generate"}, args...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// Names missing or wrong, and impossible settings, fail at once with
// status 2 and say what would be right.
func TestBadNames(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"experiment"}, "one of iterations, restarts"},
		{[]string{"generate", "--seed", "abc"}, `--seed: "abc" is not a whole number ≥ 0 (see rjm generate --help)`},
		{[]string{"generate", "--p", "x"}, `--p: "x" is not a number (see`},
		{[]string{"generate", "--energy", "bogus"}, `unknown energy "bogus"`},
		{[]string{"solve", "--strict", "--id", "2x2:9110"}, "--id: cell (1,1) has jump 9"},
		{[]string{"exercise", "foo"}, `unknown exercise "foo" (want one of representation`},
		{[]string{"learn", "sarsa", "--target", "30"}, "no 5×5 maze has a goal depth above 24"},
		{[]string{"experiment", "iterations", "--quick", "--out", "/proc/nope"}, "--out"},
		// What the user typed is checked, not what the library reads it as.
		{[]string{"solve", "--id", ""}, "--id: empty ID"},
		{[]string{"analyze", "--id", ""}, "--id: empty ID"},
		{[]string{"generate", "--id", ""}, `seeded ID "" has no '#seed'`},
		{[]string{"experiment", "iterations", "--runs", "0"}, "--runs: 0 out of range 1..100000"},
		{[]string{"experiment", "iterations", "--out", ""}, `--out: "": empty directory name`},
		{[]string{"exercise"}, "want one exercise NAME, one of representation, evaluation"},
		{[]string{"generate", "--energy", "weighted:goal_depth=1e308,non_reaching=-1e308"}, "out of range"},
	} {
		out, errs, code := rjmRun(t, "", tc.args...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stdout %q, stderr %q (want %q)", tc.args, code, out, errs, tc.want)
		}
	}
	out, _, code := rjmRun(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "rjm version ") {
		t.Errorf("--version: status %d, %q", code, out)
	}
}

// Unknown commands are bad usage, status 2.
func TestUnknownCommand(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"learn", "bogus"}} {
		out, errs, code := rjmRun(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errs, `unknown command "bogus"`) {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// An exercise run without --seed reports the seed it drew on stderr, and
// that seed repeats the transcript.
func TestExerciseReportsSeed(t *testing.T) {
	out, errs, code := rjmRun(t, "5\n", "exercise", "representation")
	f := strings.Fields(errs)
	if code != 0 || len(f) < 3 || f[0]+" "+f[1] != "rjm: seed" {
		t.Fatalf("status %d, stderr %q", code, errs)
	}
	seed := f[2]
	again, errs2, _ := rjmRun(t, "5\n", "exercise", "representation", "--seed", seed)
	if again != out || errs2 != "" {
		t.Errorf("--seed %s gives\n%s\nnot\n%s(stderr %q)", seed, again, out, errs2)
	}
}

func TestHelpEverywhere(t *testing.T) {
	for _, cmd := range []string{"", "solve", "generate", "exercise"} {
		args := []string{"--help"}
		if cmd != "" {
			args = []string{cmd, "--help"}
		}
		out, _, code := rjmRun(t, "", args...)
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%s --help: status %d\n%s", cmd, code, out)
		}
	}
}

// solve and analyze read JSON: another command's --json output (by its
// maze ID) or the maze's JSON form; bad JSON is a one-line error.
func TestReadJSONMaze(t *testing.T) {
	gen, _, code := rjmRun(t, "", "generate", "--seed", "1", "--iterations", "200", "--variant", "hex", "--json")
	if code != 0 {
		t.Fatal(gen)
	}
	var g render.Generate
	if err := json.Unmarshal([]byte(gen), &g); err != nil {
		t.Fatal(err)
	}
	out, _, code := rjmRun(t, gen, "solve", "--json")
	var s render.Solve
	if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s.ID != g.ID || s.Solution != g.Solution {
		t.Errorf("generate | solve: status %d\n%s", code, out)
	}
	if out, _, code := rjmRun(t, `{"id": "2x1:10", "jumps": [[1], [0]]}`, "solve"); code != 0 || !strings.Contains(out, "1 move: D") {
		t.Errorf("id with agreeing jumps: status %d\n%s", code, out)
	}
	form := `{"rows": 2, "cols": 3, "start": [1, 1], "goal": [2, 3], "jumps": [[2, 1, 1], [1, 1, 0]]}`
	out, _, code = rjmRun(t, form, "analyze", "--json")
	if code != 0 || !strings.Contains(out, `"id": "2x3:211110"`) {
		t.Errorf("JSON form: status %d\n%s", code, out)
	}
	for _, tc := range []struct{ in, want string }{
		{`{"id": 3}`, `JSON "id" holds a number where a string is wanted`},
		{`{"rows": 2`, "the JSON ends before it is complete"},
		{`{"id": "5x5:1"}`, "ID has 1 jumps, want 25"},
		{`{}`, "JSON holds no maze"},
		{`{"id": "2x1:10", "jumps": [[1], [1]]}`, `JSON "jumps" disagree with its "id"`},
		{`{"runs": []}`, "JSON holds no maze"},
		{`[{"id": "2x1:10"}, {"id": "2x1:01"}]`, "JSON holds a list of 2 mazes"},
	} {
		_, errs, code := rjmRun(t, tc.in, "solve")
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: status %d, stderr %q, want %q", tc.in, code, errs, tc.want)
		}
	}
}

// The names newRootCmd builds a single command by are the commands' own,
// and every command is listed in the help.
func TestCommandNames(t *testing.T) {
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Ctx: t.Context()}
	for _, c := range commands {
		if got := c.new(e).Name(); got != c.name {
			t.Errorf("command listed as %q is named %q", c.name, got)
		}
		root := newRootCmd(e, []string{c.name, "--help"})
		if len(root.Commands()) != 1 || root.Commands()[0].Name() != c.name {
			t.Errorf("%s: root has %d commands", c.name, len(root.Commands()))
		}
	}
	out, _, code := rjmRun(t, "", "--help")
	for _, c := range commands {
		if code != 0 || !strings.Contains(out, "  "+c.name+" ") {
			t.Errorf("help does not list %s:\n%s", c.name, out)
		}
	}
}

// A publisher's batch: constraints kept, distinct, the same with 1 and 2
// workers; a single maze under constraints is a batch of one.
func TestGenerateConstraints(t *testing.T) {
	args := []string{"generate", "--count", "6", "--iterations", "2000", "--seed", "4", "--min-length", "9", "--max-length", "11", "--unique", "--no-black-holes", "--distinct", "--json"}
	one, errs, code := rjmRun(t, "", append(args, "--workers", "1")...)
	two, _, _ := rjmRun(t, "", append(args, "--workers", "2")...)
	js := jsonLines(t, one)
	if code != 0 || len(js) != 6 || one != two {
		t.Fatalf("status %d, stderr %q, %d mazes, same with 2 workers %v", code, errs, len(js), one == two)
	}
	for _, g := range js {
		if g.GoalDepth == nil || *g.GoalDepth < 9 || *g.GoalDepth > 11 || !g.Unique || g.Features.BlackHoles > 0 {
			t.Errorf("%s misses the constraints", g.SeededID)
		}
	}
	if _, errs, code := rjmRun(t, "", "generate", "--min-length", "8", "--max-length", "3"); code != 2 || !strings.Contains(errs, "min ≤ max") {
		t.Errorf("min above max: status %d, %q", code, errs)
	}
}

// jsonLines reads a batch's JSON Lines.
func jsonLines(t *testing.T, out string) []render.Generate {
	t.Helper()
	var js []render.Generate
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var g render.Generate
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("%v: %.80s", err, line)
		}
		js = append(js, g)
	}
	return js
}

// A batch written with -o and cut short (mid-maze) is finished by running
// the same command again: the file ends as an uninterrupted run writes it,
// in text and in JSON Lines; a file of another batch is refused.
func TestGenerateResume(t *testing.T) {
	dir := t.TempDir()
	for _, asJSON := range []bool{false, true} {
		args := []string{"generate", "--count", "8", "--iterations", "1500", "--seed", "3", "--min-length", "9", "--distinct"}
		if asJSON {
			args = append(args, "--json")
		}
		full, part := filepath.Join(dir, fmt.Sprint("full", asJSON)), filepath.Join(dir, fmt.Sprint("part", asJSON))
		if _, errs, code := rjmRun(t, "", append(args, "-o", full)...); code != 0 {
			t.Fatalf("status %d, %q", code, errs)
		}
		want, _ := os.ReadFile(full)
		stdout, _, _ := rjmRun(t, "", args...)
		settings, maz, _ := strings.Cut(string(want), "\n")
		if maz != stdout || !strings.Contains(settings, `"keep":{"min_length":9,"distinct":true}`) {
			t.Fatalf("-o writes the batch's settings, then what stdout gets:\n%s", settings)
		}
		for _, cut := range []int{0, 1, len(want) / 3, len(want) / 2, len(want) - 1, len(want)} {
			if err := os.WriteFile(part, want[:cut], 0o644); err != nil {
				t.Fatal(err)
			}
			if _, errs, code := rjmRun(t, "", append(args, "-o", part)...); code != 0 {
				t.Fatalf("json %v cut %d: status %d, %q", asJSON, cut, code, errs)
			}
			if got, _ := os.ReadFile(part); string(got) != string(want) {
				t.Errorf("json %v cut %d: the resumed file differs", asJSON, cut)
			}
		}
		// A resume with other settings is refused in one line, and the
		// file is left as it was.
		for _, other := range [][]string{
			{"--iterations", "1000"},
			{"--min-length", "13", "--max-length", "13"},
			{"--seed", "4"},
		} {
			before, _ := os.Stat(part)
			args := append(append(append([]string{}, args...), other...), "-o", part)
			_, errs, code := rjmRun(t, "", args...)
			if code != 2 || !strings.Contains(errs, "was made with") || strings.Count(errs, "\n") != 1 {
				t.Errorf("%v: status %d, %q", other, code, errs)
			}
			after, _ := os.Stat(part)
			if got, _ := os.ReadFile(part); string(got) != string(want) || !after.ModTime().Equal(before.ModTime()) {
				t.Errorf("%v: the refused resume touched the file", other)
			}
		}
		if _, errs, code := rjmRun(t, "", append(slices.Clip(args), "--min-length", "13", "--max-length", "13", "-o", part)...); !strings.Contains(errs, "--min-length 9 --distinct, not --min-length 13 --max-length 13 --distinct") {
			t.Errorf("the message: status %d, %q", code, errs)
		}
		// The other format is refused too.
		flip := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--json" })
		if !asJSON {
			flip = append(flip, "--json")
		}
		if _, errs, code := rjmRun(t, "", append(flip, "-o", part)...); code != 2 || !strings.Contains(errs, "holds a") {
			t.Errorf("the other format: status %d, %q", code, errs)
		}
	}
}

// -o DIR/ writes one file per maze, whole; a rerun finishes a folder that
// lost its last mazes, and the folder ends as one run writes it.
func TestGenerateFolder(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a")+"/", filepath.Join(dir, "b")+"/"
		args := []string{"generate", "--count", "4", "--seed", "2", "--iterations", "1000"}
		if asJSON {
			args = append(args, "--json")
		}
		for _, d := range []string{a, b} {
			if _, errs, code := rjmRun(t, "", append(args, "-o", d)...); code != 0 {
				t.Fatalf("status %d, %q", code, errs)
			}
		}
		files, _ := filepath.Glob(b + "0*")
		if len(files) != 4 {
			t.Fatalf("%d files: %v", len(files), files)
		}
		os.Remove(files[3])
		os.Remove(files[2])
		if _, errs, code := rjmRun(t, "", append(args, "-o", b)...); code != 0 || !strings.Contains(errs, "holds 2 of 4") {
			t.Fatalf("resume: status %d, %q", code, errs)
		}
		for _, f := range files {
			x, _ := os.ReadFile(f)
			y, _ := os.ReadFile(filepath.Join(a, filepath.Base(f)))
			if len(x) == 0 || string(x) != string(y) {
				t.Errorf("%s differs after resuming", filepath.Base(f))
			}
		}
	}
}

// Help texts name the sources as readers know them, point up to lists
// printed above, and give every maze text directive.
func TestHelpTexts(t *testing.T) {
	for _, cmd := range [][]string{{"solve"}, {"analyze"}, {"generate"}, {"compare-energies"}, {"learn"}, {"learn", "bandit"}, {"learn", "sarsa"}, {"experiment"}, {"exercise"}} {
		out, _, code := rjmRun(t, "", append(cmd, "--help")...)
		if code != 0 || strings.Contains(out, "see below") || regexp.MustCompile(`seeds? 00\d|\b00\d's`).MatchString(out) {
			t.Errorf("%v --help: status %d\n%s", cmd, code, out)
		}
	}
	out, _, _ := rjmRun(t, "", "solve", "--help")
	if !strings.Contains(out, `"goal r,c"`) {
		t.Errorf("solve --help leaves out the goal line:\n%s", out)
	}
}

// On a terminal, solve and analyze with no FILE say that they are
// reading standard input instead of waiting silently; piped input gets
// no such line.
func TestSaysItReadsStandardInput(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		var out, errb bytes.Buffer
		e := &cli.Env{Stdin: strings.NewReader("1 G\n"), Stdout: &out, Stderr: &errb, Ctx: context.Background(), Terminal: terminal}
		root := newRootCmd(e, []string{"solve"})
		root.SetArgs([]string{"solve"})
		if err := root.Execute(); err != nil || strings.Contains(errb.String(), "reading the maze from standard input") != terminal {
			t.Errorf("terminal %v: %v, stderr %q", terminal, err, errb.String())
		}
	}
}

// A huge value is never echoed whole: every message quotes it cut short.
func TestHugeInputCut(t *testing.T) {
	huge := strings.Repeat("9", 100_000)
	for _, args := range [][]string{
		{"solve", "--start", huge},
		{"solve", "--variant", huge},
		{"solve", "--id", huge + ":1"},
		{"generate", "--id", "5x5," + huge + "#1"},
		{"generate", "--energy", "weighted:" + huge},
		{"generate", "--energy", "weighted:goal_depth=" + huge},
		{"generate", "--method", huge},
		{"exercise", huge},
		{"experiment", huge},
		{"learn", "bandit", "--epsilon", huge + "x"},
	} {
		_, errs, code := rjmRun(t, "", args...)
		if code != 2 || len(errs) > 300 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s %s: status %d, stderr %.400q", args[0], args[1], code, errs)
		}
	}
	_, errs, code := rjmRun(t, "1 "+huge+"\n1 G\n", "solve")
	if code != 2 || len(errs) > 300 {
		t.Errorf("huge jump: status %d, stderr %.400q", code, errs)
	}
}

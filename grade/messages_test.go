package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/grade"
)

// outsiderProgram returns the text of a program of the outsider's class
// (testdata/outsider-class), changed by edit.
func outsiderProgram(t *testing.T, path string, edit func(string) string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "outsider-class", path))
	if err != nil {
		t.Fatal(err)
	}
	return edit(string(b))
}

// replace returns edit, a function replacing old by new in a program,
// failing the test when the program has no old.
func replace(t *testing.T, old, new string) func(string) string {
	return func(s string) string {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("the program has no %q", old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// The messages say what happened to the program, as an outsider's class
// found they did not: a program that crashed on the terminal run was said
// to have "printed its maze and ended" (defect 2); a search that asked
// again and then exited 1 "refused "x" and ended" (defect 3); a complete
// transcript that exits 1 also failed reprompt (defect 4); runs that
// crashed were "over their limits" (defect 5). Each program is one of the
// class's (ana's, correct) with one change, graded at a small budget.
func TestMessagesSayWhatHappened(t *testing.T) {
	needs(t, "python3")
	t.Parallel()
	for _, tc := range []struct {
		name, exercise, file string
		edit                 func(t *testing.T) func(string) string
		// fails are the checks that fail; says, each check's message's
		// words (a check's prefix "!" : words it must not have).
		fails []string
		says  map[string][]string
		// text is what the report's text must not hold.
		notInText []string
	}{{
		// A program that ends with status 2 on a terminal only, before
		// its maze: nobody but terminal sees it, and it says so.
		name: "terminal only, exit 2 before the maze", exercise: "representation", file: "ana/representation.py",
		edit: func(t *testing.T) func(string) string {
			return replace(t, "    n = ask_size()\n", "    n = ask_size()\n    import sys\n    if sys.stdin.isatty():\n        sys.exit(2)\n")
		},
		fails: []string{"terminal"},
		says:  map[string][]string{"terminal": {"ended with exit status 2 before printing a maze", "piped ended with exit status 0"}},
	}, {
		// Every transcript whole, then exit status 3: exit alone fails;
		// reprompt judges the prompts; terminal says how it ended.
		name: "complete transcripts, then exit 3", exercise: "representation", file: "ana/representation.py",
		edit: func(t *testing.T) func(string) string {
			return func(s string) string { return s + "    raise SystemExit(3)\n" }
		},
		fails: []string{"exit"},
		says: map[string][]string{
			"exit":     {"exited with status 3 after a complete transcript"},
			"reprompt": {"asked again after each invalid answer", "then exited with status 3 (see exit)"},
			"terminal": {"printed its maze and ended with exit status 3 (see exit)"},
		},
		notInText: []string{"the end of what it printed"},
	}, {
		// A program that prints its maze and then reads on (a
		// TypeScript student's stdin listener left open): on a terminal,
		// standard input does not end, and the message says the maze
		// was printed.
		name: "prints its maze, then reads on", exercise: "representation", file: "ana/representation.py",
		edit: func(t *testing.T) func(string) string {
			return func(s string) string { return s + "    import sys\n    sys.stdin.read()\n" }
		},
		fails: []string{"terminal"},
		says:  map[string][]string{"terminal": {"printed its maze but did not end", "!instead of printing its maze"}},
	}, {
		// A search that asks again after "x", prints a whole transcript
		// and exits 1 (fay's): it asked again, it did not refuse.
		name: "search asks again, then exit 1", exercise: "hill-descent", file: "ana/hill_descent.py",
		edit: func(t *testing.T) func(string) string {
			return func(s string) string { return s + "    raise SystemExit(1)\n" }
		},
		fails: []string{"exit"},
		says: map[string][]string{
			"reprompt": {`asked "Iterations?" again after "x" and went on`, "then exited with status 1 (see exit)", "!refused"},
			"exit":     {"exited with status 1 after a complete transcript"},
		},
	}, {
		// A search that fails at the budget asked and ends well at the
		// smallest (gus's): its runs ended with an error, not over a
		// limit; its terminal run is made with the answers it handles;
		// it asked again after "x" before failing.
		name: "search fails at the budget asked", exercise: "hill-descent", file: "ana/hill_descent.py",
		edit: func(t *testing.T) func(string) string {
			return replace(t, "    iterations = ask_iterations()\n", "    iterations = ask_iterations()\n    if iterations > 60:\n        raise SystemExit(2)\n")
		},
		fails: []string{"exit"},
		says: map[string][]string{
			"size":     {"runs 1–3 ended with exit status 2 before a whole transcript (see exit)", "!limits"},
			"terminal": {"each answer (50) typed at its prompt, the program printed its maze and ended", "!runs 1–3"},
			"reprompt": {`asked "Iterations?" again after "x", then ended before a whole transcript: exit status 2`, "!refused"},
			"exit":     {"run 1, exit status 2"},
			"search":   {"!limits"},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // a grading waits on its programs much of the time
			file := filepath.Base(tc.file)
			dir := folder(t, map[string]string{file: outsiderProgram(t, tc.file, tc.edit(t))})
			s := grade.Settings{Command: []string{"python3", file}, Dir: dir, Runs: 3, Seed: 1, Iterations: 100}
			r, err := grade.Run(context.Background(), tc.exercise, s, nil)
			if err != nil {
				t.Fatal(err)
			}
			var failed []string
			for _, c := range r.Failed() {
				failed = append(failed, c.Name)
			}
			if strings.Join(failed, " ") != strings.Join(tc.fails, " ") {
				t.Errorf("failed %v, want %v", failed, tc.fails)
			}
			for name, words := range tc.says {
				c, ok := r.Check(name)
				if !ok {
					t.Errorf("no check %s", name)
					continue
				}
				for _, w := range words {
					if not, ok := strings.CutPrefix(w, "!"); ok {
						if strings.Contains(c.Message, not) {
							t.Errorf("%s says %q, want no %q", name, c.Message, not)
						}
					} else if !strings.Contains(c.Message, w) {
						t.Errorf("%s says %q, want %q", name, c.Message, w)
					}
				}
			}
			text := r.Text()
			for _, w := range tc.notInText {
				if strings.Contains(text, w) {
					t.Errorf("the report says %q", w)
				}
			}
			if t.Failed() {
				t.Log(text)
			}
		})
	}
}

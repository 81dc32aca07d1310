package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// rjm solve reads every variant example and prints its known solution;
// the Klondike transcript is a golden file.
func TestSolveVariantExamples(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"klondike.txt", "Shortest solution: 9 moves: SW SW NE NE NE SW SW SW NW\nShortest solutions: 1 (unique)\n"},
		{"torus.txt", "Shortest solution: 3 moves: LUD\nShortest solutions: 4\n"},
		{"queen.txt", "Shortest solution: 2 moves: SE SE\n"},
		{"layout.txt", "Shortest solution: 2 moves: RD\n"},
		{"hex.txt", "Shortest solution: 3 moves: SE E E\n"},
		{"triangle.txt", "Shortest solution: 3 moves: E SE SE\nShortest solutions: 3\n"},
		{"loops.txt", "Shortest solution: 4 moves: RDLR\n"},
		{"no-u-turn.txt", "Shortest solution: 9 moves: RDRDLURRU\n"},
	} {
		out, errs, code := rjmRun(t, "", "solve", "../../examples/"+tc.file)
		if code != 0 || errs != "" || !strings.Contains(out, tc.want) {
			t.Errorf("%s: status %d, stderr %q\n%s", tc.file, code, errs, out)
		}
		if tc.file == "klondike.txt" {
			golden(t, "solve-klondike.txt", out)
		}
	}
}

// --variant applies rules to a plain grid, from a file or an ID, and the
// JSON form names the variant.
func TestSolveVariantFlag(t *testing.T) {
	out, _, code := rjmRun(t, "", "solve", "--variant", "queen,torus", "../../examples/figure1.txt")
	if code != 0 || !strings.HasPrefix(out, "variant queen,torus\n") || !strings.Contains(out, "Shortest solution: 2 moves: W SE\n") {
		t.Fatalf("status %d\n%s", code, out)
	}
	out, _, code = rjmRun(t, "", "solve", "--json", "--variant", "no-u-turn", "--id", "5x5:3413133302312234233341432")
	var j solveJSON
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Variant != "no-u-turn" || j.Solvable {
		t.Fatalf("status %d\n%s", code, out)
	}
	// The exit ring turns a grid without a goal into Loyd's kind of maze.
	out, _, code = rjmRun(t, "1 2\n2 1\n", "solve", "--variant", "exit")
	if code != 0 || !strings.Contains(out, "Shortest solution: 1 moves: U\n") {
		t.Fatalf("status %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "bishop"}, `--variant: maze: unknown variant "bishop"`},
		{[]string{"--variant", "exit", "--id", "5x5:3413133302312234233341432"}, "exit ring cannot be added"},
		{[]string{"--variant", "hex,queen"}, "queen needs the square tiling"},
	} {
		_, errs, code := rjmRun(t, "1 G\n", append([]string{"solve"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

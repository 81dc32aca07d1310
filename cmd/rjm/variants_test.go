package main

import (
	"encoding/json"
	"rjm/render"
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
	var j render.Solve
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Variant != "no-u-turn" || j.Solvable {
		t.Fatalf("status %d\n%s", code, out)
	}
	// The exit ring turns a grid without a goal into Loyd's kind of maze.
	out, _, code = rjmRun(t, "1 2\n2 1\n", "solve", "--variant", "exit")
	if code != 0 || !strings.Contains(out, "Shortest solution: 1 move: U\n") {
		t.Fatalf("status %d\n%s", code, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "bishop"}, `--variant: unknown variant "bishop"`},
		{[]string{"--variant", "exit", "--id", "5x5:3413133302312234233341432"}, "exit ring cannot be added"},
		{[]string{"--variant", "hex,queen"}, "queen needs the square tiling"},
	} {
		_, errs, code := rjmRun(t, "1 G\n", append([]string{"solve"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

// rjm generate takes --variant and --layout; the seeded ID it prints
// regenerates the same maze.
func TestGenerateVariantFlags(t *testing.T) {
	out, errs, code := rjmRun(t, "", "generate", "--variant", "hex,no-u-turn", "--size", "5", "--seed", "4", "--iterations", "500", "--json")
	var j render.Generate
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &j) != nil {
		t.Fatalf("status %d, stderr %q\n%s", code, errs, out)
	}
	if !strings.HasPrefix(j.Maze, "variant hex,no-u-turn\n") || !strings.Contains(j.SeededID, ",variant=hex+no-u-turn,") || !strings.Contains(j.ID, "-hex,no-u-turn:") {
		t.Errorf("the variant is missing from the maze, its ID or seeded ID:\n%s", out)
	}
	again, _, _ := rjmRun(t, "", "generate", "--id", j.SeededID, "--json")
	if again != out {
		t.Errorf("--id %s regenerates a different maze", j.SeededID)
	}

	out, errs, code = rjmRun(t, "", "generate", "--layout", "../../examples/layout.txt", "--seed", "1", "--iterations", "300")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "wall 3,2 3,3\n") || !strings.Contains(out, ",layout=oyoooooxoooo:000000000100,start=1.1,goal=3.3,") {
		t.Errorf("--layout: status %d, stderr %q\n%s", code, errs, out)
	}
	rows := strings.Split(out, "\n")[1:4]
	for r, want := range []string{" * ", " X", " G "} {
		if !strings.Contains(rows[r]+" ", want) {
			t.Errorf("row %d %q lost the layout's %q", r+1, rows[r], want)
		}
	}

	out, _, code = rjmRun(t, "", "generate", "--layout", "../../examples/klondike.txt", "--seed", "1", "--iterations", "200")
	if code != 0 || !strings.HasPrefix(out, "variant queen,exit\nstart 11,11\n") || !strings.Contains(out, "variant=queen+exit,layout=zzzzzzzzzooozz") {
		t.Errorf("--layout klondike: status %d\n%s", code, out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "bishop"}, `--variant: unknown variant "bishop"`},
		{[]string{"--variant", "exit", "--goal", "2,2"}, "on an exit-ring board the goal is the exit"},
		{[]string{"--layout", "../../examples/layout.txt", "--size", "7"}, "--size: not with --layout"},
		{[]string{"--layout", "no-such-file.txt"}, "--layout: cannot open no-such-file.txt"},
		{[]string{"--goal", "2,2", "--random-goal"}, "--random-goal: not with --goal"},
		{[]string{"--layout", "../../examples/layout.txt", "--start", "1,2"}, "(1,2) is a pass-over cell"},
	} {
		_, errs, code := rjmRun(t, "", append([]string{"generate", "--iterations", "10"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

// rjm analyze draws a hexagonal maze with offset rows, names an exit-ring
// maze's goal, and shows cells that are not open by their kind.
func TestAnalyzeVariantMap(t *testing.T) {
	out, _, code := rjmRun(t, "", "analyze", "../../examples/hex.txt")
	if code != 0 || !strings.Contains(out, "\n1S 2  1  2\n  2* 1  1* G*\n1  2  1  1\n") {
		t.Errorf("hex map: status %d\n%s", code, out)
	}
	// Under the no-U-turn rule the solution enters (3,4) twice, and the
	// path grid shows both visits; solutions are in the solver's notation.
	out, _, code = rjmRun(t, "", "analyze", "../../examples/no-u-turn.txt")
	if code != 0 || !strings.Contains(out, "\n  6   7   . 2/8   3\n") || !strings.Contains(out, "9 moves: RDRDLURRU\n") {
		t.Errorf("no-u-turn path: status %d\n%s", code, out)
	}
	out, _, code = rjmRun(t, "", "analyze", "../../examples/hex.txt")
	if code != 0 || !strings.Contains(out, "3 moves: SE E E\n") {
		t.Errorf("hex solution: status %d\n%s", code, out)
	}
	out, _, code = rjmRun(t, "", "analyze", "../../examples/layout.txt")
	if code != 0 || !strings.Contains(out, "\n2S *  2* 1W\n1W 1W 1W X\n") {
		t.Errorf("layout map: status %d\n%s", code, out)
	}
	out, _, code = rjmRun(t, "", "analyze", "../../examples/klondike.txt")
	if code != 0 || !strings.Contains(out, "\n.  .  .  .  .  .  .  .  .  4B 7B 7B .") || !strings.Contains(out, "Goal: the exit, one cell beyond the edge (*)\n") || !strings.Contains(out, "\nexit: 9\n") {
		t.Errorf("klondike map: status %d\n%s", code, out)
	}
}

// rjm exercise --variant plays the assignment's programs under variant rules.
func TestExerciseVariantFlag(t *testing.T) {
	out, _, code := rjmRun(t, "300\n", "exercise", "hill-descent", "--seed", "2", "--variant", "torus")
	if code != 0 || !strings.HasPrefix(out, "Iterations? variant torus\n") || !strings.Contains(out, "\nMoves from start:\n") {
		t.Errorf("status %d\n%s", code, out)
	}
	_, errs, code := rjmRun(t, "300\n", "exercise", "hill-descent", "--variant", "bishop")
	if code != 2 || !strings.Contains(errs, `--variant: unknown variant "bishop"`) {
		t.Errorf("status %d, stderr %q", code, errs)
	}
}

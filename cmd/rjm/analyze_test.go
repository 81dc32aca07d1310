package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "rjm analyze" prints the report of testdata/analyze-*.txt for the
// published mazes (the map without colour: stdout is not a terminal).
func TestAnalyzePublished(t *testing.T) {
	for _, f := range []string{"figure1", "program1"} {
		out, errs, code := rjmRun(t, "", "analyze", "../../examples/"+f+".txt")
		if code != 0 || errs != "" || strings.Contains(out, "\x1b") {
			t.Fatalf("%s: status %d, stderr %q", f, code, errs)
		}
		golden(t, "analyze-"+f+".txt", out)
	}
}

func TestAnalyzeJSON(t *testing.T) {
	out, _, code := rjmRun(t, "", "analyze", "--json", "--id", "5x5:3413133302312234233341432")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"id", "maze", "rows", "cols", "start", "goal", "goal_depth", "objective", "solution",
		"reachable", "reaching", "non_reaching", "black_holes", "black_hole_cells", "black_hole_sets",
		"white_holes", "white_hole_cells", "white_hole_sets", "shortest_paths", "unique",
		"forward_decisions", "backward_decisions", "clusters", "largest_cluster", "cluster_penalty",
		"initial_forced_moves", "uturns", "energy", "jumps"} {
		if _, ok := j[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	if j["energy"] != -6.0 || j["white_holes"] != 2.0 || j["cluster_penalty"] != 4.0 || j["uturns"] != 5.0 {
		t.Errorf("JSON = %s", out)
	}
	if _, ok := j["rated"]; ok {
		t.Errorf("rated without --energy")
	}
	if j["goal_depth"] != 13.0 || fmt.Sprint(j["dead_ends"]) != "[]" {
		t.Errorf("goal_depth %v, dead_ends %v", j["goal_depth"], j["dead_ends"])
	}
	// Unsolvable: goal_depth is null, as in solve's and generate's JSON;
	// dead ends are listed.
	out, _, _ = rjmRun(t, "2 1 2\n1 G 1\n2 1 7\n", "analyze", "--json")
	j = nil
	if err := json.Unmarshal([]byte(out), &j); err != nil || j["goal_depth"] != nil || fmt.Sprint(j["dead_ends"]) != "[[3 3]]" || j["id"] != "3x3:212101217" {
		t.Errorf("unsolvable: %v\n%s", err, out)
	}
	// --energy rates the maze too.
	out, _, _ = rjmRun(t, "", "analyze", "--json", "--energy", "weighted:uturns=2,goal_depth=-1", "../../examples/figure1.txt")
	if !strings.Contains(out, `"energy": "weighted:uturns=2;goal_depth=-1"`) || !strings.Contains(out, `"value": -3`) {
		t.Errorf("rated JSON = %s", out)
	}
}

// The map marks the start (S), black holes (B), white holes (W) and the
// solution (*),
// and colours them only when asked to on a terminal.
func TestAnalyzeMap(t *testing.T) {
	out, _, code := rjmRun(t, "1 1 1 2\n2 2 2 2\n2 2 1 G\n", "analyze")
	want := "1S 1* 1* 2*\n2B 2B 2B 2B\n2W 2W 1W G*\n"
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("map:\n%s\nwant\n%s", out, want)
	}
	// The solution path's columns are two characters wide, as solve's
	// grid, whatever the depth.
	if !strings.Contains(out, "(move number of each cell):\n 0  1  2  3\n .  .  .  .\n .  .  .  4\n") || !strings.Contains(out, "(S start, * shortest solution") {
		t.Errorf("path grid:\n%s", out)
	}
	if !strings.Contains(out, "Black holes:           2 (4 cells): {(2,1) (2,3)} {(2,2) (2,4)}") {
		t.Errorf("report:\n%s", out)
	}
	// An unsolvable maze has no solution path.
	out, _, code = rjmRun(t, "2 G 2\n", "analyze")
	if code != 0 || !strings.Contains(out, "2S GW 2B") || !strings.Contains(out, "none: the goal cannot be reached") || strings.Contains(out, "Solution path") {
		t.Errorf("unsolvable:\n%s", out)
	}
}

func TestAnalyzeBadInput(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"1 x\n1 G\n", nil, `"x" is not a jump number`},
		{"", nil, "no maze"},
		{"1 G\n", []string{"--energy", "magic"}, "unknown energy"},
		{"1 G\n", []string{"--energy", "@/nonexistent/energy.txt"}, "no such file"},
		{"", []string{"a", "b"}, "accepts at most 1 arg"},
		{"", []string{"--id", "5x5:1"}, "ID has 1 jumps"},
	} {
		out, errs, code := rjmRun(t, tc.stdin, append([]string{"analyze"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: status %d, stdout %q, stderr %q (want one line with %q)", tc.args, code, out, errs, tc.want)
		}
	}
}

// The default generate makes a design-quality maze and summarizes it; a
// maze that is not unique or has black holes comes with a warning.
func TestGenerateDefault(t *testing.T) {
	a, _, code := rjmRun(t, "", "generate", "--seed", "3")
	b, _, _ := rjmRun(t, "", "generate", "--seed", "3")
	if code != 0 || a != b {
		t.Fatalf("status %d, outputs differ", code)
	}
	for _, want := range []string{"Shortest solution:", "\nFeatures: ", "Energy (design): ", "Seeded ID: 5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#3\n"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q:\n%s", want, a)
		}
	}
	// Whatever the energy: a warning exactly when the maze is not unique
	// or has black holes.
	for seed := range 6 {
		out, _, _ := rjmRun(t, "", "generate", "--json", "--energy", "depth", "--iterations", "3000", "--seed", string(rune('0'+seed)))
		var j struct {
			Features struct {
				Unique     bool `json:"unique"`
				BlackHoles int  `json:"black_holes"`
			} `json:"features"`
			Warnings []string `json:"warnings"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatal(err)
		}
		bad := !j.Features.Unique || j.Features.BlackHoles > 0
		if bad != (len(j.Warnings) > 0) {
			t.Errorf("seed %d: unique %v, black holes %d, warnings %q", seed, j.Features.Unique, j.Features.BlackHoles, j.Warnings)
		}
		text, _, _ := rjmRun(t, "", "generate", "--energy", "depth", "--iterations", "3000", "--seed", string(rune('0'+seed)))
		if bad != strings.Contains(text, "\nWarning: ") {
			t.Errorf("seed %d: text warnings do not match:\n%s", seed, text)
		}
	}
	// --goal fixes the goal; the seeded ID then says where.
	out, _, _ := rjmRun(t, "", "generate", "--seed", "1", "--goal", "5,5", "--iterations", "100")
	if !strings.Contains(out, "Seeded ID: 5x5,goal=5.5,method=uphill") {
		t.Errorf("--goal: %s", out)
	}
}

// --energy takes combinations on the command line and in a file.
func TestGenerateEnergies(t *testing.T) {
	file := filepath.Join(t.TempDir(), "energy.txt")
	if err := os.WriteFile(file, []byte("# no dead ends first\npriority:\n  black_holes\n  not_unique   # then uniqueness\n  -decisions\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := rjmRun(t, "", "generate", "--seed", "2", "--iterations", "2000", "--energy", "@"+file)
	if code != 0 || !strings.Contains(out, "energy=priority:black_holes>not_unique>-decisions#2") {
		t.Fatalf("status %d, stderr %q\n%s", code, errs, out)
	}
	// The seeded ID regenerates the same maze.
	var id string
	for _, line := range strings.Split(out, "\n") {
		if s, ok := strings.CutPrefix(line, "Seeded ID: "); ok {
			id = s
		}
	}
	again, _, _ := rjmRun(t, "", "generate", "--id", id)
	if again != out {
		t.Errorf("--id %s gives\n%s\nnot\n%s", id, again, out)
	}
	for _, tc := range []struct{ energy, want string }{
		{"weighted:uturns", "not MEASURE=WEIGHT"},
		{"priority:", "no levels"},
		{"@/nonexistent", "no such file"},
		{"weighted:dragons=1", `unknown term "dragons"`},
	} {
		out, errs, code := rjmRun(t, "", "generate", "--energy", tc.energy)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("--energy %s: status %d, stderr %q", tc.energy, code, errs)
		}
	}
}

func TestNewCommandsHelp(t *testing.T) {
	for _, cmd := range []string{"analyze", "compare-energies", "generate"} {
		out, _, code := rjmRun(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "cluster_penalty") || !strings.Contains(out, "priority:TERM>TERM") {
			t.Errorf("%s --help: status %d\n%s", cmd, code, out)
		}
	}
}

// --energy @FILE reads every energy the registry knows, the named ones
// included: a file saying "depth" names the simple objective, not an
// unknown energy.
func TestEnergyFileNamed(t *testing.T) {
	for _, name := range []string{"depth", "design"} {
		file := filepath.Join(t.TempDir(), name+".txt")
		if err := os.WriteFile(file, []byte("# one energy\n"+name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errs, code := rjmRun(t, "", "generate", "--seed", "2", "--iterations", "500", "--energy", "@"+file)
		if code != 0 || !strings.Contains(out, "energy="+name+"#2") {
			t.Errorf("%s: status %d, stderr %q\n%s", name, code, errs, out)
		}
		if _, errs, code := rjmRun(t, "1 G\n", "analyze", "--energy", "@"+file); code != 0 {
			t.Errorf("analyze %s: status %d, stderr %q", name, code, errs)
		}
	}
}

// solve and analyze read every form, a seeded ID included (its maze is
// generated), from --id or from the input.
func TestReadSeededID(t *testing.T) {
	const id = "5x5,method=hill,iterations=2000,energy=depth#1"
	gen, _, _ := rjmRun(t, "", "generate", "--id", id, "--json")
	var g struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(gen), &g); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"solve", "--json", "--id", id}, {"solve", "--json"}} {
		out, errs, code := rjmRun(t, id+"\n", args...)
		if code != 0 || !strings.Contains(out, `"id": "`+g.ID+`"`) {
			t.Errorf("%v: status %d, stderr %q\n%s", args, code, errs, out)
		}
	}
}

// TestDesignHint: the link rjm analyze prints on a terminal opens the
// maze in the workbench.
func TestDesignHint(t *testing.T) {
	got := designHint("5x5-hex:4431442231132042332114332")
	want := "http://127.0.0.1:8080/design?id=5x5-hex%3A4431442231132042332114332"
	if !strings.HasSuffix(got, want) {
		t.Errorf("%q, want it to end with %q", got, want)
	}
}

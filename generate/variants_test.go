package generate_test

import (
	"context"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
	"rjm/solve"
)

// variantCases are the rule sets generation is checked on: every variant
// alone and some combinations.
var variantCases = []string{
	"queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle",
	"queen,torus", "queen,no-u-turn", "hex,no-u-turn", "triangle,exit", "queen,exit", "torus,no-u-turn",
}

// Generation on every variant gives a legal maze (every non-goal open cell
// has a move, as the assignment requires), reproducibly, and its seeded ID
// regenerates it.
func TestRunVariants(t *testing.T) {
	for _, name := range variantCases {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, method := range search.MethodNames {
			s := generate.Default()
			s.Rows, s.Cols, s.Variant, s.Method, s.Iterations, s.Seed = 5, 6, v, method, 300, 11
			s.Descents = 3
			s.RandomGoal = !v.Exit
			res, err := generate.Run(context.Background(), s, nil)
			if err != nil {
				t.Fatalf("%s %s: %v", name, method, err)
			}
			m := res.Maze
			if m.Variant != v {
				t.Errorf("%s: maze has variant %q", name, m.Variant)
			}
			if err := m.ValidateStrict(); err != nil {
				t.Errorf("%s %s: illegal maze: %v\n%s", name, method, err, m)
			}
			if v.Exit && m.Goal != m.Exit() {
				t.Errorf("%s: goal %d is not the exit", name, m.Goal)
			}
			back, err := generate.ParseSpec(s.String(), generate.Spec{})
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			again, err := generate.Run(context.Background(), back, nil)
			if err != nil {
				t.Fatal(err)
			}
			if again.Maze.String() != m.String() || again.Energy != res.Energy {
				t.Errorf("%s: seeded ID %s regenerates a different maze", name, s)
			}
		}
	}
}

// A layout (blocked, pass-over and absent cells, walls) survives the
// seeded ID, keeps its cells where they are, and generation leaves the
// cells that are not open alone.
func TestRunLayout(t *testing.T) {
	text := "variant queen\nwall 2,2 2,3\n. 1 1 1 .\n1 1 X 1 1\n1 * 1 1 1\n. 1 1 G .\n"
	lay, err := maze.ParseText([]byte(text), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	start, goal := lay.Cell(lay.Start), lay.Cell(lay.Goal)
	s := generate.Default()
	s.Rows, s.Cols, s.Variant, s.Layout = lay.Rows, lay.Cols, lay.Variant, lay.LayoutID()
	s.Start, s.Goal, s.RandomGoal, s.Seed = &start, &goal, false, 5
	id := s.String()
	if !strings.Contains(id, ",variant=queen,layout=zoooz") || !strings.Contains(id, ":") {
		t.Errorf("seeded ID %s does not name the layout", id)
	}
	back, err := generate.ParseSpec(id, generate.Spec{})
	if err != nil || back.String() != id {
		t.Fatalf("%s parses back as %v, %v", id, back, err)
	}
	res, err := generate.Run(context.Background(), back, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Maze
	if m.Board != lay.Board || m.Start != lay.Start || m.Goal != lay.Goal {
		t.Errorf("generated board differs from the layout:\n%s\nwant\n%s", m, lay)
	}
	if err := m.ValidateStrict(); err != nil {
		t.Errorf("illegal maze: %v", err)
	}
	// The random goal is drawn among the open cells only.
	for seed := range uint64(40) {
		s := back
		s.Goal, s.RandomGoal, s.Seed = nil, true, seed
		s.Start, s.RandomStart = nil, true
		s.Iterations = 10
		res, err := generate.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Maze.Open(res.Maze.Goal) || !res.Maze.Open(res.Maze.Start) {
			t.Fatalf("seed %d: start %v or goal %v is not open", seed, res.Maze.Cell(res.Maze.Start), res.Maze.Cell(res.Maze.Goal))
		}
	}
}

// The generated maze's reported solution is the solver's on the variant.
func TestRunVariantSolved(t *testing.T) {
	v, _ := maze.ParseVariant("queen,no-u-turn")
	s := generate.Default()
	s.Rows, s.Cols, s.Variant, s.Seed, s.Iterations = 6, 6, v, 2, 2000
	res, err := generate.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := graph.Compile(res.Maze.Board)
	if err != nil {
		t.Fatal(err)
	}
	want := solve.Solve(g, res.Maze)
	if res.Solved.GoalDepth != want.GoalDepth || res.Solved.Letters() != want.Letters() {
		t.Errorf("result says %d %s, solver %d %s", res.Solved.GoalDepth, res.Solved.Letters(), want.GoalDepth, want.Letters())
	}
}

func TestSpecVariantErrors(t *testing.T) {
	base := generate.Default()
	base.Iterations = 10
	exit, _ := maze.ParseVariant("exit")
	g := maze.Cell{Row: 1, Col: 1}
	blocked := "oooooo" + "x" + strings.Repeat("o", 18) // (2,2) blocked
	for _, tc := range []struct {
		name string
		edit func(*generate.Spec)
		want string
	}{
		{"exit goal", func(s *generate.Spec) { s.Variant, s.Goal, s.RandomGoal = exit, &g, false }, "the goal is the exit"},
		{"layout size", func(s *generate.Spec) { s.Layout = "ooo" }, "layout has 3 cells, want 25"},
		{"layout char", func(s *generate.Spec) { s.Layout = strings.Repeat("q", 25) }, "not a cell kind"},
		{"blocked goal", func(s *generate.Spec) { s.Layout, s.Goal, s.RandomGoal = blocked, &g, false }, "is a blocked cell"},
		{"isolated", func(s *generate.Spec) {
			s.Rows, s.Cols, s.Layout = 1, 3, "oxo"
		}, "has no legal jump"},
	} {
		s := base
		tc.edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	for _, id := range []string{"5x5,variant=bishop#1", "5x5,variant=torus+loops#1"} {
		if _, err := generate.ParseSpec(id, generate.Spec{}); err == nil {
			t.Errorf("ParseSpec(%q): no error", id)
		}
	}
}

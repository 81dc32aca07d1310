package exercise_test

import (
	"context"
	"io"
	"rjm/rng"
	"strings"
	"testing"

	"rjm/energy"
	"rjm/exercise"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
)

// Under a variant every exercise keeps its prompts, prints the maze with
// its variant line, and reports the solver's objective for that variant.
func TestRunVariant(t *testing.T) {
	answers := map[string]string{
		"representation": "6\n", "evaluation": "", "hill-descent": "500\n",
		"restarts": "100\n3\n", "uphill": "500\n0.01\n", "annealing": "500\n5\n0.99\n",
	}
	for _, name := range []string{"queen,no-u-turn", "hex", "exit", "torus"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range exercise.List() {
			var out strings.Builder
			res, err := exercise.Options{Variant: v}.Run(context.Background(), ex,
				exercise.IO{In: strings.NewReader(answers[ex]), Out: &out, Errors: io.Discard}, rng.NewRand(3))
			if err != nil {
				t.Fatalf("%s %s: %v", name, ex, err)
			}
			m := res.Maze
			if m.Variant != v || !strings.Contains(out.String(), "variant "+v.String()+"\n") {
				t.Errorf("%s %s: maze variant %q\n%s", name, ex, m.Variant, out.String())
			}
			if err := m.ValidateStrict(); err != nil {
				t.Errorf("%s %s: %v", name, ex, err)
			}
			if res.Solved == nil {
				continue
			}
			want := solve.Solve(graph.MustCompile(m.Board), m)
			last := energy.Format(energy.Objective(want.GoalDepth)) + "\n"
			if res.Solved.GoalDepth != want.GoalDepth || !strings.HasSuffix(out.String(), "\n"+last) {
				t.Errorf("%s %s: goal depth %d, solver %d\n%s", name, ex, res.Solved.GoalDepth, want.GoalDepth, out.String())
			}
		}
	}
}

package generate_test

import (
	"context"
	"rjm/analysis"
	"strings"
	"testing"

	"rjm/generate"
	"rjm/maze"
)

// The default recipe is the design paper's ("Rook Jumping Maze Design
// Considerations"): 5×5, goal at random, uphill steps with p = 0.005,
// 25,000 iterations, the design energy.
func TestDefault(t *testing.T) {
	d := generate.Default()
	d.Seed = 3
	if got, want := d.String(), "5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#3"; got != want {
		t.Errorf("Default() = %s, want %s", got, want)
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	goals := map[int]bool{}
	for seed := range uint64(8) {
		s := generate.Default()
		s.Seed, s.Iterations = seed, 2000
		r, err := generate.Run(context.Background(), s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Maze.Start != 0 || r.Features == nil || r.Features.Energy != r.Energy {
			t.Fatalf("seed %d: start %d, features %+v, energy %v", seed, r.Maze.Start, r.Features, r.Energy)
		}
		goals[r.Maze.Goal] = true
	}
	if len(goals) < 3 {
		t.Errorf("8 seeds placed the goal in only %d cells", len(goals))
	}
}

// A combination energy's canonical name survives the seeded ID.
func TestSeededIDWithCombination(t *testing.T) {
	s := generate.Default()
	s.Iterations, s.Seed = 500, 11
	e, _ := analysis.ParseEnergy("weighted:black_holes=1000, uturns=2, decisions=-1")
	s.Energy = e.Name()
	back, err := generate.ParseSpec(s.String(), generate.Spec{})
	if err != nil || back.String() != s.String() {
		t.Fatalf("%s parses back as %s (%v)", s, back, err)
	}
	a, err := generate.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := generate.Run(context.Background(), back, nil)
	if !a.Maze.Equal(b.Maze) || a.Energy != b.Energy {
		t.Errorf("the seeded ID gives another maze")
	}
}

// A priority energy that cannot be exact on the board is refused.
func TestValidateInexactPriority(t *testing.T) {
	s := generate.Default()
	s.Rows, s.Cols = maze.MaxSide, maze.MaxSide
	s.Energy = "priority:cluster_penalty^2>cluster_penalty^2>uturns"
	if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "2^53") {
		t.Errorf("Validate = %v", err)
	}
	s.Rows, s.Cols = 5, 5
	if err := s.Validate(); err != nil {
		t.Errorf("5x5: %v", err)
	}
}

// BenchmarkDefault times the default "rjm generate" without the process:
// the design paper's recipe, 25,000 iterations of the design energy on 5×5,
// the solution and the analysis of the result.
func BenchmarkDefault(b *testing.B) {
	s := generate.Default()
	for b.Loop() {
		s.Seed++
		if _, err := generate.Run(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
	}
}

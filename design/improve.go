package design

import (
	"cmp"
	"context"
	"math"
	"slices"

	"rjm/analysis"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
)

// Improve is "improve the rest": a local search that changes only the
// jumps of the cells a designer has not locked, keeping the start, the
// goal and every locked cell as they are.
type Improve struct {
	// Locked are the row-major indices of the cells whose jumps stay.
	Locked []int
	// Reward is the energy's reward per move of the shortest solution
	// (generate.DesignWithLength: the design energy's terms and weights
	// plus −Reward·depth); 0 means DefaultImproveReward.
	Reward int
	// Seed seeds the search (rng.NewRand).
	Seed uint64
	// Steps is the number of jumps tried; 0 means DefaultImproveSteps.
	Steps int
	// T0 and Decay are the simulated annealing's starting temperature
	// and its decay per step; 0 means 4 and the decay that brings it to
	// 0.01 at the last step.
	T0, Decay float64
}

// Defaults of Improve.
const (
	DefaultImproveReward = 4
	DefaultImproveSteps  = 200_000
	// MaxImproveSteps bounds Steps: a search the page runs in chunks of
	// at most this many.
	MaxImproveSteps = 10_000_000
)

// Improved is what Improve.Run found: the best maze (lowest energy) and
// its energy, the steps made, and the maze the search was at when it
// stopped with its temperature, from which another Run may go on
// (Improve.T0).
type Improved struct {
	Best   *maze.Maze
	Energy float64
	Steps  int
	Last   *maze.Maze
	T      float64
}

// Run searches from m by simulated annealing under the design energy with
// a reward for length (Improve.Reward), changing one free cell's jump to
// another legal one at a time, and returns the best maze it met. progress,
// when not nil, is called every 1,000 steps with the steps made and the
// best energy; it and ctx may stop the search early (progress returning
// false), which returns the best so far.
func (s Improve) Run(ctx context.Context, m *maze.Maze, progress func(steps int, best float64) bool) (*Improved, error) {
	g, err := graph.Compile(m.Board)
	if err != nil {
		return nil, err
	}
	n := analysis.CountCells(g, m.Start, m.Goal)
	e, err := analysis.ParseEnergy(generate.DesignWithLength(n, cmp.Or(s.Reward, DefaultImproveReward)))
	if err != nil {
		return nil, err
	}
	steps := min(cmp.Or(s.Steps, DefaultImproveSteps), MaxImproveSteps)
	t, decay := cmp.Or(s.T0, 4), s.Decay
	if decay == 0 {
		decay = math.Pow(0.01/t, 1/float64(steps))
	}
	var free []int
	for i := range m.Rows * m.Cols {
		if i != m.Goal && m.Open(i) && !slices.Contains(s.Locked, i) && len(g.Legal(i)) > 1 {
			free = append(free, i)
		}
	}
	cur := m.Clone()
	ev := e.Evaluator(g, m.Start, m.Goal)
	energy := ev.Reset(slices.Clone(cur.Jumps))
	out := &Improved{Best: cur.Clone(), Energy: energy}
	r := rng.NewRand(s.Seed)
	for k := 0; k < steps && len(free) > 0; k++ {
		if k%1000 == 0 && k > 0 {
			if ctx.Err() != nil || progress != nil && !progress(k, out.Energy) {
				break
			}
		}
		out.Steps = k + 1
		i := free[r.IntN(len(free))]
		legal := g.Legal(i)
		j := legal[r.IntN(len(legal))]
		t *= decay
		if j == cur.Jumps[i] {
			continue
		}
		try := ev.Try(i, j)
		if try <= energy || r.Float64() < math.Exp((energy-try)/t) {
			ev.Accept()
			cur.Jumps[i], energy = j, try
			if energy < out.Energy {
				out.Best, out.Energy = cur.Clone(), energy
			}
		}
	}
	out.Last, out.T = cur, t
	return out, nil
}

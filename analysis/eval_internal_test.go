package analysis

import (
	"math/rand/v2"
	"testing"

	"rjm/graph"
	"rjm/maze"
)

const allNeeds = needReaching | needPath | needUTurns | needPaths | needReachable | needHoles | needPenalty | needClusters | needForced

// mask keeps the terms an evaluator with needs need computes.
func mask(v Values, need needs) Values {
	var out Values
	for t := range NumTerms {
		if needsOf(t)&^need == 0 {
			out[t] = v[t]
		}
	}
	return out
}

// The incremental evaluators return after every tried and every accepted
// change exactly the terms Analyze computes from scratch, whatever the
// board size, start and goal, and whichever terms they are asked for.
func TestEvaluatorsMatchAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	sizes := [][2]int{{1, 2}, {1, 7}, {2, 2}, {3, 3}, {4, 6}, {5, 5}, {5, 5}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 7}, {3, 22}, {12, 12}, {20, 13}}
	needSets := []needs{allNeeds, designNeeds, needPenalty, needClusters | needPenalty, needReaching | needPath | needUTurns, needReachable | needReaching | needHoles, needForced | needReaching | needPath | needPaths}
	steps := 150
	if testing.Short() {
		steps = 30
	}
	for _, sz := range sizes {
		b := maze.Board{Rows: sz[0], Cols: sz[1]}
		g := graph.MustCompile(b)
		for _, need := range needSets {
			for _, asym := range []bool{false, true} {
				s := rng.IntN(b.Cells())
				goal := (s + 1 + rng.IntN(b.Cells()-1)) % b.Cells()
				m, _ := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
				ev := newTermsEvaluator(g, s, goal, need)
				if asym { // the strongly-connected path must agree too
					switch w := ev.(type) {
					case *wordEval:
						w.sym = false
					case *multiEval:
						w.sym = false
					}
				}
				check := func(what string, got *Values, jumps []int) {
					mm := &maze.Maze{Board: b, Jumps: jumps, Start: s, Goal: goal}
					want := mask(Analyze(g, mm).Terms(), need)
					if mask(*got, need) != want {
						t.Fatalf("%v need %b %s:\ngot  %v\nwant %v\n%s", sz, need, what, mask(*got, need), want, mm)
					}
				}
				check("reset", ev.reset(m.Jumps), m.Jumps)
				n := steps
				if b.Cells() > 64 {
					n /= 4
				}
				for range n {
					i := rng.IntN(b.Cells())
					legal := g.Legal(i)
					if i == goal || len(legal) < 2 {
						continue
					}
					j := legal[rng.IntN(len(legal))]
					next := append([]int(nil), m.Jumps...)
					next[i] = j
					check("try", ev.try(i, j), next)
					if rng.IntN(2) == 0 {
						ev.accept()
						m.Jumps = next
					}
				}
			}
		}
	}
}

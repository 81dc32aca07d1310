package incremental

import (
	"math/rand/v2"
	"slices"
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
	sizes := [][2]int{{1, 2}, {1, 7}, {2, 2}, {3, 3}, {4, 6}, {5, 5}, {5, 5}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 7}, {3, 22}, {12, 12}, {20, 13}, {15, 15}, {20, 20}}
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
					want := mask(Analyze(g, mm), need)
					if mask(*got, need) != want {
						t.Fatalf("%v need %b %s:\ngot  %v\nwant %v\n%s", sz, need, what, mask(*got, need), want, mm)
					}
				}
				n := steps
				if b.Cells() > 64 {
					n /= 4
				}
				walkChanges(ev, g, goal, m.Jumps, n, rng, check)
			}
		}
	}
}

// On boards under the no-U-turn rule the evaluator over states returns
// after every tried and every accepted change exactly the terms Analyze
// computes from scratch, for every set of terms, with other rules too and
// on boards of more than 64 cells.
func TestStateEvaluatorsMatchAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	boards := []struct {
		variant    string
		rows, cols int
	}{
		{"no-u-turn", 1, 5}, {"no-u-turn", 1, 8}, {"no-u-turn", 2, 3}, {"no-u-turn", 2, 7}, {"no-u-turn", 3, 3}, {"no-u-turn", 5, 5}, {"no-u-turn", 7, 7},
		{"no-u-turn", 9, 9}, {"queen,no-u-turn", 4, 4}, {"torus,no-u-turn", 4, 5}, {"hex,no-u-turn", 5, 5},
		{"triangle,no-u-turn", 4, 5}, {"loops,no-u-turn", 6, 6}, {"queen,exit,no-u-turn", 5, 5},
	}
	needSets := []needs{allNeeds, designNeeds, needPenalty, needReaching | needPath | needUTurns, needReachable | needReaching | needHoles, needForced | needReaching | needPath | needPaths}
	steps := 60
	if testing.Short() {
		steps = 15
	}
	words := map[string]bool{}
	for _, bd := range boards {
		v, err := maze.ParseVariant(bd.variant)
		if err != nil {
			t.Fatal(err)
		}
		b := maze.Board{Rows: bd.rows, Cols: bd.cols, Variant: v}
		g := graph.MustCompile(b)
		for _, need := range needSets {
			s := rng.IntN(b.Rows * b.Cols)
			goal := (s + 1 + rng.IntN(b.Rows*b.Cols-1)) % (b.Rows * b.Cols)
			if v.Exit {
				goal = b.Exit()
			}
			m, err := maze.Random(b, b.Cell(s), b.Cell(goal), rng)
			if err != nil {
				t.Fatal(err)
			}
			// Up to 64 cells newTermsEvaluator takes the evaluator over
			// words where it can (see newStateWordEval): both must match.
			evs := []termsEvaluator{newStateEval(g, s, goal, need)}
			if w := newStateWordEval(g, s, goal, need); w != nil {
				evs = append(evs, w)
				if len(w.dir) == 4 { // the plain search too, without search4
					plain := newStateWordEval(g, s, goal, need)
					plain.plain = true
					evs = append(evs, plain)
				}
				words[bd.variant] = true
				if _, ok := newTermsEvaluator(g, s, goal, need).(*stateWordEval); !ok {
					t.Fatalf("%s: newTermsEvaluator does not take the evaluator over words", bd.variant)
				}
			} else if _, ok := newTermsEvaluator(g, s, goal, need).(*stateEval); !ok {
				t.Fatalf("%s: evaluator %T", bd.variant, newTermsEvaluator(g, s, goal, need))
			}
			check := func(what string, got *Values, jumps []int) {
				mm := &maze.Maze{Board: b, Jumps: jumps, Start: s, Goal: goal}
				want := mask(Analyze(g, mm), need)
				if mask(*got, need) != want {
					t.Fatalf("%s %dx%d need %b %s:\ngot  %v\nwant %v\n%s", bd.variant, bd.rows, bd.cols, need, what, mask(*got, need), want, mm)
				}
			}
			for _, ev := range evs {
				walkChanges(ev, g, goal, m.Jumps, steps, rng, check)
			}
		}
	}
	// The evaluator over words takes every board of up to 64 cells whose
	// moves land on the part of their own direction.
	for _, v := range []string{"no-u-turn", "queen,no-u-turn", "torus,no-u-turn", "hex,no-u-turn", "triangle,no-u-turn", "queen,exit,no-u-turn"} {
		if !words[v] {
			t.Errorf("%s: the evaluator over words never ran", v)
		}
	}
}

// walkChanges resets ev to jumps and tries n random one-cell changes,
// accepting half of them, handing every result to check with the jumps
// it should describe.
func walkChanges(ev termsEvaluator, g *graph.Graph, goal int, jumps []int, n int, rng *rand.Rand, check func(what string, got *Values, jumps []int)) {
	jumps = slices.Clone(jumps)
	check("reset", ev.reset(jumps), jumps)
	for range n {
		i, j, ok := RandomChange(rng, g, goal)
		if !ok {
			continue
		}
		next := slices.Clone(jumps)
		next[i] = j
		check("try", ev.try(i, j), next)
		if rng.IntN(2) == 0 {
			ev.accept()
			jumps = next
		}
	}
}

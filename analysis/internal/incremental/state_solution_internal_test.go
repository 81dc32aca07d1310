package incremental

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
)

// From mazes a hill descent left under the no-U-turn rule, where the
// solution is long and unique and most changes leave it, the kept
// solution's answers (alongSolution's decisions, shortcut's bound) and
// the kept distances' (the goal depth, the reaching cells, the decisions
// walked over them) agree with Analyze, the design energy's bounded
// answers are Analyze's (exact) or lower bounds of it above the bound,
// the kept distances and reaching cells after every accepted change are
// a fresh search's, and each of these paths answers a good share of the
// tries.
func TestStateSolutionAfterDescent(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	steps := 3000
	if testing.Short() {
		steps = 600
	}
	for _, bd := range []struct {
		variant    string
		rows, cols int
	}{
		{"no-u-turn", 5, 5}, {"no-u-turn", 7, 7}, {"hex,no-u-turn", 7, 7}, {"no-u-turn", 9, 9},
	} {
		v, err := maze.ParseVariant(bd.variant)
		if err != nil {
			t.Fatal(err)
		}
		b := maze.Board{Rows: bd.rows, Cols: bd.cols, Variant: v}
		g := graph.MustCompile(b)
		goal := b.Cells() - 1
		p := search.Problem{Graph: g, Start: 0, Goal: goal, Energy: designEnergy{}}
		res, err := search.HillDescent{Iterations: 20_000}.Search(context.Background(), p, rng)
		if err != nil {
			t.Fatal(err)
		}
		if Analyze(g, res.Best)[NotUnique] != 0 {
			t.Fatalf("%s %d×%d: the descent left no unique solution", bd.variant, bd.rows, bd.cols)
		}
		jumps := slices.Clone(res.Best.Jumps)
		st := newStateEval(g, 0, goal, designNeeds)
		d := newDesignEval(g, 0, goal, st)
		fresh := func(jumps []int) Values {
			return Analyze(g, &maze.Maze{Board: b, Jumps: jumps, Start: 0, Goal: goal})
		}
		cur := d.Reset(jumps)
		staged, along, shortcuts, inexact := 0, 0, 0, 0
		for range steps {
			i, j, ok := RandomChange(rng, g, goal)
			if !ok {
				continue
			}
			old := jumps[i]
			jumps[i] = j
			terms := fresh(jumps)
			want := DesignEnergy(&terms, d.cells)
			jumps[i] = old
			// The stages, against Analyze's terms: the kept solution's
			// answer, then the kept distances'.
			where := func(what string) string {
				return fmt.Sprintf("%s %d×%d: change of %v to %d: %s", bd.variant, bd.rows, bd.cols, b.Cell(i), j, what)
			}
			st.begin(i, j)
			if D, ok := st.shortcut(st.cells + 1); ok {
				shortcuts++
				if terms[Unsolvable] != 0 || terms[GoalDepth] > D {
					t.Fatalf("%s shortcut of %d moves; Analyze %v", where("kept solution"), D, terms)
				}
			}
			if u, df, db, _, ok := st.alongSolution(); ok {
				along++
				if !u || terms[NotUnique] != 0 || terms[GoalDepth] != st.sol.D || df != terms[ForwardDecisions] || db != terms[BackwardDecisions] {
					t.Fatalf("%s got unique %v, %d, %d; Analyze %v", where("kept solution"), u, df, db, terms)
				}
			}
			st.searchFrom()
			if st.staged {
				staged++
				D := st.startDistance()
				// n counts the cells with a black-hole state too, read
				// against the kept distances' states (trapped).
				if D != terms[GoalDepth] && !(D < 0 && terms[Unsolvable] != 0) || st.cells-st.reaching()+st.trapped() != terms[NonReaching] {
					t.Fatalf("%s goal depth %d, %d reaching, %d trapped; Analyze %v", where("kept distances"), D, st.reaching(), st.trapped(), terms)
				}
				if D >= 0 {
					if w, u := st.walk(D, false); u != (terms[NotUnique] == 0) || u && (w.df != terms[ForwardDecisions] || w.db != terms[BackwardDecisions]) {
						t.Fatalf("%s unique %v, %d, %d; Analyze %v", where("kept distances"), u, w.df, w.db, terms)
					}
				}
			}
			st.end()
			bound := cur + float64(rng.IntN(7)-3)
			got, exact := d.TryBound(i, j, bound)
			if exact && got != want || !exact && (got <= bound || got > want) {
				t.Fatalf("%s %d×%d: change of %v to %d: TryBound(bound %v) = %v, %v; energy %v",
					bd.variant, bd.rows, bd.cols, b.Cell(i), j, bound, got, exact, want)
			}
			if !exact {
				inexact++
				continue
			}
			if got <= cur || rng.IntN(20) == 0 {
				d.Accept()
				jumps[i], cur = j, got
				f := newStateEval(g, 0, goal, needReaching)
				f.reset(jumps)
				if !slices.Equal(st.curDist, f.curDist) || st.curReach != f.curReach {
					t.Fatalf("%s %d×%d: kept distances after accepting a change of %v to %d differ from a fresh search's",
						bd.variant, bd.rows, bd.cols, b.Cell(i), j)
				}
			}
		}
		t.Logf("%s %d×%d: %d tries, %d from the kept solution, %d shortcuts, %d in the kept distances, %d bounds",
			bd.variant, bd.rows, bd.cols, steps, along, shortcuts, staged, inexact)
		if staged < steps/20 || along < steps/20 || shortcuts < steps/50 || inexact < steps/20 {
			t.Errorf("%s %d×%d: the kept paths answered too few tries: %d from the kept solution, %d shortcuts, %d in the kept distances, %d bounds",
				bd.variant, bd.rows, bd.cols, along, shortcuts, staged, inexact)
		}
	}
}

// designEnergy is the design energy over this package's evaluator, for a
// search (package analysis's Design, which this test cannot import).
type designEnergy struct{}

func (designEnergy) Name() string { return "design" }

func (designEnergy) Evaluator(g *graph.Graph, start, goal int) energy.Evaluator {
	return NewDesign(g, start, goal)
}

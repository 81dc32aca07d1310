package incremental

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rjm/energy"
	"rjm/graph"
	"rjm/maze"
)

// everyVariant returns every variant the engine accepts: each tiling with
// every set of the other rules that combines with it.
func everyVariant(t testing.TB) []maze.Variant {
	var out []maze.Variant
	rules := []string{maze.VariantQueen, maze.VariantTorus, maze.VariantLoops, maze.VariantExit, maze.VariantNoUTurn}
	for _, tiling := range []string{"", maze.VariantHex, maze.VariantTriangle} {
		for set := range 1 << len(rules) {
			names := []string{tiling}
			for k, r := range rules {
				if set&(1<<k) != 0 {
					names = append(names, r)
				}
			}
			if v, err := maze.ParseVariant(strings.Trim(strings.Join(names, ","), ",")); err == nil {
				out = append(out, v)
			}
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d variants", len(out))
	}
	return out
}

// Layout kinds a rule board may have.
const (
	layoutNone = iota
	layoutWalls
	layoutBlocked
	layoutPassOver
	layoutAbsent
	layoutMixed
	numLayouts
)

// ruleMaze returns a random maze of variant v on a rows×cols board with a
// random layout of the given kind (walls; blocked, pass-over or absent
// cells; all of them), or false when the draw gives no legal maze.
func ruleMaze(rng *rand.Rand, v maze.Variant, rows, cols, layout int) (*maze.Maze, bool) {
	b := maze.Board{Rows: rows, Cols: cols, Variant: v}
	if b.Validate() != nil {
		return nil, false
	}
	n := rows * cols
	features := 1 + rng.IntN(max(1, n/6))
	for range features {
		kind := layout
		if kind == layoutMixed {
			kind = layoutWalls + rng.IntN(layoutAbsent)
		}
		c := b.Cell(rng.IntN(n))
		switch kind {
		case layoutWalls:
			d := maze.Cell{Row: c.Row + rng.IntN(3) - 1, Col: c.Col + rng.IntN(3) - 1}
			_ = b.AddWall(c, d) // not neighbours: no wall
		case layoutBlocked:
			_ = b.SetKind(c, maze.Blocked)
		case layoutPassOver:
			_ = b.SetKind(c, maze.PassOver)
		case layoutAbsent:
			_ = b.SetKind(c, maze.Absent)
		}
	}
	if b.Validate() != nil {
		return nil, false
	}
	open := b.OpenCells()
	if len(open) < 2 {
		return nil, false
	}
	start := open[rng.IntN(len(open))]
	goal := open[rng.IntN(len(open))]
	if v.Exit {
		goal = b.Exit()
	}
	if goal == start || len(b.Stuck(goal)) > 0 {
		return nil, false
	}
	m, err := maze.Random(b, b.Cell(start), b.Cell(goal), rng)
	if err != nil {
		return nil, false
	}
	return m, true
}

// checkRules drives the evaluators of maze m (the terms evaluator the board
// takes, for every term and for the design energy's, and the design
// energy's bounded evaluator) through steps random changes, each tried
// and half of them accepted, and reports the first that differs from
// Analyze from scratch.
func checkRules(t testing.TB, m *maze.Maze, steps int, rng *rand.Rand) {
	g, err := graph.Compile(m.Board)
	if err != nil {
		t.Fatal(err)
	}
	name := m.Variant.String() + " " + m.LayoutID()
	for _, need := range []needs{allNeeds, designNeeds} {
		ev := newTermsEvaluator(g, m.Start, m.Goal, need)
		walkChanges(ev, g, m.Goal, m.Jumps, steps, rng, func(what string, got *Values, jumps []int) {
			mm := &maze.Maze{Board: m.Board, Jumps: jumps, Start: m.Start, Goal: m.Goal}
			if want := mask(Analyze(g, mm), need); mask(*got, need) != want {
				t.Fatalf("%s, %T need %b, %s:\ngot  %v\nwant %v\n%s", name, ev, need, what, mask(*got, need), want, mm)
			}
		})
	}
	// The design energy's own evaluator: Try, TryBound under a bound
	// (exact when it says so, above the bound when it does not) and Accept.
	cells := OpenCells(g, m.Start, m.Goal).Len()
	want := func(jumps []int) float64 {
		v := Analyze(g, &maze.Maze{Board: m.Board, Jumps: jumps, Start: m.Start, Goal: m.Goal})
		return DesignEnergy(&v, cells)
	}
	d := NewDesign(g, m.Start, m.Goal)
	bounded := d.(energy.BoundedEvaluator)
	jumps := slices.Clone(m.Jumps)
	cur := d.Reset(slices.Clone(jumps))
	if w := want(jumps); cur != w {
		t.Fatalf("%s: design Reset %v, want %v\n%s", name, cur, w, m)
	}
	for range steps {
		i, j, ok := RandomChange(rng, g, m.Goal)
		if !ok {
			continue
		}
		next := slices.Clone(jumps)
		next[i] = j
		w := want(next)
		if rng.IntN(2) == 0 {
			if e := d.Try(i, j); e != w {
				t.Fatalf("%s: design Try(%d, %d) %v, want %v", name, i, j, e, w)
			}
		} else {
			bound := cur + float64(rng.IntN(5)-2)
			e, exact := bounded.TryBound(i, j, bound)
			switch {
			case exact && e != w:
				t.Fatalf("%s: design TryBound(%d, %d, %v) %v exact, want %v", name, i, j, bound, e, w)
			case !exact && (e <= bound || w <= bound):
				t.Fatalf("%s: design TryBound(%d, %d, %v) %v inexact, energy %v", name, i, j, bound, e, w)
			case !exact:
				continue // Accept may follow only an exact answer
			}
		}
		if rng.IntN(2) == 0 {
			d.Accept()
			jumps, cur = next, w
		}
	}
	if math.IsNaN(cur) {
		t.Fatalf("%s: NaN", name)
	}
}

// The evaluators match Analyze after every Try and Accept on every
// variant and combination the engine supports, with every kind of
// layout: walls, blocked, pass-over and absent cells, and all of them;
// on boards of one word and of several.
func TestEvaluatorsUnderEveryRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 31))
	steps := 40
	if testing.Short() {
		steps = 10
	}
	for _, v := range everyVariant(t) {
		checked := map[int]bool{}
		for layout := range numLayouts {
			for _, size := range [][2]int{{5, 5}, {4, 7}, {9, 9}} {
				if size[0] == 9 && layout%2 == 1 { // the large boards less often
					continue
				}
				for try := 0; try < 20; try++ {
					if m, ok := ruleMaze(rng, v, size[0], size[1], layout); ok {
						checkRules(t, m, steps, rng)
						checked[layout] = true
						break
					}
				}
			}
		}
		if len(checked) != numLayouts {
			t.Errorf("%s: checked with layouts %v only", v, checked)
		}
	}
}

// FuzzEvaluators drives a random maze of any variant and layout through
// random changes and checks every evaluator against Analyze.
func FuzzEvaluators(f *testing.F) {
	for _, s := range [][4]uint64{{1, 0, 5, 0}, {2, 7, 6, 1}, {3, 19, 4, 5}, {4, 30, 9, 3}} {
		f.Add(s[0], s[1], uint8(s[2]), uint8(s[3]))
	}
	variants := everyVariant(f)
	f.Fuzz(func(t *testing.T, seed, variant uint64, side, layout uint8) {
		rng := rand.New(rand.NewPCG(seed, variant))
		v := variants[variant%uint64(len(variants))]
		rows, cols := 2+int(side%8), 2+int(side/8%8)
		m, ok := ruleMaze(rng, v, rows, cols, int(layout)%numLayouts)
		if !ok {
			return
		}
		checkRules(t, m, 20, rng)
	})
}

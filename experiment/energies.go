package experiment

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"
	"rjm/stats"

	"gonum.org/v1/plot"

	"rjm/analysis"
	"rjm/energy"
	"rjm/parallel"
	"rjm/search"
)

// feature is one measured property of a generated maze, as a row of the
// energies table names it.
type feature struct {
	name     string
	decimals int
	value    func(f *analysis.Features) float64
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// energiesFeatures names the features the energies experiment compares,
// in its table's order: the design features of the design paper, "Rook
// Jumping Maze Design Considerations" (and the list of Extra Credit 2 of
// "Program 1: Search"), by their key in the catalogue of package analysis,
// with the name the table (docs/img/energies.csv) gives them when it
// differs and the decimals of its means.
var energiesFeatures = []struct {
	key, name string
	decimals  int
}{
	{"solvable", "", 3},
	{"goal_depth", "", 2},
	{depthAtLeast, "", 3},
	{"unique", "unique_shortest_solution", 3},
	{"shortest_paths", "shortest_solutions", 2},
	{"reachable", "reachable_cells", 2},
	{"non_reaching", "non_reaching_cells", 2},
	{"black_hole_cells", "", 2},
	{"white_hole_cells", "", 2},
	{"forward_decisions", "", 2},
	{"backward_decisions", "", 2},
	{"uturns", "", 2},
	{"cluster_penalty", "", 2},
	{"largest_cluster", "", 2},
	{"initial_forced_moves", "", 2},
	{"energy", "design_energy", 1},
}

// depthAtLeast is the experiment's own measure: whether the solution is
// of satisficing length at least.
const depthAtLeast = "depth_ge_18"

// features are the features of energiesFeatures, read from the catalogue
// c (the solution length of an unsolvable maze counting 0).
func features(c analysis.Catalogue) ([]feature, error) {
	var out []feature
	for _, e := range energiesFeatures {
		name := e.name
		if name == "" {
			name = e.key
		}
		if e.key == depthAtLeast {
			out = append(out, feature{name, e.decimals, func(f *analysis.Features) float64 { return boolf(f.GoalDepth >= satisficing) }})
			continue
		}
		ft, ok := c.Lookup(e.key)
		if !ok {
			return nil, fmt.Errorf("the energies experiment's feature %q is not in the catalogue", e.key)
		}
		out = append(out, feature{name, e.decimals, func(f *analysis.Features) float64 {
			if !ft.Has(f) {
				return 0
			}
			return ft.Value(f)
		}})
	}
	return out, nil
}

// Energies answers Extra Credit 2 of "Program 1: Search": mazes generated
// with the design energy of the design paper against mazes generated with
// the simple objective, by the same stochastic local search — hill descent
// with uphill steps of probability 0.005 for 25,000 iterations, the design
// paper's "rapid generation" — and compared on the design features (package
// analysis). Maze i of both energies starts from the same random maze and
// draws the same random numbers (common random numbers), so the differences
// are paired. Default: 1,000 mazes per energy; Quick: 6 mazes of 5,000
// iterations.
func Energies(ctx context.Context, s Settings) (*Report, error) {
	names := []string{"depth", "design"}
	mazes, err := s.runs(1000, 6)
	if err != nil {
		return nil, err
	}
	iterations, pUp := 25_000, 0.005
	if s.Quick {
		iterations = 5000
	}
	var es []energy.Energy
	for _, n := range names {
		e, err := analysis.ParseEnergy(n)
		if err != nil {
			return nil, fmt.Errorf("the energies experiment's energy %q: %w", n, err)
		}
		es = append(es, e)
	}
	p := problem5()
	fs, err := features(analysis.DefaultCatalogue())
	if err != nil {
		return nil, err
	}
	tr := s.tracker(len(es) * mazes)
	res, err := parallel.Seeded(ctx, s.Workers, len(es)*mazes, s.Seed, tr.tick, func(ctx context.Context, i int, _ *rand.Rand) ([]float64, error) {
		q := p
		q.Energy = es[i/mazes]
		random := rng.NewRand(rng.RunSeed(rng.RunSeed(s.Seed, 1), i%mazes))
		r, err := search.Uphill{Iterations: iterations, P: pUp}.Search(ctx, q, random)
		if err != nil {
			return nil, err
		}
		f := analysis.Analyze(p.Graph, r.Best)
		v := make([]float64, len(fs))
		for k, ft := range fs {
			v[k] = ft.value(f)
		}
		return v, nil
	})
	if err != nil {
		return nil, err
	}
	est := make([][]stats.Estimate, len(es)) // [energy][feature]
	for e := range est {
		est[e] = make([]stats.Estimate, len(fs))
	}
	diff := make([]stats.Estimate, len(fs)) // design − depth, paired
	const maxDepth = 24
	depthShare := make([][]stats.Estimate, len(es))
	for e := range depthShare {
		depthShare[e] = make([]stats.Estimate, maxDepth+1)
	}
	for i, v := range res {
		e := i / mazes
		for k, x := range v {
			est[e][k].Add(x)
		}
		d := min(int(v[1]), maxDepth)
		for k := range depthShare[e] {
			depthShare[e][k].Add(boolf(k == d))
		}
		if e == 1 {
			for k := range fs {
				diff[k].Add(v[k] - res[i-mazes][k])
			}
		}
	}

	r := &Report{
		Name:     "energies",
		Question: question("energies"),
		Settings: fmt.Sprintf("Hill descent with uphill steps (p = %s, %d iterations) on 5×5 mazes, with the simple objective (depth) and with the design energy of \"Rook Jumping Maze Design Considerations\"; %d mazes per energy, paired by seed; seed %d.",
			gtoa(pUp), iterations, mazes, s.Seed),
	}
	t := Table{Name: "energies", Title: "Features of the generated mazes (mean, 95% CI) and the paired difference design − depth",
		Header: []string{"feature", "depth", "depth_ci95_low", "depth_ci95_high", "design", "design_ci95_low", "design_ci95_high", "difference", "difference_ci95_low", "difference_ci95_high"}}
	for k, ft := range fs {
		row := []string{ft.name}
		for e := range es {
			row = append(row, meanCells(est[e][k], ft.decimals)...)
		}
		row = append(row, meanCells(diff[k], ft.decimals)...)
		t.Rows = append(t.Rows, row)
	}
	r.Tables = []Table{t}
	idx := map[string]int{}
	for k, ft := range fs {
		idx[ft.name] = k
	}
	f := func(name string, e int) string { return pm(est[e][idx[name]], fs[idx[name]].decimals) }
	r.Findings = []string{
		fmt.Sprintf("Goal depth: %s with the simple objective, %s with the design energy (which does not reward depth at all).", f("goal_depth", 0), f("goal_depth", 1)),
		fmt.Sprintf("Unique shortest solution: %s of the depth mazes, %s of the design mazes.", f("unique_shortest_solution", 0), f("unique_shortest_solution", 1)),
		fmt.Sprintf("Black-hole cells: %s against %s; white-hole cells: %s against %s.", f("black_hole_cells", 0), f("black_hole_cells", 1), f("white_hole_cells", 0), f("white_hole_cells", 1)),
		fmt.Sprintf("Same-jump cluster penalty: %s against %s; initial forced moves: %s against %s.", f("cluster_penalty", 0), f("cluster_penalty", 1), f("initial_forced_moves", 0), f("initial_forced_moves", 1)),
		fmt.Sprintf("Forward decisions along the solution: %s against %s; backward: %s against %s.", f("forward_decisions", 0), f("forward_decisions", 1), f("backward_decisions", 0), f("backward_decisions", 1)),
	}
	var lines []series
	for e, n := range names {
		line := series{name: n + " energy"}
		for d := 1; d <= maxDepth; d++ {
			line.x = append(line.x, float64(d))
			line.y = append(line.y, depthShare[e][d])
		}
		lines = append(lines, line)
	}
	fig, err := linePlot("Goal depth of generated 5×5 mazes (Program 1: Search, EC2)", "goal depth (moves of the shortest solution)", "share of mazes", false, lines)
	if err != nil {
		return nil, err
	}
	var ticks []plot.Tick
	for d := 2; d <= maxDepth; d += 2 {
		ticks = append(ticks, plot.Tick{Value: float64(d), Label: itoa(d)})
	}
	fig.X.Tick.Marker = plot.ConstantTicks(ticks)
	r.Figures = []Figure{{"energies", fig}}
	return r, nil
}

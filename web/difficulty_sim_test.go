package web_test

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"os"
	"slices"
	"testing"

	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/rng"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// This file's population is generated apart from the model's own
// simulation (difficulty/simulation_test.go), and breaks its assumptions
// on purpose: the true difficulty is a nonlinear function of the maze's
// shortest solution and decisions, not the ridge's linear one; each maze
// has its own spread; players' skills are skewed; strong players pick the
// hard mazes; one play in twenty is an outlier (a player called away, or
// one who knew the answer); patience runs out into hints and give-ups;
// a tenth of the plays come without a player ID; most players play once
// or twice; some mazes are played by many, some by one to three, some by
// nobody.

// simMaze is a maze of the population and its true difficulty (ln s).
type simMaze struct {
	id       string
	shortest int
	moves    string // a shortest solution, in the solver's notation
	beta     float64
	spread   float64 // its players' spread of ln T
	weight   float64 // how often it is chosen
}

// simWorld generates the mazes: n mazes on 5×5 to 7×7 boards, their
// difficulty ln 4 + 1.1·ln L + 0.25·√(forward decisions) + N(0, 0.2²).
func simWorld(t *testing.T, seed uint64, n int) []simMaze {
	t.Helper()
	r := rng.NewRand(seed)
	var out []simMaze
	for k := 0; len(out) < n; k++ {
		spec := generate.Default()
		spec.Rows, spec.Cols, spec.Seed, spec.Iterations = 5+k%3, 5+k%3, seed*1000+uint64(k), 50+r.IntN(400)
		res, err := generate.Run(context.Background(), spec, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Features.Solvable {
			continue
		}
		id, err := res.Maze.ID()
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(out, func(z simMaze) bool { return z.id == id }) {
			continue
		}
		sol := solve.Solve(graph.MustCompile(res.Maze.Board), res.Maze)
		f := res.Features
		beta := math.Log(4) + 1.1*math.Log(float64(f.GoalDepth)) + 0.25*math.Sqrt(f.ForwardDecisions) + 0.2*r.NormFloat64()
		out = append(out, simMaze{id: id, shortest: f.GoalDepth, moves: res.Maze.Notation(sol.Solution), beta: beta,
			spread: 0.3 + 0.5*r.Float64(), weight: 0})
	}
	// A third of the mazes are played often, a third rarely (one to
	// three plays), a third never, drawn apart from their boards.
	for i, k := range r.Perm(len(out)) {
		switch i % 3 {
		case 0:
			out[k].weight = 1
		case 1:
			out[k].weight = -1 - float64(r.IntN(3)) // a fixed count of 1 to 3
		}
	}
	return out
}

// simPlays plays the world: plays by players of skewed skill (τ = 0.6·(e^z − 1)/1.3, so
// a long tail of slow players), strong players drawn to hard mazes.
func simPlays(seed uint64, world []simMaze, plays int) []store.Play {
	r := rng.NewRand(seed)
	const players = 400
	tau := make([]float64, players)
	for j := range tau {
		tau[j] = 0.6 * (math.Exp(0.8*r.NormFloat64()) - 1) / 1.3
	}
	var out []store.Play
	one := func(k, j int, anonymous bool) {
		z := world[k]
		eps := z.spread * r.NormFloat64()
		if r.IntN(20) == 0 { // an outlier: called away, or knew it
			eps += []float64{-2, 2.5}[r.IntN(2)] * (0.5 + r.Float64())
		}
		t := math.Exp(z.beta - tau[j] + eps)
		t = max(t, difficulty.Floor(z.shortest)+r.Float64())
		p := store.Play{Maze: z.id, Moves: z.moves, Length: z.shortest, Shortest: z.shortest, Solved: true, Seconds: math.Round(t*100) / 100}
		if !anonymous {
			p.Player = fmt.Sprintf("sim-player-%04d", j)
		}
		patience := math.Exp(math.Log(420) + 0.6*r.NormFloat64())
		if t > patience {
			switch r.IntN(3) {
			case 0: // hints, then solved soon after
				p.Hints, p.Seconds = 1+r.IntN(3), math.Round((patience+0.2*(t-patience))*100)/100
			case 1:
				p.Solved, p.Ending, p.Moves, p.Length, p.Seconds = false, "shown", "", 0, math.Round(patience*100)/100
			default:
				p.Solved, p.Ending, p.Moves, p.Length, p.Seconds = false, "gave_up", "", 0, math.Round(patience*100)/100
			}
		}
		out = append(out, p)
	}
	// Players: a few regulars, most play once or twice.
	pick := func() int {
		if r.IntN(3) == 0 {
			return r.IntN(20) // a regular
		}
		return 20 + r.IntN(players-20)
	}
	var often []int
	for k, z := range world {
		if z.weight > 0 {
			often = append(often, k)
		}
		if z.weight < 0 { // a rare maze: its few plays
			for range int(-z.weight) {
				one(k, pick(), r.IntN(10) == 0)
			}
		}
	}
	weights := make([]float64, len(often))
	for len(out) < plays {
		j := pick()
		var total float64
		for i, k := range often {
			weights[i] = math.Exp(0.8 * tau[j] * (world[k].beta - 4.5)) // strong players pick hard mazes
			total += weights[i]
		}
		u, i := r.Float64()*total, 0
		for ; i < len(often)-1 && u > weights[i]; i++ {
			u -= weights[i]
		}
		one(often[i], j, r.IntN(10) == 0)
	}
	return out
}

// TestDifficultyMisspecifiedPopulation: plays of a population the model
// does not assume, stored and read back through /api/difficulty: the
// regularly played mazes are ranked as the truth ranks them, the rarely
// played nearly so, the 95% intervals hold the truth, every answer is
// finite, and the command line's fit of the same plays agrees. A bigger
// population with RJM_LONG=1.
func TestDifficultyMisspecifiedPopulation(t *testing.T) {
	mazes, plays := 75, 3000
	if os.Getenv("RJM_LONG") != "" {
		mazes, plays = 150, 15000
	}
	world := simWorld(t, 7, mazes)
	ts, st := newServer(t, web.Options{WorkBurst: 1000}) // every unplayed maze analysed
	ctx := context.Background()
	log := simPlays(11, world, plays)
	for _, p := range log {
		if _, err := st.AddPlay(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	// The command line's fit: the same plays, the same mazes (its mazes
	// of the day, then every maze played), the same code path.
	stored, err := st.PlayLog(ctx, web.ModelPlays)
	if err != nil {
		t.Fatal(err)
	}
	days, err := st.Dailies(ctx, "9999-12-31", 1000)
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for _, d := range days {
		first = append(first, d.Maze)
	}
	ps := difficulty.PlaysOf(stored)
	cli, err := difficulty.Fit(ctx, difficulty.MazesOf(ctx, first, ps, nil), ps, difficulty.Settings{})
	if err != nil {
		t.Fatal(err)
	}

	type row struct {
		truth, est, lo, hi float64
		plays              int
	}
	var often, rare, unplayed []row
	for _, z := range world {
		v := do(t, ts, "GET", "/api/difficulty?maze="+url.QueryEscape(z.id), "")
		if v.code != 200 {
			t.Fatalf("%s: %d %s", z.id, v.code, v.body)
		}
		a := v.json(t)
		iv := a["interval"].([]any)
		x := row{truth: z.beta, est: math.Log(a["difficulty"].(float64)), lo: math.Log(iv[0].(float64)), hi: math.Log(iv[1].(float64)), plays: int(a["plays"].(float64))}
		if math.IsInf(x.est, 0) || math.IsNaN(x.est) || !(x.lo <= x.est && x.est <= x.hi) || math.IsInf(x.hi, 0) {
			t.Errorf("%s: %s", z.id, v.body)
		}
		e, ok := cli.Estimate(z.id)
		if !ok {
			f, _ := difficulty.DescribeID(z.id)
			e, ok = cli.Predict(z.id, f), true
		}
		// The API rounds to a tenth of a second; the fits agree within the
		// rounding and the warm start's tolerance.
		if math.Abs(e.Seconds-math.Exp(x.est)) > 0.05+0.005*e.Seconds || e.Plays != x.plays {
			t.Errorf("%s: the API says %.1f s from %d plays, the command line %.1f s from %d", z.id, math.Exp(x.est), x.plays, e.Seconds, e.Plays)
		}
		switch {
		case x.plays == 0:
			unplayed = append(unplayed, x)
		case x.plays <= 3:
			rare = append(rare, x)
		default:
			often = append(often, x)
		}
	}
	// The measures: Spearman over the regularly played mazes (≥ 0.93)
	// and over the rarely played (≥ 0.75); the 95% intervals holding the
	// truth for ≥ 92% of the played mazes and ≥ 85% of the unplayed.
	measure := func(name string, rows []row) (rank, cover float64) {
		var est, truth []float64
		in := 0
		var bias, width float64
		for _, x := range rows {
			est, truth = append(est, x.est), append(truth, x.truth)
			if x.lo <= x.truth && x.truth <= x.hi {
				in++
			}
			bias += (x.est - x.truth) / float64(len(rows))
			width += (x.hi - x.lo) / 2 / float64(len(rows))
		}
		rank, cover = spearmanRank(est, truth), float64(in)/float64(len(rows))
		t.Logf("%s mazes (%d): Spearman %.3f, 95%% intervals hold the truth %.0f%%; mean error %+.3f, half-width %.3f (ln s)", name, len(rows), rank, 100*cover, bias, width)
		return rank, cover
	}
	// A maze unlike every maze played: finite, and marked extrapolated.
	hole := blackHoleMaze(t)
	if v := do(t, ts, "GET", "/api/difficulty?maze="+url.QueryEscape(hole), ""); v.code != 200 || v.json(t)["extrapolated"] != true {
		t.Errorf("a 9×9 maze of black holes: %d %s", v.code, v.body)
	}
	if rank, _ := measure("regularly played", often); rank < 0.93 {
		t.Errorf("regularly played mazes: Spearman %.3f, want ≥ 0.93", rank)
	}
	if rank, _ := measure("rarely played", rare); rank < 0.75 {
		t.Errorf("rarely played mazes: Spearman %.3f, want ≥ 0.75", rank)
	}
	if _, cover := measure("played", append(append([]row(nil), often...), rare...)); cover < 0.92 {
		t.Errorf("played mazes: intervals hold the truth for %.0f%%, want ≥ 92%%", 100*cover)
	}
	if _, cover := measure("unplayed", unplayed); cover < 0.85 {
		t.Errorf("unplayed mazes: intervals hold the truth for %.0f%%, want ≥ 85%%", 100*cover)
	}
	if testing.Verbose() {
		t.Log("\n" + cli.Text(nil))
	}
}

// spearmanRank is Spearman's rank correlation of xs and ys (no ties
// expected: continuous figures).
func spearmanRank(xs, ys []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return cmpF(v[a], v[b]) })
		r := make([]float64, len(v))
		for k, i := range idx {
			r[i] = float64(k)
		}
		return r
	}
	rx, ry := rank(xs), rank(ys)
	n := float64(len(xs))
	var d2 float64
	for i := range rx {
		d2 += (rx[i] - ry[i]) * (rx[i] - ry[i])
	}
	return 1 - 6*d2/(n*(n*n-1))
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

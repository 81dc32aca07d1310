package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"rjm/rng"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"rjm/graph"
	"rjm/learn"
	"rjm/maze"
	"rjm/parallel"
	"rjm/search"
)

// Bounds on what "rjm learn" may be asked for.
const (
	maxLearnRuns     = 20
	maxLearnPulls    = 1_000_000
	maxLearnArms     = 16
	maxLearnEpisodes = 1_000_000
	maxLearnMazes    = 100_000
	maxStepsPer      = 10_000_000 // --steps-per-episode, --steps-per-maze
)

func newLearnCmd(e *env) *cobra.Command {
	c := &cobra.Command{
		Use:   "learn",
		Short: "Learn when to restart hill descent (Restart Bandit, Restart SARSA)",
		Long: `Learn runs the machine-learning exercises of seed 000, which learn how long
to let a hill descent run before restarting it on a fresh random maze:

  bandit   a 6-armed bandit whose arms are hill descents of 100·2^a iterations,
           learned with epsilon-greedy and softmax action selection
  sarsa    SARSA on the states (t, d) with the actions Go and Restart, then an
           evaluation of the learned policy against fixed restart periods

Runs are reproducible: the same --seed and flags print the same output.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	c.AddCommand(newLearnBanditCmd(e), newLearnSarsaCmd(e))
	return c
}

// learnProblem returns the search problem on an n×n board with the
// default start and goal.
func learnProblem(n int) (search.Problem, error) {
	b := maze.Board{Rows: n, Cols: n}
	if err := b.Validate(); err != nil {
		return search.Problem{}, err
	}
	g, err := graph.Compile(b)
	if err != nil {
		return search.Problem{}, err
	}
	return search.Problem{Graph: g, Start: b.Index(maze.DefaultStart(b)), Goal: b.Index(maze.DefaultGoal(b))}, nil
}

// sharedProgress turns per-run progress from concurrent runs into one bar.
type sharedProgress struct {
	mu     sync.Mutex
	done   int
	total  int
	update func(done, total int, best float64)
}

func (p *sharedProgress) add(n int) {
	if p.update == nil {
		return
	}
	p.mu.Lock()
	p.done += n
	p.update(p.done, p.total, 0)
	p.mu.Unlock()
}

// banditRunJSON is one strategy run of "rjm learn bandit --json".
type banditRunJSON struct {
	Strategy         string          `json:"strategy"`
	Parameter        float64         `json:"parameter"`
	Pulls            int             `json:"pulls"`
	Arms             []banditArmJSON `json:"arms"`
	TotalUtility     float64         `json:"total_utility"`
	ChosenIterations int             `json:"chosen_iterations"`
	BestIterations   int             `json:"best_iterations"`
}

type banditArmJSON struct {
	Iterations  int       `json:"iterations"`
	Pulls       int       `json:"pulls"`
	Share       float64   `json:"share"`
	MeanUtility float64   `json:"mean_utility"`
	CI95        []float64 `json:"ci95,omitempty"`
}

type banditJSON struct {
	Seed  uint64          `json:"seed"`
	Size  int             `json:"size"`
	Runs  []banditRunJSON `json:"runs"`
	Arms  []int           `json:"arm_iterations"`
	Pulls int             `json:"pulls"`
}

func newLearnBanditCmd(e *env) *cobra.Command {
	var (
		epsList, tauList  string
		pulls, arms, base int
		size, workers     int
		seed              uint64
		asJSON            bool
	)
	c := &cobra.Command{
		Use:   "bandit",
		Short: "Restart Bandit: learn the best restart period with ε-greedy and softmax",
		Long: `Bandit runs seed 000's Restart Bandit. Its arms are hill descents of
base·2^a iterations (a = 0..arms-1; by default 100, 200, …, 3200), each pull
on a fresh random maze, paying the utility 2^d / i for a descent of i
iterations ending at goal depth d (d = 0 without a solution).

It runs one bandit of --pulls pulls for each --epsilon (ε-greedy: a random
arm with probability ε, else the arm of best mean utility) and each --tau
(softmax: arm a with probability proportional to exp(U(a)/τ)). Every arm is
pulled once first so that every mean is defined. For every run it prints,
per arm, the pull count, the mean utility with its 95% confidence interval
and the share of pulls, then the total utility earned and the arm the
strategy settled on (the most pulled). Runs go in parallel; run i is seeded
from --seed and i, so the output does not depend on scheduling.`,
		Example: `  rjm learn bandit
  rjm learn bandit --epsilon 0.05 --tau 50 --pulls 2000 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			eps, err := parseFloats("--epsilon", epsList)
			if err != nil {
				return badInput(err)
			}
			tau, err := parseFloats("--tau", tauList)
			if err != nil {
				return badInput(err)
			}
			switch {
			case len(eps)+len(tau) == 0:
				return badInput(errors.New("give at least one --epsilon or --tau"))
			case len(eps)+len(tau) > maxLearnRuns:
				return badInput(fmt.Errorf("%d runs asked for; at most %d", len(eps)+len(tau), maxLearnRuns))
			case pulls < 1 || pulls > maxLearnPulls:
				return badInput(fmt.Errorf("--pulls %d out of range 1..%d", pulls, maxLearnPulls))
			case arms < 1 || arms > maxLearnArms:
				return badInput(fmt.Errorf("--arms %d out of range 1..%d", arms, maxLearnArms))
			case base < 1 || base > search.MaxIterations>>(arms-1):
				return badInput(fmt.Errorf("--base %d out of range 1..%d for %d arms", base, search.MaxIterations>>(arms-1), arms))
			}
			var strategies []learn.Strategy
			for _, x := range eps {
				strategies = append(strategies, learn.EpsilonGreedy{Epsilon: x})
			}
			for _, x := range tau {
				strategies = append(strategies, learn.Softmax{Tau: x})
			}
			for _, s := range strategies {
				if err := s.(interface{ Validate() error }).Validate(); err != nil {
					return badInput(err)
				}
			}
			p, err := learnProblem(size)
			if err != nil {
				return badInput(err)
			}
			armList := learn.RestartArms(p, base, arms)
			update, finish := newProgress(e, "pulling", len(strategies)*pulls)
			prog := &sharedProgress{total: len(strategies) * pulls, update: update}
			results, err := parallel.Seeded(e.ctx, workers, len(strategies), seed, nil,
				func(ctx context.Context, i int, rng *rand.Rand) (learn.BanditResult, error) {
					b := learn.Bandit{Arms: armList, Strategy: strategies[i], Pulls: pulls,
						Progress: func(int, int) { prog.add(1) }}
					return b.Run(ctx, rng)
				})
			finish()
			if err != nil {
				return err
			}
			iters := make([]int, arms)
			for a := range iters {
				iters[a] = base << a
			}
			out := banditJSON{Seed: seed, Size: size, Arms: iters, Pulls: pulls}
			for i, r := range results {
				out.Runs = append(out.Runs, newBanditRunJSON(strategies[i], r, iters))
			}
			if asJSON {
				return writeJSON(e, out)
			}
			_, err = fmt.Fprint(e.stdout, banditText(out))
			return err
		},
	}
	fl := c.Flags()
	fl.StringVar(&epsList, "epsilon", "0.01,0.1,0.3", "ε-greedy runs, one per exploration probability in the comma-separated `list` (empty for none)")
	fl.StringVar(&tauList, "tau", "1,10,100", "softmax runs, one per temperature in the comma-separated `list` (empty for none)")
	fl.IntVar(&pulls, "pulls", learn.DefaultPulls, "pulls `N` per run")
	fl.IntVar(&arms, "arms", 6, "number of arms `A`: descents of base·2^a iterations, a = 0..A-1")
	fl.IntVar(&base, "base", 100, "iterations `I` of the shortest descent")
	fl.IntVar(&size, "size", 5, "maze size `N` (N×N)")
	fl.IntVar(&workers, "workers", 0, "goroutines `W` (default: one per core)")
	fl.Uint64Var(&seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the runs as JSON")
	return c
}

// parseFloats parses a comma-separated list of numbers; empty is none.
func parseFloats(flag, s string) ([]float64, error) {
	var xs []float64
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %q is not a number", flag, f)
		}
		xs = append(xs, x)
	}
	return xs, nil
}

func strategyName(s learn.Strategy) (string, float64) {
	switch s := s.(type) {
	case learn.EpsilonGreedy:
		return "epsilon-greedy", s.Epsilon
	case learn.Softmax:
		return "softmax", s.Tau
	}
	return fmt.Sprint(s), math.NaN()
}

func newBanditRunJSON(s learn.Strategy, r learn.BanditResult, iters []int) banditRunJSON {
	name, param := strategyName(s)
	j := banditRunJSON{Strategy: name, Parameter: param, Pulls: r.Pulls, TotalUtility: r.Total,
		ChosenIterations: iters[r.Settled()], BestIterations: iters[r.Best()]}
	for a, arm := range r.Arms {
		aj := banditArmJSON{Iterations: iters[a], Pulls: arm.Pulls, Share: r.Share(a), MeanUtility: arm.Utility.Mean()}
		if arm.Utility.N() >= 2 {
			lo, hi := arm.Utility.CI95()
			aj.CI95 = []float64{lo, hi}
		}
		j.Arms = append(j.Arms, aj)
	}
	return j
}

func banditText(out banditJSON) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Restart Bandit on %d×%d mazes: arms are hill descents of %s iterations,\n", out.Size, out.Size, joinInts(out.Arms))
	fmt.Fprintf(&b, "utility 2^d/i; %d pulls per run; seed %d.\n", out.Pulls, out.Seed)
	for _, r := range out.Runs {
		sym := "ε"
		if r.Strategy == "softmax" {
			sym = "τ"
		}
		fmt.Fprintf(&b, "\n%s, %s = %g\n", r.Strategy, sym, r.Parameter)
		fmt.Fprintf(&b, "  %10s  %7s  %6s  %12s  %s\n", "iterations", "pulls", "share", "mean utility", "95% CI")
		for _, a := range r.Arms {
			ci := "—"
			if a.CI95 != nil {
				ci = fmt.Sprintf("[%.1f, %.1f]", a.CI95[0], a.CI95[1])
			}
			fmt.Fprintf(&b, "  %10d  %7d  %5.1f%%  %12.1f  %s\n", a.Iterations, a.Pulls, 100*a.Share, a.MeanUtility, ci)
		}
		fmt.Fprintf(&b, "  total utility %.1f (%.1f per pull); settled on %d iterations", r.TotalUtility, r.TotalUtility/float64(r.Pulls), r.ChosenIterations)
		if r.BestIterations != r.ChosenIterations {
			fmt.Fprintf(&b, " (best mean: %d)", r.BestIterations)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// sarsaJSON is the --json form of "rjm learn sarsa".
type sarsaJSON struct {
	Seed       uint64           `json:"seed"`
	Size       int              `json:"size"`
	Episodes   int              `json:"episodes"`
	Epsilon    float64          `json:"epsilon"`
	Alpha      float64          `json:"alpha"`
	Gamma      float64          `json:"gamma"`
	Stage      int              `json:"stage"`
	Horizon    int              `json:"horizon"`
	Floor      int              `json:"floor"`
	Target     int              `json:"target"`
	Steps      int              `json:"steps"`
	Q          []sarsaQJSON     `json:"q"`
	Updates    []sarsaCountJSON `json:"updates"`
	Policy     []sarsaActJSON   `json:"policy"`
	Mazes      int              `json:"mazes"`
	StepLimit  int              `json:"evaluation_step_limit"`
	Evaluation []sarsaEvalJSON  `json:"evaluation"`
}

type sarsaQJSON struct {
	T       int     `json:"t"`
	D       int     `json:"d"`
	Go      float64 `json:"go"`
	Restart float64 `json:"restart"`
}

type sarsaCountJSON struct {
	T       int `json:"t"`
	D       int `json:"d"`
	Updates int `json:"updates"`
}

type sarsaActJSON struct {
	T      int    `json:"t"`
	D      int    `json:"d"`
	Action string `json:"action"`
}

type sarsaEvalJSON struct {
	Policy     string    `json:"policy"`
	Iterations int       `json:"iterations"`
	Mazes      int       `json:"mazes"`
	Complete   bool      `json:"complete"`
	Restarts   int       `json:"restarts"`
	Steps      int       `json:"steps"`
	PerMaze    *float64  `json:"iterations_per_maze,omitempty"` // nil without a maze
	CI95       []float64 `json:"ci95,omitempty"`
}

var actionNames = [2]string{"go", "restart"}

func newLearnSarsaCmd(e *env) *cobra.Command {
	var (
		episodes, mazes, size, workers int
		eps, alpha, gamma              float64
		mdp                            learn.RestartMDP
		perEpisode, perMaze            int
		seed                           uint64
		asJSON                         bool
	)
	c := &cobra.Command{
		Use:   "sarsa",
		Short: "Restart SARSA: learn when to restart hill descent, then evaluate the policy",
		Long: `Sarsa runs seed 000's Restart SARSA. A state is (t, d): t stages of --stage
hill-descent iterations since the last restart (0..--horizon) and the goal
depth d of the maze (12..17 by default, every depth up to --floor counted as
the floor). Go runs one more stage (reward −1), Restart draws a random maze
(reward 0); Restart is forced once t exceeds the horizon. A maze of goal depth
--target or more is satisficing: it pays +1 and ends the episode.

SARSA learns with ε-greedy action selection for --episodes episodes, then
prints the Q table, the number of updates of every state and the greedy
policy. Finally it evaluates the greedy policy (ε = 0) and the fixed policies
"restart at t = 1 … horizon+1" by the hill-descent iterations each spends on
--mazes satisficing mazes, with a 95% confidence interval for the iterations
per maze.

Every run ends. Go cannot go on for ever (Restart is forced after the
horizon), but Restart can: it costs no iterations, so a greedy policy that
restarts at t = 0 draws random mazes until one lands where it goes on, which
can take hundreds of thousands of steps per maze, and one that restarts in
every state with t = 0 never finishes. Learning fails after
--steps-per-episode × --episodes steps; an evaluation stops after
--steps-per-maze × --mazes steps and is reported as incomplete.`,
		Example: `  rjm learn sarsa
  rjm learn sarsa --episodes 500 --mazes 50 --seed 3 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case episodes < 1 || episodes > maxLearnEpisodes:
				return badInput(fmt.Errorf("--episodes %d out of range 1..%d", episodes, maxLearnEpisodes))
			case mazes < 1 || mazes > maxLearnMazes:
				return badInput(fmt.Errorf("--mazes %d out of range 1..%d", mazes, maxLearnMazes))
			case perEpisode < 1 || perEpisode > maxStepsPer:
				return badInput(fmt.Errorf("--steps-per-episode %d out of range 1..%d", perEpisode, maxStepsPer))
			case perMaze < 1 || perMaze > maxStepsPer:
				return badInput(fmt.Errorf("--steps-per-maze %d out of range 1..%d", perMaze, maxStepsPer))
			case !(eps >= 0 && eps <= 1):
				return badInput(fmt.Errorf("--epsilon %g out of range 0..1", eps))
			case !(alpha > 0 && alpha <= 1):
				return badInput(fmt.Errorf("--alpha %g out of range (0, 1]", alpha))
			case !(gamma > 0 && gamma <= 1):
				return badInput(fmt.Errorf("--gamma %g out of range (0, 1]", gamma))
			case mdp.Stage < 1 || mdp.Target < 1 || mdp.Horizon < 0 || mdp.Floor < 0:
				return badInput(fmt.Errorf("--stage and --target must be positive, --horizon and --floor not negative"))
			}
			if mdp.Horizon == 0 {
				// RestartMDP reads zero as the default; a horizon of zero
				// is "decide only at t = 0", which it cannot express.
				return badInput(errors.New("--horizon must be at least 1"))
			}
			if mdp.Floor == 0 {
				return badInput(errors.New("--floor must be at least 1"))
			}
			if err := mdp.Validate(); err != nil {
				return badInput(err)
			}
			p, err := learnProblem(size)
			if err != nil {
				return badInput(err)
			}
			if mdp.Target > size*size-1 {
				// A solution visits each cell at most once.
				return badInput(fmt.Errorf("--target %d: no %d×%d maze has a goal depth above %d", mdp.Target, size, size, size*size-1))
			}
			// Learning: run 0 of the seed.
			random := rng.NewRand(rng.RunSeed(seed, 0))
			env, err := learn.NewRestartEnv(e.ctx, p, mdp, random)
			if err != nil {
				return err
			}
			update, finish := newProgress(e, "learning", episodes)
			l := learn.SARSA{Episodes: episodes, Alpha: alpha, Gamma: gamma, Strategy: learn.EpsilonGreedy{Epsilon: eps},
				MaxSteps: perEpisode * episodes}
			if update != nil {
				l.Progress = func(done, total int) { update(done, total, 0) }
			}
			res, err := l.Learn(e.ctx, env, random)
			finish()
			if errors.Is(err, learn.ErrStepLimit) {
				return fmt.Errorf("%v: an episode that never ends? (raise --epsilon or --steps-per-episode)", err)
			}
			if err != nil {
				return err
			}
			// Evaluation: policy k is run k+1 of the seed.
			names := []string{"greedy"}
			policies := []learn.Policy{res.Q.Policy()}
			for k := 1; k <= mdp.Horizon+1; k++ {
				names = append(names, fmt.Sprintf("restart-at-%d", k))
				policies = append(policies, mdp.RestartAt(k))
			}
			update, finish = newProgress(e, "evaluating", len(policies)*mazes)
			prog := &sharedProgress{total: len(policies) * mazes, update: update}
			settings := learn.EvalSettings{Mazes: mazes, MaxSteps: perMaze * mazes, Progress: func(int, int) { prog.add(1) }}
			evals, err := parallel.Seeded(e.ctx, workers, len(policies), rng.RunSeed(seed, 1), nil,
				func(ctx context.Context, i int, rng *rand.Rand) (learn.Evaluation, error) {
					env, err := learn.NewRestartEnv(ctx, p, mdp, rng)
					if err != nil {
						return learn.Evaluation{}, err
					}
					ev, err := learn.Evaluate(ctx, env, policies[i], settings)
					if errors.Is(err, learn.ErrStepLimit) {
						err = nil
					}
					return ev, err
				})
			finish()
			if err != nil {
				return err
			}
			out := newSarsaJSON(mdp, res)
			out.Seed, out.Size, out.Episodes, out.Epsilon, out.Alpha, out.Gamma, out.Mazes = seed, size, episodes, eps, alpha, gamma, mazes
			out.StepLimit = settings.MaxSteps
			for i, ev := range evals {
				ej := sarsaEvalJSON{Policy: names[i], Iterations: ev.Iterations, Mazes: ev.Mazes, Complete: ev.Mazes == mazes,
					Restarts: ev.Restarts, Steps: ev.Steps}
				if ev.PerMaze.N() > 0 {
					m := ev.PerMaze.Mean()
					ej.PerMaze = &m
				}
				if ev.PerMaze.N() >= 2 {
					lo, hi := ev.PerMaze.CI95()
					ej.CI95 = []float64{lo, hi}
				}
				out.Evaluation = append(out.Evaluation, ej)
			}
			if asJSON {
				return writeJSON(e, out)
			}
			_, err = fmt.Fprint(e.stdout, sarsaText(out))
			return err
		},
	}
	fl := c.Flags()
	fl.IntVar(&episodes, "episodes", learn.DefaultEpisodes, "learning episodes `N` (each ends at a satisficing maze)")
	fl.Float64Var(&eps, "epsilon", learn.DefaultEpsilon, "exploration probability `E` (ε) while learning")
	fl.Float64Var(&alpha, "alpha", learn.DefaultAlpha, "learning rate `A` (α)")
	fl.Float64Var(&gamma, "gamma", 1, "discount rate `G` (γ)")
	fl.IntVar(&mdp.Stage, "stage", 250, "hill-descent iterations `I` per Go")
	fl.IntVar(&mdp.Horizon, "horizon", 4, "largest `t` with a choice; Restart is forced beyond it")
	fl.IntVar(&mdp.Floor, "floor", 12, "depths up to `D` are one state")
	fl.IntVar(&mdp.Target, "target", 18, "satisficing goal depth `D`")
	fl.IntVar(&mazes, "mazes", 100, "satisficing mazes `M` per evaluated policy")
	fl.IntVar(&perEpisode, "steps-per-episode", learn.DefaultStepsPerEpisode, "learning fails after `S` × --episodes steps (Go and Restart decisions)")
	fl.IntVar(&perMaze, "steps-per-maze", learn.DefaultStepsPerMaze, "each evaluation stops, incomplete, after `S` × --mazes steps")
	fl.IntVar(&size, "size", 5, "maze size `N` (N×N)")
	fl.IntVar(&workers, "workers", 0, "goroutines `W` for the evaluation (default: one per core)")
	fl.Uint64Var(&seed, "seed", 1, "random seed `S`")
	fl.BoolVar(&asJSON, "json", false, "print the result as JSON")
	return c
}

func newSarsaJSON(mdp learn.RestartMDP, res learn.SARSAResult) sarsaJSON {
	out := sarsaJSON{Stage: mdp.Stage, Horizon: mdp.Horizon, Floor: mdp.Floor, Target: mdp.Target, Steps: res.Steps}
	for s := range res.Q.States() {
		t, d := mdp.Pair(s)
		out.Q = append(out.Q, sarsaQJSON{T: t, D: d, Go: res.Q.At(s, learn.Go), Restart: res.Q.At(s, learn.Restart)})
		out.Updates = append(out.Updates, sarsaCountJSON{T: t, D: d, Updates: res.Updates[s]})
		out.Policy = append(out.Policy, sarsaActJSON{T: t, D: d, Action: actionNames[res.Q.Greedy(s)]})
	}
	return out
}

func sarsaText(out sarsaJSON) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Restart SARSA on %d×%d mazes: %d episodes (%d steps), ε = %g, α = %g, γ = %g; seed %d.\n",
		out.Size, out.Size, out.Episodes, out.Steps, out.Epsilon, out.Alpha, out.Gamma, out.Seed)
	fmt.Fprintf(&b, "States (t, d): t Go actions of %d iterations since the last restart, d the goal depth\n", out.Stage)
	fmt.Fprintf(&b, "(d = %d stands for every depth ≤ %d); satisficing at d ≥ %d.\n\n", out.Floor, out.Floor, out.Target)
	fmt.Fprintf(&b, "%3s  %4s  %9s  %10s  %8s  %s\n", "t", "d", "Q(Go)", "Q(Restart)", "updates", "greedy")
	for i, q := range out.Q {
		d := fmt.Sprint(q.D)
		if q.D == out.Floor {
			d = "≤" + d
		}
		fmt.Fprintf(&b, "%3d  %4s  %9.3f  %10.3f  %8d  %s\n", q.T, d, q.Go, q.Restart, out.Updates[i].Updates, out.Policy[i].Action)
	}
	b.WriteString("\nGreedy policy (G = Go, R = Restart):\n     d")
	depths := (out.Target - out.Floor)
	for k := range depths {
		d := fmt.Sprint(out.Floor + k)
		if k == 0 {
			d = "≤" + d
		}
		fmt.Fprintf(&b, " %4s", d)
	}
	for i, p := range out.Policy {
		if i%depths == 0 {
			fmt.Fprintf(&b, "\n  t=%d ", p.T)
		}
		fmt.Fprintf(&b, " %4s", strings.ToUpper(p.Action[:1]))
	}
	fmt.Fprintf(&b, "\n\nEvaluation: hill-descent iterations to produce %d satisficing mazes (goal depth ≥ %d)\n", out.Mazes, out.Target)
	fmt.Fprintf(&b, "%-13s  %11s  %10s  %-20s  %9s\n", "policy", "iterations", "per maze", "95% CI per maze", "restarts")
	for _, ev := range out.Evaluation {
		ci := "—"
		if ev.CI95 != nil {
			ci = fmt.Sprintf("[%.0f, %.0f]", ev.CI95[0], ev.CI95[1])
		}
		per := "—"
		if ev.PerMaze != nil {
			per = fmt.Sprintf("%.0f", *ev.PerMaze)
		}
		fmt.Fprintf(&b, "%-13s  %11d  %10s  %-20s  %9d", ev.Policy, ev.Iterations, per, ci, ev.Restarts)
		if !ev.Complete {
			fmt.Fprintf(&b, "  incomplete: %d of %d mazes in %d steps", ev.Mazes, out.Mazes, ev.Steps)
		}
		b.WriteString("\n")
	}
	// A greedy policy that restarts in the state random mazes start in,
	// (0, floor), takes far more steps than it spends iterations: say so.
	var atStart []string
	loops := false
	for _, p := range out.Policy {
		if p.T == 0 && p.Action == actionNames[learn.Restart] {
			d := fmt.Sprint(p.D)
			if p.D == out.Floor {
				d, loops = "≤"+d, true
			}
			atStart = append(atStart, "(0, "+d+")")
		}
	}
	if loops && len(out.Evaluation) > 0 && out.Evaluation[0].Policy == "greedy" {
		g := out.Evaluation[0]
		fmt.Fprintf(&b, "\nThe greedy policy restarts in %s. Restarts cost no iterations, so it\n", strings.Join(atStart, ", "))
		fmt.Fprintf(&b, "draws random mazes until one starts where it goes on: %d restarts for %d mazes", g.Restarts, g.Mazes)
		if !g.Complete {
			b.WriteString(";\nit stopped at the step limit (raise --steps-per-maze to let it finish)")
		}
		b.WriteString(".\n")
	}
	return b.String()
}

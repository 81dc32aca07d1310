package learn

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"rjm/parallel"
	"rjm/rng"
)

// RestartSARSA is the assignment's Restart SARSA exercise: SARSA learns,
// with ε-greedy action selection, when to restart hill descent on Size×Size
// mazes (the decision problem MDP), then the greedy policy it learned
// (ε = 0) and the fixed policies "restart at t = 1 … Horizon+1" are each
// evaluated by the hill-descent iterations they spend on Mazes
// satisficing mazes (see Evaluate). Zero fields mean the defaults given.
type RestartSARSA struct {
	Size int        // maze size N, for N×N mazes; zero means DefaultSize
	MDP  RestartMDP // the decision problem; zero fields mean the exercise's (see RestartMDP)
	// Episodes is the number of learning episodes; zero means
	// DefaultEpisodes; at most MaxSARSAEpisode.
	Episodes int
	// Epsilon is the exploration probability while learning, 0..1; nil
	// means DefaultEpsilon. (A pointer, as zero is a setting of its own:
	// pure exploitation.)
	Epsilon *float64
	Alpha   float64 // learning rate in (0, 1]; zero means DefaultAlpha
	Gamma   float64 // discount rate in (0, 1]; zero means 1 (no discount)
	// StepsPerEpisode bounds learning: it fails after StepsPerEpisode ×
	// Episodes steps; zero means DefaultStepsPerEpisode; at most
	// MaxStepsPer.
	StepsPerEpisode int
	// Mazes is the number of satisficing mazes per evaluated policy; zero
	// means DefaultMazes; at most MaxEvalMazes.
	Mazes int
	// StepsPerMaze bounds each evaluation: it stops, incomplete, after
	// StepsPerMaze × Mazes steps; zero means DefaultStepsPerMaze; at most
	// MaxStepsPer.
	StepsPerMaze int
	// Workers is the number of goroutines of the evaluation; zero means
	// one per core. Results do not depend on it.
	Workers int
	// Seed fixes every result: learning draws from
	// rng.NewRand(rng.RunSeed(Seed, 0)), and the evaluation of policy i
	// (the greedy one first) from run i of rng.RunSeed(Seed, 1). Zero is
	// seed 0.
	Seed uint64
	// Progress, if not nil, is called after every learning episode with
	// the episodes done and the total.
	Progress func(done, total int)
	// EvalProgress, if not nil, is called after every satisficing maze of
	// every evaluation with the mazes done and the total; never
	// concurrently.
	EvalProgress func(done, total int)
}

func (s RestartSARSA) withDefaults() RestartSARSA {
	s.MDP = s.MDP.withDefaults()
	s.Size = cmp.Or(s.Size, DefaultSize)
	s.Episodes = cmp.Or(s.Episodes, DefaultEpisodes)
	s.Alpha = cmp.Or(s.Alpha, DefaultAlpha)
	s.Gamma = cmp.Or(s.Gamma, 1)
	s.StepsPerEpisode = cmp.Or(s.StepsPerEpisode, DefaultStepsPerEpisode)
	s.Mazes = cmp.Or(s.Mazes, DefaultMazes)
	s.StepsPerMaze = cmp.Or(s.StepsPerMaze, DefaultStepsPerMaze)
	return s
}

// epsilon returns the exploration probability while learning.
func (s RestartSARSA) epsilon() float64 {
	if s.Epsilon == nil {
		return DefaultEpsilon
	}
	return *s.Epsilon
}

// Validate reports the first setting out of its range, reading zero
// fields as their defaults.
func (s RestartSARSA) Validate() error { return s.withDefaults().ValidateAsGiven() }

// ValidateAsGiven is Validate for settings given in full, as on the
// command line: a zero field is not read as its default, so one whose
// range excludes zero is reported. Range errors are SettingErrors.
func (s RestartSARSA) ValidateAsGiven() error {
	m, eps := s.MDP, s.epsilon()
	switch {
	case s.Episodes < 1 || s.Episodes > MaxSARSAEpisode:
		return settingErrorf("{episodes} %d out of range 1..%d", s.Episodes, MaxSARSAEpisode)
	case s.Mazes < 1 || s.Mazes > MaxEvalMazes:
		return settingErrorf("{mazes} %d out of range 1..%d", s.Mazes, MaxEvalMazes)
	case s.StepsPerEpisode < 1 || s.StepsPerEpisode > MaxStepsPer:
		return settingErrorf("{steps-per-episode} %d out of range 1..%d", s.StepsPerEpisode, MaxStepsPer)
	case s.StepsPerMaze < 1 || s.StepsPerMaze > MaxStepsPer:
		return settingErrorf("{steps-per-maze} %d out of range 1..%d", s.StepsPerMaze, MaxStepsPer)
	case !(eps >= 0 && eps <= 1):
		return settingErrorf("{epsilon} %g out of range 0..1", eps)
	case !(s.Alpha > 0 && s.Alpha <= 1):
		return settingErrorf("{alpha} %g out of range (0, 1]", s.Alpha)
	case !(s.Gamma > 0 && s.Gamma <= 1):
		return settingErrorf("{gamma} %g out of range (0, 1]", s.Gamma)
	case m.Stage < 1 || m.Target < 1 || m.Horizon < 0 || m.Floor < 0:
		return settingErrorf("{stage} and {target} must be positive, {horizon} and {floor} not negative")
	case m.Horizon == 0:
		// RestartMDP reads zero as the default; a horizon of zero is
		// "decide only at t = 0", which it cannot express.
		return settingErrorf("{horizon} must be at least 1")
	case m.Floor == 0:
		return settingErrorf("{floor} must be at least 1")
	}
	if err := m.Validate(); err != nil {
		return err
	}
	if err := checkSize(s.Size); err != nil {
		return err
	}
	if n := s.Size; m.Target > n*n-1 {
		// A solution visits each cell at most once.
		return settingErrorf("{target} %d: no %d×%d maze has a goal depth above %d", m.Target, n, n, n*n-1)
	}
	return nil
}

// Run validates the settings, learns, and evaluates the learned policy
// and the fixed ones. Learning that reaches its step limit fails with an
// error wrapping ErrStepLimit; an evaluation that reaches its step limit
// is reported as incomplete.
func (s RestartSARSA) Run(ctx context.Context) (*SARSAReport, error) {
	s = s.withDefaults()
	p, err := problem(s.Size, s.ValidateAsGiven)
	if err != nil {
		return nil, err
	}
	mdp := s.MDP
	// Learning: run 0 of the seed.
	random := rng.NewRand(rng.RunSeed(s.Seed, 0))
	env, err := NewRestartEnv(ctx, p, mdp, random)
	if err != nil {
		return nil, err
	}
	l := SARSA{Episodes: s.Episodes, Alpha: s.Alpha, Gamma: s.Gamma, Strategy: EpsilonGreedy{Epsilon: s.epsilon()},
		MaxSteps: s.StepsPerEpisode * s.Episodes, Progress: s.Progress}
	res, err := l.Learn(ctx, env, random)
	if err != nil {
		return nil, err
	}
	// Evaluation: policy i is run i of run 1 of the seed.
	names := []string{"greedy"}
	policies := []Policy{res.Q.Policy()}
	for k := 1; k <= mdp.Horizon+1; k++ {
		names = append(names, fmt.Sprintf("restart-at-%d", k))
		policies = append(policies, mdp.RestartAt(k))
	}
	prog := &sharedProgress{total: len(policies) * s.Mazes, progress: s.EvalProgress}
	settings := EvalSettings{Mazes: s.Mazes, MaxSteps: s.StepsPerMaze * s.Mazes, Progress: prog.step()}
	evals, err := parallel.Seeded(ctx, s.Workers, len(policies), rng.RunSeed(s.Seed, 1), nil,
		func(ctx context.Context, i int, rng *rand.Rand) (Evaluation, error) {
			env, err := NewRestartEnv(ctx, p, mdp, rng)
			if err != nil {
				return Evaluation{}, err
			}
			ev, err := Evaluate(ctx, env, policies[i], settings)
			if errors.Is(err, ErrStepLimit) {
				err = nil
			}
			return ev, err
		})
	if err != nil {
		return nil, err
	}
	rep := &SARSAReport{Seed: s.Seed, Size: s.Size, Episodes: s.Episodes, Epsilon: s.epsilon(), Alpha: s.Alpha, Gamma: s.Gamma,
		Stage: mdp.Stage, Horizon: mdp.Horizon, Floor: mdp.Floor, Target: mdp.Target, Steps: res.Steps,
		Mazes: s.Mazes, StepLimit: settings.MaxSteps}
	for st := range res.Q.States() {
		t, d := mdp.Pair(st)
		rep.Q = append(rep.Q, QValues{T: t, D: d, Go: res.Q.At(st, Go), Restart: res.Q.At(st, Restart)})
		rep.Updates = append(rep.Updates, StateUpdates{T: t, D: d, Updates: res.Updates[st]})
		rep.Policy = append(rep.Policy, GreedyAction{T: t, D: d, Action: actionNames[res.Q.Greedy(st)]})
	}
	for i, ev := range evals {
		pe := PolicyEvaluation{Policy: names[i], Iterations: ev.Iterations, Mazes: ev.Mazes, Complete: ev.Mazes == s.Mazes,
			Restarts: ev.Restarts, Steps: ev.Steps}
		if ev.PerMaze.N() > 0 {
			m := ev.PerMaze.Mean()
			pe.PerMaze = &m
		}
		pe.CI95 = ci95(ev.PerMaze)
		rep.Evaluation = append(rep.Evaluation, pe)
	}
	return rep, nil
}

// actionNames are the names of Go and Restart in reports.
var actionNames = [2]string{"go", "restart"}

// SARSAReport is what a RestartSARSA learned and how its policies fared,
// in the form of its JSON. Q, Updates and Policy have one entry per
// state, in the order of the states' numbers (t major, d minor).
type SARSAReport struct {
	Seed       uint64             `json:"seed"`
	Size       int                `json:"size"`
	Episodes   int                `json:"episodes"`
	Epsilon    float64            `json:"epsilon"`
	Alpha      float64            `json:"alpha"`
	Gamma      float64            `json:"gamma"`
	Stage      int                `json:"stage"`
	Horizon    int                `json:"horizon"`
	Floor      int                `json:"floor"`
	Target     int                `json:"target"`
	Steps      int                `json:"steps"` // learning steps taken
	Q          []QValues          `json:"q"`
	Updates    []StateUpdates     `json:"updates"`
	Policy     []GreedyAction     `json:"policy"`
	Mazes      int                `json:"mazes"`                 // satisficing mazes asked of each evaluation
	StepLimit  int                `json:"evaluation_step_limit"` // steps allowed to each evaluation
	Evaluation []PolicyEvaluation `json:"evaluation"`            // the greedy policy, then restart at t = 1 … Horizon+1
}

// QValues are the learned values of Go and Restart in state (T, D).
type QValues struct {
	T       int     `json:"t"`
	D       int     `json:"d"`
	Go      float64 `json:"go"`
	Restart float64 `json:"restart"`
}

// StateUpdates is the number of updates of Q(s, ·) in state (T, D).
type StateUpdates struct {
	T       int `json:"t"`
	D       int `json:"d"`
	Updates int `json:"updates"`
}

// GreedyAction is the action of the learned greedy policy in state
// (T, D): "go" or "restart".
type GreedyAction struct {
	T      int    `json:"t"`
	D      int    `json:"d"`
	Action string `json:"action"`
}

// PolicyEvaluation is how one policy fared (see Evaluation).
type PolicyEvaluation struct {
	Policy     string    `json:"policy"` // "greedy" or "restart-at-k"
	Iterations int       `json:"iterations"`
	Mazes      int       `json:"mazes"`
	Complete   bool      `json:"complete"` // all the mazes asked for, within the step limit
	Restarts   int       `json:"restarts"`
	Steps      int       `json:"steps"`
	PerMaze    *float64  `json:"iterations_per_maze,omitempty"` // nil without a maze
	CI95       []float64 `json:"ci95,omitempty"`                // of PerMaze; nil under 2 mazes
}

// WriteText prints the report: the Q table with the updates and the
// greedy action of every state, the greedy policy as a grid, the
// evaluations, and, for a greedy policy that restarts where random mazes
// start, why it spends so many steps.
func (r *SARSAReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Restart SARSA on %d×%d mazes: %d episodes (%d steps), ε = %g, α = %g, γ = %g; seed %d.\n",
		r.Size, r.Size, r.Episodes, r.Steps, r.Epsilon, r.Alpha, r.Gamma, r.Seed)
	fmt.Fprintf(&b, "States (t, d): t Go actions of %d iterations since the last restart, d the goal depth\n", r.Stage)
	fmt.Fprintf(&b, "(d = %d stands for every depth ≤ %d); satisficing at d ≥ %d.\n\n", r.Floor, r.Floor, r.Target)
	fmt.Fprintf(&b, "%3s  %4s  %9s  %10s  %8s  %s\n", "t", "d", "Q(Go)", "Q(Restart)", "updates", "greedy")
	for i, q := range r.Q {
		d := fmt.Sprint(q.D)
		if q.D == r.Floor {
			d = "≤" + d
		}
		fmt.Fprintf(&b, "%3d  %4s  %9.3f  %10.3f  %8d  %s\n", q.T, d, q.Go, q.Restart, r.Updates[i].Updates, r.Policy[i].Action)
	}
	b.WriteString("\nGreedy policy (G = Go, R = Restart):\n     d")
	depths := (r.Target - r.Floor)
	for k := range depths {
		d := fmt.Sprint(r.Floor + k)
		if k == 0 {
			d = "≤" + d
		}
		fmt.Fprintf(&b, " %4s", d)
	}
	for i, p := range r.Policy {
		if i%depths == 0 {
			fmt.Fprintf(&b, "\n  t=%d ", p.T)
		}
		fmt.Fprintf(&b, " %4s", strings.ToUpper(p.Action[:1]))
	}
	fmt.Fprintf(&b, "\n\nEvaluation: hill-descent iterations to produce %d satisficing mazes (goal depth ≥ %d)\n", r.Mazes, r.Target)
	fmt.Fprintf(&b, "%-13s  %11s  %10s  %-20s  %9s\n", "policy", "iterations", "per maze", "95% CI per maze", "restarts")
	for _, ev := range r.Evaluation {
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
			fmt.Fprintf(&b, "  incomplete: %d of %d mazes in %d steps", ev.Mazes, r.Mazes, ev.Steps)
		}
		b.WriteString("\n")
	}
	// A greedy policy that restarts in the state random mazes start in,
	// (0, floor), takes far more steps than it spends iterations: say so.
	var atStart []string
	loops := false
	for _, p := range r.Policy {
		if p.T == 0 && p.Action == actionNames[Restart] {
			d := fmt.Sprint(p.D)
			if p.D == r.Floor {
				d, loops = "≤"+d, true
			}
			atStart = append(atStart, "(0, "+d+")")
		}
	}
	if loops && len(r.Evaluation) > 0 && r.Evaluation[0].Policy == "greedy" {
		g := r.Evaluation[0]
		fmt.Fprintf(&b, "\nThe greedy policy restarts in %s. Restarts cost no iterations, so it\n", strings.Join(atStart, ", "))
		fmt.Fprintf(&b, "draws random mazes until one starts where it goes on: %d restarts for %d mazes", g.Restarts, g.Mazes)
		if !g.Complete {
			// The command line's words: the one place a report names a flag.
			b.WriteString(";\nit stopped at the step limit (raise --steps-per-maze to let it finish)")
		}
		b.WriteString(".\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

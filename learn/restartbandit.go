package learn

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"rjm/parallel"
	"rjm/search"
)

// RestartBandit is the assignment's Restart Bandit exercise: one Bandit of
// Pulls pulls for each ε-greedy exploration probability in Epsilons and
// each softmax temperature in Taus, all on the same arms, hill descents
// of Base·2^a iterations (a = 0..Arms-1) from fresh random Size×Size
// mazes (see RestartArms). Zero fields mean the defaults given.
type RestartBandit struct {
	Size int // maze size N, for N×N mazes; zero means DefaultSize
	// Epsilons and Taus give the runs: one ε-greedy run per exploration
	// probability in Epsilons, then one softmax run per temperature in
	// Taus, at most MaxStrategyRuns in all. Both empty mean the
	// exercise's six runs: ε = 0.01, 0.1, 0.3 and τ = 1, 10, 100.
	Epsilons []float64
	Taus     []float64
	Pulls    int // pulls per run; zero means DefaultPulls; at most MaxBanditPulls
	Arms     int // number of arms; zero means DefaultArms; at most MaxArms
	Base     int // iterations of the shortest descent; zero means DefaultBase
	// Workers is the number of goroutines; zero means one per core.
	// Results do not depend on it.
	Workers int
	// Seed fixes every result: run i draws from
	// rng.NewRand(rng.RunSeed(Seed, i)). Zero is seed 0.
	Seed uint64
	// Progress, if not nil, is called after every pull of every run with
	// the pulls done and the total; never concurrently.
	Progress func(done, total int)
}

// The exercise's arms: hill descents of 100, 200, …, 3200 iterations.
const (
	DefaultArms = 6
	DefaultBase = 100
)

// DefaultStrategies returns the exercise's six runs: ε-greedy with
// ε = 0.01, 0.1 and 0.3, softmax with τ = 1, 10 and 100.
func DefaultStrategies() (epsilons, taus []float64) {
	return []float64{0.01, 0.1, 0.3}, []float64{1, 10, 100}
}

func (s RestartBandit) withDefaults() RestartBandit {
	if len(s.Epsilons) == 0 && len(s.Taus) == 0 {
		s.Epsilons, s.Taus = DefaultStrategies()
	}
	s.Size = cmp.Or(s.Size, DefaultSize)
	s.Pulls = cmp.Or(s.Pulls, DefaultPulls)
	s.Arms = cmp.Or(s.Arms, DefaultArms)
	s.Base = cmp.Or(s.Base, DefaultBase)
	return s
}

// Validate reports the first setting out of its range, reading zero
// fields as their defaults.
func (s RestartBandit) Validate() error { return s.withDefaults().ValidateAsGiven() }

// ValidateAsGiven is Validate for settings given in full, as on the
// command line: a zero field is not read as its default, so one whose
// range excludes zero is reported (and no runs at all is an error).
// Range errors are SettingErrors.
func (s RestartBandit) ValidateAsGiven() error {
	runs := len(s.Epsilons) + len(s.Taus)
	switch {
	case runs == 0:
		return settingErrorf("give at least one {epsilon} or {tau}")
	case runs > MaxStrategyRuns:
		return settingErrorf("%d runs asked for; at most %d", runs, MaxStrategyRuns)
	case s.Pulls < 1 || s.Pulls > MaxBanditPulls:
		return settingErrorf("{pulls} %d out of range 1..%d", s.Pulls, MaxBanditPulls)
	case s.Arms < 1 || s.Arms > MaxArms:
		return settingErrorf("{arms} %d out of range 1..%d", s.Arms, MaxArms)
	case s.Base < 1 || s.Base > search.MaxIterations>>(s.Arms-1):
		return settingErrorf("{base} %d out of range 1..%d for %d arms", s.Base, search.MaxIterations>>(s.Arms-1), s.Arms)
	}
	for _, r := range s.runs() {
		if err := r.strategy.(interface{ Validate() error }).Validate(); err != nil {
			return err
		}
	}
	return checkSize(s.Size)
}

// strategyRun is one run of a RestartBandit: its strategy, and that
// strategy's name and parameter for the report.
type strategyRun struct {
	strategy  Strategy
	name      string
	parameter float64
}

func (s RestartBandit) runs() []strategyRun {
	var runs []strategyRun
	for _, x := range s.Epsilons {
		runs = append(runs, strategyRun{EpsilonGreedy{Epsilon: x}, "epsilon-greedy", x})
	}
	for _, x := range s.Taus {
		runs = append(runs, strategyRun{Softmax{Tau: x}, "softmax", x})
	}
	return runs
}

// Run validates the settings and runs the bandits in parallel. It fails
// on the first error of a run or of the context.
func (s RestartBandit) Run(ctx context.Context) (*BanditReport, error) {
	s = s.withDefaults()
	p, err := problem(s.Size, s.ValidateAsGiven)
	if err != nil {
		return nil, err
	}
	arms := RestartArms(p, s.Base, s.Arms)
	runs := s.runs()
	prog := &sharedProgress{total: len(runs) * s.Pulls, progress: s.Progress}
	step := prog.step()
	results, err := parallel.Seeded(ctx, s.Workers, len(runs), s.Seed, nil,
		func(ctx context.Context, i int, rng *rand.Rand) (BanditResult, error) {
			b := Bandit{Arms: arms, Strategy: runs[i].strategy, Pulls: s.Pulls, Progress: step}
			return b.Run(ctx, rng)
		})
	if err != nil {
		return nil, err
	}
	iters := make([]int, s.Arms)
	for a := range iters {
		iters[a] = s.Base << a
	}
	rep := &BanditReport{Seed: s.Seed, Size: s.Size, ArmIterations: iters, Pulls: s.Pulls}
	for i, r := range results {
		rep.Runs = append(rep.Runs, newBanditRun(runs[i], r, iters))
	}
	return rep, nil
}

// BanditReport is what a RestartBandit found, in the form of its JSON.
type BanditReport struct {
	Seed          uint64      `json:"seed"`
	Size          int         `json:"size"`
	Runs          []BanditRun `json:"runs"` // one per strategy: the ε-greedy ones, then softmax
	ArmIterations []int       `json:"arm_iterations"`
	Pulls         int         `json:"pulls"` // per run
}

// BanditRun is one strategy's run of a RestartBandit.
type BanditRun struct {
	Strategy         string      `json:"strategy"`  // "epsilon-greedy" or "softmax"
	Parameter        float64     `json:"parameter"` // ε or τ
	Pulls            int         `json:"pulls"`
	Arms             []BanditArm `json:"arms"`
	TotalUtility     float64     `json:"total_utility"`
	ChosenIterations int         `json:"chosen_iterations"` // of the arm settled on, the most pulled
	BestIterations   int         `json:"best_iterations"`   // of the arm of best mean utility
}

// BanditArm is what one run learned about one arm.
type BanditArm struct {
	Iterations  int       `json:"iterations"` // the arm's hill-descent iterations
	Pulls       int       `json:"pulls"`
	Share       float64   `json:"share"` // of the run's pulls
	MeanUtility float64   `json:"mean_utility"`
	CI95        []float64 `json:"ci95,omitempty"` // 95% confidence interval of the mean; nil under 2 pulls
}

func newBanditRun(run strategyRun, r BanditResult, iters []int) BanditRun {
	j := BanditRun{Strategy: run.name, Parameter: run.parameter, Pulls: r.Pulls, TotalUtility: r.Total,
		ChosenIterations: iters[r.Settled()], BestIterations: iters[r.Best()]}
	for a, arm := range r.Arms {
		j.Arms = append(j.Arms, BanditArm{Iterations: iters[a], Pulls: arm.Pulls, Share: r.Share(a),
			MeanUtility: arm.Utility.Mean(), CI95: ci95(arm.Utility)})
	}
	return j
}

// WriteText prints the report: the arms, then per run a table of the
// arms (pulls, share, mean utility and its 95% confidence interval), the
// total utility and the arm settled on.
func (r *BanditReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Restart Bandit on %d×%d mazes: arms are hill descents of %s iterations,\n", r.Size, r.Size, joinInts(r.ArmIterations))
	fmt.Fprintf(&b, "utility 2^d/i; %d pulls per run; seed %d.\n", r.Pulls, r.Seed)
	for _, run := range r.Runs {
		sym := "ε"
		if run.Strategy == "softmax" {
			sym = "τ"
		}
		fmt.Fprintf(&b, "\n%s, %s = %g\n", run.Strategy, sym, run.Parameter)
		fmt.Fprintf(&b, "  %10s  %7s  %6s  %12s  %s\n", "iterations", "pulls", "share", "mean utility", "95% CI")
		for _, a := range run.Arms {
			ci := "—"
			if a.CI95 != nil {
				ci = fmt.Sprintf("[%.1f, %.1f]", a.CI95[0], a.CI95[1])
			}
			fmt.Fprintf(&b, "  %10d  %7d  %5.1f%%  %12.1f  %s\n", a.Iterations, a.Pulls, 100*a.Share, a.MeanUtility, ci)
		}
		fmt.Fprintf(&b, "  total utility %.1f (%.1f per pull); settled on %d iterations", run.TotalUtility, run.TotalUtility/float64(run.Pulls), run.ChosenIterations)
		if run.BestIterations != run.ChosenIterations {
			fmt.Fprintf(&b, " (best mean: %d)", run.BestIterations)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

package learn_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"rjm/rng"

	"rjm/graph"
	"rjm/learn"
	"rjm/maze"
	"rjm/search"
)

// Softmax turns value estimates into choice probabilities: an action
// whose value is τ·ln 2 higher is twice as likely.
func ExampleSoftmax() {
	p := make([]float64, 3)
	learn.Softmax{Tau: 1}.Probabilities(p, []float64{0, 0.6931471805599453, 1.3862943611198906})
	fmt.Printf("%.4f\n", p)
	learn.EpsilonGreedy{Epsilon: 0.3}.Probabilities(p, []float64{0, 5, 1})
	fmt.Printf("%.4f\n", p)
	// Output:
	// [0.1429 0.2857 0.5714]
	// [0.1000 0.8000 0.1000]
}

// A bandit whose arms pay a fixed mean plus noise settles on the best arm.
func ExampleBandit() {
	var arms []learn.Arm
	for _, mean := range []float64{1, 3, 2} {
		arms = append(arms, learn.ArmFunc(func(_ context.Context, rng *rand.Rand) (float64, error) {
			return mean + rng.NormFloat64(), nil
		}))
	}
	b := learn.Bandit{Arms: arms, Strategy: learn.EpsilonGreedy{Epsilon: 0.1}, Pulls: 1000}
	res, err := b.Run(context.Background(), rng.NewRand(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("settled on arm %d (%.0f%% of pulls, mean utility %.1f)\n",
		res.Settled(), 100*res.Share(res.Settled()), res.Arms[res.Settled()].Utility.Mean())
	// Output:
	// settled on arm 1 (94% of pulls, mean utility 3.0)
}

// walk is a three-state corridor: Right (action 0) pays 1 and moves on,
// leaving after the last state; Quit (action 1) pays 0 and leaves.
type walk struct{ s int }

func (w *walk) States() int         { return 3 }
func (w *walk) Actions() int        { return 2 }
func (w *walk) Reset() (int, error) { w.s = 0; return 0, nil }
func (w *walk) Step(a int) (float64, int, bool, error) {
	if a == 1 {
		return 0, 0, true, nil
	}
	w.s++
	return 1, w.s, w.s == 3, nil
}

// SARSA with a greedy policy learns the corridor's values exactly:
// Q(s, Right) is the reward still to come.
func ExampleSARSA() {
	l := learn.SARSA{Episodes: 100, Alpha: 0.5, Strategy: learn.EpsilonGreedy{Epsilon: 0}}
	res, err := l.Learn(context.Background(), &walk{}, rng.NewRand(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := range 3 {
		fmt.Printf("Q(%d, Right) = %.3f, Q(%d, Quit) = %.3f\n", s, res.Q.At(s, 0), s, res.Q.At(s, 1))
	}
	// Output:
	// Q(0, Right) = 3.000, Q(0, Quit) = 0.000
	// Q(1, Right) = 2.000, Q(1, Quit) = 0.000
	// Q(2, Right) = 1.000, Q(2, Quit) = 0.000
}

// The assignment's Restart SARSA: learn when to restart hill descent on 5×5
// mazes, then count the iterations the greedy policy needs for
// satisficing mazes (goal depth ≥ 18). Columns are d = 12 (or less)
// to 17. Two hundred episodes are too few for a settled policy; the
// exercise runs 2,000.
func ExampleRestartEnv() {
	b := maze.Board{Rows: 5, Cols: 5}
	p := search.Problem{Graph: graph.MustCompile(b), Start: 0, Goal: b.Cells() - 1}
	var mdp learn.RestartMDP // the exercise: t ∈ 0..4, d ∈ 12..17
	ctx := context.Background()
	random := rng.NewRand(7)
	env, err := learn.NewRestartEnv(ctx, p, mdp, random)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := learn.SARSA{Episodes: 200}.Learn(ctx, env, random)
	if err != nil {
		fmt.Println(err)
		return
	}
	ev, err := learn.Evaluate(ctx, env, res.Q.Policy(), learn.EvalSettings{Mazes: 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	policy := res.Q.Policy()
	for t := range 5 {
		fmt.Printf("t = %d:", t)
		for d := 12; d <= 17; d++ {
			fmt.Print(" ", []string{"Go", "Restart"}[policy(mdp.State(t, d))])
		}
		fmt.Println()
	}
	fmt.Printf("%d mazes in %d iterations\n", ev.Mazes, ev.Iterations)
	// Output:
	// t = 0: Go Go Restart Go Go Go
	// t = 1: Go Go Go Go Go Go
	// t = 2: Go Go Restart Restart Restart Go
	// t = 3: Go Restart Go Go Restart Go
	// t = 4: Restart Restart Restart Go Restart Restart
	// 20 mazes in 79750 iterations
}

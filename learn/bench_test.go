package learn

import (
	"context"
	"math/rand/v2"
	"testing"
)

// BenchmarkBanditToy measures the bandit's own overhead per pull, on arms
// that cost nothing.
func BenchmarkBanditToy(b *testing.B) {
	arms := normalArms(1, 1, 2, 3, 4, 5, 6)
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		if _, err := (Bandit{Arms: arms, Strategy: Softmax{Tau: 1}, Pulls: 10_000}).Run(context.Background(), rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10_000), "ns/pull")
}

// BenchmarkRestartBandit is the assignment's Restart Bandit with ε = 0.1
// for 1,000 pulls (the exercise runs 10,000).
func BenchmarkRestartBandit(b *testing.B) {
	arms := RestartArms(problem5(), 100, 6)
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		if _, err := (Bandit{Arms: arms, Pulls: 1000}).Run(context.Background(), rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSARSAChain measures SARSA's own overhead per step.
func BenchmarkSARSAChain(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	steps := 0
	for b.Loop() {
		res, err := SARSA{Episodes: 1000}.Learn(context.Background(), &chain{n: 10}, rng)
		if err != nil {
			b.Fatal(err)
		}
		steps += res.Steps
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
}

// BenchmarkRestartSARSA is the assignment's Restart SARSA for 100 episodes
// (the exercise runs 2,000).
func BenchmarkRestartSARSA(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		env, err := NewRestartEnv(context.Background(), problem5(), RestartMDP{}, rng)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := (SARSA{Episodes: 100}).Learn(context.Background(), env, rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRestartStep measures a Restart decision, a random maze and its
// goal depth: the cost of a step of a greedy policy that restarts at
// t = 0 (see DefaultStepsPerMaze).
func BenchmarkRestartStep(b *testing.B) {
	env, err := NewRestartEnv(context.Background(), problem5(), RestartMDP{}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	always := func(int) int { return Restart }
	steps := 0
	for b.Loop() {
		ev, _ := Evaluate(context.Background(), env, always, EvalSettings{Mazes: 1, MaxSteps: 10_000})
		steps += ev.Steps
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
}

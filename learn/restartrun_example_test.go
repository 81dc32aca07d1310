package learn_test

import (
	"context"
	"fmt"
	"os"

	"rjm/learn"
)

// The assignment's Restart Bandit, small: an ε-greedy and a softmax bandit
// each pull three arms, hill descents of 100, 200 and 400 iterations on
// 5×5 mazes, 60 times. Runs go in parallel; the seed fixes the report.
func ExampleRestartBandit() {
	s := learn.RestartBandit{Epsilons: []float64{0.1}, Taus: []float64{10}, Pulls: 60, Arms: 3, Seed: 1}
	rep, err := s.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := rep.WriteText(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Restart Bandit on 5×5 mazes: arms are hill descents of 100, 200, 400 iterations,
	// utility 2^d/i; 60 pulls per run; seed 1.
	//
	// epsilon-greedy, ε = 0.1
	//   iterations    pulls   share  mean utility  95% CI
	//          100       54   90.0%          40.5  [-8.1, 89.2]
	//          200        3    5.0%          15.8  [-38.6, 70.2]
	//          400        3    5.0%          29.0  [-22.4, 80.4]
	//   total utility 2321.6 (38.7 per pull); settled on 100 iterations
	//
	// softmax, τ = 10
	//   iterations    pulls   share  mean utility  95% CI
	//          100        1    1.7%           0.6  —
	//          200        1    1.7%          20.5  —
	//          400       58   96.7%         137.2  [85.7, 188.7]
	//   total utility 7977.6 (133.0 per pull); settled on 400 iterations
}

// The assignment's Restart SARSA, small: learn for 100 episodes, then count
// the iterations the greedy policy and the fixed policies "restart at
// t = k" spend on 5 satisficing mazes each. A target depth of 16, not
// the exercise's 18, keeps it quick.
func ExampleRestartSARSA() {
	s := learn.RestartSARSA{MDP: learn.RestartMDP{Target: 16}, Episodes: 100, Mazes: 5, Seed: 1}
	rep, err := s.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ev := range rep.Evaluation {
		fmt.Printf("%-12s %6d iterations for %d mazes\n", ev.Policy, ev.Iterations, ev.Mazes)
	}
	// Output:
	// greedy         5250 iterations for 5 mazes
	// restart-at-1  10500 iterations for 5 mazes
	// restart-at-2   3000 iterations for 5 mazes
	// restart-at-3   4500 iterations for 5 mazes
	// restart-at-4   6500 iterations for 5 mazes
	// restart-at-5   3250 iterations for 5 mazes
}

// Package learn is reinforcement learning for the metalevel control of
// maze generation (the "Machine Learning" exercises of the assignment,
// Neller's "Rook Jumping Maze Generation for AI Education"): how long to
// let a hill descent run before restarting it.
//
// Two learners are here, each written against a small interface so that
// it can be tested on toy problems with known answers:
//
//   - Bandit (the assignment's "Restart Bandit") learns which of several
//     Arms pays best on average. An Arm is anything that can be pulled for
//     a utility; RestartArm is a hill descent of a fixed number of
//     iterations on a fresh random maze, paying 2^d / i for goal depth d
//     after i iterations.
//   - SARSA (the assignment's "Restart SARSA") learns action values in an
//     episodic Env with a few states and actions. RestartEnv is the
//     exercise's decision problem: after t stages of 250 hill-descent
//     iterations with the maze at goal depth d, Go on or Restart.
//
// Both choose actions through a Strategy (EpsilonGreedy or Softmax),
// which gives the probability of every action given the current value
// estimates. Randomness is injected as a *rand.Rand, so a seed fixes
// every result; nothing here prints or reads the clock.
//
// RestartBandit and RestartSARSA run the two exercises whole, as the
// command line's "rjm learn" does: plain settings (zero fields mean the
// exercise's), Validate, and Run, which seeds every run from one seed,
// runs them in parallel and reports progress through a callback. Their
// reports, BanditReport and SARSAReport, are the JSON views and print
// themselves as text.
package learn

// Package search generates mazes by stochastic local search over maze
// configurations (seed 000, "Stochastic Local Search"; seed 004, Problems
// 3–5 and Extra Credit 1; seed 003, section 2).
//
// A Problem names the board (as a compiled move graph), the start, the goal
// and the energy to minimize. A Method searches it: HillDescent (seed 000's
// hill descent, or seed 004's first-choice gradient descent with
// StrictBest), Restarts, Uphill and Anneal. Every method starts from a
// random configuration, proposes Step neighbours, accepts by its own rule
// and returns the best configuration met. Methods take an injected
// *rand.Rand, so a seed fixes the result, and a context for cancellation;
// they never print and never read the clock.
package search

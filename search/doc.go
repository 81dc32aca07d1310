// Package search generates mazes by stochastic local search over maze
// configurations: the "Stochastic Local Search" exercises of the assignment
// (Neller's "Rook Jumping Maze Generation for AI Education"), Problems 3–5
// and Extra Credit 1 of the course assignment "Program 1: Search", and
// section 2 of the design paper ("Rook Jumping Maze Design
// Considerations").
//
// A Problem names the board (as a compiled move graph), the start, the goal
// and the energy to minimize. A Method searches it: HillDescent (the
// assignment's hill descent, or the first-choice gradient descent of
// "Program 1: Search" with StrictBest), Restarts, Uphill and Anneal. Every
// method starts from a random configuration, proposes Step neighbours,
// accepts by its own rule and returns the best configuration met. Methods
// take an injected *rand.Rand, so a seed fixes the result, and a context
// for cancellation; they never print and never read the clock.
//
// A user names a method and its settings (Settings: "uphill", P 0.005,
// ...); ParseMethod is the one place that checks them, with the methods'
// own Validate, so that every front end gives the same messages.
package search

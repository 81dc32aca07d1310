// Package design is the designer's workbench: a maze edited one change at
// a time, and after every change everything the design paper ("Rook
// Jumping Maze Design Considerations") judges a maze by, at once.
//
// An Edit changes one thing (a cell's jump, the start, the goal, a cell's
// kind, a wall); Apply makes it on a copy of a maze and History keeps the
// edits for undo and redo. A Bench looks at a maze and returns its View:
// the depth of every cell, the shortest solution and whether it is unique,
// the black and white holes, the initial forced moves, the decisions, the
// same jump clusters, the design energy with each term's share
// (analysis.Design), and the predicted solving time of a typical player
// with its interval and level (difficulty.Model.Predict). Compare says
// what changed between two views' features ("the solution grew by 3", "a
// black hole appeared"), and Suggest ranks the single-cell edits that
// most lower the energy or lengthen the unique solution, rated by the
// energies' incremental evaluator (package incremental), which is proven
// equal to a fresh analysis.
//
// Everything works on the move graph, so every board and variant the
// player draws can be designed; the drawing itself is render.WriteBoard's.
package design

// Package experiment runs the experiments behind the empirical questions
// of the course assignment "Program 1: Search" (Problems 3, 4 and 5, Extra
// Credit 1 and 2): many independent seeded searches per setting, summarized
// as means with 95% confidence intervals, as tables (text and CSV) and
// plots (PNG and SVG, drawn with gonum/plot).
//
// Every experiment is reproducible: run i of an experiment draws from
// rng.NewRand(rng.RunSeed(seed, i)), whatever goroutine runs it, so the
// same seed and settings give byte-identical tables on any number of
// cores. Experiments run their searches in parallel (see package parallel),
// report progress through an optional callback, and never print.
//
// All lists the experiments; each lives in its own file:
//
//	iterations  average best energy versus iterations of hill descent (P3 Q1)
//	restarts    versus the number of restarts at 10,000 iterations (P4 Q1)
//	uphill      versus iterations and uphill probability p (P5 Q1)
//	annealing   versus iterations, initial temperature and decay; best
//	            schedule against best restart policy at 10,000 (EC1)
//	satisfice   iterations per maze of goal depth ≥ 18, per method (EC1)
//	energies    the simple objective against the design energy (EC2)
package experiment

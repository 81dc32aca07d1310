package grade

import (
	"context"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"syscall"
	"time"

	"rjm/energy"
	"rjm/exercise"
	"rjm/parallel"
	"rjm/rng"
)

// reference is what rjm's own program reached in its runs of a search
// exercise with the plan's answers: every run's objective and final maze.
type reference struct {
	objectives []float64
	mazes      [][]int       // row-major jumps
	cpu        time.Duration // the mean CPU time of a run (see Settings.scaleLimits)
	// probes are the objectives of rjm's runs under each probe's answers
	// (exercise.Probe), in the exercise's order.
	probes [][]float64
}

// reference runs rjm's own program (package exercise) referenceRuns times
// with the plan's answers, run i from rng.RunSeed(seed, i); nil for the
// exercises that are not searches. It runs before any of the program's
// runs, never beside them, so that the two never share the cores.
func (p *plan) reference(ctx context.Context, workers int) (*reference, error) {
	if !p.search {
		return nil, nil
	}
	type one struct {
		objective float64
		jumps     []int
		cpu       time.Duration
	}
	runs, err := parallel.Seeded(ctx, workers, referenceRuns, p.seed, nil, func(ctx context.Context, i int, r *rand.Rand) (one, error) {
		io := exercise.IO{In: strings.NewReader(p.runs[0].input), Out: io.Discard, Errors: io.Discard}
		// The run's own thread's CPU time, whatever else the process
		// does meanwhile.
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := threadCPU()
		res, err := exercise.Run(ctx, p.name, io, r)
		if err != nil {
			return one{}, err
		}
		return one{energy.Objective(res.Solved.GoalDepth), res.Maze.Jumps, threadCPU() - start}, nil
	})
	if err != nil {
		return nil, err
	}
	ref := &reference{}
	for _, r := range runs {
		ref.objectives = append(ref.objectives, r.objective)
		ref.mazes = append(ref.mazes, r.jumps)
		ref.cpu += r.cpu
	}
	ref.cpu /= time.Duration(max(1, len(runs)))
	for k, pr := range p.ex.Probes {
		in := strings.Join(pr.Answers, "\n") + "\n"
		objectives, err := parallel.Seeded(ctx, workers, referenceRuns, probeSeed(p.seed, k), nil, func(ctx context.Context, _ int, r *rand.Rand) (float64, error) {
			res, err := exercise.Run(ctx, p.name, exercise.IO{In: strings.NewReader(in), Out: io.Discard, Errors: io.Discard}, r)
			if err != nil {
				return 0, err
			}
			return energy.Objective(res.Solved.GoalDepth), nil
		})
		if err != nil {
			return nil, err
		}
		ref.probes = append(ref.probes, objectives)
	}
	return ref, nil
}

// probeSeed returns the seed of rjm's runs under probe k's answers: a
// stream of its own, unrelated to the other runs'.
func probeSeed(seed uint64, k int) uint64 {
	return rng.RunSeed(seed^0x70726f6265, k)
}

// rusageThread is Linux's RUSAGE_THREAD, which package syscall does not
// name: the calling thread's resource usage.
const rusageThread = 1

// threadCPU returns the CPU time the calling thread has used (0 where the
// system cannot say).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

package records

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"rjm/maze"
)

// cpuNow is the CPU time (user and system) the process has used.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSearch compares, on 5×5 and 6×6 (all mazes), the plain search
// (one pass, which cuts only against the best it has found, without the
// transpose symmetry) with the one-pass search with the symmetry, and the
// search deepening from the board's bound without and with it (rjm
// records' default, without --at-least), with one worker and with two. Besides ns/op (wall time,
// noisy on a shared machine) it reports cpu-s/op, the process's CPU time
// per search, and branches/op:
//
//	go test ./records -run X -bench Search -benchtime 3x
func BenchmarkSearch(b *testing.B) {
	for _, size := range []int{5, 6} {
		for _, mode := range []string{"plain", "one-pass", "deepening-no-symmetry", "deepening"} {
			for _, workers := range []int{1, 2} {
				b.Run(fmt.Sprintf("%dx%d/%s/workers=%d", size, size, mode, workers), func(b *testing.B) {
					benchSearch(b, Settings{Board: maze.Board{Rows: size, Cols: size}, Workers: workers, OnePass: mode == "plain" || mode == "one-pass",
						NoSymmetry: mode == "plain" || mode == "deepening-no-symmetry"})
				})
			}
		}
	}
}

// BenchmarkUniqueCut compares the good mazes' search (rjm records
// --unique's default, deepening from the maximum over all mazes) without
// and with the uniqueness cut, on 5×5 and 6×6 with one worker:
//
//	go test ./records -run X -bench UniqueCut -benchtime 3x
func BenchmarkUniqueCut(b *testing.B) {
	for _, size := range []int{5, 6} {
		for _, cut := range []bool{false, true} {
			b.Run(fmt.Sprintf("%dx%d/cut=%v", size, size, cut), func(b *testing.B) {
				s := Settings{Board: maze.Board{Rows: size, Cols: size}, Good: true, Workers: 1}
				if !cut {
					s.uniqueCut = -1
				}
				benchSearch(b, s)
			})
		}
	}
}

// benchSearch runs the search s for the benchmark b and reports, besides
// ns/op, the CPU time per search and its branches.
func benchSearch(b *testing.B, s Settings) {
	var nodes int64
	cpu := cpuNow()
	for b.Loop() {
		r, err := Search(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		nodes = r.Nodes
	}
	b.ReportMetric((cpuNow()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(nodes), "branches/op")
}

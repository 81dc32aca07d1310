package grade

import (
	"testing"
	"time"
)

// mazeRepeats tells a constant seed (one maze whenever a run starts) from
// a clock's (one maze within a second) and from a seed that repeats a
// maze now and then (time(NULL) ^ getpid()).
func TestMazeRepeats(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	run := func(n, size, maze int, second int) *graded {
		jumps := make([]int, size*size)
		for i := range jumps {
			jumps[i] = 1 + (maze+i)%3
		}
		jumps[len(jumps)-1] = 0
		return &graded{planned: planned{size: size}, run: n, jumps: jumps, out: outcome{started: t0.Add(time.Duration(second) * time.Second)}}
	}
	var constant, clock, sporadic, sizes []*graded
	for i := range 12 {
		constant = append(constant, run(i+1, 5, 0, i))
		clock = append(clock, run(i+1, 5, i/4, i/4))   // four runs a second
		sporadic = append(sporadic, run(i+1, 5, i, i)) // all differ...
		sizes = append(sizes, run(i+1, 5+i%3, 0, i))   // the same maze for each size
	}
	sporadic = append(sporadic, run(13, 5, 2, 20), run(14, 5, 2, 40)) // ...but one, thrice
	for _, tc := range []struct {
		name     string
		runs     []*graded
		any      bool
		constant int // runs in the constant group
	}{
		{"constant", constant, true, 12},
		{"clock", clock, true, 0},
		{"sporadic", sporadic, true, 0},
		{"sizes", sizes, true, 4},
		{"one run", constant[:1], false, 0},
		{"two seconds", constant[:2], true, 0},
	} {
		r := mazeRepeats(tc.runs)
		if r.any != tc.any || len(r.constant) != tc.constant {
			t.Errorf("%s: any %v, constant %d runs; want %v, %d", tc.name, r.any, len(r.constant), tc.any, tc.constant)
		}
	}
}

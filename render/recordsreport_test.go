package render_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"rjm/records"
	"rjm/render"
)

// Floors proven empty read as a range when they run on.
func ExampleFloorRange() {
	fmt.Println(render.FloorRange([]int{48, 47, 46}))
	fmt.Println(render.FloorRange([]int{48, 45}))
	// Output:
	// 48 down to 46
	// 48, 45
}

// The progress line of a records search: its pace from a clock that the
// caller gives (here one that ticks a second a call).
func ExampleRecordsProgress() {
	clock := time.Unix(0, 0)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	show := func(line string, now bool) { fmt.Println(line, now) }
	progress := render.RecordsProgress(show, now, "3/64")
	progress(records.Progress{Done: 0, Total: 4, Best: -1, Floor: 20, Top: 22})
	progress(records.Progress{Done: 2, Total: 4, Nodes: 6_000_000, Best: -1, Floor: 20, Top: 22})
	progress(records.Progress{Done: 4, Total: 4, Nodes: 9_000_000, Best: 20, Floor: 20, Top: 22})
	// Output:
	// shard 3/64, floor 20: 0/4 sub-trees (21–22 empty), 0.0M branches/s, time left not known yet false
	// shard 3/64, floor 20: 2/4 sub-trees (21–22 empty), 3.0M branches/s, about 2s left in the floor false
	// shard 3/64, floor 20: 4/4 sub-trees (21–22 empty), 3.0M branches/s, best depth 20 true
}

// A search that proved every floor it searched empty says so, with the
// floor it is exact from.
func TestRecordsReportText(t *testing.T) {
	s := records.Settings{}
	s.Board.Rows, s.Board.Cols = 4, 4
	r := &records.Result{MaxDepth: -1, Floor: 30, Empty: []int{33, 32, 31}, Shard: 1, Shards: 2, Total: 8}
	v := render.NewRecordsReport(s, r, nil)
	want := "4×4, start (1,1), goal (4,4): no maze reaches 30.\n" +
		"Shard 1/2 of the 8 sub-trees: merge every shard with rjm records merge.\n" +
		"Floors proven empty (no maze reaches them): 33 down to 31\n" +
		"Exact for every goal depth from 30 up (the last floor searched).\n"
	if got := v.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if v.Shard != "1/2" || v.Empty == nil {
		t.Errorf("%+v", v)
	}
}

// A maximum above the upper bound the search deepened from (a wrong
// --at-most) is reported as the answer, and the bound as wrong.
func TestRecordsReportWrongUpperBound(t *testing.T) {
	s := records.Settings{AtMost: 2}
	s.Board.Rows, s.Board.Cols = 3, 3
	r, err := records.Search(context.Background(), s)
	if err != nil || r.MaxDepth != 4 || r.Top != 2 {
		t.Fatalf("3×3 from --at-most 2: %v, %+v", err, r)
	}
	got := render.NewRecordsReport(s, r, nil).Text()
	if want := "The maximum, 4, is above 2, the upper bound the search deepened from (--at-most): that bound was wrong, the answer holds.\n"; !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant a line\n%s", got, want)
	}
	r.Top = 4
	if got := render.NewRecordsReport(s, r, nil).Text(); strings.Contains(got, "was wrong") {
		t.Errorf("a right bound called wrong:\n%s", got)
	}
}

package records_test

import (
	"context"
	"fmt"

	"rjm/maze"
	"rjm/records"
)

// A job searches a board as rjm records does: here 4×4, deepening from
// its bound, without rjm's uphill search.
func ExampleJob_Run() {
	j := records.Job{Settings: records.Settings{Board: maze.Board{Rows: 4, Cols: 4}, Workers: 1}}
	o, err := j.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	r := o.Result
	fmt.Println("maximum", r.MaxDepth, "reached by", r.Count, "mazes; floors proven empty:", records.FloorRange(r.Empty))
	// Output: maximum 12 reached by 2 mazes; floors proven empty: 15 down to 13
}

// A budget measures a floor's work before it is searched: each sub-tree
// is searched for up to Budget branches.
func ExampleJob_Run_budget() {
	j := records.Job{Settings: records.Settings{Board: maze.Board{Rows: 6, Cols: 6}, Floor: 32}, Budget: 100000}
	o, err := j.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	v := o.Estimate
	fmt.Printf("%d of %d sub-trees end within %d branches; %d do not: at least %.0f branches\n", v.Exact, v.Left, v.Budget, len(v.Over), v.AtLeast)
	// Output: 557 of 560 sub-trees end within 100000 branches; 3 do not: at least 507216 branches
}

package analysis_test

import "rjm/analysis"

// The features hold cell indices; the seeds and these tests write cells
// 1-based, [row, col], as the JSON form does.

func oneBasedCell(f *analysis.Features, c int) [2]int {
	if c == f.Rows*f.Cols {
		return [2]int{0, 0} // the exit
	}
	return [2]int{c/f.Cols + 1, c%f.Cols + 1}
}

func oneBased(f *analysis.Features, cells []int) [][2]int {
	out := [][2]int{}
	for _, c := range cells {
		out = append(out, oneBasedCell(f, c))
	}
	return out
}

func oneBasedSets(f *analysis.Features, sets [][]int) [][][2]int {
	out := [][][2]int{}
	for _, s := range sets {
		out = append(out, oneBased(f, s))
	}
	return out
}

package render_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
)

// The views are what every front end shows: the text reports and the JSON
// objects of the command line, and the annotated map.
func ExampleMap() {
	m, _ := maze.ParseID("5x5:3413133302312234233341432") // the design paper's Figure 1
	g := graph.MustCompile(m.Board)
	fmt.Print(render.Map(m, analysis.Analyze(g, m), false))
	// Output:
	// 3S 4  1  3  1
	// 3W 3* 3  G* 2
	// 3* 1* 2  2* 3*
	// 4* 2* 3W 3  3*
	// 4* 1* 4  3* 2*
}

func ExampleNewSolve() {
	m, _ := maze.ParseID("5x5:3413133302312234233341432")
	v := render.NewSolve(m, solve.Solve(graph.MustCompile(m.Board), m))
	js, _ := json.Marshal(struct {
		Solution string `json:"solution"`
		Shortest *int   `json:"shortest"`
		Unique   bool   `json:"unique"`
	}{v.Solution, v.Shortest, v.Unique})
	fmt.Println(string(js))
	// Output:
	// {"solution":"DRLUDLRULLRDU","shortest":13,"unique":true}
}

// A picture is written in the format a file name asks for, its cells as
// large as a typed length says.
func ExamplePicture_WritePicture() {
	m, _ := maze.ParseID("5x5:3413133302312234233341432")
	g := graph.MustCompile(m.Board)
	format, _ := render.FormatOf("", "figure1.svg")
	cell, _ := render.ParseLength("12mm")
	style, _ := render.ParseStyle("color")
	p := render.Picture{Maze: m, Features: analysis.Analyze(g, m), Depth: solve.Solve(g, m).Depth}
	var svg strings.Builder
	if err := p.WritePicture(&svg, format, render.PictureOptions{Cell: cell, Style: style, Solution: true}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(format, strings.HasPrefix(svg.String(), "<?xml"), strings.Contains(svg.String(), ">G</text>"))
	// Output:
	// svg true true
}

package web_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/web"
)

// The dashboard's design columns are the catalogue's features marked for
// it: a feature added to the catalogue given to the server gets its
// column, and the default columns keep their cells.
func TestDashboardCatalogue(t *testing.T) {
	movesPerCell := analysis.Feature{Key: "moves_per_cell", Label: "moves per cell", Unit: "moves", Decimals: 2,
		Value:   func(f *analysis.Features) float64 { return float64(f.GoalDepth) / float64(f.Cells) },
		Defined: func(f *analysis.Features) bool { return f.Solvable }, Views: analysis.InDashboard}
	ts, _ := newServer(t, web.Options{Catalogue: analysis.DefaultCatalogue().With(movesPerCell)})
	id := do(t, ts, "GET", "/api/daily", "").json(t)["id"].(string)
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	f := analysis.Analyze(graph.MustCompile(m.Board), m)
	a := do(t, ts, "GET", "/dashboard", "")
	head := regexp.MustCompile(`(?s)<thead>.*?</thead>`).FindString(a.body)
	heads := regexp.MustCompile(`<th scope="col"[^>]*>([^<]*)</th>`).FindAllStringSubmatch(head, -1)
	var names []string
	for _, h := range heads {
		names = append(names, h[1])
	}
	want := "Shortest,Holes black / white,Decisions fwd / back,Largest cluster,Energy,moves per cell"
	if got := strings.Join(names, ","); !strings.Contains(got, want) {
		t.Errorf("dashboard headers %s, want %s among them", got, want)
	}
	row := regexp.MustCompile(`(?s)<tr><td><a href="/d/2026-11-23">.*?</tr>`).FindString(a.body)
	unique := ""
	if !f.Unique {
		unique = " (not unique)"
	}
	cells := fmt.Sprintf("<td>%d%s</td><td>%d / %d</td><td>%.1f / %.1f</td><td>%d</td><td>%.0f</td><td>%.2f</td>", f.GoalDepth, unique,
		f.BlackHoles, f.WhiteHoles, f.ForwardDecisions, f.BackwardDecisions, f.LargestCluster, f.Energy, float64(f.GoalDepth)/float64(f.Cells))
	if !strings.Contains(row, cells) {
		t.Errorf("today's dashboard row lacks %s:\n%s", cells, row)
	}
	// The analysis API writes every feature of the catalogue.
	if j := do(t, ts, "POST", "/api/analyze", figure1).json(t); j["moves_per_cell"] != 13.0/25 {
		t.Errorf("POST /api/analyze: moves_per_cell %v", j["moves_per_cell"])
	}
	// The default catalogue has no such column.
	ts, _ = newServer(t, web.Options{})
	do(t, ts, "GET", "/api/daily", "")
	if a := do(t, ts, "GET", "/dashboard", ""); a.code != 200 || strings.Contains(a.body, ">moves per cell<") || !strings.Contains(a.body, ">Decisions fwd / back<") {
		t.Errorf("default dashboard: %d\n%s", a.code, a.body)
	}
}

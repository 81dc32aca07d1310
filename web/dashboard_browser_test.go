package web_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// TestBrowserDashboard: at 1280 px the dashboard's difficulty column is
// in view without sideways scrolling, the chart's title is not clipped,
// and a maze of few plays is flagged as needing more.
func TestBrowserDashboard(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: func() time.Time { return monday.AddDate(0, 0, 13) }})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	for k := range 14 {
		date := monday.AddDate(0, 0, k).Format("2006-01-02")
		id := do(t, ts, "GET", "/api/daily?date="+date, "").json(t)["id"].(string)
		m, _ := maze.ParseID(id)
		sol := solve.Solve(graph.MustCompile(m.Board), m)
		for p := range 1 + k%5 {
			play := store.Play{Maze: id, Moves: m.Notation(sol.Solution), Length: sol.GoalDepth, Shortest: sol.GoalDepth, Solved: true,
				Seconds: float64(8*sol.GoalDepth) * math.Exp(0.5*float64((7*p+k)%5-2)), Player: fmt.Sprintf("player-%04d", p)}
			if p == 3 {
				play.Solved, play.Ending = false, "gave_up"
			}
			if _, err := st.AddPlay(context.Background(), play); err != nil {
				t.Fatal(err)
			}
		}
	}
	do_(t, ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(ts.URL+"/dashboard"), chromedp.WaitReady(chromedp.CSS("footer")))
	artifact(t, ctx, "dashboard-1280")
	right := eval[float64](t, ctx, `document.querySelector('td.diff').getBoundingClientRect().right`)
	scroll := eval[float64](t, ctx, `(function () { var w = document.querySelector('.wide'); return w.scrollLeft; })()`)
	if right > 1280 || scroll != 0 {
		t.Errorf("the difficulty column ends at %v px (scrolled %v): want it in a 1280 px window", right, scroll)
	}
	if over := eval[float64](t, ctx, `(function () { var w = document.querySelector('.wide'); return w.scrollWidth - w.clientWidth; })()`); over > 0 {
		t.Errorf("the table scrolls sideways by %v px at 1280 px", over)
	}
	if over := eval[float64](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
		t.Errorf("the page scrolls sideways by %v px at 1280 px", over)
	}
	// The chart's title within its drawing.
	clipped := eval[bool](t, ctx, `(function () { var s = document.querySelector('svg.chart'); var tt = s.querySelector('text');
		var b = tt.getBBox(); return b.x + b.width > s.viewBox.baseVal.width; })()`)
	if clipped {
		t.Error("the chart's title runs past its drawing")
	}
	if n := eval[float64](t, ctx, `document.querySelectorAll('td.diff [data-flag="needs-more-plays"]').length`); n == 0 {
		t.Error("no maze is flagged as needing more plays")
	}
}

package web_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/maze"
	"rjm/render"
	"rjm/web"
)

// TestBrowserRoutes shows the solution of a torus, a loops and an exit
// maze in the player and opens it in the workbench, in Chromium, and
// reads back the lines each page drew: the print key's routes
// (render.Picture.KeyRoutes) scaled by the board's unit, a move round the
// edge drawn out and back round as the key draws it, not straight across.
func TestBrowserRoutes(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	do_(t, ctx, chromedp.Navigate("about:blank"))
	reduceMotion(t, ctx, false)
	for _, name := range []string{"torus", "loops", "exit"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		m, _, key := roundTheEdge(t, v)
		if m == nil {
			t.Fatalf("%s: no maze", name)
		}
		id, _ := m.ID()
		do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+id), chromedp.WaitVisible(chromedp.ID("show")))
		do_(t, ctx, chromedp.Click(chromedp.ID("show")), chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
		unit := eval[float64](t, ctx, `+document.getElementById('board').getAttribute('data-unit')`)
		want := drawn(key, unit)
		if got := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .route')].map(l => l.getAttribute('points'))`); !slices.Equal(got, want) {
			t.Errorf("%s %s: the player draws\n%v\nthe key\n%v", name, id, got, want)
		}
		do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id), chromedp.WaitVisible(chromedp.CSS(`polyline.path`)))
		unit = eval[float64](t, ctx, `+document.querySelector('svg[data-unit]').getAttribute('data-unit')`)
		want = drawn(key, unit)
		if got := eval[[]string](t, ctx, `[...document.querySelectorAll('polyline.path')].map(l => l.getAttribute('points'))`); !slices.Equal(got, want) {
			t.Errorf("%s %s: the workbench draws\n%v\nthe key\n%v", name, id, got, want)
		}
	}
}

// drawn returns the polylines' points attributes the pages write for
// routes at unit: each point's coordinates times unit, to a tenth.
func drawn(routes []render.Route, unit float64) []string {
	var out []string
	for _, r := range routes {
		for _, line := range r {
			var pts []string
			for _, q := range line {
				pts = append(pts, strconv.FormatFloat(q[0]*unit, 'f', 1, 64)+","+strconv.FormatFloat(q[1]*unit, 'f', 1, 64))
			}
			out = append(out, strings.Join(pts, " "))
		}
	}
	return out
}

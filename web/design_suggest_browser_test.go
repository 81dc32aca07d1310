package web_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/web"
)

// TestBrowserDesignMoreSuggestions: the start and goal moves and the
// pairs the page lists are the engine's (design.Bench.Suggest), and one
// clicked is made: the page shows the maze it names and the energy it
// was rated at, with the page's engine and with the server alone.
func TestBrowserDesignMoreSuggestions(t *testing.T) {
	w := engine(t)
	for _, c := range []struct {
		name string
		opt  web.Options
	}{{"page", web.Options{Wasm: w}}, {"server", web.Options{}}} {
		t.Run(c.name, func(t *testing.T) {
			bctx := browser(t)
			ts, _ := newServer(t, c.opt)
			ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
			defer cancel()
			emulate(t, ctx, viewports[2], false)
			bench := design.NewBench(nil)
			id := "5x5:4313122314422334133211440"
			if c.name == "page" {
				openWithEngine(t, ctx, ts.URL, id)
			} else {
				do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
				waitText(t, ctx, "save-id", id)
			}
			for _, list := range []string{"s-move", "s-pair"} {
				m, err := maze.ParseID(id)
				if err != nil {
					t.Fatal(err)
				}
				s := bench.Suggest(graph.MustCompile(m.Board), m)
				want := s.Pair
				if list == "s-move" {
					want = s.Move
				}
				if len(want) == 0 {
					t.Fatalf("%s: the engine has no %s suggestion", id, list)
				}
				sel := `#` + list + ` .suggestion`
				var got string
				for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
					if got = eval[string](t, ctx, `(document.querySelector('`+sel+`') || {}).textContent || ''`); got == want[0].Text {
						break
					}
				}
				if got != want[0].Text {
					t.Fatalf("%s: first of %s %q, want %q", id, list, got, want[0].Text)
				}
				if n := eval[int](t, ctx, `document.querySelectorAll('`+sel+`').length`); n != len(want) {
					t.Errorf("%s: %d in %s, want %d", id, n, list, len(want))
				}
				do_(t, ctx, chromedp.Click(chromedp.CSS(sel)))
				waitText(t, ctx, "save-id", want[0].Maze)
				waitText(t, ctx, "f-energy", strconv.FormatFloat(want[0].Energy, 'f', -1, 64))
				checkDesignPage(t, ctx, bench, want[0].Maze)
				id = want[0].Maze
			}
			// Undo takes a suggestion back in one step.
			do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
			for deadline := time.Now().Add(patience); time.Now().Before(deadline) && eval[string](t, ctx, `document.getElementById('save-id').textContent`) == id; time.Sleep(20 * time.Millisecond) {
			}
			if got := eval[string](t, ctx, `document.getElementById('save-id').textContent`); got == id {
				t.Error("undo changed nothing")
			}
		})
	}
}

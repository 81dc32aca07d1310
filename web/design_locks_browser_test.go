package web_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/analysis"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/web"
)

// TestBrowserDesignLockedSuggestions: on a blank 7×7 at 1280 × 800, every
// suggestion listed under "Longer unique solution" makes a unique
// solution longer than the blank's 12 moves (a fresh analysis of the maze
// it names); with row 1 locked (the Lock tool), the page asks again and lists
// the engine's suggestions with the locks (design.Bench.Suggest), none of
// which — moves of the start or goal and pairs included — changes a cell
// of row 1; with the page's engine and with the server alone.
func TestBrowserDesignLockedSuggestions(t *testing.T) {
	w := engine(t)
	for _, c := range []struct {
		name string
		opt  web.Options
	}{{"page", web.Options{Wasm: w}}, {"server", web.Options{WorkBurst: 1000, Now: time.Now}}} {
		// The server's clock runs (newServer's stands still, and its
		// rate would never refill): a test slowed by a busy machine
		// toggles each lock alone, a request each.
		t.Run(c.name, func(t *testing.T) {
			bctx := browser(t)
			ts, _ := newServer(t, c.opt)
			ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
			defer cancel()
			emulate(t, ctx, viewports[2], false)
			id := blankID(t, 7, 7)
			if c.name == "page" {
				openWithEngine(t, ctx, ts.URL, id)
			} else {
				do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
				waitText(t, ctx, "save-id", id)
			}
			m := must(maze.ParseID(id))
			g := graph.MustCompile(m.Board)
			listed := func(list string) []string {
				return eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#`+list+` .suggestion')).map(function (b) { return b.getAttribute('data-maze'); })`)
			}
			longer := listed("s-longer")
			for _, s := range longer {
				if f := analysis.Analyze(g, must(maze.ParseID(s))); !f.Unique || f.GoalDepth <= 12 {
					t.Errorf("under \"Longer unique solution\": %s, %s", s, f.Summary())
				}
			}

			// Locked with the Lock tool and a click each: a click chooses
			// the cell too, so the redraw that the suggestions asked again
			// bring keeps the focus where the next click goes.
			var rowOne []int
			do_(t, ctx, chromedp.Click(chromedp.CSS(`input[name="tool"][value="lock"]`)))
			for col := range 7 {
				rowOne = append(rowOne, col)
				do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-cell="1,`+strconv.Itoa(col+1)+`"]`)))
			}
			if n := eval[int](t, ctx, `document.querySelectorAll('#design-board .locked').length`); n != 7 {
				t.Fatalf("%d cells shown locked, want row 1's 7", n)
			}
			want := design.NewBench(nil).Suggest(g, m, rowOne...)
			if len(want.Energy) == 0 {
				t.Fatal("the engine has no energy suggestion with row 1 locked")
			}
			mazesOf := func(l []design.Suggestion) []string {
				out := []string{}
				for _, s := range l {
					out = append(out, s.Maze)
				}
				return out
			}
			lists := map[string][]design.Suggestion{"s-energy": want.Energy, "s-longer": want.Longer, "s-move": want.Move, "s-pair": want.Pair}
			var got map[string][]string
			for deadline := time.Now().Add(patience); ; time.Sleep(50 * time.Millisecond) {
				got = map[string][]string{}
				same := true
				for list, l := range lists {
					got[list] = listed(list)
					a, _ := json.Marshal(got[list])
					b, _ := json.Marshal(mazesOf(l))
					same = same && string(a) == string(b)
				}
				if same {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("with row 1 locked the page lists %v, want the engine's %v, %v, %v, %v (error shown: %q)", got, mazesOf(want.Energy), mazesOf(want.Longer), mazesOf(want.Move), mazesOf(want.Pair),
						eval[string](t, ctx, `document.getElementById('design-error').textContent`))
				}
			}
			for list, l := range got {
				for _, s := range l {
					after := must(maze.ParseID(s))
					if !design.Keeps(m, after, rowOne) {
						t.Errorf("%s: suggestion %s changes a locked cell of row 1", list, s)
					}
				}
			}
		})
	}
}

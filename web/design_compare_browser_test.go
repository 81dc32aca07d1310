package web_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/web"
)

// TestBrowserDesignCompare puts two versions of a design side by side:
// at 1280 px with the page's engine, picked from the undo steps (the
// version two edits back and this one), and on a 390 px phone with the
// server alone, pasted as maze IDs. Both times the cells outlined on each
// board are exactly those design.Differ finds, each side's figures are
// those of design's view of its maze (moves, uniqueness, holes, energy,
// level, predicted time), and the boards sit side by side on the laptop
// and one above the other on the phone.
func TestBrowserDesignCompare(t *testing.T) {
	w := engine(t)
	for _, c := range []struct {
		name string
		opt  web.Options
		v    viewport
	}{{"page", web.Options{Wasm: w}, viewports[2]}, {"server", web.Options{WorkBurst: 1000}, viewports[0]}} {
		t.Run(c.name, func(t *testing.T) {
			bctx := browser(t)
			ts, _ := newServer(t, c.opt)
			ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
			defer cancel()
			emulate(t, ctx, c.v, false)
			bench := design.NewBench(nil)
			first := "5x5:4313122314422334233233440" // 15 moves, unique
			if c.name == "page" {
				openWithEngine(t, ctx, ts.URL, first)
			} else {
				do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+first))
				waitText(t, ctx, "save-id", first)
			}
			// Two edits: a jump (16 moves), then the start moved (14).
			m, _ := maze.ParseID(first)
			typeJump(t, ctx, m, 7, 4)
			waitText(t, ctx, "save-id", must(m.ID()))
			do_(t, ctx, chromedp.Focus(chromedp.CSS(`#design-board [data-cell="2,1"]`)), chromedp.KeyEvent("s"))
			m.Start = 5
			last := must(m.ID())
			waitText(t, ctx, "save-id", last)
			if c.name == "page" {
				// The version two steps back (Undo), and this one.
				do_(t, ctx, chromedp.SetValue(chromedp.ID("compare-a"), first), chromedp.SetValue(chromedp.ID("compare-b"), last))
			} else {
				do_(t, ctx, chromedp.SetValue(chromedp.ID("compare-a-id"), first), chromedp.SetValue(chromedp.ID("compare-b-id"), last))
			}
			do_(t, ctx, chromedp.Click(chromedp.CSS(`#compare-form button[type=submit]`)))
			for deadline := time.Now().Add(patience); eval[string](t, ctx, `document.getElementById('compare-fig-b').getAttribute('data-id') || ''`) != last; time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the versions were not shown: %s", eval[string](t, ctx, `document.getElementById('compare-error').textContent`))
				}
			}
			a, b := must(maze.ParseID(first)), must(maze.ParseID(last))
			var want []string
			for _, cell := range design.Differ(a, b) {
				want = append(want, fmt.Sprintf("%d,%d", cell[0], cell[1]))
			}
			if len(want) != 3 {
				t.Fatalf("the test's versions differ in %v, want 3 cells", want)
			}
			for k, m := range []*maze.Maze{a, b} {
				fig := []string{"compare-fig-a", "compare-fig-b"}[k]
				got := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#`+fig+` .differs')).map(g => g.getAttribute('data-cell'))`)
				sort.Strings(got)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: cells outlined %v, want %v", fig, got, want)
				}
				v := must(bench.View(graph.MustCompile(m.Board), m))
				f := v.Features
				wantFig := map[string]string{
					"moves":       fmt.Sprintf("%d moves", f.GoalDepth),
					"unique":      map[bool]string{true: "yes", false: "no, " + strconv.FormatInt(f.ShortestPaths, 10) + " shortest"}[f.Unique],
					"black-holes": strconv.Itoa(f.BlackHoles),
					"white-holes": strconv.Itoa(f.WhiteHoles),
					"energy":      strconv.FormatFloat(f.Energy, 'f', -1, 64),
					"level":       v.Level,
				}
				if !f.Unique || v.Prediction == nil {
					t.Fatalf("%s: the test's versions are unique and solvable: %s", fig, f.Summary())
				}
				wantFig["time"] = "about " + seconds(v.Prediction.Seconds)
				got2 := eval[map[string]string](t, ctx, `Object.fromEntries(Array.from(document.querySelectorAll('#`+fig+` dd')).map(d => [d.getAttribute('data-figure'), d.textContent]))`)
				for k, w := range wantFig {
					if got2[k] != w {
						t.Errorf("%s (%s): %s %q, want %q", fig, m.String(), k, got2[k], w)
					}
				}
				// In the grid's order (the differing cells are drawn last).
				depths := eval[string](t, ctx, `Array.from(document.querySelectorAll('#`+fig+` [data-cell]')).map(g => [g.getAttribute('data-cell').split(',').map(Number), (g.querySelector('.depth') || {}).textContent]).sort((x, y) => x[0][0] - y[0][0] || x[0][1] - y[0][1]).map(x => x[1]).join(' ')`)
				var wd []string
				for _, c := range v.Cells {
					wd = append(wd, map[bool]string{true: strconv.Itoa(c.Depth), false: "−"}[c.Depth >= 0])
				}
				if depths != strings.Join(wd, " ") {
					t.Errorf("%s: depths %q, want %q", fig, depths, strings.Join(wd, " "))
				}
			}
			type rect struct{ Left, Top, Right, Bottom float64 }
			r := eval[[]rect](t, ctx, `['compare-fig-a', 'compare-fig-b'].map(id => { const r = document.getElementById(id).getBoundingClientRect(); return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom}; })`)
			if c.v.mobile {
				if r[1].Top < r[0].Bottom {
					t.Errorf("on a phone version B (%+v) is not under version A (%+v)", r[1], r[0])
				}
			} else if r[1].Left < r[0].Right || math.Abs(r[1].Top-r[0].Top) > 1 {
				t.Errorf("at %d px version B (%+v) is not beside version A (%+v)", c.v.width, r[1], r[0])
			}
			if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(c.v.width)+1 {
				t.Errorf("the page is %v px wide in a window of %d", w, c.v.width)
			}
			if os.Getenv("RJM_ARTIFACTS") != "" || os.Getenv("CI") == "true" {
				keep(t, "design-compare-"+c.v.name, must(chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID("compare-out")))))
			}
		})
	}
}

// seconds writes a time as the workbench does (fmtTime).
func seconds(s float64) string {
	n := int(math.Round(s))
	if n < 60 {
		return fmt.Sprintf("%d s", n)
	}
	return fmt.Sprintf("%d min %02d s", n/60, n%60)
}

package web_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/analysis"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/web"
)

// typedMaze is the maze the browser test types on a blank 5×5: a
// unique 15-move maze (5x5:4313122314422334233233440) with three cells
// left at the blank's 1, which the suggestions fill in
// (design.TestSuggestionsLead walks the same way).
const typedMaze = "5x5:4313122314422334133211440"

// TestBrowserDesign builds a maze in Chromium from a blank 5×5: it
// types the jumps cell by cell (on a phone of 360 px: taps the cell and
// the jump pad), then clicks the suggestions until the shortest solution
// is unique and 15 moves long. After every edit the page must show what
// the library computes for the maze: every cell's depth, the holes, the
// energy and the prediction. Undo and redo, then the saved ID opens in
// the player with the same solution.
func TestBrowserDesign(t *testing.T) {
	// A tab each, in parallel: the two are the suite's longest tests.
	t.Parallel()
	t.Run("desktop, typed", func(t *testing.T) { shapeMaze(t, browser(t), viewports[2], false) })
	t.Run("phone, jump pad", func(t *testing.T) { shapeMaze(t, browser(t), viewports[1], true) })
}

func shapeMaze(t *testing.T, bctx context.Context, v viewport, tap bool) {
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 120*time.Second)
	defer cancel()
	bench := design.NewBench(nil)
	emulate(t, ctx, v, false)

	do_(t, ctx, chromedp.Navigate(ts.URL+"/design"))
	waitText(t, ctx, "save-id", "5x5:1111111111111111111111110")
	checkDesignPage(t, ctx, bench, "5x5:1111111111111111111111110")

	target, _ := maze.ParseID(typedMaze)
	m, _ := maze.ParseID("5x5:1111111111111111111111110")
	for i, j := range target.Jumps {
		if j == m.Jumps[i] {
			continue
		}
		c := m.Cell(i)
		key := chromedp.KeyEvent(fmt.Sprint(j))
		if tap {
			key = chromedp.Click(chromedp.CSS(fmt.Sprintf(`#jump-pad [data-jump="%d"]`, j)))
		}
		do_(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))), key)
		m.Jumps[i] = j
		id, _ := m.ID()
		waitText(t, ctx, "save-id", id)
		checkDesignPage(t, ctx, bench, id)
		if t.Failed() {
			t.FailNow()
		}
	}
	artifact(t, ctx, "design-typed-"+v.name)

	var id string
	for k := 0; ; k++ {
		id = eval[string](t, ctx, `document.getElementById('save-id').textContent`)
		m, _ := maze.ParseID(id)
		f := analysis.Analyze(graph.MustCompile(m.Board), m)
		if f.Unique && f.GoalDepth >= 15 {
			if f.GoalDepth != 15 {
				t.Fatalf("%s: %d moves, want 15", id, f.GoalDepth)
			}
			break
		}
		if k == 10 {
			t.Fatalf("no unique 15-move solution after %d suggestions: %s", k, id)
		}
		// The longest unique solution first, else the lowest energy.
		sel := `#s-longer .suggestion`
		if eval[int](t, ctx, `document.querySelectorAll('#s-longer .suggestion').length`) == 0 {
			sel = `#s-energy .suggestion`
		}
		do_(t, ctx, chromedp.Click(chromedp.CSS(sel)))
		for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if eval[string](t, ctx, `document.getElementById('save-id').textContent`) != id {
				break
			}
		}
		id = eval[string](t, ctx, `document.getElementById('save-id').textContent`)
		checkDesignPage(t, ctx, bench, id)
	}
	waitText(t, ctx, "f-unique", "yes")
	waitText(t, ctx, "f-solution", "15 moves")
	artifact(t, ctx, "design-15-"+v.name)

	// Undo and redo come back to the same maze.
	do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
	for deadline := time.Now().Add(patience); time.Now().Before(deadline) && eval[string](t, ctx, `document.getElementById('save-id').textContent`) == id; time.Sleep(20 * time.Millisecond) {
	}
	if eval[string](t, ctx, `document.getElementById('save-id').textContent`) == id {
		t.Fatal("undo changed nothing")
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("redo")))
	waitText(t, ctx, "save-id", id)
	checkDesignPage(t, ctx, bench, id)

	// The saved ID plays in the player, with the same solution.
	m, _ = maze.ParseID(id)
	sol := m.Notation(solve.Solve(graph.MustCompile(m.Board), m).Solution)
	if got := eval[string](t, ctx, `document.getElementById('f-solution').textContent`); !strings.Contains(got, sol) {
		t.Errorf("the page shows %q, the solver %s", got, sol)
	}
	play := eval[string](t, ctx, `document.getElementById('save-play').getAttribute('href')`)
	do_(t, ctx, chromedp.Navigate(ts.URL+play), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	var g struct {
		ID       string `json:"id"`
		Shortest int    `json:"shortest"`
		Unique   bool   `json:"unique"`
	}
	if err := json.Unmarshal([]byte(eval[string](t, ctx, `document.getElementById('game').dataset.game`)), &g); err != nil {
		t.Fatal(err)
	}
	if g.ID != id || g.Shortest != 15 || !g.Unique {
		t.Errorf("the player plays %+v, want %s in 15 moves, unique", g, id)
	}
	// Show solution plays the same 15 moves.
	do_(t, ctx, chromedp.Click(chromedp.ID("show")))
	waitText(t, ctx, "moves", "15")
}

// checkDesignPage checks that the page shows maze id as the library sees
// it: each cell's depth, the holes, the energy and the prediction.
func checkDesignPage(t *testing.T, ctx context.Context, bench *design.Bench, id string) {
	t.Helper()
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(m.Board)
	v, err := bench.View(g, m)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range v.Cells {
		d := "−"
		if c.Depth >= 0 {
			d = fmt.Sprint(c.Depth)
		}
		want = append(want, d)
	}
	// What the page shows, read in one call (a round trip to Chromium
	// each, after every edit, was most of the test's time).
	type shown struct {
		Depths, Energy, Glance, Prediction string
		Holes                              int
	}
	page := eval[shown](t, ctx, `({
		Depths: Array.from(document.querySelectorAll('#design-board [data-cell]')).map(g => (g.querySelector('.depth') || {}).textContent).join(' '),
		Holes: document.querySelectorAll('#design-board .hole-black, #design-board .hole-white').length,
		Energy: document.getElementById('f-energy').textContent,
		Glance: document.getElementById('glance').textContent,
		Prediction: document.getElementById('f-prediction').textContent,
	})`)
	if got := page.Depths; got != strings.Join(want, " ") {
		t.Errorf("%s: depths %q, want %q", id, got, strings.Join(want, " "))
	}
	if page.Holes != v.Features.BlackHoleCells+v.Features.WhiteHoleCells {
		t.Errorf("%s: %d cells marked in holes, want %d", id, page.Holes, v.Features.BlackHoleCells+v.Features.WhiteHoleCells)
	}
	if page.Energy != strconv.FormatFloat(v.Features.Energy, 'f', -1, 64) {
		t.Errorf("%s: energy %q, want %v", id, page.Energy, v.Features.Energy)
	}
	// The line under the board, what a phone shows without scrolling.
	glance := page.Glance
	want = []string{"energy " + strconv.FormatFloat(v.Features.Energy, 'f', -1, 64)}
	if v.Features.Solvable {
		want = append(want, fmt.Sprintf("%d moves, ", v.Features.GoalDepth), map[bool]string{true: "unique", false: "not unique"}[v.Features.Unique])
	}
	for _, w := range want {
		if !strings.Contains(glance, w) {
			t.Errorf("%s: under the board %q, want %q in it", id, glance, w)
		}
	}
	pred := page.Prediction
	if v.Prediction == nil && !strings.Contains(pred, "no solution") || v.Prediction != nil && !strings.Contains(pred, "level "+cmp.Or(v.Level, "not checked")) {
		t.Errorf("%s: prediction %q, want %+v", id, pred, v.Prediction)
	}
}

// keep writes a screenshot where artifact does.
func keep(t *testing.T, name string, png []byte) {
	t.Helper()
	dir := os.Getenv("RJM_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "rjm-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserDesignScreens keeps screenshots of the workbench at desktop
// and phone width, with a maze of holes and a variant's board.
func TestBrowserDesignScreens(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	for _, c := range []struct {
		name, id      string
		width, height int64
		mobile        bool
	}{
		{"design-desktop", "5x5:4313122314422334233233440", 1280, 900, false},
		{"design-holes", "7x7:3425153341241434323223122242222331421324213143120", 1280, 900, false},
		{"design-black-hole", "5x5:4314122314422334233233440", 1280, 900, false},
		{"design-phone", "5x5:4313122314422334233233440", 390, 844, true},
		{"design-phone-hex", "5x5-hex:4431442231132042332114332", 390, 844, true},
	} {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: c.width, Height: c.height, DeviceScaleFactor: 1, Mobile: c.mobile}); err != nil {
			t.Fatal(err)
		}
		do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+c.id))
		waitText(t, ctx, "save-id", c.id)
		if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(c.width)+1 {
			t.Errorf("%s: the page is %v px wide in a window of %d", c.name, w, c.width)
		}
		artifact(t, ctx, c.name)
		for _, part := range []string{"design-board-wrap", "facts"} {
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.ID(part)))
			if err != nil {
				t.Fatal(err)
			}
			keep(t, c.name+"-"+part, png)
		}
	}
}

// TestBrowserDesignKeyboard edits with the keyboard alone: the board is
// one tab stop, arrows choose the cell, digits and + set its jump, S
// moves the start, Ctrl+Z undoes.
func TestBrowserDesignKeyboard(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id=5x5:1111111111111111111111110"))
	waitText(t, ctx, "save-id", "5x5:1111111111111111111111110")
	if n := eval[int](t, ctx, `document.querySelectorAll('#design-board [tabindex="0"]').length`); n != 1 {
		t.Fatalf("%d cells are tab stops, want 1", n)
	}
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`#design-board [tabindex="0"]`)),
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent("3"))
	waitText(t, ctx, "save-id", "5x5:1111113111111111111111110")
	do_(t, ctx, chromedp.KeyEvent("-"))
	waitText(t, ctx, "save-id", "5x5:1111112111111111111111110")
	do_(t, ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("s"))
	waitText(t, ctx, "save-id", "5x5s2.3:1111112111111111111111110")
	if got := eval[string](t, ctx, `document.activeElement.getAttribute('data-cell')`); got != "2,3" {
		t.Errorf("focus on %q after the edit, want 2,3", got)
	}
	waitText(t, ctx, "design-announce", "start moved to (2,3)")
	do_(t, ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	waitText(t, ctx, "save-id", "5x5:1111112111111111111111110")
}

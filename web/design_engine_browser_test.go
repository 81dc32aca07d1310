package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/analysis"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
	"rjm/web"
)

// blankID is the maze ID of a blank rows × cols board (every jump 1).
func blankID(t *testing.T, rows, cols int) string {
	t.Helper()
	m, err := design.Blank(maze.Board{Rows: rows, Cols: cols})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := m.ID()
	return id
}

// openWithEngine opens /design on maze id and waits for the page's
// engine to be ready.
func openWithEngine(t *testing.T, ctx context.Context, url, id string) {
	t.Helper()
	do_(t, ctx, chromedp.Navigate(url+"/design?id="+id))
	waitText(t, ctx, "save-id", id)
	for deadline := time.Now().Add(patience); ; time.Sleep(20 * time.Millisecond) {
		switch eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-engine') || ''`) {
		case "page":
			return
		case "server":
			t.Fatalf("the page's engine did not load: %s", eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-engine-why')`))
		}
		if time.Now().After(deadline) {
			t.Fatal("the page's engine did not load in time")
		}
	}
}

// reloadDesign reloads the workbench and waits for the new page's first
// answer, whatever the old one showed meanwhile.
func reloadDesign(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `window.rjmOld = true; location.reload(); true`)
	waitReloaded(t, ctx)
}

// waitReloaded waits for a page opened after one marked window.rjmOld
// to show its first answer.
func waitReloaded(t *testing.T, ctx context.Context) {
	t.Helper()
	for deadline := time.Now().Add(patience); ; time.Sleep(20 * time.Millisecond) {
		// (An evaluation fails while the page reloads.)
		ready, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!window.rjmOld && document.readyState !== 'loading' && !!document.getElementById('save-id') && document.getElementById('save-id').textContent !== ''`))
		if err == nil && ready {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the workbench did not open again after a reload (%v)", err)
		}
	}
}

// typeJump chooses cell i of m (focusing it, as a click or the arrow keys
// do) and types jump j, then records it in m and returns m's new ID.
func typeJump(t *testing.T, ctx context.Context, m *maze.Maze, i, j int) string {
	t.Helper()
	c := m.Cell(i)
	do_(t, ctx, chromedp.Focus(chromedp.CSS(fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))), chromedp.KeyEvent(strconv.Itoa(j)))
	m.Jumps[i] = j
	id, _ := m.ID()
	return id
}

// waitPredicted waits for the prediction that comes after the figures.
func waitPredicted(t *testing.T, ctx context.Context) {
	t.Helper()
	for deadline := time.Now().Add(patience); strings.Contains(eval[string](t, ctx, `document.getElementById('f-prediction').textContent`), "predicting"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the prediction did not come")
		}
	}
}

// TestBrowserDesignEngine runs the workbench with its engine in the page
// (the WebAssembly build, web.BuildWasm): forty jumps typed 100 ms apart
// are all kept, and outlive a reload, one made in the very moment an
// edit shows too (before the page saves its address); after each edit of 10 on 7×7, 10×10 and 12×12 at 1280 ×
// 800 the page shows the library's figures, and says how long the key
// took to them (data-edit-ms, measured in the page with
// performance.now()), logged here and held to the 50 ms median
// and 100 ms worst when RJM_DESIGN_TIMING is set (a quiet machine: the
// suite has no timed test otherwise), and to the frame that shows them
// (data-paint-ms: the browser's style, layout and paint too; logged); and
// with the server stopped, an edit still updates the figures.
func TestBrowserDesignEngine(t *testing.T) {
	w := engine(t)
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Wasm: w})
	ctx, cancel := context.WithTimeout(bctx, 5*time.Minute)
	defer cancel()
	emulate(t, ctx, viewports[2], false)
	bench := design.NewBench(nil)

	// Forty edits typed 100 ms apart, row by row on a 7×7: all kept, in
	// order (the last ID is the maze with all forty).
	start := blankID(t, 7, 7)
	openWithEngine(t, ctx, ts.URL, start)
	m, _ := maze.ParseID(start)
	// Typed as a designer types rows: a digit, an arrow to the next cell,
	// back and forth along the rows (the page keeps the focus on the
	// chosen cell however often it redraws it).
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`[data-cell="1,1"]`)))
	var id, before string
	for k := range 40 {
		r, c := k/7, k%7
		if r%2 == 1 {
			c = 6 - c
		}
		j := 2 + k%2
		do_(t, ctx, chromedp.KeyEvent(strconv.Itoa(j)))
		m.Jumps[r*7+c] = j
		before, id = id, must(m.ID())
		time.Sleep(100 * time.Millisecond)
		switch {
		case k%7 == 6:
			do_(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
		case r%2 == 0:
			do_(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
		default:
			do_(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
		}
	}
	waitText(t, ctx, "save-id", id)
	// The last jump typed again is no edit and no undo step; the history
	// outlives a reload: Undo then goes back to the 39th edit's maze.
	if again := typeJump(t, ctx, m, 5*7+2, 3); again != id {
		t.Fatalf("the test's maze changed: %s", again)
	}
	time.Sleep(300 * time.Millisecond)
	reloadDesign(t, ctx)
	waitText(t, ctx, "save-id", id)
	do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
	waitText(t, ctx, "save-id", before)
	do_(t, ctx, chromedp.Click(chromedp.ID("redo")))
	waitText(t, ctx, "save-id", id)
	// A reload in the very moment an edit shows (before the page has
	// put it in its address, a frame later) opens the edit, with its undo.
	before = id
	eval[bool](t, ctx, `window.rjmOld = true; new MutationObserver(function (l, o) { o.disconnect(); location.reload(); }).observe(document.getElementById('save-id'), {childList: true, characterData: true, subtree: true}); true`)
	id = typeJump(t, ctx, m, 6*7+1, 4)
	waitReloaded(t, ctx)
	waitText(t, ctx, "save-id", id)
	if eval[bool](t, ctx, `document.getElementById('undo').disabled`) {
		t.Error("reloaded as an edit showed: Undo is off")
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
	waitText(t, ctx, "save-id", before)
	do_(t, ctx, chromedp.Click(chromedp.ID("redo")))
	waitText(t, ctx, "save-id", id)
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, id)
	if n := eval[int](t, ctx, `document.querySelectorAll('#design-board [data-cell]').length`); n != 49 {
		t.Errorf("%d cells drawn, want 49", n)
	}

	// Ten edits on each board, each waited for with its prediction (a
	// designer reading the figures).
	var report []string
	for _, n := range []int{7, 10, 12} {
		start := blankID(t, n, n)
		openWithEngine(t, ctx, ts.URL, start)
		m, _ := maze.ParseID(start)
		var ms, paint []float64
		parts := map[string][]float64{}
		prev := start
		for k := range 10 {
			i := (k * 7) % (n*n - 1)
			id := typeJump(t, ctx, m, i, 2)
			waitText(t, ctx, "save-id", id)
			got, _ := strconv.ParseFloat(eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-edit-ms')`), 64)
			ms = append(ms, got)
			waitFor(t, ctx, `document.getElementById('workbench').hasAttribute('data-paint-ms')`, `'no frame after the edit'`)
			painted, _ := strconv.ParseFloat(eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-paint-ms')`), 64)
			paint = append(paint, painted)
			var p map[string]float64
			if err := json.Unmarshal([]byte(eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-edit-parts')`)), &p); err != nil {
				t.Fatalf("data-edit-parts: %v", err)
			}
			for k, x := range p {
				parts[k] = append(parts[k], x)
			}
			// Only the cells whose drawing or marks changed are drawn again.
			if drawn, want := eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-drawn')`), changedCells(t, bench, prev, id); drawn != strconv.Itoa(want) {
				t.Errorf("%s → %s: %s cells drawn, want the %d that changed", prev, id, drawn, want)
			}
			prev = id
			waitPredicted(t, ctx)
			checkDesignPage(t, ctx, bench, id)
		}
		t.Logf("%dx%d in order: %v (show: %v, engine: %v; to the frame: %v)", n, n, ms, parts["show"], parts["engine"], paint)
		slices.Sort(ms)
		slices.Sort(paint)
		median := (ms[4] + ms[5]) / 2
		var where []string
		for _, k := range []string{"queue", "messages", "engine", "parse", "show"} {
			slices.Sort(parts[k])
			where = append(where, fmt.Sprintf("%s %.1f", k, (parts[k][4]+parts[k][5])/2))
		}
		report = append(report, fmt.Sprintf("%dx%d: median %.1f ms, worst %.1f ms (medians: %s; to the frame that shows them: median %.1f ms, worst %.1f ms)", n, n, median, ms[9], strings.Join(where, ", "), (paint[4]+paint[5])/2, paint[9]))
		if os.Getenv("RJM_DESIGN_TIMING") != "" && (median > 50 || ms[9] > 100) {
			t.Errorf("%dx%d: a digit typed to the figures took %.1f ms median and %.1f ms worst (%v), want at most 50 and 100", n, n, median, ms[9], ms)
		}
	}
	t.Logf("a digit typed to the figures, in the page: %s", strings.Join(report, "; "))

	// Improve the rest, in the page: the 16-move 7×7 design with ten
	// cells locked (the start and the first nine of its solution) becomes
	// a unique solution of at least 20 moves, the locked cells untouched.
	b := maze.Board{Rows: 7, Cols: 7}
	m16 := must(design.Improve{Seed: 18, Steps: 500, Reward: 1}.Run(ctx, must(maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng.NewRand(18))), nil)).Best
	id16 := must(m16.ID())
	f16 := analysis.Analyze(graph.MustCompile(b), m16)
	if !f16.Unique || f16.GoalDepth != 16 {
		t.Fatalf("the starting design: %s", f16.Summary())
	}
	openWithEngine(t, ctx, ts.URL, id16)
	locked := f16.SolutionCells[:10]
	for _, i := range locked {
		c := m16.Cell(i)
		do_(t, ctx, chromedp.Focus(chromedp.CSS(fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))), chromedp.KeyEvent("l"))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#design-board .locked').length`); n != 10 {
		t.Fatalf("%d cells shown locked, want 10", n)
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("improve")))
	for deadline := time.Now().Add(patience); !strings.HasPrefix(eval[string](t, ctx, `document.getElementById('improve-status').textContent`), "Done"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("improve the rest did not end: %s", eval[string](t, ctx, `document.getElementById('improve-status').textContent`))
		}
	}
	t.Logf("improve the rest: %s", eval[string](t, ctx, `document.getElementById('improve-status').textContent`))
	for deadline := time.Now().Add(patience); eval[string](t, ctx, `document.getElementById('save-id').textContent`) == id16; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the improved maze was not made")
		}
	}
	better := must(maze.ParseID(eval[string](t, ctx, `document.getElementById('save-id').textContent`)))
	if f := analysis.Analyze(graph.MustCompile(b), better); !f.Unique || f.GoalDepth < 20 {
		t.Errorf("improved to %s, want a unique solution of at least 20 moves", f.Summary())
	}
	for _, i := range locked {
		if better.Jumps[i] != m16.Jumps[i] {
			t.Errorf("locked cell %v: jump %d → %d", m16.Cell(i), m16.Jumps[i], better.Jumps[i])
		}
	}

	// The server stopped: the page's engine still answers an edit.
	ts.Close()
	m, _ = maze.ParseID(eval[string](t, ctx, `document.getElementById('save-id').textContent`))
	id = typeJump(t, ctx, m, 1, 3)
	waitText(t, ctx, "save-id", id)
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, id)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// changedCells counts the cells whose view (jump, kind, depth, marks)
// differs between mazes a and b, as the library makes them.
func changedCells(t *testing.T, bench *design.Bench, a, b string) int {
	t.Helper()
	var views [2]*design.View
	for k, id := range []string{a, b} {
		m, err := maze.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		if views[k], err = bench.View(graph.MustCompile(m.Board), m); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for i := range views[0].Cells {
		x, _ := json.Marshal(views[0].Cells[i])
		y, _ := json.Marshal(views[1].Cells[i])
		if string(x) != string(y) {
			n++
		}
	}
	return n
}

// TestBrowserPrintPhone opens the print page of a 12×12 maze (its ID and
// solution long unbroken words) on a 390 px phone: nothing is wider than
// the screen.
func TestBrowserPrintPhone(t *testing.T) {
	ctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	emulate(t, ctx, viewports[0], false)
	b := maze.Board{Rows: 12, Cols: 12}
	m := must(design.Improve{Seed: 4, Steps: 20000}.Run(ctx, must(maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng.NewRand(4))), nil)).Best
	do_(t, ctx, chromedp.Navigate(ts.URL+"/print/"+must(m.ID())), chromedp.WaitVisible(chromedp.CSS(`.sheet .id`)))
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the print page is %d px wide at 390 px", w)
	}
}

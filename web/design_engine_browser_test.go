package web_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/design"
	"rjm/maze"
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
// are all kept; after each edit of 10 on 7×7, 10×10 and 12×12 at 1280 ×
// 800 the page shows the library's figures, and says how long the key
// took to them (data-edit-ms, measured in the page with
// performance.now()), logged here and held to the 50 ms median
// and 100 ms worst when RJM_DESIGN_TIMING is set (a quiet machine: the
// suite has no timed test otherwise); and with the server stopped, an edit
// still updates the figures.
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
	var id string
	for i := range 40 {
		id = typeJump(t, ctx, m, i, 2+i%2)
		time.Sleep(100 * time.Millisecond)
	}
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
		var ms []float64
		for k := range 10 {
			i := (k * 7) % (n*n - 1)
			id := typeJump(t, ctx, m, i, 2)
			waitText(t, ctx, "save-id", id)
			got, _ := strconv.ParseFloat(eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-edit-ms')`), 64)
			ms = append(ms, got)
			if drawn := eval[string](t, ctx, `document.getElementById('workbench').getAttribute('data-drawn')`); drawn == strconv.Itoa(n*n) {
				t.Errorf("%dx%d: an edit drew all %s cells again", n, n, drawn)
			}
			waitPredicted(t, ctx)
			checkDesignPage(t, ctx, bench, id)
		}
		slices.Sort(ms)
		median := (ms[4] + ms[5]) / 2
		report = append(report, fmt.Sprintf("%dx%d: median %.1f ms, worst %.1f ms", n, n, median, ms[9]))
		if os.Getenv("RJM_DESIGN_TIMING") != "" && (median > 50 || ms[9] > 100) {
			t.Errorf("%dx%d: a digit typed to the figures took %.1f ms median and %.1f ms worst (%v), want at most 50 and 100", n, n, median, ms[9], ms)
		}
	}
	t.Logf("a digit typed to the figures, in the page: %s", strings.Join(report, "; "))

	// The server stopped: the page's engine still answers an edit.
	ts.Close()
	m, _ = maze.ParseID(eval[string](t, ctx, `document.getElementById('save-id').textContent`))
	id = typeJump(t, ctx, m, 1, 3)
	waitText(t, ctx, "save-id", id)
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, id)
}

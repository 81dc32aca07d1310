package web_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
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
				waitPredicted(t, ctx) // the page's engine sends it after the figures
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

// TestBrowserDesignToGoal: with "Distance to goal" pressed, each cell's
// small number is design.GoalDistances' (the engine's backward search),
// after an edit too; pressed again, the depths come back.
func TestBrowserDesignToGoal(t *testing.T) {
	w := engine(t)
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Wasm: w})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	emulate(t, ctx, viewports[2], false)
	bench := design.NewBench(nil)
	id := "5x5:4313122314422334133211440"
	openWithEngine(t, ctx, ts.URL, id)
	shown := func(id string) {
		t.Helper()
		m, _ := maze.ParseID(id)
		var want []string
		for _, d := range design.GoalDistances(graph.MustCompile(m.Board), m) {
			if d < 0 {
				want = append(want, "−")
			} else {
				want = append(want, strconv.Itoa(d))
			}
		}
		got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#design-board [data-cell]')).map(g => (g.querySelector('.depth') || {}).textContent).join(' ')`)
		if got != strings.Join(want, " ") {
			t.Errorf("%s: distances to the goal %q, want %q", id, got, strings.Join(want, " "))
		}
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("to-goal")))
	shown(id)
	m, _ := maze.ParseID(id)
	id = typeJump(t, ctx, m, 7, 1+m.Jumps[7]%3)
	waitText(t, ctx, "save-id", id)
	shown(id)
	do_(t, ctx, chromedp.Click(chromedp.ID("to-goal")))
	checkDesignPage(t, ctx, bench, id)
}

// TestBrowserDesignLeadsHere: the cells marked when a cell is chosen are
// its predecessors in the move graph (graph.Graph.Preds), on a plain and
// a no-U-turn board, after an edit too.
func TestBrowserDesignLeadsHere(t *testing.T) {
	w := engine(t)
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Wasm: w})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	emulate(t, ctx, viewports[2], false)
	b := maze.Board{Rows: 5, Cols: 5}
	m := must(maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng.NewRand(5)))
	id := must(m.ID())
	openWithEngine(t, ctx, ts.URL, id)
	marked := 0
	check := func(i int) {
		t.Helper()
		c := m.Cell(i)
		do_(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))))
		var want []string
		g := graph.MustCompile(m.Board)
		g.Preds(m.Jumps)[i].Each(func(p int) { want = append(want, fmt.Sprintf("%d,%d", m.Cell(p).Row+1, m.Cell(p).Col+1)) })
		marked += len(want)
		got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#design-board .leads-here')).map(g => g.getAttribute('data-cell')).join(' ')`)
		if got != strings.Join(want, " ") {
			t.Errorf("%s: cell %v: marked %q, want %q", must(m.ID()), c, got, strings.Join(want, " "))
		}
	}
	check(m.Goal)
	check(12)
	id = typeJump(t, ctx, m, 12, 1+m.Jumps[12]%2)
	waitText(t, ctx, "save-id", id)
	check(12)
	check(m.Goal)
	if marked == 0 {
		t.Error("no cell checked has a cell leading to it: the test shows nothing")
	}
}

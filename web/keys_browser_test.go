package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/daily"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/web"
)

// TestBrowserKeysRightAfterLoad plays a torus maze on a phone with the
// arrow keys as soon as the page has loaded, without focusing the board:
// every key moves, none scrolls the page (but the win's own reveal); every cell is at least 44 px
// wide; once solved the end is marked and the path's steps are numbered,
// and the share text names the variant.
func TestBrowserKeysRightAfterLoad(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()

	b := maze.Board{Rows: 6, Cols: 6, Variant: maze.Variant{Torus: true}}
	rng := rand.New(rand.NewPCG(3, 4))
	var m *maze.Maze
	var sol *solve.Result
	for m == nil || sol.GoalDepth < 4 {
		var err error
		if m, err = maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng); err != nil {
			t.Fatal(err)
		}
		sol = solve.Solve(graph.MustCompile(b), m)
	}
	id, _ := m.ID()
	letters := sol.Letters()
	cellOf := func(i int) string { c := m.Cell(i); return fmt.Sprintf("%d,%d", c.Row+1, c.Col+1) }

	emulate(t, ctx, viewport{"phone360", 360, 640, true}, false)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+id), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	if w := eval[float64](t, ctx, `document.getElementById('board').getBoundingClientRect().width`); w < 44*6 {
		t.Errorf("the board is %.0f px wide on a phone: cells under 44 px", w)
	}
	if f := eval[string](t, ctx, `document.activeElement ? document.activeElement.tagName : ''`); f != "BODY" {
		t.Logf("focus starts on %s", f)
	}
	for k := range len(letters) {
		do_(t, ctx, chromedp.KeyEvent(arrows[letters[k]]))
		if got := current(t, ctx); got != cellOf(sol.Solution[k].To) {
			t.Fatalf("after key %d (%c) on %q, want %s", k+1, letters[k], got, cellOf(sol.Solution[k].To))
		}
		// The last key wins, and the win scrolls its result into view
		// (drawWin): that scroll is the page's, not the key's.
		if y := eval[float64](t, ctx, `window.scrollY`); y != 0 && k < len(letters)-1 {
			t.Fatalf("key %d scrolled the page to %v", k+1, y)
		}
	}
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
	artifact(t, ctx, "keys-solved-torus")
	if end := eval[string](t, ctx, `(document.querySelector('.cell.end') || {getAttribute: () => ''}).getAttribute('data-cell')`); end != cellOf(m.Goal) {
		t.Errorf("the end is marked on %q, want the goal %s", end, cellOf(m.Goal))
	}
	steps := eval[string](t, ctx, `Array.from(document.querySelectorAll('.step')).map(s => s.textContent).join(' ')`)
	for k := 0; k <= len(letters); k++ {
		if !strings.Contains(" "+strings.ReplaceAll(steps, ",", " ")+" ", fmt.Sprintf(" %d ", k)) {
			t.Errorf("step %d is not numbered on the board: %q", k, steps)
		}
	}
	if share := eval[string](t, ctx, `document.getElementById('share').textContent`); !strings.Contains(share, "torus") {
		t.Errorf("the share text does not name the variant: %q", share)
	}

	// A form field keeps its keys: typing in one moves nothing. The
	// restart is clicked from the page's script: the win's smooth scroll
	// may still be moving the button, and a click at where it was misses
	// (as it did with no screenshot taken in between).
	eval[bool](t, ctx, `(document.getElementById('restart').click(), true)`)
	waitFor(t, ctx, `document.querySelector('[aria-current="true"]') && document.querySelector('[aria-current="true"]').getAttribute('data-cell') === '`+cellOf(m.Start)+`'`, `'the player is on ' + (document.querySelector('[aria-current="true"]') || {getAttribute: () => 'no cell'}).getAttribute('data-cell')`)
	eval[bool](t, ctx, `(() => { const i = document.createElement('input'); i.id = 'probe'; document.body.appendChild(i); i.focus(); return true; })()`)
	do_(t, ctx, chromedp.KeyEvent(arrows[letters[0]]))
	if got := current(t, ctx); got != cellOf(m.Start) {
		t.Errorf("a key typed in a form field moved the player to %s", got)
	}
}

// tabTo presses Tab until the focus is on the element matched by css (at
// most 80 times), and fails saying where the focus went if it never is;
// each stop must show where the focus is (an outline).
func tabTo(t *testing.T, ctx context.Context, css, what string) {
	t.Helper()
	var seen []string
	for range 80 {
		do_(t, ctx, chromedp.KeyEvent(kb.Tab))
		at := eval[[]string](t, ctx, `(() => { const e = document.activeElement; if (!e || e === document.body) { return ['', '', '']; }
			const s = getComputedStyle(e); return [e.matches('`+css+`') ? 'yes' : '', e.id || e.getAttribute('href') || e.tagName, s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? 'ring' : '']; })()`)
		if at[1] != "" && at[2] == "" {
			t.Errorf("%s: the focus on %s shows no outline", what, at[1])
		}
		if at[0] == "yes" {
			return
		}
		seen = append(seen, at[1])
	}
	t.Fatalf("%s: Tab never reached %s; the focus went %v", what, css, seen)
}

// TestBrowserSiteByKeyboard plays the site with the keyboard alone, no
// pointer event at all, on a laptop: from Your stats the menu's Today
// (Tab, Enter) opens today's maze, the keys play it to the win, Tab then
// Enter opens the archive from the links after the game, and Tab then
// Enter its newest day, yesterday's maze. Every stop of the focus shows
// an outline.
func TestBrowserSiteByKeyboard(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	today := time.Now().UTC().Format(daily.DateLayout)
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format(daily.DateLayout)
	keys := solution(t, ts, today)
	emulate(t, ctx, viewport{"laptop", 1280, 800, false}, false)
	readAs(t, ctx, reader{viewport{"laptop", 1280, 800, false}, 16}, "UTC")

	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	tabTo(t, ctx, `header nav a[href="/"]`, "Your stats")
	do_(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	if got := eval[string](t, ctx, `JSON.parse(document.getElementById('game').getAttribute('data-game')).date`); got != today {
		t.Fatalf("Today opened %s, want %s", got, today)
	}
	waitToken(t, ctx, "today")
	for _, k := range keys {
		do_(t, ctx, chromedp.KeyEvent(k))
	}
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))

	tabTo(t, ctx, `#archive-link`, "after the win")
	do_(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.ID("archive")))
	tabTo(t, ctx, `#archive a[href="/d/`+yesterday+`"]`, "the archive")
	do_(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	if got := eval[string](t, ctx, `JSON.parse(document.getElementById('game').getAttribute('data-game')).date`); got != yesterday {
		t.Errorf("the archive's newest day opened %s, want yesterday, %s", got, yesterday)
	}
	artifact(t, ctx, "site-by-keyboard")
}

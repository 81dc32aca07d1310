package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// browser returns a tab for the test in a browser context of its own
// (its own storage, cache and service workers, as a fresh profile would
// have) of the one headless Chromium the test binary shares: starting a
// browser for each test cost more than most tests. The browser tests run
// in parallel with each other (they spend most of their time waiting on
// the page). Without Chromium the test skips, except under CI=true, where
// it must run.
func browser(t *testing.T) context.Context {
	t.Helper()
	t.Parallel()
	parent, err := sharedBrowser()
	if errors.Is(err, errNoChromium) {
		if os.Getenv("CI") == "true" {
			t.Fatal("no Chromium on the PATH, and CI=true needs the browser tests (apt-get install chromium)")
		}
		t.Skip("no Chromium on the PATH: browser tests skipped (install chromium to run them)")
	}
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

var errNoChromium = errors.New("no Chromium on the PATH")

// patience is how long a browser test waits for a page to reach a state
// before it fails: long, because only a failing test waits it out, and a
// machine busy with other work (or -cpu 16, or another Chromium) may take
// seconds where an idle one takes milliseconds.
const patience = time.Minute

// chromium is the browser the test binary shares, started by the first
// browser test and stopped by TestMain.
var chromium struct {
	sync.Mutex
	ctx  context.Context // the browser's first tab
	stop func()
	err  error
}

// sharedBrowser starts Chromium once and returns the context of its first
// tab, from which browser opens the tests' tabs.
func sharedBrowser() (context.Context, error) {
	chromium.Lock()
	defer chromium.Unlock()
	if chromium.ctx != nil || chromium.err != nil {
		return chromium.ctx, chromium.err
	}
	// $RJM_CHROMIUM names another build to test on (.ci/run runs the
	// player's tests on Chromium 148 too, fetched as a package).
	path := os.Getenv("RJM_CHROMIUM")
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if path != "" {
			break
		}
		if p, err := exec.LookPath(name); err == nil {
			path = p
		}
	}
	if path == "" {
		chromium.err = errNoChromium
		return nil, chromium.err
	}
	// The browser's clock in UTC, whatever the machine's zone: the tests
	// that play "today" name the date in UTC (the player's day is the
	// local date); a test of another zone overrides it in its tab.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.WindowSize(900, 1100), chromedp.Env("TZ=UTC"))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		cancelAlloc()
		chromium.err = fmt.Errorf("starting %s: %w", path, err)
		return nil, chromium.err
	}
	chromium.ctx, chromium.stop = ctx, func() { cancel(); cancelAlloc() }
	return ctx, nil
}

// TestMain stops the shared Chromium when the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	chromium.Lock()
	if chromium.stop != nil {
		chromium.stop()
	}
	chromium.Unlock()
	os.Exit(code)
}

// artifact keeps a screenshot in $RJM_ARTIFACTS (default: rjm-artifacts in
// the temporary directory) when RJM_ARTIFACTS is set or CI=true, and takes
// none otherwise: a full-page screenshot is a rendering and a PNG encoding
// in Chromium, of which the suite takes over a hundred, and a newcomer's
// run has no one to look at them.
func artifact(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("RJM_ARTIFACTS") == "" && os.Getenv("CI") != "true" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("RJM_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "rjm-artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, name+".png")
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", file)
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func do_(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// current returns the data-cell of the cell marked aria-current.
func current(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `(document.querySelector('[aria-current="true"]') || {getAttribute: () => ""}).getAttribute('data-cell')`)
}

var arrows = map[byte]string{'U': kb.ArrowUp, 'D': kb.ArrowDown, 'L': kb.ArrowLeft, 'R': kb.ArrowRight}

// TestBrowserPlay plays today's maze in Chromium: its solution by
// keyboard, then by clicking, the win message each time, the plays in
// /api/stats; undo and redo; a reload keeping the game.
func TestBrowserPlay(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return time.Now() }})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	reduceMotion(t, ctx, false) // no smooth scroll under the clicks after a win

	daily := do(t, ts, "GET", "/api/daily", "").json(t)
	id := daily["id"].(string)
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	sol := solve.Solve(graph.MustCompile(m.Board), m)
	letters := sol.Letters()
	cellOf := func(i int) string { c := m.Cell(i); return fmt.Sprintf("%d,%d", c.Row+1, c.Col+1) }

	do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	artifact(t, ctx, "today")
	if got := current(t, ctx); got != cellOf(m.Start) {
		t.Fatalf("standing on %q, want the start %s", got, cellOf(m.Start))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board [data-cell]').length`); n != m.Rows*m.Cols {
		t.Errorf("%d cells, want %d", n, m.Rows*m.Cols)
	}

	t.Run("by keyboard", func(t *testing.T) {
		do_(t, ctx, chromedp.Focus(chromedp.ID("board")))
		for k := range len(letters) {
			do_(t, ctx, chromedp.KeyEvent(arrows[letters[k]]))
			if got := current(t, ctx); got != cellOf(sol.Solution[k].To) {
				t.Fatalf("after move %d (%c) on %q, want %s", k+1, letters[k], got, cellOf(sol.Solution[k].To))
			}
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
		msg := eval[string](t, ctx, `document.getElementById('result').textContent`)
		if !strings.Contains(msg, fmt.Sprintf("Solved in %d moves", len(letters))) {
			t.Errorf("win message %q", msg)
		}
		artifact(t, ctx, "solved")
		do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="4"]`)), chromedp.WaitVisible(chromedp.ID("thanks")))
		if v := waitPlays(t, ts, id, 1); v.MeanRating != 4 {
			t.Errorf("the rating was not stored: %+v", v)
		}
	})

	t.Run("undo, redo and reload", func(t *testing.T) {
		do_(t, ctx, chromedp.Click(chromedp.ID("restart")))
		if got := current(t, ctx); got != cellOf(m.Start) || eval[bool](t, ctx, `!!document.querySelector('[data-state="solved"]')`) {
			t.Fatalf("after restart on %q, want the start, unsolved", got)
		}
		do_(t, ctx, chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(arrows[letters[0]]), chromedp.KeyEvent(arrows[letters[1]]))
		do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
		if got := current(t, ctx); got != cellOf(sol.Solution[0].To) {
			t.Errorf("after undo on %q, want %s", got, cellOf(sol.Solution[0].To))
		}
		do_(t, ctx, chromedp.Click(chromedp.ID("redo")))
		if got := current(t, ctx); got != cellOf(sol.Solution[1].To) {
			t.Errorf("after redo on %q, want %s", got, cellOf(sol.Solution[1].To))
		}
		do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
		if got, moves := current(t, ctx), eval[string](t, ctx, `document.getElementById('moves').textContent`); got != cellOf(sol.Solution[1].To) || moves != "2" {
			t.Errorf("after reload on %q with %s moves, want %s with 2", got, moves, cellOf(sol.Solution[1].To))
		}
	})

	t.Run("hints", func(t *testing.T) {
		do_(t, ctx, chromedp.Click(chromedp.ID("restart")), chromedp.Click(chromedp.ID("hint")))
		waitText(t, ctx, "announce", fmt.Sprintf("the goal is %d jumps away", len(letters)))
		do_(t, ctx, chromedp.Click(chromedp.ID("hint")))
		waitText(t, ctx, "announce", "Hint: jump")
		if got := eval[string](t, ctx, `document.querySelector('.cell.hinted').getAttribute('data-cell')`); got != cellOf(sol.Solution[0].To) {
			t.Errorf("the hint points to %s, want %s", got, cellOf(sol.Solution[0].To))
		}
	})

	t.Run("by clicking", func(t *testing.T) {
		do_(t, ctx, chromedp.Click(chromedp.ID("restart")))
		for _, mv := range sol.Solution {
			do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-cell="`+cellOf(mv.To)+`"]`)))
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)), chromedp.Click(chromedp.CSS(`[data-rate="0"]`)))
		waitPlays(t, ts, id, 2)
	})

	t.Run("show solution", func(t *testing.T) {
		do_(t, ctx, chromedp.Click(chromedp.ID("restart")), chromedp.Click(chromedp.ID("show")),
			chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
		waitText(t, ctx, "result", "The solution shown")
		if got := current(t, ctx); got != cellOf(m.Goal) {
			t.Errorf("after the solution on %q, want the goal", got)
		}
		if eval[bool](t, ctx, `!document.getElementById('rate').hidden`) {
			t.Error("a shown solution offers to be rated")
		}
		waitPlays(t, ts, id, 2) // not counted
	})
}

// waitText waits until the element with the id holds text.
func waitText(t *testing.T, ctx context.Context, id, text string) {
	t.Helper()
	var got string
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if got = eval[string](t, ctx, `document.getElementById('`+id+`').textContent`); strings.Contains(got, text) {
			return
		}
	}
	t.Errorf("#%s says %q, never %q", id, got, text)
}

// waitPlays waits until the stats of maze id count n plays, all solved,
// and returns them.
func waitPlays(t *testing.T, ts *httptest.Server, id string, n int) store.Stats {
	t.Helper()
	var v store.Stats
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		a := do(t, ts, "GET", "/api/stats?maze="+id, "")
		if json.Unmarshal([]byte(a.body), &v) == nil && v.Plays == n && v.Solved == n {
			return v
		}
	}
	t.Errorf("the stats of %s show %+v, never %d solved plays", id, v, n)
	return v
}

// TestBrowserPages opens every page in Chromium, checks that its script
// ran without error, and keeps a screenshot of each.
func TestBrowserPages(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	for name, path := range map[string]string{
		"archive": "/archive", "dashboard": "/dashboard", "generate": "/generate", "analyze": "/analyze", "print": "/print/" + figure1,
		"queen-torus": "/m/6x6-queen,torus:313132545351313104524521214133535251", "hex": "/m/5x5-hex:4431442231132042332114332",
		"no-u-turn": "/m/5x5-no-u-turn:3221413224201242333141433", "not-found": "/nowhere",
	} {
		do_(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitReady(chromedp.CSS("footer")))
		if strings.HasPrefix(path, "/m/") {
			// The player ran: it marked where the player stands.
			if current(t, ctx) == "" {
				t.Errorf("%s: no cell is marked current", path)
			}
		}
		artifact(t, ctx, name)
	}
}

// compassKeys are the keys the player takes for each compass direction.
var compassKeys = map[string]string{
	"N": kb.ArrowUp, "S": kb.ArrowDown, "W": kb.ArrowLeft, "E": kb.ArrowRight,
	"NW": kb.Home, "NE": kb.PageUp, "SW": kb.End, "SE": kb.PageDown,
}

// TestBrowserPlaysVariants solves a maze of each variant by keyboard:
// queen moves on a torus, hexagons, triangles, Abbott's no-U-turn rule and
// Loyd's exit ring.
func TestBrowserPlaysVariants(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	for _, id := range []string{
		"6x6-queen,torus:313132545351313104524521214133535251",
		"5x5-hex:4431442231132042332114332",
		"5x5-triangle:3554125164251046536422316",
		"5x5-no-u-turn:3221413224201242333141433",
		klondike,
	} {
		m, err := maze.ParseID(id)
		if err != nil {
			t.Fatal(err)
		}
		sol := solve.Solve(graph.MustCompile(m.Board), m)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+id), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)),
			chromedp.Focus(chromedp.ID("board")))
		for _, mv := range sol.Solution {
			do_(t, ctx, chromedp.KeyEvent(compassKeys[mv.Dir.Compass()]))
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
		if moves := eval[string](t, ctx, `document.getElementById('moves').textContent`); moves != fmt.Sprint(sol.GoalDepth) {
			t.Errorf("%s: solved in %s moves, want %d", id, moves, sol.GoalDepth)
		}
		// The solved view, its path numbered in discs, kept to be looked at.
		artifact(t, ctx, "solved-"+strings.NewReplacer(",", "-", ".", "-").Replace(strings.SplitN(id, ":", 2)[0]))
	}
}

// TestBrowserAccessibility runs axe-core (vendored in testdata/axe) on
// every page, a game under way included, and fails on any serious or
// critical violation.
func TestBrowserAccessibility(t *testing.T) {
	bctx := browser(t)
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 120*time.Second)
	defer cancel()
	for _, path := range []string{"/", "/m/" + figure1, "/m/6x6-queen,torus:313132545351313104524521214133535251",
		"/archive", "/dashboard", "/generate", "/analyze", "/print/" + figure1, "/nowhere"} {
		do_(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitReady(chromedp.CSS("footer")))
		if path == "/" {
			// A game under way: moves made, marks drawn.
			do_(t, ctx, chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(axe)+";true")); err != nil {
			t.Fatalf("loading axe-core: %v", err)
		}
		report, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document).then(r => JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + v.help + ' (' + v.nodes.map(n => n.target.join(' ')).join(', ') + ')')))`,
			func(p *runtime.EvaluateParams) { await := true; p.AwaitPromise = &await }))
		if err != nil {
			t.Fatalf("%s: axe.run: %v", path, err)
		}
		var violations []string
		if err := json.Unmarshal([]byte(report), &violations); err != nil {
			t.Fatal(err)
		}
		for _, v := range violations {
			t.Errorf("%s: %s", path, v)
		}
	}
}

// klondike is Loyd's "Back from the Klondike" (examples/klondike.txt): a
// queen maze on a round board inside an exit ring.
const klondike = "21x21s11.11-queen,exit:zzzzzzzzz477zzzzzzzzzzzzzzz544833463zzzzzzzzzz1451114517135zzzzzzz494967555876685zzzzz37298356739187585zzzz14784292711822763zzz7218553113133428613zz4267252422543281773zz4165111914344319827z435232232425351135537271511315332423775427252261244634121265188z4375193445294195748zz4167834341312323624zz7326153923215758954zzz16734811121228941zzzz25478756135787293zzzzz656467252263474zzzzzzz2312333213211zzzzzzzzzz744573447zzzzzzzzzzzzzzz334zzzzzzzzz"

// TestBrowserClicksTheExit solves Loyd's maze by clicking, the last
// click on the exit ring around the board.
func TestBrowserClicksTheExit(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	m, err := maze.ParseID(klondike)
	if err != nil {
		t.Fatal(err)
	}
	sol := solve.Solve(graph.MustCompile(m.Board), m)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+klondike), chromedp.WaitVisible(chromedp.CSS(`[data-exit]`)))
	for _, mv := range sol.Solution[:len(sol.Solution)-1] {
		c := m.Cell(mv.To)
		do_(t, ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))))
	}
	if !eval[bool](t, ctx, `document.querySelector('[data-exit]').classList.contains('target')`) {
		t.Fatal("the exit is not marked as a landing before the last move")
	}
	// Click the ring itself: its centre lies under the cells.
	eval[bool](t, ctx, `document.querySelector('[data-exit] rect').dispatchEvent(new MouseEvent('click', {bubbles: true}))`)
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
	artifact(t, ctx, "klondike-solved")
}

// TestBrowserPreferences emulates a reader who asks for more contrast and
// less motion: the page's colours switch to the high-contrast set, and
// "Show solution" plays every move at once instead of animating them
// (half a second a move otherwise).
func TestBrowserPreferences(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	features := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}, {Name: "prefers-contrast", Value: "more"}}
	do_(t, ctx, chromedp.Navigate("about:blank"))
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features}); err != nil {
		t.Fatal(err)
	}
	do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+figure1), chromedp.WaitReady(chromedp.CSS("footer")))
	if here := eval[string](t, ctx, `getComputedStyle(document.documentElement).getPropertyValue('--here').trim()`); here != "#ffd400" {
		t.Errorf("high contrast: --here is %q", here)
	}
	// The delays the page asks between moves, not the time they take
	// (which a busy machine stretches): none under reduced motion, half a
	// second each otherwise.
	eval[bool](t, ctx, `window.rjmDelays = []; const later = window.setTimeout; window.setTimeout = function (f, ms) { rjmDelays.push(ms || 0); return later.apply(this, arguments); }; true`)
	// The solution is drawn at once; Replay plays it on request.
	do_(t, ctx, chromedp.Click(chromedp.ID("show")), chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)),
		chromedp.Click(chromedp.ID("replay")))
	waitText(t, ctx, "announce", "Replayed")
	if delays := eval[[]int](t, ctx, `rjmDelays`); len(delays) < 13 || slices.Max(delays) > 0 { // 13 moves
		t.Errorf("reduced motion: the solution's moves were replayed with delays %v", delays)
	}
	artifact(t, ctx, "preferences")
}

// TestBrowserPlaysTheDrawing plays a maze with walls, a torus maze and a
// loops maze to the goal by keyboard, and checks that the board the
// browser shows, as the script leaves it, still draws what rjm render
// draws for the same maze: the same numbers in the same places, the same
// walls, loops and wrap-around frame.
func TestBrowserPlaysTheDrawing(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	mazes := playerMazes(t)
	for _, name := range []string{"walls", "torus.txt", "loops.txt"} {
		m := mazes[name]
		if name == "walls" {
			var err error
			if m, err = maze.ParseID("5x5:1314433324201332233314221:1000002000000001000000000"); err != nil {
				t.Fatal(err)
			}
		}
		id, _ := m.ID()
		sol := solve.Solve(graph.MustCompile(m.Board), m)
		if sol.GoalDepth <= 0 {
			t.Fatalf("%s: no solution", name)
		}
		do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+id), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)),
			chromedp.Focus(chromedp.ID("board")))
		for _, mv := range sol.Solution {
			do_(t, ctx, chromedp.KeyEvent(compassKeys[mv.Dir.Compass()]))
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-state="solved"]`)))
		if state := eval[string](t, ctx, `document.getElementById('board').getAttribute('data-state')`); state != "solved" {
			t.Errorf("%s: the board's data-state is %q, want solved", name, state)
		}
		svg := eval[string](t, ctx, `document.getElementById('board').outerHTML`)
		compareDrawings(t, name, svg, m)
		artifact(t, ctx, "drawing-"+strings.TrimSuffix(name, ".txt"))
	}
}

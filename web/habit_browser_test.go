package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"rjm/daily"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// viewport is a window the site is checked at: two phones and a laptop.
type viewport struct {
	name          string
	width, height int64
	mobile        bool
}

var viewports = []viewport{{"phone390", 390, 844, true}, {"phone360", 360, 740, true}, {"laptop", 1280, 800, false}}

// emulate sets the window's size and colour scheme.
func emulate(t *testing.T, ctx context.Context, v viewport, dark bool) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: v.width, Height: v.height, DeviceScaleFactor: 1, Mobile: v.mobile}); err != nil {
		t.Fatal(err)
	}
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}); err != nil {
		t.Fatal(err)
	}
}

// reduceMotion asks the page for reduced motion (prefers-reduced-motion:
// reduce), beside the colour scheme of emulate: a shown solution is then
// played without delays, so that a test waits on what the page does, not
// on its animation.
func reduceMotion(t *testing.T, ctx context.Context, dark bool) {
	t.Helper()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	features := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features}); err != nil {
		t.Fatal(err)
	}
}

// axeViolations runs axe-core on the page and returns its serious and
// critical violations.
func axeViolations(t *testing.T, ctx context.Context, axe string) []string {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](axe+";true")); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	report, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document).then(r => JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + v.help + ' (' + v.nodes.map(n => n.target.join(' ')).join(', ') + ')')))`,
		func(p *runtime.EvaluateParams) { await := true; p.AwaitPromise = &await }))
	if err != nil {
		t.Fatalf("axe.run: %v", err)
	}
	var violations []string
	if err := json.Unmarshal([]byte(report), &violations); err != nil {
		t.Fatal(err)
	}
	return violations
}

// evalAwait evaluates expr in the page and waits for the promise it
// returns.
func evalAwait[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// TestBrowserPhone opens today's maze, the archive, the dashboard and
// your stats at 390×844 and 360×740 (phones) and 1280×800, light and
// dark: no page scrolls sideways, the board's cells are at least 44 px
// or the board takes the full width, every button is at least 44 px, and
// the game's buttons sit under the board. axe-core finds no serious or
// critical violation in light or dark (on a phone, with a game solved and
// its stats shown). A screenshot of each is kept.
func TestBrowserPhone(t *testing.T) {
	t.Parallel() // and a tab for each size, in parallel
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServer(t, web.Options{Now: time.Now})
	today := do(t, ts, "GET", "/api/daily", "").json(t)
	m, err := maze.ParseID(today["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	sol := solve.Solve(graph.MustCompile(m.Board), m)
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format(daily.DateLayout)
	for _, v := range viewports {
		t.Run(v.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(browser(t), 120*time.Second)
			defer cancel()
			for _, dark := range []bool{false, true} {
				theme := map[bool]string{false: "light", true: "dark"}[dark]
				emulate(t, ctx, v, dark)
				// A device with yesterday solved on its date (as the archive
				// and your stats show it), and no game under way.
				do_(t, ctx, chromedp.Navigate(ts.URL+"/me"))
				eval[bool](t, ctx, `localStorage.clear(); RJM.record({date: '`+yesterday+`', maze: '5x5:x', par: 19, solved: true, onDay: true, moves: 21, seconds: 754, hints: 10}); true`)
				for _, path := range []string{"/", "/archive", "/dashboard", "/me"} {
					do_(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitReady(chromedp.CSS("footer")))
					where := fmt.Sprintf("%s at %s, %s", path, v.name, theme)
					if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
						t.Errorf("%s: the page scrolls %d px sideways", where, over)
					}
					small := eval[[]string](t, ctx, `[...document.querySelectorAll('button, .button')].filter(b => b.offsetParent).map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).map(r => r.width.toFixed(0) + '×' + r.height.toFixed(0))`)
					if len(small) > 0 {
						t.Errorf("%s: buttons under 44 px: %v", where, small)
					}
					if path == "/" {
						cell := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll('#board [data-cell]')].map(c => { const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); }))`)
						full := eval[bool](t, ctx, `document.getElementById('board').getBoundingClientRect().width >= document.querySelector('main').clientWidth - 33`)
						if cell < 44 && !full {
							t.Errorf("%s: cells of %.0f px on a board narrower than the page", where, cell)
						}
						if v.mobile && !eval[bool](t, ctx, `document.querySelector('.bar').getBoundingClientRect().top >= document.getElementById('board').getBoundingClientRect().bottom`) {
							t.Errorf("%s: the game's buttons are not under the board", where)
						}
					}
					if v.name == "phone390" {
						if path == "/" {
							// Solved, with your stats shown: the page after a win.
							do_(t, ctx, chromedp.Focus(chromedp.ID("board")))
							for _, mv := range sol.Solution {
								do_(t, ctx, chromedp.KeyEvent(compassKeys[mv.Dir.Compass()]))
							}
							do_(t, ctx, chromedp.WaitVisible(chromedp.ID("stats")))
						}
						for _, s := range axeViolations(t, ctx, string(axe)) {
							t.Errorf("%s: %s", where, s)
						}
					}
					name := strings.Trim(strings.ReplaceAll(path, "/", ""), " ")
					if name == "" {
						name = "today"
					}
					artifact(t, ctx, fmt.Sprintf("habit-%s-%s-%s", name, v.name, theme))
				}
			}
		})
	}
}

// solution returns the keys that solve the maze of date.
func solution(t *testing.T, ts *httptest.Server, date string) []string {
	t.Helper()
	a := do(t, ts, "GET", "/api/daily?date="+date, "").json(t)
	m, err := maze.ParseID(a["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, mv := range solve.Solve(graph.MustCompile(m.Board), m).Solution {
		keys = append(keys, compassKeys[mv.Dir.Compass()])
	}
	return keys
}

// play solves the maze on the page by keyboard.
func play(t *testing.T, ctx context.Context, keys []string) {
	t.Helper()
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)), chromedp.Focus(chromedp.ID("board")))
	for _, k := range keys {
		do_(t, ctx, chromedp.KeyEvent(k))
	}
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
}

// TestBrowserYourHistory keeps your history on the device: a streak of
// yesterday and today (solved on its date) shows in data-streak, the
// share text tells the moves, par and streak without the solution, the
// archive marks the days solved, a past day played counts for history
// but not for the streak, and export then import restores the history.
func TestBrowserYourHistory(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	reduceMotion(t, ctx, false) // no smooth scroll under the share button's click
	now := time.Now().UTC()
	today, yesterday, before := now.Format(daily.DateLayout), now.AddDate(0, 0, -1).Format(daily.DateLayout), now.AddDate(0, 0, -2).Format(daily.DateLayout)
	if before < daily.First {
		t.Skip("the clock is too close to the first maze of the day")
	}
	streak := func() string {
		return eval[string](t, ctx, `(document.querySelector('[data-streak]') || {getAttribute: () => 'none'}).getAttribute('data-streak')`)
	}

	// Yesterday solved on its date: a streak of one, kept as a player's
	// history would be.
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	eval[bool](t, ctx, `localStorage.clear(); RJM.record({date: '`+yesterday+`', maze: '5x5:x', par: 10, solved: true, onDay: true, moves: 12, seconds: 61, hints: 0}); true`)
	do_(t, ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	if s := streak(); s != "1" {
		t.Fatalf("with yesterday solved, data-streak=%s, want 1", s)
	}

	t.Run("a solved day raises the streak", func(t *testing.T) {
		keys := solution(t, ts, today)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/"))
		play(t, ctx, keys)
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("stats")))
		if s := streak(); s != "2" {
			t.Errorf("after solving today, data-streak=%s, want 2", s)
		}
		artifact(t, ctx, "habit-streak")
	})

	t.Run("the share text tells without spoiling", func(t *testing.T) {
		share := eval[string](t, ctx, `document.getElementById('share').textContent`)
		a := do(t, ts, "GET", "/api/daily", "").json(t)
		m, _ := maze.ParseID(a["id"].(string))
		sol := solve.Solve(graph.MustCompile(m.Board), m)
		if spoils(share, m.Notation(sol.Solution)) {
			t.Errorf("the share text %q gives away the solution %s", share, m.Notation(sol.Solution))
		}
		want := fmt.Sprintf("%d/%d moves", sol.GoalDepth, sol.GoalDepth)
		// At most two rows of ten squares: one a move, or one for every
		// few moves.
		per := (sol.GoalDepth + 19) / 20
		for _, w := range []string{today, want, "streak 2", "no hints", strings.Repeat("🟩", (sol.GoalDepth+per-1)/per/2)} {
			if !strings.Contains(share, w) {
				t.Errorf("the share text %q does not say %q", share, w)
			}
		}
		// Extra moves and moves made after a hint have squares of their own.
		if got := eval[string](t, ctx, `RJM.shareText({date: '2026-11-25', moves: 4, par: 2, ms: 61000, hints: 1, hinted: [1], streak: 3})`); got != "Rook Jumping Maze of the Day 2026-11-25\n4/2 moves · 1:01 · 1 hint · streak 3\n🟩💡🟧🟧" {
			t.Errorf("share text %q", got)
		}
		// The button copies it (or opens a phone's share sheet).
		do_(t, ctx, chromedp.Click(chromedp.ID("share-button")))
		waitText(t, ctx, "shared", ".")
	})

	t.Run("a past day counts for history, not the streak", func(t *testing.T) {
		keys := solution(t, ts, before)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/archive"), chromedp.WaitReady(chromedp.CSS("footer")))
		if got := eval[string](t, ctx, `document.querySelector('tr[data-date="`+yesterday+`"]').getAttribute('data-mine')`); got != "solved" {
			t.Errorf("the archive marks yesterday %q, want solved", got)
		}
		do_(t, ctx, chromedp.Click(chromedp.CSS(`a[href="/d/`+before+`"]`)))
		play(t, ctx, keys)
		if s := streak(); s != "2" {
			t.Errorf("after a past day, data-streak=%s, want 2", s)
		}
		if n := eval[string](t, ctx, `document.querySelector('[data-solved]').getAttribute('data-solved')`); n != "3" {
			t.Errorf("solved %s days, want 3", n)
		}
	})

	t.Run("export then import restores the history", func(t *testing.T) {
		do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
		before := eval[string](t, ctx, `document.getElementById('days').textContent`)
		// Follow the export link as a click does, but keep the file it
		// makes instead of downloading it (the page may not fetch blob:
		// addresses under its Content-Security-Policy).
		file := evalAwait[string](t, ctx, `(() => {
			const a = document.getElementById('export'), make = URL.createObjectURL;
			let blob;
			URL.createObjectURL = b => { blob = b; return make.call(URL, b); };
			a.addEventListener('click', e => e.preventDefault());
			a.click();
			return a.href.startsWith('blob:') && blob.type === 'application/json' ? blob.text() : 'no file';
		})()`)
		path := filepath.Join(t.TempDir(), "history.json")
		if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
			t.Fatal(err)
		}
		eval[bool](t, ctx, `localStorage.clear(); true`)
		do_(t, ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
		if s := streak(); s != "0" {
			t.Fatalf("after clearing, data-streak=%s", s)
		}
		do_(t, ctx, chromedp.SetUploadFiles(`#import-file`, []string{path}))
		waitText(t, ctx, "transfer-status", "Imported 3 days")
		if s := streak(); s != "2" {
			t.Errorf("after import, data-streak=%s, want 2", s)
		}
		if after := eval[string](t, ctx, `document.getElementById('days').textContent`); after != before {
			t.Errorf("after import your days read %q, want %q", after, before)
		}
		artifact(t, ctx, "habit-me")
	})
}

// spoils says whether text gives away a solution: its moves in order,
// written together, or as a subsequence of the text's capital letters
// (rook boards' U, D, L, R), or its compass codes in order.
func spoils(text, solution string) bool {
	if strings.Contains(text, solution) || strings.Contains(text, strings.ReplaceAll(solution, " ", "")) {
		return true
	}
	var caps []rune
	for _, r := range text {
		if r >= 'A' && r <= 'Z' {
			caps = append(caps, r)
		}
	}
	want := []rune(strings.ReplaceAll(solution, " ", ""))
	k := 0
	for _, r := range caps {
		if k < len(want) && r == want[k] {
			k++
		}
	}
	return k == len(want)
}

// TestShareNeverSpoils checks the test's own judge of spoiling.
func TestShareNeverSpoils(t *testing.T) {
	if !spoils("RJM · DRLU moves", "DRLU") || !spoils("D x R y L z U", "DRLU") || spoils("Rook Jumping Maze of the Day 2026-11-25\n13/13 moves", "DRLUDLRULLRDU") {
		t.Error("spoils judges wrongly")
	}
}

// offSwitch is a server that can be taken off the network: while down,
// every connection is closed unanswered, as a phone without signal sees.
type offSwitch struct {
	down atomic.Bool
	h    http.Handler
}

func (o *offSwitch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if o.down.Load() {
		if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
			c.Close()
		}
		return
	}
	o.h.ServeHTTP(w, r)
}

// setOffline takes the browser off the network or back: navigator.onLine
// and the online event, and every request of the page and of its service
// worker. It applies every one of offlineForms that works both ways on
// this browser (usableOfflineForms, found once per test binary), as
// versions differ in which forms they accept and honour, and returns
// their names; it fails when none works, or navigator.onLine disagrees.
// Some versions forget the state on a reload: call it again after one.
func setOffline(t *testing.T, ctx context.Context, off bool) string {
	t.Helper()
	offlineProbe.Do(func() { offlineProbe.forms = usableOfflineForms(t, ctx) })
	var names []string
	for _, f := range offlineProbe.forms {
		if err := f.apply(ctx, off); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		names = append(names, f.name)
	}
	if len(names) == 0 {
		t.Fatal("no way to go offline and back works on this browser (TestBrowserOfflineForms says why)")
	}
	if eval[bool](t, ctx, `navigator.onLine`) == off {
		t.Fatalf("navigator.onLine is %v after %s", !off, strings.Join(names, ", "))
	}
	return strings.Join(names, ", ")
}

// offlineProbe holds the offlineForms that work on the browser at hand:
// every browser test starts the same Chromium.
var offlineProbe struct {
	sync.Once
	forms []offlineForm
}

// usableOfflineForms tries every one of offlineForms on the browser of
// ctx, each in a tab of its own against a server of its own, and returns
// those that work both ways: going offline sets navigator.onLine to false
// and makes the page's requests fail, going back online undoes both. A
// form the browser refuses, or accepts without going offline, or cannot
// undo (Debian's Chromium 148 took emulateNetworkConditionsByRule's
// offline but kept navigator.onLine false after it), is logged and passed
// over: the calls used are those the running browser honours, whatever
// its version. The tab of a form that cannot be undone is closed with it.
func usableOfflineForms(t *testing.T, ctx context.Context) []offlineForm {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.URL.Path == "/ping" {
			fmt.Fprint(w, "pong")
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>offline</title><p>page")
	}))
	defer ts.Close()
	var usable []offlineForm
	for _, f := range offlineForms {
		if offlineFormWorks(t, ctx, ts.URL, f) {
			usable = append(usable, f)
		}
	}
	return usable
}

// offlineFormWorks tries form f in a new tab of the browser of ctx on the
// page at url, and says what it did.
func offlineFormWorks(t *testing.T, ctx context.Context, url string, f offlineForm) bool {
	t.Helper()
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	tab, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	do_(t, tab, chromedp.Navigate(url+"/"))
	const ping = `fetch('/ping', {cache: 'no-store'}).then(r => r.text(), e => 'failed')`
	if err := f.apply(tab, true); err != nil {
		t.Logf("%s: refused by this browser: %v", f.name, err)
		return false
	}
	if eval[bool](t, tab, `navigator.onLine`) {
		t.Logf("%s: accepted, but navigator.onLine stayed true: passed over on this browser", f.name)
		return false
	}
	if got := evalAwait[string](t, tab, ping); got != "failed" {
		t.Logf("%s: navigator.onLine is false, but a request was answered %q: passed over on this browser", f.name, got)
		return false
	}
	if err := f.apply(tab, false); err != nil {
		t.Logf("%s: going back online refused: %v: passed over on this browser", f.name, err)
		return false
	}
	if !eval[bool](t, tab, `navigator.onLine`) {
		t.Logf("%s: accepted, but cannot be undone (online again, navigator.onLine is false): passed over on this browser", f.name)
		return false
	}
	if got := evalAwait[string](t, tab, ping); got != "pong" {
		t.Logf("%s: accepted, but cannot be undone (online again, a request was answered %q): passed over on this browser", f.name, got)
		return false
	}
	t.Logf("%s: works", f.name)
	return true
}

// offlineForm is one way of asking a browser through the DevTools protocol
// to go offline or back online.
type offlineForm struct {
	name  string
	apply func(ctx context.Context, off bool) error
}

// offlineForms are the ways the DevTools protocol has had of taking a page
// and its service worker offline, newest first. Chromium has changed them
// from one version to the next (Debian's 148 refused the parameters that
// cdproto's typed Network.emulateNetworkConditionsByRule sends, "Invalid
// parameters (-32602)"), so the calls are sent as plain JSON with only
// the parameters each form's protocol declares, and setOffline applies
// every form that works both ways on the browser at hand
// (usableOfflineForms; TestBrowserOfflineForms logs what each form does).
var offlineForms = []offlineForm{
	{"overrideNetworkState and emulateNetworkConditionsByRule", func(ctx context.Context, off bool) error {
		if err := rawCall(ctx, "Network.overrideNetworkState", map[string]any{
			"offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
		}); err != nil {
			return err
		}
		rules := []map[string]any{}
		if off {
			rules = append(rules, map[string]any{"urlPattern": "", "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
		}
		return rawCall(ctx, "Network.emulateNetworkConditionsByRule", map[string]any{
			"emulateOfflineServiceWorker": off, "matchedNetworkConditions": rules,
		})
	}},
	{"emulateNetworkConditionsByRule with offline", func(ctx context.Context, off bool) error {
		rules := []map[string]any{}
		if off {
			rules = append(rules, map[string]any{"urlPattern": "", "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
		}
		return rawCall(ctx, "Network.emulateNetworkConditionsByRule", map[string]any{
			"offline": off, "emulateOfflineServiceWorker": off, "matchedNetworkConditions": rules,
		})
	}},
	{"emulateNetworkConditions", func(ctx context.Context, off bool) error {
		return rawCall(ctx, "Network.emulateNetworkConditions", map[string]any{
			"offline": off, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
		})
	}},
}

// rawCall sends one DevTools protocol command with params as they are.
func rawCall(ctx context.Context, method string, params map[string]any) error {
	_, err := chromedp.Call(ctx, cdp.Command[map[string]any, cdp.Empty]{Method: method}, params)
	return err
}

// waitFor waits until cond is true in the page, and fails saying what
// state says.
func waitFor(t *testing.T, ctx context.Context, cond, state string) {
	t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if eval[bool](t, ctx, cond) {
			return
		}
	}
	t.Fatalf("never %s: %s", cond, eval[string](t, ctx, state))
}

// TestBrowserOffline reloads today's maze without the network once the
// service worker is active: the page still shows the maze and plays it
// to the goal; the play waits on the device and reaches /api/stats once
// when the network returns, and sending it again (its client-made ID
// with it) does not count it twice.
func TestBrowserOffline(t *testing.T) {
	bctx := browser(t)
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	sw := &offSwitch{h: web.NewHandler(s, web.Options{Now: time.Now})}
	ts := httptest.NewServer(sw)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	// A win scrolls the result into view, smoothly unless motion is
	// reduced; a click during that scroll lands beside its button.
	reduceMotion(t, ctx, false)
	today := time.Now().UTC().Format(daily.DateLayout)
	keys := solution(t, ts, today)
	id := do(t, ts, "GET", "/api/daily", "").json(t)["id"].(string)

	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	eval[bool](t, ctx, `localStorage.clear(); true`)
	if !evalAwait[bool](t, ctx, `navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true : new Promise(ok => navigator.serviceWorker.addEventListener('controllerchange', () => ok(true))))`) {
		t.Fatal("no service worker controls the page")
	}

	sw.down.Store(true)
	t.Logf("offline through %s", setOffline(t, ctx, true))
	do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	// Some Chromium versions (150) forget the emulated network state when a
	// reload makes a new document; the server refused the reload's requests
	// all the same. Say it again for the play that follows.
	setOffline(t, ctx, true)
	if got := eval[string](t, ctx, `JSON.parse(document.getElementById('game').getAttribute('data-game')).id`); got != id {
		t.Fatalf("offline, the page shows maze %s, want today's %s", got, id)
	}
	play(t, ctx, keys)
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="5"]`)), chromedp.WaitVisible(chromedp.ID("queued")))
	if eval[bool](t, ctx, `document.getElementById('rate').offsetParent !== null`) {
		t.Error("the rating buttons still show after a rating")
	}
	pending := eval[string](t, ctx, `JSON.stringify(RJM.outbox())`)
	var plays []map[string]any
	if err := json.Unmarshal([]byte(pending), &plays); err != nil || len(plays) != 1 {
		t.Fatalf("offline, the outbox holds %s, want one play", pending)
	}
	client, _ := plays[0]["client"].(string)
	if len(client) < 8 || len(client) > 64 || strings.Trim(client, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
		t.Errorf("the play's client ID %q is not 8 to 64 of [A-Za-z0-9_-]", client)
	}
	artifact(t, ctx, "habit-offline")

	sw.down.Store(false)
	setOffline(t, ctx, false)
	waitFor(t, ctx, `!document.getElementById('thanks').hidden`, `'online ' + navigator.onLine + ', outbox ' + JSON.stringify(RJM.outbox())`)
	if n := eval[int](t, ctx, `RJM.outbox().length`); n != 0 {
		t.Errorf("online again, %d plays wait", n)
	}
	waitPlays(t, ts, id, 1)
	// A later visit sends nothing again.
	do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("thanks")))
	time.Sleep(300 * time.Millisecond)
	waitPlays(t, ts, id, 1)

	t.Run("a play sent again is stored once", func(t *testing.T) {
		// As when the answer to the first sending was lost: the same play,
		// its client ID with it, sent again.
		how := evalAwait[string](t, ctx, `RJM.send(`+pending+`[0])`)
		if how != "sent" {
			t.Fatalf("sending again: %s", how)
		}
		var v store.Stats
		a := do(t, ts, "GET", "/api/stats?maze="+id, "")
		if err := json.Unmarshal([]byte(a.body), &v); err != nil {
			t.Fatal(err)
		}
		if v.Plays != 1 {
			t.Errorf("the play sent again counts %d plays, want 1 (POST /api/plays stores a client ID once)", v.Plays)
		}
	})
}

// TestBrowserDarkAccessibility runs axe-core in the dark theme on the
// pages TestBrowserPhone does not open (the light theme is
// TestBrowserAccessibility's): a variant maze, the generator, the
// analyser with a report, the print page and the error page.
func TestBrowserDarkAccessibility(t *testing.T) {
	bctx := browser(t)
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	emulate(t, ctx, viewports[0], true)
	for _, path := range []string{"/m/6x6-queen,torus:313132545351313104524521214133535251", "/generate", "/analyze", "/print/" + figure1, "/nowhere"} {
		do_(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitReady(chromedp.CSS("footer")))
		if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
			t.Errorf("%s at %s: the page scrolls %d px sideways", path, viewports[0].name, over)
		}
		for _, s := range axeViolations(t, ctx, string(axe)) {
			t.Errorf("%s, dark: %s", path, s)
		}
	}
}

// TestBrowserOfflineForms tries every way offlineForms knows of going
// offline on the browser at hand (usableOfflineForms: a form the browser
// refuses, accepts without going offline, or cannot undo is logged and
// passed over, as another Chromium may need it). At least one form must
// take the page offline, make its requests fail although the server
// answers, and come back online, so that TestBrowserOffline can run on
// this browser.
func TestBrowserOfflineForms(t *testing.T) {
	bctx := browser(t)
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	if len(usableOfflineForms(t, ctx)) == 0 {
		t.Fatal("no way to go offline and back works on this browser")
	}
}

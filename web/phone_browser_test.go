package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
	"rjm/web"
)

// sunday is the phone tests' clock: the Saturday after the torus Sunday
// 2026-11-22, so that it and the no-U-turn Sunday 2026-11-08 are past.
var sunday = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

// phones are the windows a player's first screen is checked at.
var phones = []viewport{{"phone390", 390, 844, true}, {"phone360", 360, 740, true}}

// touch makes the page a touch screen's: a coarse pointer that does not
// hover, as a phone's.
func touch(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	if _, err := chromedp.Call(ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: on, MaxTouchPoints: 5}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmitTouchEventsForMouse, emulation.SetEmitTouchEventsForMouseParams{Enabled: on, Configuration: emulation.SetEmitTouchEventsForMouseConfigurationMobile}); err != nil {
		t.Fatal(err)
	}
}

// tap taps the element matched by css in its middle, with a finger.
func tap(t *testing.T, ctx context.Context, css string) {
	t.Helper()
	r := eval[[]float64](t, ctx, `(() => { const el = document.querySelector('`+css+`'); el.scrollIntoView({block: 'nearest', inline: 'nearest'}); const r = (el.querySelector('polygon') || el).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
	pt := []*input.TouchPoint{{X: r[0], Y: r[1]}}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pt}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}}); err != nil {
		t.Fatal(err)
	}
}

// view keeps a screenshot of what the window shows in $RJM_ARTIFACTS.
func view(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shot, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{})
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
	if err := os.WriteFile(file, shot.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", file)
}

// inView says whether the element matched by css lies wholly inside the
// window.
func inView(t *testing.T, ctx context.Context, css string) bool {
	t.Helper()
	return eval[bool](t, ctx, `(() => { const r = document.querySelector('`+css+`').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`)
}

// TestBrowserPhoneDay plays a torus Sunday and a no-U-turn Sunday on
// phones (390×844 and 360×740), as a thumb does: before any move the
// first screen holds the board, its rule in one line and the controls,
// and no keyboard help; after the solution is tapped the result comes
// into view on its own with the board's numbered path still in sight,
// and the share text carries the day's link, the share sheet the link
// as its own field, and neither the moves.
func TestBrowserPhoneDay(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return sunday }})
	ctx, cancel := context.WithTimeout(bctx, 150*time.Second)
	defer cancel()
	for _, day := range []struct {
		date    string
		variant maze.Variant
	}{{"2026-11-22", maze.Variant{Torus: true}}, {"2026-11-08", maze.Variant{NoUTurn: true}}} {
		a := do(t, ts, "GET", "/api/daily?date="+day.date, "").json(t)
		m, err := maze.ParseID(a["id"].(string))
		if err != nil {
			t.Fatal(err)
		}
		if m.Variant != day.variant {
			t.Fatalf("%s plays %v, want %v", day.date, m.Variant, day.variant)
		}
		sol := solve.Solve(graph.MustCompile(m.Board), m)
		rule := render.RuleLine(m.Board)
		url := ts.URL + "/d/" + day.date
		for _, v := range phones {
			where := day.date + " at " + v.name
			emulate(t, ctx, v, false)
			touch(t, ctx, true)
			do_(t, ctx, chromedp.Navigate(ts.URL+"/me"))
			eval[bool](t, ctx, `localStorage.clear(); true`)
			do_(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
			view(t, ctx, "phone-"+day.date+"-"+v.name+"-start")
			if got := eval[string](t, ctx, `document.getElementById('rule').textContent`); !strings.Contains(got, rule) {
				t.Errorf("%s: the rule line says %q, want %q", where, got, rule)
			}
			for _, css := range []string{"#rule", "#board", ".bar", "#rules-link"} {
				if !inView(t, ctx, css) {
					t.Errorf("%s: %s is not on the first screen", where, css)
				}
			}
			if lines := eval[float64](t, ctx, `(() => { const p = document.getElementById('rule'); return p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight); })()`); lines > 1.5 {
				t.Errorf("%s: the rule takes %.1f lines", where, lines)
			}
			if eval[bool](t, ctx, `!!document.getElementById('keys').offsetParent`) {
				t.Errorf("%s: a touch screen is told the keys", where)
			}

			for _, mv := range sol.Solution {
				c := m.Cell(mv.To)
				tap(t, ctx, fmt.Sprintf(`[data-cell="%d,%d"]`, c.Row+1, c.Col+1))
			}
			do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
			if n := eval[string](t, ctx, `document.getElementById('moves').textContent`); n != fmt.Sprint(sol.GoalDepth) {
				t.Fatalf("%s: solved in %s taps, want %d", where, n, sol.GoalDepth)
			}
			// The result scrolls into view on its own (smoothly: wait).
			var seen bool
			for deadline := time.Now().Add(patience); !seen && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				seen = inView(t, ctx, "#status")
			}
			if !seen {
				t.Errorf("%s: the result is not in view after the win: %v", where, eval[[]float64](t, ctx, `(() => { const r = document.getElementById('status').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()`))
			}
			// The solved path stays in sight: most of its step discs are on
			// the screen, the last one (the goal's) among them.
			discs := eval[[]float64](t, ctx, `(() => { const s = [...document.querySelectorAll('.step')].map(d => d.getBoundingClientRect()); const goal = document.querySelector('.cell.end .step').getBoundingClientRect(); return [s.length, s.filter(r => r.top >= 0 && r.bottom <= innerHeight).length, goal.top >= 0 && goal.bottom <= innerHeight ? 1 : 0]; })()`)
			if discs[0] == 0 || discs[1] < discs[0]/2 || discs[2] != 1 {
				t.Errorf("%s: after the win %v of %v step discs are in view (the goal's: %v)", where, discs[1], discs[0], discs[2] == 1)
			}
			view(t, ctx, "phone-"+day.date+"-"+v.name+"-solved")
			summary := eval[string](t, ctx, `document.getElementById('summary').textContent`)
			if want := fmt.Sprintf("%d/%d moves", sol.GoalDepth, sol.GoalDepth); !strings.Contains(summary, want) || !strings.Contains(summary, ":") {
				t.Errorf("%s: the result says %q, want the moves against par (%s) and the time", where, summary, want)
			}
			share := eval[string](t, ctx, `document.getElementById('share').textContent`)
			if !strings.Contains(share, url) || spoils(share, m.Notation(sol.Solution)) {
				t.Errorf("%s: the share text %q lacks %s or gives away %s", where, share, url, m.Notation(sol.Solution))
			}
			// The share sheet gets the link as its own field.
			eval[bool](t, ctx, `navigator.share = d => { window.shared = d; return Promise.resolve(); }; true`)
			tap(t, ctx, "#share-button")
			waitText(t, ctx, "shared", "Shared.")
			if got := eval[string](t, ctx, `window.shared ? window.shared.url : ''`); got != url {
				t.Errorf("%s: the share sheet got the link %q, want %q", where, got, url)
			}
			if got := eval[string](t, ctx, `window.shared ? window.shared.text : ''`); strings.Contains(got, url) || !strings.Contains(got, day.date) {
				t.Errorf("%s: the share sheet's text is %q: the day without the link", where, got)
			}
		}
	}
	touch(t, ctx, false)
}

// TestBrowserDayByKeyboard plays the torus Sunday with the keyboard
// alone on a laptop: the keys are told under the board, and the win
// comes into view.
func TestBrowserDayByKeyboard(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return sunday }})
	ctx, cancel := context.WithTimeout(bctx, 60*time.Second)
	defer cancel()
	emulate(t, ctx, viewport{"laptop", 1280, 720, false}, true)
	keys := solution(t, ts, "2026-11-22")
	do_(t, ctx, chromedp.Navigate(ts.URL+"/d/2026-11-22"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	if !eval[bool](t, ctx, `!!document.getElementById('keys').offsetParent`) {
		t.Error("a laptop is not told the keys")
	}
	for _, k := range keys {
		do_(t, ctx, chromedp.KeyEvent(k))
	}
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
	var seen bool
	for deadline := time.Now().Add(patience); !seen && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		seen = inView(t, ctx, "#status")
	}
	if !seen {
		t.Error("the result is not in view after a win by keyboard")
	}
	view(t, ctx, "keyboard-2026-11-22-laptop-dark")
}

// TestBrowserWideBoards opens boards wider than a phone: Loyd's Klondike
// opens on its start, in the middle of a board that says it scrolls (on
// a laptop, whole); a 6×6 loops board shows all its cells, its loops'
// margins trimmed evenly.
func TestBrowserWideBoards(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	k, err := maze.ParseID(klondike)
	if err != nil {
		t.Fatal(err)
	}
	start := fmt.Sprintf(`[data-cell="%d,%d"]`, k.Cell(k.Start).Row+1, k.Cell(k.Start).Col+1)
	loops := playerMazes(t)["loops"]
	loopsID, _ := loops.ID()
	for _, v := range phones {
		emulate(t, ctx, v, false)
		touch(t, ctx, true)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+klondike), chromedp.WaitVisible(chromedp.CSS(start)))
		view(t, ctx, "wide-klondike-"+v.name)
		if !inView(t, ctx, start) {
			t.Errorf("Klondike at %s: the start %s is off the screen", v.name, start)
		}
		if eval[bool](t, ctx, `document.getElementById('scroll-hint').hidden`) || !eval[bool](t, ctx, `(() => { const f = document.getElementById('board-frame').classList; return f.contains('more-left') && f.contains('more-right'); })()`) {
			t.Errorf("Klondike at %s: the board does not say it scrolls", v.name)
		}
		do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+loopsID), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
		view(t, ctx, "wide-loops-"+v.name)
		cut := eval[[]string](t, ctx, `(() => { const w = document.getElementById('board-wrap').getBoundingClientRect(); return [...document.querySelectorAll('#board [data-cell] polygon')].filter(p => { const r = p.getBoundingClientRect(); return r.left < w.left - 0.5 || r.right > w.right + 0.5; }).map(p => p.parentNode.getAttribute('data-cell')); })()`)
		if len(cut) > 0 {
			t.Errorf("loops %s at %s: cells cut at load: %v", loopsID, v.name, cut)
		}
		if !eval[bool](t, ctx, `document.getElementById('scroll-hint').hidden`) {
			t.Errorf("loops at %s: every cell is in view, yet a line says the board scrolls", v.name)
		}
	}
	touch(t, ctx, false)

	// A laptop gives Loyd's board the page's width: it does not scroll.
	emulate(t, ctx, viewport{"laptop", 1280, 900, false}, true)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/m/"+klondike), chromedp.WaitVisible(chromedp.CSS(start)))
	view(t, ctx, "wide-klondike-laptop-dark")
	if !inView(t, ctx, start) || eval[bool](t, ctx, `(() => { const w = document.getElementById('board-wrap'); return w.scrollWidth > w.clientWidth + 1; })()`) {
		t.Error("Klondike on a laptop: the board scrolls, or its start is off the screen")
	}
}

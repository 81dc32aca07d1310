package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/web"
)

// TestBrowserNarrowReader reads the site as a player with a 360×640 phone
// and the text doubled would (an outsider's findings): the /me and
// /archive tables scroll in their own box, never the page; and a refused
// tap's reason is in the window, on a 360×640 phone at the default text
// size and at 200%, where its line under the controls is below the fold.
func TestBrowserNarrowReader(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return sunday }})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	small := reader{viewport{"phone360x640", 360, 640, true}, 16}
	big := reader{viewport{"phone360-text200", 360, 640, true}, 32}

	// A week of history, so that /me has its table.
	readAs(t, ctx, big, "UTC")
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	eval[bool](t, ctx, `(() => { const days = {};
		for (let d = 2; d <= 8; d++) { const date = '2026-11-0' + d;
			days[date] = {date: date, maze: '', par: 20 + d, solved: d % 2 === 0, onDay: true, gaveUp: d % 2 === 1, moves: 22 + d, seconds: 600 + d, hints: d, undos: 10 + d, restarts: 3}; }
		localStorage.setItem('rjm:history', JSON.stringify({version: 1, days: days})); return true; })()`)
	const sideways = `document.documentElement.scrollWidth > innerWidth`
	for _, path := range []string{"/me", "/archive"} {
		do_(t, ctx, chromedp.Navigate(ts.URL+path), chromedp.WaitReady(chromedp.CSS("footer")))
		if path == "/me" {
			waitUntil(t, ctx, `!!document.querySelector('table.history')`, "the history table")
		}
		if eval[bool](t, ctx, sideways) {
			w := eval[float64](t, ctx, `document.documentElement.scrollWidth`)
			t.Errorf("%s at 360 px with the text doubled: the page is %.0f px wide and scrolls sideways", path, w)
		}
		artifact(t, ctx, "narrow"+strings.ReplaceAll(path, "/", "-"))
	}

	// A refused tap: the cell (2,2) is no jump from the start of
	// Thursday's 7×7.
	const inWindow = `(() => { const r = document.getElementById('announce').getBoundingClientRect();
		return document.getElementById('announce').textContent !== '' && r.top >= 0 && r.bottom <= innerHeight; })()`
	for _, r := range []reader{small, big} {
		readAs(t, ctx, r, "UTC")
		fresh(t, ctx, ts.URL, "/d/2026-11-05")
		say := eval[string](t, ctx, `(() => { const moves = ['1,2','2,1','2,2','3,3']; for (const c of moves) {
			const el = document.querySelector('[data-cell="'+c+'"]'); if (!el.classList.contains('target')) { return c; } } return ''; })()`)
		if say == "" {
			t.Fatalf("%s: no unmarked cell among the tried ones", r.name)
		}
		tap(t, ctx, `[data-cell="`+say+`"]`)
		text := eval[string](t, ctx, `document.getElementById('announce').textContent`)
		if !strings.Contains(text, "You cannot jump to") {
			t.Fatalf("%s: a tap on %s said %q", r.name, say, text)
		}
		if !eval[bool](t, ctx, inWindow) {
			t.Errorf("%s: the refused tap's reason %q is out of the window", r.name, text)
		}
		artifact(t, ctx, "narrow-refused-"+r.name)
	}
}

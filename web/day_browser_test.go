package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rjm/daily"
	"rjm/maze"
	"rjm/web"
)

// reader is a window and a text size the daily habit is checked at: the
// two phones, and the first at 200% text (the browser's default font
// size 32 px, as a reader who asks for large text has it).
type reader struct {
	viewport
	text int64 // the default font size, px
}

var readers = []reader{{phones[0], 16}, {phones[1], 16}, {viewport{"phone390-text200", 390, 844, true}, 32}}

// readAs sets the window, a touch screen, the text size and the time
// zone (an IANA name) of the tab.
func readAs(t *testing.T, ctx context.Context, r reader, zone string) {
	t.Helper()
	emulate(t, ctx, r.viewport, false)
	touch(t, ctx, r.mobile)
	if _, err := chromedp.Call(ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: r.text, Fixed: r.text * 13 / 16}}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone}); err != nil {
		t.Fatal(err)
	}
}

// fresh opens /me, forgets this browser's storage and opens path.
func fresh(t *testing.T, ctx context.Context, url, path string) {
	t.Helper()
	do_(t, ctx, chromedp.Navigate(url+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	eval[bool](t, ctx, `localStorage.clear(); true`)
	do_(t, ctx, chromedp.Navigate(url+path), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
}

// game returns the page's stored game (localStorage rjm:play:…).
const game = `(function () { for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i);
	if (k.indexOf('rjm:play:') === 0) { return JSON.parse(localStorage.getItem(k)); } } return {}; })()`

// waitUntil waits until cond is true in the page, and fails naming what
// was awaited.
func waitUntil(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if eval[bool](t, ctx, cond) {
			return
		}
	}
	t.Fatalf("%s: never %s", what, cond)
}

// clockText writes whole seconds as the page's clock does (m:ss).
func clockText(s int) string { return fmt.Sprintf("%d:%02d", s/60, s%60) }

// TestBrowserOneAccount plays today's maze at 390 and 360 px and at 200%
// text, as the player did: no move for a while (the clock waits
// for the first move), two hints, a jump undone, a restart, then the
// solution. The win screen, the share, your history (/me) and the play
// the server stored tell the same account: the two hints, the undo and
// the restart, and the same time in whole seconds. After the win the
// countdown to the player's midnight, yesterday's maze and the archive
// are one tap away, every one a target of at least 44 px (as are the
// Rules link, Print this maze and the menu's Tools), and the share is a
// summary line and at most two rows of squares. The page never scrolls
// sideways; the board's cells are at least 44 px wide (the board sized
// from the window: TestBrowserBoardFits).
func TestBrowserOneAccount(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 4*time.Minute)
	defer cancel()
	today := time.Now().UTC().Format(daily.DateLayout)
	keys := solution(t, ts, today)
	squares := regexp.MustCompile(`^[🟩🟧💡]+$`)

	for i, r := range readers {
		where := r.name
		readAs(t, ctx, r, "UTC")
		reduceMotion(t, ctx, false)
		fresh(t, ctx, ts.URL, "/")
		waitToken(t, ctx, where)

		// The clock waits for the first move.
		time.Sleep(1200 * time.Millisecond)
		if c := eval[string](t, ctx, `document.getElementById('clock').textContent`); c != "0:00" {
			t.Errorf("%s: before any move the clock says %s", where, c)
		}
		// Two hints, where the player stands (the distance, then the jump).
		for n := 1; n <= 2; n++ {
			tap(t, ctx, "#hint")
			waitUntil(t, ctx, fmt.Sprintf(`(%s).hints === %d`, game, n), where+": a hint")
		}
		if eval[bool](t, ctx, `(`+game+`).started`) {
			t.Errorf("%s: hints started the clock", where)
		}
		do_(t, ctx, chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(keys[0]), chromedp.KeyEvent("u"), chromedp.KeyEvent(keys[0]))
		time.Sleep(1100 * time.Millisecond) // a second on the clock, before the restart
		tap(t, ctx, "#restart")
		waitUntil(t, ctx, `(`+game+`).restarts === 1`, where+": restarted")
		play(t, ctx, keys)

		summary := eval[string](t, ctx, `document.getElementById('summary').textContent`)
		share := eval[string](t, ctx, `document.getElementById('share').textContent`)
		want := fmt.Sprintf("%d/%d moves", len(keys), len(keys))
		for _, w := range []string{want, "2 hints", "1 undo", "1 restart"} {
			if !strings.Contains(summary, w) {
				t.Errorf("%s: the win says %q, not %q", where, summary, w)
			}
			if !strings.Contains(share, w) {
				t.Errorf("%s: the share says %q, not %q", where, share, w)
			}
		}
		winClock := strings.Split(summary, " · ")[1]
		if !strings.Contains(share, " · "+winClock+" · ") {
			t.Errorf("%s: the share %q does not say the win's time %s", where, share, winClock)
		}
		// A summary line and at most two rows of at most ten squares.
		lines := strings.Split(share, "\n")
		rows := 0
		for _, l := range lines {
			if squares.MatchString(l) {
				rows++
				if n := len([]rune(l)); n > 10 {
					t.Errorf("%s: a share row of %d squares: %q", where, n, l)
				}
			}
		}
		if rows < 1 || rows > 2 || len(lines) > 5 {
			t.Errorf("%s: the share has %d rows of squares in %d lines: %q", where, rows, len(lines), share)
		}

		// The countdown and the links.
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("next")))
		left := time.Until(time.Now().UTC().Truncate(24 * time.Hour).Add(24 * time.Hour))
		cd := eval[string](t, ctx, `document.getElementById('countdown').textContent`)
		var h, m, s int
		if _, err := fmt.Sscanf(cd, "%d:%d:%d", &h, &m, &s); err != nil && left >= time.Hour {
			t.Errorf("%s: the countdown says %q", where, cd)
		} else if got := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s)*time.Second; left >= time.Hour && (got > left+2*time.Second || got < left-5*time.Second) {
			t.Errorf("%s: the countdown says %s, but midnight is %s away", where, cd, left.Round(time.Second))
		}
		yesterday := time.Now().UTC().AddDate(0, 0, -1).Format(daily.DateLayout)
		if href := eval[string](t, ctx, `document.getElementById('yesterday').getAttribute('href')`); yesterday >= daily.First && href != "/d/"+yesterday {
			t.Errorf("%s: yesterday's maze links to %q", where, href)
		}
		for _, css := range []string{"#yesterday", "#archive-link", "#share-button", "#rules-link", "#print-link", ".tools summary"} {
			if size := eval[[]float64](t, ctx, `(() => { const r = document.querySelector('`+css+`').getBoundingClientRect(); return [r.width, r.height]; })()`); size[0] < 44 || size[1] < 44 {
				t.Errorf("%s: %s is %.1f×%.1f px, under 44 px", where, css, size[0], size[1])
			}
		}
		rem := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.documentElement).fontSize)`)
		if rem != float64(r.text) {
			t.Errorf("%s: 1rem is %v px, want the reader's %d", where, rem, r.text)
		}
		if w := eval[float64](t, ctx, `document.querySelector('[data-cell="1,1"] polygon').getBoundingClientRect().width`); w < 44-0.5 {
			t.Errorf("%s: a cell is %.1f px wide, under 44 px", where, w)
		}
		if eval[bool](t, ctx, `document.documentElement.scrollWidth > innerWidth`) {
			t.Errorf("%s: the page scrolls sideways", where)
		}
		// The step numbers of the solved board are legible: at least
		// 0.75rem (12 px at the default text size).
		if h := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll('#board .step text')].map(e => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a))`); h < 0.75*rem-0.1 {
			t.Errorf("%s: a step number is drawn at %.1f px, under 0.75rem (%.1f px)", where, h, 0.75*rem)
		}
		view(t, ctx, "account-"+where+"-won")

		// The server's play.
		do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="4"]`)))
		log := waitLog(t, st, i+1)
		p := log[i]
		if !p.Solved || p.Hints != 2 || p.Undos != 1 || p.Restarts != 1 || p.Hard || p.Length != len(keys) || clockText(int(p.Seconds)) != winClock {
			t.Errorf("%s: the server stored %+v; the win said %s with 2 hints, 1 undo and 1 restart", where, p, winClock)
		}

		// Your history says the same.
		do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitVisible(chromedp.CSS(`#days tr[data-date="`+today+`"]`)))
		row := eval[[]string](t, ctx, `[...document.querySelectorAll('#days tr[data-date="`+today+`"] td')].map(td => td.textContent)`)
		if len(row) < 6 || row[2] != fmt.Sprintf("%d/%d", len(keys), len(keys)) || row[3] != winClock || row[4] != "2" || row[5] != "1 · 1" {
			t.Errorf("%s: /me shows %q; the win said %s, %s, 2 hints, 1 undo, 1 restart", where, row, want, winClock)
		}
	}
	// The dashboard reads the stored account: every play of the day used
	// hints, undid a move and was begun again, none in hard mode.
	id := do(t, ts, "GET", "/api/daily?date="+today, "").json(t)["id"].(string)
	html := do(t, ts, "GET", "/dashboard", "").body
	row := regexp.MustCompile(`<tr data-account="` + regexp.QuoteMeta(id) + `">.*?</tr>`).FindString(html)
	if !strings.Contains(row, fmt.Sprintf("<td>%d</td><td>100%%</td><td>100%%</td><td>100%%</td><td>0%%</td>", len(readers))) {
		t.Errorf("the dashboard's account of %s: %q", id, row)
	}
}

// TestBrowserGiveUpAtOnce gives up after one jump at 390 and 360 px and
// at 200% text: the result "gave up" comes at once with the whole
// solution drawn on the board (a step disc on every cell of its path),
// no half-second a jump; a reload opens it so, Replay plays the path
// (the cursor walks it, the game unchanged), and /me shows the moves and
// time played before giving up.
func TestBrowserGiveUpAtOnce(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	today := time.Now().UTC().Format(daily.DateLayout)
	keys := solution(t, ts, today)
	steps := `[...document.querySelectorAll('#board .step text')].map(t => t.textContent).join(',').split(',').length`

	for i, r := range readers {
		where := r.name
		readAs(t, ctx, r, "UTC")
		emulate(t, ctx, r.viewport, false) // motion as the reader has it: a replay would take 0.5 s a jump
		fresh(t, ctx, ts.URL, "/")
		waitToken(t, ctx, where)
		do_(t, ctx, chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(keys[0]))
		time.Sleep(1100 * time.Millisecond)
		tap(t, ctx, "#giveup")
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("giveup-yes")))
		asked := time.Now()
		tap(t, ctx, "#giveup-yes")
		waitUntil(t, ctx, `document.getElementById('status').getAttribute('data-state') === 'solved'`, where+": given up")
		if d := time.Since(asked); d > 5*time.Second {
			t.Errorf("%s: the result took %s after Yes, give up", where, d)
		}
		if n := eval[int](t, ctx, steps); n != len(keys)+1 {
			t.Errorf("%s: given up, the board numbers %d steps, want the solution's %d", where, n, len(keys)+1)
		}
		summary := eval[string](t, ctx, `document.getElementById('summary').textContent`)
		if !strings.HasPrefix(summary, "Gave up after 1 move") || !strings.Contains(summary, fmt.Sprintf("the solution: %d moves", len(keys))) {
			t.Errorf("%s: the result says %q", where, summary)
		}
		gaveClock := strings.Split(summary, " · ")[1]
		if p := waitLog(t, st, i+1)[i]; p.Ending != "gave_up" || clockText(int(p.Seconds)) != gaveClock {
			t.Errorf("%s: the server stored %+v; the page said %s", where, p, gaveClock)
		}
		view(t, ctx, "giveup-at-once-"+where)

		// Reopened: the same, and Replay walks the path.
		do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
		if s := eval[string](t, ctx, `document.getElementById('summary').textContent`); s != summary {
			t.Errorf("%s: reopened, the result says %q, was %q", where, s, summary)
		}
		if n := eval[int](t, ctx, steps); n != len(keys)+1 {
			t.Errorf("%s: reopened, the board numbers %d steps, want %d", where, n, len(keys)+1)
		}
		reduceMotion(t, ctx, false)
		tap(t, ctx, "#replay")
		waitUntil(t, ctx, `document.getElementById('announce').textContent.indexOf('Replayed') === 0`, where+": replayed")
		if n := eval[int](t, ctx, steps); n != len(keys)+1 {
			t.Errorf("%s: replayed, the board numbers %d steps, want %d", where, n, len(keys)+1)
		}
		do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitVisible(chromedp.CSS(`#days tr[data-date="`+today+`"]`)))
		row := eval[[]string](t, ctx, `[...document.querySelectorAll('#days tr[data-date="`+today+`"] td')].map(td => td.textContent)`)
		if len(row) < 4 || row[1] != "no (gave up)" || !strings.HasPrefix(row[2], "1/") || row[3] != gaveClock {
			t.Errorf("%s: /me shows %q for the day given up after 1 move in %s", where, row, gaveClock)
		}
	}
}

// TestBrowserRefusedJumpSaysWhy taps, on phones and at 200% text, a
// cell the player cannot jump to: behind a wall, and a blocked cell; the
// page says why in the words the server's model gives (the engine's
// diagnosis), not only that the jump is refused.
func TestBrowserRefusedJumpSaysWhy(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	for _, c := range []struct{ text, cell, says string }{
		{"wall 1,1 1,2\n1 1 1\n1 1 1\n1 1 G\n", "1,2", "would cross a wall"},
		{"1 X 1\n1 1 1\n1 1 G\n", "1,2", "would land on a blocked cell"},
	} {
		m, err := maze.ParseText([]byte(c.text), maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range readers {
			readAs(t, ctx, r, "UTC")
			fresh(t, ctx, ts.URL, "/m/"+id)
			tap(t, ctx, `[data-cell="`+c.cell+`"]`)
			if got := eval[string](t, ctx, `document.getElementById('announce').textContent`); !strings.Contains(got, c.says) {
				t.Errorf("%s: %s: tapping %s says %q, not why (%q)", r.name, id, c.cell, got, c.says)
			}
			if current(t, ctx) != "1,1" {
				t.Errorf("%s: %s: the refused jump moved the player", r.name, id)
			}
		}
	}
}

// TestBrowserPlayersDay opens the front page in a time zone east of UTC
// (UTC+14, the earliest) and one west (UTC−11): the maze shown is the
// player's local date's, the countdown runs to the player's midnight, and
// the site refuses the date after the newest that is today somewhere.
// The archive goes by the player's day too: its "today" is the local
// date, its newest row the local yesterday, and no row the local today
// or later; and /api/daily asked with the page's own UTC offset answers
// the local date.
func TestBrowserPlayersDay(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 4*time.Minute)
	defer cancel()
	for _, z := range []struct {
		name   string
		offset int
	}{{"Pacific/Kiritimati", 14}, {"Pacific/Pago_Pago", -11}} {
		readAs(t, ctx, readers[0], z.name)
		now := time.Now().In(time.FixedZone(z.name, z.offset*3600))
		want := now.Format(daily.DateLayout)
		fresh(t, ctx, ts.URL, "/")
		if got := eval[string](t, ctx, `JSON.parse(document.getElementById('game').getAttribute('data-game')).date`); got != want {
			t.Errorf("%s: the front page shows %s, want the local date %s", z.name, got, want)
		}
		if got := eval[string](t, ctx, `RJM.today()`); got != want {
			t.Errorf("%s: the player's today is %s, want %s", z.name, got, want)
		}
		midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, now.Location())
		if got := time.Duration(eval[float64](t, ctx, `RJM.untilTomorrow()`)) * time.Millisecond; got-time.Until(midnight) > 3*time.Second || time.Until(midnight)-got > 3*time.Second {
			t.Errorf("%s: the next maze in %s, but local midnight is %s away", z.name, got, time.Until(midnight))
		}
		// /api/daily at the page's own offset from UTC.
		if got := evalAwait[string](t, ctx, `(() => { const m = -new Date().getTimezoneOffset(), a = Math.abs(m);
			const off = (m < 0 ? '-' : '+') + String(Math.floor(a / 60)).padStart(2, '0') + ':' + String(a % 60).padStart(2, '0');
			return fetch('/api/daily?offset=' + encodeURIComponent(off)).then(r => r.json()).then(j => j.date); })()`); got != want {
			t.Errorf("%s: /api/daily at the page's offset answers %s, want %s", z.name, got, want)
		}
		// The archive.
		do_(t, ctx, chromedp.Navigate(ts.URL+"/archive"), chromedp.WaitReady(chromedp.CSS("footer")))
		yesterday := time.Date(now.Year(), now.Month(), now.Day()-1, 0, 0, 0, 0, time.UTC).Format(daily.DateLayout)
		got := eval[[]string](t, ctx, `(() => { const a = document.getElementById('archive-today'), rows = [...document.querySelectorAll('#archive tr[data-date]')].filter(r => !r.hidden);
			return [a.querySelector('.date').textContent, a.getAttribute('href'), rows.length ? rows[0].getAttribute('data-date') : '']; })()`)
		wantHref := "/d/" + want
		if want == time.Now().UTC().Format(daily.DateLayout) {
			wantHref = "/"
		}
		if got[0] != want || got[1] != wantHref || got[2] != yesterday {
			t.Errorf("%s: the archive's today is %s (%s) and its newest day %s; want %s (%s) and %s", z.name, got[0], got[1], got[2], want, wantHref, yesterday)
		}
		artifact(t, ctx, "archive-"+strings.ReplaceAll(z.name, "/", "-"))
	}
	newest := time.Now().UTC().Add(daily.Ahead).Format(daily.DateLayout)
	after, _ := time.Parse(daily.DateLayout, newest)
	if a := do(t, ts, "GET", "/d/"+newest, ""); a.code != 200 {
		t.Errorf("the newest date today somewhere, %s: %d", newest, a.code)
	}
	if a := do(t, ts, "GET", "/d/"+after.AddDate(0, 0, 1).Format(daily.DateLayout), ""); a.code != 404 {
		t.Errorf("the day after the newest: %d, want 404", a.code)
	}
}

// TestBrowserSettings ticks, on phones and at 200% text, the colour-blind
// palette, high contrast and hard mode: the page takes the palette and
// the contrast at once (and keeps them over a reload), a game in hard
// mode has no hint and no undo from the start, and its share says "hard
// mode" with blue squares for green. axe-core finds no serious or
// critical violation on the page so set, after the win (its countdown,
// links, settings and the menu's tools among the parts it checks), and
// every setting is a target of at least 44 px.
func TestBrowserSettings(t *testing.T) {
	bctx := browser(t)
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	keys := solution(t, ts, time.Now().UTC().Format(daily.DateLayout))
	good := `getComputedStyle(document.documentElement).getPropertyValue('--good').trim()`
	for _, r := range readers {
		where := r.name
		readAs(t, ctx, r, "UTC")
		reduceMotion(t, ctx, false)
		fresh(t, ctx, ts.URL, "/")
		plain := eval[string](t, ctx, good)
		tap(t, ctx, "#settings summary")
		for _, id := range []string{"set-colourblind", "set-contrast", "set-hard"} {
			if h := eval[float64](t, ctx, `document.getElementById('`+id+`').closest('label').getBoundingClientRect().height`); h < 44 {
				t.Errorf("%s: the setting %s is %.1f px tall", where, id, h)
			}
			tap(t, ctx, "#"+id)
			waitUntil(t, ctx, `document.getElementById('`+id+`').checked`, where+": "+id)
		}
		if got := eval[[]string](t, ctx, `[document.documentElement.getAttribute('data-palette'), document.documentElement.getAttribute('data-contrast')]`); got[0] != "colourblind" || got[1] != "more" {
			t.Errorf("%s: the page's palette and contrast are %q", where, got)
		}
		if c := eval[string](t, ctx, good); c == plain {
			t.Errorf("%s: the colour of a good move stays %s", where, c)
		}
		do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
		if !eval[bool](t, ctx, `document.getElementById('set-hard').checked && document.documentElement.getAttribute('data-palette') === 'colourblind'`) {
			t.Errorf("%s: the settings are not kept over a reload", where)
		}
		for _, id := range []string{"hint", "undo"} {
			if !eval[bool](t, ctx, `document.getElementById('`+id+`').disabled`) {
				t.Errorf("%s: hard mode, yet #%s is enabled", where, id)
			}
		}
		play(t, ctx, keys)
		share := eval[string](t, ctx, `document.getElementById('share').textContent`)
		if !strings.Contains(strings.Split(share, "\n")[0], "hard mode") || !strings.Contains(share, "🟦") || strings.Contains(share, "🟩") {
			t.Errorf("%s: the hard, colour-blind game's share says %q", where, share)
		}
		tap(t, ctx, ".tools summary")
		if v := axeViolations(t, ctx, string(axe)); len(v) > 0 {
			t.Errorf("%s: axe-core on the page set so, won: %s", where, strings.Join(v, "; "))
		}
		view(t, ctx, "settings-"+where)
	}
}

// TestBrowserTutorial is a first visit at 390 and 360 px and at 200%
// text: the lesson's tiny maze (on the day's rules, its rule said on a
// variant day) is tapped through to its goal, a refused tap on the way
// says why (the server's reason, the day's rule when it is the cause)
// and moves nothing; done, it never shows again on the device.
func TestBrowserTutorial(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	variant, _ := do(t, ts, "GET", "/api/daily", "").json(t)["variant"].(string)
	for _, r := range readers {
		where := r.name
		readAs(t, ctx, r, "UTC")
		fresh(t, ctx, ts.URL, "/")
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("tutorial")))
		if rule := eval[bool](t, ctx, `!!document.querySelector('#tutorial .rule')`); rule != (variant != "") {
			t.Errorf("%s: the lesson says the day's rule: %v; the day's variant is %q", where, rule, variant)
		}
		var g struct {
			Cols  int `json:"cols"`
			Start int `json:"start"`
			Goal  int `json:"goal"`
			refusalGame
		}
		if err := json.Unmarshal([]byte(eval[string](t, ctx, `document.getElementById('tutorial').getAttribute('data-game')`)), &g); err != nil {
			t.Fatal(err)
		}
		// A shortest path by breadth-first search over the lesson's game.
		prev := map[int]int{g.Start: -1}
		for q := []int{g.Start}; len(q) > 0; q = q[1:] {
			for _, mv := range g.Nodes[q[0]].M {
				if _, ok := prev[mv.T]; !ok {
					prev[mv.T] = q[0]
					q = append(q, mv.T)
				}
			}
		}
		var path []int
		for u := g.Goal; u != g.Start; u = prev[u] {
			path = append([]int{u}, path...)
		}
		cellCSS := func(c int) string { return fmt.Sprintf(`#tutorial-board [data-cell="%d,%d"]`, c/g.Cols+1, c%g.Cols+1) }
		refused := false
		at := g.Start
		for _, u := range path {
			for _, x := range g.Nodes[at].X {
				if refused || x.C < 0 {
					continue
				}
				refused = true
				tap(t, ctx, cellCSS(x.C))
				if s := eval[string](t, ctx, `document.getElementById('tutorial-say').textContent`); !strings.Contains(s, x.S) {
					t.Errorf("%s: a refused tap says %q, not why (%q)", where, s, x.S)
				}
				if cur := eval[string](t, ctx, `document.querySelector('#tutorial-board [aria-current="true"]').getAttribute('data-cell')`); cur != fmt.Sprintf("%d,%d", g.Nodes[at].C/g.Cols+1, g.Nodes[at].C%g.Cols+1) {
					t.Errorf("%s: a refused tap moved the lesson's player to %s", where, cur)
				}
			}
			tap(t, ctx, cellCSS(g.Nodes[u].C))
			at = u
		}
		waitUntil(t, ctx, `document.getElementById('tutorial-say').textContent.indexOf('The goal') === 0`, where+": the lesson's goal")
		if !refused {
			t.Logf("%s: the lesson's path met no refused jump onto a cell", where)
		}
		view(t, ctx, "tutorial-"+where)
		tap(t, ctx, "#tutorial-done")
		do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
		if !eval[bool](t, ctx, `document.getElementById('tutorial').hidden`) {
			t.Errorf("%s: the lesson shows again after it was done", where)
		}
	}
}

package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/daily"
	"rjm/web"
)

// TestBrowserGiveUp gives up the maze of the day after one jump, on a
// laptop by the keyboard alone and on two phones by taps: Give up asks
// once more in place of the controls (the focus on "Keep playing",
// Escape keeps playing, nothing posted), "Yes, give up" posts the game so
// far once, as "gave_up" and unsolved, shows the solution, disables Give
// up, Show solution and the moves, and keeps the day in your history as
// not solved (no streak); the maze replayed after that posts nothing. On
// the phones the first screen holds the board, the rule and the controls
// with Give up among them, and the question in their place. Screenshots
// of the game before and after giving up are kept.
func TestBrowserGiveUp(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 150*time.Second)
	defer cancel()
	today := time.Now().UTC().Format(daily.DateLayout)
	keys := solution(t, ts, today)
	focused := func() string { return eval[string](t, ctx, `document.activeElement ? document.activeElement.id : ''`) }
	hidden := func(id string) bool {
		return eval[bool](t, ctx, `document.getElementById('`+id+`').offsetParent === null`)
	}

	for i, v := range []viewport{{"laptop", 1280, 800, false}, phones[0], phones[1]} {
		where := v.name
		emulate(t, ctx, v, false)
		reduceMotion(t, ctx, false)
		touch(t, ctx, v.mobile)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
		eval[bool](t, ctx, `localStorage.clear(); true`)
		do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
		waitToken(t, ctx, where+": the game")
		if v.mobile {
			for _, css := range []string{"#rule", "#board", ".bar", "#giveup"} {
				if !inView(t, ctx, css) {
					t.Errorf("%s: %s is not on the first screen", where, css)
				}
			}
		}
		do_(t, ctx, chromedp.Focus(chromedp.ID("board")), chromedp.KeyEvent(keys[0]))
		if eval[bool](t, ctx, `document.getElementById('giveup').disabled`) {
			t.Fatalf("%s: Give up is disabled in a game under way", where)
		}
		view(t, ctx, "giveup-"+v.name+"-playing")

		// Asked, then kept playing: nothing is posted, the game goes on.
		if v.mobile {
			tap(t, ctx, "#giveup")
		} else {
			do_(t, ctx, chromedp.Focus(chromedp.ID("giveup")), chromedp.KeyEvent(kb.Enter))
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("giveup-ask")))
		if got := focused(); got != "giveup-no" {
			t.Errorf("%s: asked to give up, the focus is on %q, want giveup-no (Keep playing)", where, got)
		}
		if !hidden("controls") {
			t.Errorf("%s: the controls stay beside the question", where)
		}
		if v.mobile && !inView(t, ctx, "#giveup-ask") {
			t.Errorf("%s: the question is not on the screen", where)
		}
		if q := eval[string](t, ctx, `document.getElementById(document.getElementById('giveup-ask').getAttribute('aria-labelledby')).textContent`); !strings.HasPrefix(q, "Give up?") {
			t.Errorf("%s: the question's group is labelled %q", where, q)
		}
		if v.mobile {
			view(t, ctx, "giveup-"+v.name+"-asking")
			tap(t, ctx, "#giveup-no")
		} else {
			do_(t, ctx, chromedp.KeyEvent(kb.Escape))
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.ID("controls")))
		if !hidden("giveup-ask") {
			t.Errorf("%s: the question stays after Keep playing", where)
		}
		if !v.mobile && focused() != "giveup" {
			t.Errorf("%s: after Escape the focus is on %q, want giveup", where, focused())
		}
		time.Sleep(500 * time.Millisecond) // a play sent would be stored by now
		if log := waitLog(t, st, i); len(log) != i {
			t.Errorf("%s: keeping playing posted a play: %+v", where, log[i:])
		}
		if got := eval[string](t, ctx, `document.getElementById('moves').textContent`); got != "1" {
			t.Errorf("%s: after Keep playing the game shows %s moves, want 1", where, got)
		}

		// Given up.
		if v.mobile {
			tap(t, ctx, "#giveup")
			do_(t, ctx, chromedp.WaitVisible(chromedp.ID("giveup-yes")))
			tap(t, ctx, "#giveup-yes")
		} else {
			do_(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(chromedp.ID("giveup-yes")),
				chromedp.Focus(chromedp.ID("giveup-yes")), chromedp.KeyEvent(kb.Enter))
		}
		log := waitLog(t, st, i+1)
		if len(log) != i+1 {
			t.Fatalf("%s: giving up stored %d plays, want one: %+v", where, len(log)-i, log[i:])
		}
		if p := log[i]; p.Ending != "gave_up" || p.Solved || p.Length != 1 || p.Player == "" {
			t.Errorf("%s: the game given up is stored as %+v", where, p)
		}
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
		if s := eval[string](t, ctx, `document.getElementById('summary').textContent`); !strings.HasPrefix(s, "Gave up") {
			t.Errorf("%s: the result says %q, want Gave up first", where, s)
		}
		if r := eval[string](t, ctx, `document.getElementById('result').textContent`); !strings.Contains(r, "gave up after 1 move") || !strings.Contains(r, "not solved") {
			t.Errorf("%s: the result says %q", where, r)
		}
		for _, id := range []string{"giveup", "show", "undo", "redo", "hint"} {
			if !eval[bool](t, ctx, `document.getElementById('`+id+`').disabled`) {
				t.Errorf("%s: #%s is enabled after giving up", where, id)
			}
		}
		if got := eval[[]any](t, ctx, `(() => { const d = RJM.load().days['`+today+`'] || {}; return [d.solved === true, d.gaveUp === true, d.moves, RJM.summary(RJM.load()).current]; })()`); got[0] != false || got[1] != true || got[2] != 1.0 || got[3] != 0.0 {
			t.Errorf("%s: your history keeps the day given up as [solved, gave up, moves, streak] %v, want [false true 1 0]", where, got)
		}
		if n := eval[float64](t, ctx, `(JSON.parse(localStorage.getItem('rjm:outbox')) || []).length`); n != 0 {
			t.Errorf("%s: %v plays wait in the outbox", where, n)
		}
		view(t, ctx, "giveup-"+v.name+"-gaveup")
		artifact(t, ctx, "giveup-"+v.name+"-gaveup-page")
		if v.mobile {
			continue
		}

		// The page opened again still says so; the maze replayed from a
		// restart is no solve: never posted, never a solved day.
		do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
		if s := eval[string](t, ctx, `document.getElementById('summary').textContent`); !strings.HasPrefix(s, "Gave up") {
			t.Errorf("%s: reopened, the result says %q", where, s)
		}
		do_(t, ctx, chromedp.Click(chromedp.ID("restart")))
		play(t, ctx, keys)
		do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="5"]`)))
		time.Sleep(time.Second) // a play sent would be stored by now
		if log := waitLog(t, st, i+1); len(log) != i+1 {
			t.Errorf("%s: the replay after giving up was posted: %+v", where, log[i+1:])
		}
		if n := eval[float64](t, ctx, `(JSON.parse(localStorage.getItem('rjm:outbox')) || []).length`); n != 0 {
			t.Errorf("%s: %v plays wait in the outbox after the replay", where, n)
		}
		if eval[bool](t, ctx, `!!(RJM.load().days['`+today+`'] || {}).solved`) {
			t.Errorf("%s: the replay after giving up made the day solved", where)
		}
	}
	touch(t, ctx, false)
}

package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/daily"
	"rjm/store"
	"rjm/web"
)

// waitLog waits until the store holds n plays, and returns them.
func waitLog(t *testing.T, st store.Store, n int) []store.Play {
	t.Helper()
	var log []store.Play
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var err error
		if log, err = st.PlayLog(context.Background(), 100); err != nil {
			t.Fatal(err)
		}
		if len(log) >= n {
			return log
		}
	}
	t.Fatalf("the store holds %d plays, never %d: %+v", len(log), n, log)
	return nil
}

// waitToken waits until the page's game (what names it: where) holds
// its play token in localStorage, for at most patience.
func waitToken(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	hasToken := `(function () { for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i);
		if (k.indexOf('rjm:play:') === 0 && JSON.parse(localStorage.getItem(k)).token) { return true; } } return false; })()`
	for deadline := time.Now().Add(patience); !eval[bool](t, ctx, hasToken); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s never got its token", where)
		}
	}
}

// TestBrowserUnsolvedPlays: a game whose solution is shown is posted as
// unsolved ("shown"), and solving the maze again after that posts
// nothing; a game left mid-way is posted as the page goes away
// (sendBeacon, "left"), unsolved.
func TestBrowserUnsolvedPlays(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 120*time.Second)
	defer cancel()
	keys := solution(t, ts, time.Now().UTC().Format(daily.DateLayout))
	// Shown: one jump, then "Show solution" (played without delays).
	do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitReady(chromedp.CSS("footer")))
	reduceMotion(t, ctx, false)
	eval[bool](t, ctx, `localStorage.clear(); true`)
	do_(t, ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)), chromedp.Focus(chromedp.ID("board")))
	waitToken(t, ctx, "the game")
	do_(t, ctx, chromedp.KeyEvent(keys[0]), chromedp.Click(chromedp.ID("show")))
	log := waitLog(t, st, 1)
	if p := log[0]; p.Ending != "shown" || p.Solved || p.Length != 1 || p.Player == "" {
		t.Errorf("the game given up by showing the solution is stored as %+v", p)
	}
	do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(`#status[data-state="solved"]`)))
	// The shown answer replayed from a restart is no solve: never posted.
	do_(t, ctx, chromedp.Click(chromedp.ID("restart")))
	play(t, ctx, keys)
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="5"]`)))
	if n := eval[float64](t, ctx, `(JSON.parse(localStorage.getItem('rjm:outbox')) || []).length`); n != 0 {
		t.Errorf("%v plays wait in the outbox", n)
	}
	time.Sleep(time.Second) // a play sent would be stored by now
	if log := waitLog(t, st, 1); len(log) != 1 {
		t.Errorf("the replay of the shown solution was posted: %+v", log[1:])
	}

	// Left: a fresh device (cleared away from the player, whose page
	// keeps its game as it goes) plays two jumps, then goes elsewhere.
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	eval[bool](t, ctx, `localStorage.clear(); true`)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)), chromedp.Focus(chromedp.ID("board")))
	waitToken(t, ctx, "the game")
	do_(t, ctx, chromedp.KeyEvent(keys[0]), chromedp.KeyEvent(keys[1]))
	// Left after a few seconds (a reload, say): not a game left.
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	time.Sleep(time.Second) // a play sent would be stored by now
	if log := waitLog(t, st, 1); len(log) != 1 {
		t.Errorf("a game left after a few seconds was posted: %+v", log[1:])
	}
	// The game has been played a minute (its stored clock moved on, as
	// the page keeps it), then left.
	eval[bool](t, ctx, `(function () { for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i);
		if (k.indexOf('rjm:play:') === 0) { var g = JSON.parse(localStorage.getItem(k)); g.elapsed += 60000; localStorage.setItem(k, JSON.stringify(g)); } } return true; })()`)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	waitToken(t, ctx, "the game")
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	log = waitLog(t, st, 2)
	if p := log[1]; p.Ending != "left" || p.Solved || p.Length != 2 || p.Player == "" || p.Seconds < 60 {
		t.Errorf("the game left mid-way is stored as %+v", p)
	}
}

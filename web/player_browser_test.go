package web_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/daily"
	"rjm/web"
)

// TestBrowserPlayerID: the page makes a random player ID once and keeps
// it on the device; /me shows it; a play sends it and the store keeps it;
// "Reset player ID" makes a new one.
func TestBrowserPlayerID(t *testing.T) {
	bctx := browser(t)
	ts, st := newServer(t, web.Options{Now: time.Now})
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	reduceMotion(t, ctx, false) // no smooth scroll under the rating's click
	form := regexp.MustCompile(`^[A-Za-z0-9_-]{22}$`)
	shown := func() string {
		return eval[string](t, ctx, `document.getElementById('player-id').textContent`)
	}
	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")))
	eval[bool](t, ctx, `localStorage.clear(); true`)
	do_(t, ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	id := shown()
	if !form.MatchString(id) || eval[string](t, ctx, `JSON.parse(localStorage.getItem('rjm:player'))`) != id {
		t.Fatalf("/me shows player ID %q", id)
	}
	do_(t, ctx, chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("footer")))
	if again := shown(); again != id {
		t.Errorf("after a reload the player ID is %q, was %q", again, id)
	}

	keys := solution(t, ts, time.Now().UTC().Format(daily.DateLayout))
	do_(t, ctx, chromedp.Navigate(ts.URL+"/"))
	play(t, ctx, keys)
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-rate="4"]`)))
	// Wait for the play as long as the browser's context lasts: on a
	// loaded machine the page posts it late, and the verdict is what is
	// stored, not how soon.
	got, stored := "", false
	for !stored && ctx.Err() == nil {
		log, err := st.PlayLog(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) == 1 {
			got, stored = log[0].Player, true
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !stored {
		t.Fatal("no play was stored")
	}
	if got != id {
		t.Errorf("the play stored has player %q, want the device's %q", got, id)
	}

	do_(t, ctx, chromedp.Navigate(ts.URL+"/me"), chromedp.WaitReady(chromedp.CSS("footer")), chromedp.Click(chromedp.ID("player-reset")))
	if fresh := shown(); !form.MatchString(fresh) || fresh == id {
		t.Errorf("after a reset the player ID is %q (was %q)", fresh, id)
	}
}

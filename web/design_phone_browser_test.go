package web_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/web"
)

// TestBrowserDesignPhoneFits opens the workbench on a 390 × 844 phone
// and taps a cell: the board, the jump pad and the line of figures under
// it are all in view at once (their rectangles measured within the
// window), on a 7×7 and on a 12×12; a tapped suggestion then leaves the
// board in view, with the figures it changed.
func TestBrowserDesignPhoneFits(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	v := viewports[0]
	emulate(t, ctx, v, false)
	type rect struct{ Top, Bottom, Left, Right float64 }
	rects := func() map[string]rect {
		return eval[map[string]rect](t, ctx, `Object.fromEntries(['design-board', 'jump-pad', 'glance'].map(id => {
			const r = document.getElementById(id).getBoundingClientRect();
			return [id, {Top: r.top, Bottom: r.bottom, Left: r.left, Right: r.right}];
		}))`)
	}
	inView := func(when string, ids ...string) {
		t.Helper()
		r := rects()
		for _, id := range ids {
			if x := r[id]; x.Top < 0 || x.Bottom > float64(v.height) || x.Bottom-x.Top < 1 {
				t.Errorf("%s: #%s at %.0f–%.0f px, out of the %d px window (%+v)", when, id, x.Top, x.Bottom, v.height, r)
			}
			// Nothing covers the board.
			if x, b := r[id], r["design-board"]; id != "design-board" && x.Top < b.Bottom-0.5 && x.Bottom > b.Top+0.5 {
				t.Errorf("%s: #%s (%.0f–%.0f px) covers the board (%.0f–%.0f px)", when, id, x.Top, x.Bottom, b.Top, b.Bottom)
			}
		}
	}
	for _, id := range []string{
		"7x7:3425153341241434323223122242222331421324213143120",
		"12x12:" + "443725516776" + "315423326264" + "172543335251" + "565316323227" + "731344552142" + "261615622314" + "317337213333" + "227534361311" + "335162532457" + "246144354354" + "545231351442" + "72625152321" + "0",
	} {
		do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
		waitText(t, ctx, "save-id", id)
		do_(t, ctx, chromedp.Click(chromedp.CSS(`#design-board [data-cell="2,2"]`)))
		inView(strings.Split(id, ":")[0]+", a cell tapped", "design-board", "jump-pad", "glance")
		if os.Getenv("RJM_ARTIFACTS") != "" || os.Getenv("CI") == "true" {
			// What the phone's screen shows: the board, the pad and the figures.
			keep(t, "design-phone-fits-"+strings.Split(id, ":")[0], must(chromedp.Run(ctx, chromedp.CaptureScreenshot())))
		}
	}
	// A suggestion tapped: the board and the figures under it in view.
	do_(t, ctx, chromedp.Click(chromedp.CSS(`#s-energy .suggestion`)))
	time.Sleep(300 * time.Millisecond)
	inView("a suggestion tapped", "design-board", "jump-pad", "glance")
}

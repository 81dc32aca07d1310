package web_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rjm/web"
)

// TestBrowserBoardFits opens every board of the week — Monday's 5×5,
// Tuesday's and Wednesday's 6×6, Thursday's to Saturday's 7×7 and the
// three Sundays' variants — at 390×844, at 360×640 and at 390×844 with
// 200% text: the whole board and the controls under it lie in the window
// as the page opens, without the player scrolling (at 390×844 the page
// is not scrolled at all; where the heading would push the game below,
// the page opens on the rule line), the board's cells are at least 44
// px, and the page never scrolls sideways. The board follows the text
// size and the window (as a zoom changes it): the text doubled, or the
// window shortened, on the open page, the board, the score and the
// controls still fit in the window's height.
func TestBrowserBoardFits(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return sunday }})
	ctx, cancel := context.WithTimeout(bctx, 5*time.Minute)
	defer cancel()
	screens := []reader{{phones[0], 16}, {viewport{"phone360x640", 360, 640, true}, 16}, {viewport{"phone390-text200", 390, 844, true}, 32}}
	days := []string{"2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06", "2026-11-07", "2026-11-08", "2026-11-15", "2026-11-22"}
	// fits measures, in the window, the board, the controls, the rule line
	// and a cell.
	const fits = `(() => { const r = id => document.getElementById(id).getBoundingClientRect();
		const b = r('board'), c = r('controls'), rule = r('rule'), cell = document.querySelector('[data-cell="1,1"] polygon').getBoundingClientRect();
		return {board: [b.left, b.top, b.right, b.bottom], controls: [c.left, c.top, c.right, c.bottom], span: c.bottom - rule.top,
			cell: cell.width, scrollY: scrollY, sideways: document.documentElement.scrollWidth > innerWidth, w: innerWidth, h: innerHeight}; })()`
	type fit struct {
		Board, Controls []float64
		Span, Cell      float64
		ScrollY         float64
		Sideways        bool
		W, H            float64
	}
	inside := func(r []float64, f fit) bool { return r[0] >= 0 && r[1] >= 0 && r[2] <= f.W && r[3] <= f.H }
	for _, day := range days {
		for _, r := range screens {
			where := day + " at " + r.name
			readAs(t, ctx, r, "UTC")
			do_(t, ctx, chromedp.Navigate(ts.URL+"/d/"+day), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
			f := eval[fit](t, ctx, fits)
			if !inside(f.Board, f) || !inside(f.Controls, f) {
				t.Errorf("%s: the board %v or the controls %v lie outside the window %v×%v", where, f.Board, f.Controls, f.W, f.H)
			}
			if r.name == "phone390" && f.ScrollY != 0 {
				t.Errorf("%s: the page opens scrolled by %v px", where, f.ScrollY)
			}
			if f.Cell < 44-0.5 {
				t.Errorf("%s: a cell is %.1f px, under 44", where, f.Cell)
			}
			if f.Sideways {
				t.Errorf("%s: the page scrolls sideways", where)
			}
			t.Logf("%s: the board %.0f px wide (cells %.1f px), the page opened scrolled by %.0f px", where, f.Board[2]-f.Board[0], f.Cell, f.ScrollY)
			artifact(t, ctx, "fit-"+day+"-"+r.name)
		}
	}
	// On the open page: the text doubled, then back and the window
	// shortened.
	readAs(t, ctx, screens[0], "UTC")
	do_(t, ctx, chromedp.Navigate(ts.URL+"/d/2026-11-03"), chromedp.WaitVisible(chromedp.CSS(`[data-cell="1,1"]`)))
	last := eval[fit](t, ctx, fits)
	for _, step := range []string{"the text doubled", "the window shortened to 360×640"} {
		var err error
		if step == "the text doubled" {
			_, err = chromedp.Call(ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: 32, Fixed: 26}})
		} else {
			_, err = chromedp.Call(ctx, page.SetFontSizes, page.SetFontSizesParams{FontSizes: &page.FontSizes{Standard: 16, Fixed: 13}})
			if err == nil {
				_, err = chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 360, Height: 640, DeviceScaleFactor: 1, Mobile: true})
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		var f fit
		for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if f = eval[fit](t, ctx, fits); f.Board[2]-f.Board[0] != last.Board[2]-last.Board[0] {
				break
			}
		}
		if f.Controls[3]-f.Board[1] > f.H || f.Cell < 44-0.5 || f.Sideways {
			t.Errorf("2026-11-03, %s: the board and the controls take %.0f px of a window %.0f px tall (cells %.1f px, sideways %v)", step, f.Controls[3]-f.Board[1], f.H, f.Cell, f.Sideways)
		}
		t.Logf("%s: the board %.0f px wide (before, %.0f)", step, f.Board[2]-f.Board[0], last.Board[2]-last.Board[0])
		last = f
	}
}

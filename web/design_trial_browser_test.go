package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"rjm/web"
)

// TestBrowserDesignTrial is the designer's trial (docs/design.md,
// Trial) kept as a test: the workbench at a laptop's width and two
// phones', light and dark, with a maze of holes and a book list. No
// width scrolls sideways, every button is at least 44 px, and axe-core
// finds no serious or critical violation. A screenshot of each is kept.
func TestBrowserDesignTrial(t *testing.T) {
	t.Parallel() // and a tab for each width, in parallel
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	const id = "7x7:3425153341241434323223122242222331421324213143120"
	for _, v := range viewports {
		t.Run(v.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(browser(t), 300*time.Second)
			defer cancel()
			do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
			waitText(t, ctx, "save-id", id)
			eval[bool](t, ctx, `localStorage.setItem('rjm:book-list', JSON.stringify([{id: '`+id+`', rows: 7, cols: 7, variant: '', moves: 9}])); true`)
			for _, dark := range []bool{false, true} {
				theme := map[bool]string{false: "light", true: "dark"}[dark]
				where := fmt.Sprintf("/design at %s, %s", v.name, theme)
				emulate(t, ctx, v, dark)
				do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
				waitText(t, ctx, "save-id", id)
				if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
					t.Errorf("%s: the page scrolls %d px sideways", where, over)
				}
				small := eval[[]string](t, ctx, `[...document.querySelectorAll('main button')].filter(b => b.offsetParent).map(b => [b.id || b.textContent.slice(0, 20), b.getBoundingClientRect()]).filter(([, r]) => r.width < 44 || r.height < 44).map(([n, r]) => n + ' ' + r.width.toFixed(0) + '×' + r.height.toFixed(0))`)
				if len(small) > 0 {
					t.Errorf("%s: buttons under 44 px: %v", where, small)
				}
				for _, s := range axeViolations(t, ctx, string(axe)) {
					t.Errorf("%s: %s", where, s)
				}
				artifact(t, ctx, fmt.Sprintf("design-trial-%s-%s", v.name, theme))
			}
		})
	}
}

// TestBrowserDesignTrialKeyboard is the trial's keyboard-only pass, and
// what it asked of the page: the Open panel folds away when a link opens
// a maze and opens with Enter, a maze that cannot be read is said beside
// the form, a suggestion chosen by keyboard leaves the focus in its list,
// Undo at its last step hands the focus to Redo, and on a phone a maze
// opened folds the panel and puts the focus on the board.
func TestBrowserDesignTrialKeyboard(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 180*time.Second)
	defer cancel()
	const id = "5x5:4313122314422334133211440"
	emulate(t, ctx, viewports[2], false)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
	waitText(t, ctx, "save-id", id)
	active := func() string {
		return eval[string](t, ctx, `(e => e.id || e.className.baseVal || e.className || e.tagName)(document.activeElement)`)
	}
	if eval[bool](t, ctx, `document.getElementById('open').open`) {
		t.Error("opened from a link, the Open panel is unfolded above the board")
	}
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`#open summary`)), chromedp.KeyEvent("\r"))
	if !eval[bool](t, ctx, `document.getElementById('open').open`) {
		t.Fatal("Enter on the Open panel's title does not unfold it")
	}
	do_(t, ctx, chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("5x5:12"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("\r"))
	waitVisible := func(sel string) {
		t.Helper()
		do_(t, ctx, chromedp.WaitVisible(chromedp.CSS(sel)))
	}
	waitVisible("#open-error")
	if msg := eval[string](t, ctx, `document.getElementById('open-error').textContent`); !strings.Contains(msg, "5x5:12") && !strings.Contains(msg, "maze") {
		t.Errorf("the Open form's error says %q", msg)
	}
	if eval[bool](t, ctx, `!document.getElementById('design-error').hidden`) {
		t.Error("the Open form's error shows under the board too")
	}

	// A suggestion by keyboard: the focus stays in its list.
	first := eval[string](t, ctx, `document.querySelector('#s-energy .suggestion').textContent`)
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`#s-energy .suggestion`)), chromedp.KeyEvent("\r"))
	do_(t, ctx, chromedp.WaitNotPresent(chromedp.CSS(`#workbench[aria-busy]`)))
	for deadline := time.Now().Add(patience); time.Now().Before(deadline) && eval[string](t, ctx, `document.getElementById('save-id').textContent`) == id; time.Sleep(20 * time.Millisecond) {
	}
	if got := eval[string](t, ctx, `document.activeElement.closest('#s-energy') ? document.activeElement.textContent : 'outside: ' + document.activeElement.tagName`); got == first || strings.HasPrefix(got, "outside") {
		t.Errorf("after a suggestion chosen by keyboard the focus is on %q", got)
	}
	if !eval[bool](t, ctx, `document.getElementById('open-error').hidden`) {
		t.Error("the Open form's error stays after an edit")
	}
	// Undo by keyboard, at its last step: the focus goes to Redo.
	do_(t, ctx, chromedp.Focus(chromedp.ID("undo")), chromedp.KeyEvent("\r"))
	waitText(t, ctx, "save-id", id)
	waitText(t, ctx, "design-announce", "Undone")
	if a := active(); a != "redo" {
		t.Errorf("after the last Undo the focus is on %q, want redo", a)
	}

	// On a phone: a random maze from the Open panel folds it, and the
	// focus is on the board.
	emulate(t, ctx, viewports[1], false)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/design"))
	waitText(t, ctx, "save-id", "5x5:1111111111111111111111110")
	if eval[bool](t, ctx, `document.getElementById('open').open`) {
		t.Error("on a phone the Open panel is unfolded above the board")
	}
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`#open summary`)), chromedp.KeyEvent("\r"), chromedp.Focus(chromedp.ID("open-random")), chromedp.KeyEvent("\r"))
	for deadline := time.Now().Add(patience); time.Now().Before(deadline) && eval[bool](t, ctx, `document.getElementById('open').open`); time.Sleep(20 * time.Millisecond) {
	}
	if eval[bool](t, ctx, `document.getElementById('open').open`) {
		t.Fatal("on a phone the Open panel stays unfolded after a maze is opened")
	}
	if cell := eval[string](t, ctx, `document.activeElement.getAttribute('data-cell') || ''`); cell != "1,1" {
		t.Errorf("after a maze is opened on a phone the focus is on %q, want the board's 1,1", active())
	}
}

// TestBrowserDesignJumpPad sets jumps on a phone, where the board has no
// digit keys: a tap on a cell and one on the jump pad under the board.
// The chosen cell's jump is the pressed button; the goal has none.
func TestBrowserDesignJumpPad(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 120*time.Second)
	defer cancel()
	emulate(t, ctx, viewports[1], false)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/design"))
	waitText(t, ctx, "save-id", "5x5:1111111111111111111111110")
	if n := eval[int](t, ctx, `document.querySelectorAll('#jump-pad button').length`); n != 4 {
		t.Errorf("a 5×5's jump pad has %d buttons, want 4", n)
	}
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-cell="2,3"]`)), chromedp.Click(chromedp.CSS(`#jump-pad [data-jump="3"]`)))
	waitText(t, ctx, "save-id", "5x5:1111111311111111111111110")
	if got := eval[string](t, ctx, `[...document.querySelectorAll('#jump-pad [aria-pressed="true"]')].map(b => b.textContent).join(' ')`); got != "3" {
		t.Errorf("after jump 3 at (2,3) the pad presses %q", got)
	}
	if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
		t.Errorf("with the jump pad the page scrolls %d px sideways at 360 px", over)
	}
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-cell="5,5"]`)))
	if !eval[bool](t, ctx, `[...document.querySelectorAll('#jump-pad button')].every(b => b.disabled)`) {
		t.Error("with the goal chosen, the jump pad's buttons are enabled")
	}
	artifact(t, ctx, "design-jump-pad-phone360")
}

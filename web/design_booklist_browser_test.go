package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/book"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/web"
)

// TestBrowserDesignBookList keeps a book list on the workbench: three
// mazes added (one designed by typing a jump, one on another board: a
// volume of two parts), one refused for its several solutions, one already listed, one removed
// again by keyboard; the downloaded list's lines are maze IDs that rjm
// reads, and book.ReadList and book.FromList (rjm book --mazes) make a
// book of exactly the mazes left in it. Save's other ways out work from
// the page too: Export text and Export JSON are the maze, Print it its
// printable page.
func TestBrowserDesignBookList(t *testing.T) {
	bctx := browser(t)
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	ctx, cancel := context.WithTimeout(bctx, 180*time.Second)
	defer cancel()
	const (
		a        = "5x5:4243213234412233332224304"
		b        = "5x5:1314433324201332233314221"
		c        = "5x5:2144342313231243330141232"
		hex      = "5x5-hex:4221441231132243333214304"
		severalS = "5x5:1111111111111111111111110" // the blank: no unique solution
	)
	open := func(id string) {
		t.Helper()
		do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
		waitText(t, ctx, "save-id", id)
	}
	add := func(want string) {
		t.Helper()
		do_(t, ctx, chromedp.Click(chromedp.ID("list-add")))
		waitText(t, ctx, "list-status", want)
	}
	open(a)
	eval[bool](t, ctx, `localStorage.removeItem('rjm:book-list'); true`)
	open(a)
	if !eval[bool](t, ctx, `document.getElementById('list-download').disabled`) {
		t.Error("Download list is enabled with an empty list")
	}
	add("Added as maze 1")
	add("Not added: it is maze 1 of the list already")
	open(b)
	add("Added as maze 2")
	open(hex)
	add("Added as maze 3") // another board: the book is a volume
	open(severalS)
	add("Not added: a book's puzzle needs a unique shortest solution")
	// Maze c is designed: opened one jump away, its first cell typed.
	open("5x5:3" + c[5:])
	do_(t, ctx, chromedp.Click(chromedp.CSS(`[data-cell="1,1"]`)), chromedp.KeyEvent("2"))
	waitText(t, ctx, "save-id", c)
	add("Added as maze 4")
	// The list is the device's: it shows on a new visit.
	open(a)
	if n := eval[int](t, ctx, `document.querySelectorAll('#list-items li').length`); n != 4 {
		t.Fatalf("the list shows %d mazes, want 4", n)
	}
	emulate(t, ctx, viewports[1], true)
	artifact(t, ctx, "design-book-list-phone-dark")
	if over := eval[int](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`); over > 0 {
		t.Errorf("with a book list, the workbench scrolls %d px sideways at 360 px", over)
	}
	emulate(t, ctx, viewports[2], false)
	artifact(t, ctx, "design-book-list")
	// Remove maze 2 (b), by keyboard.
	do_(t, ctx, chromedp.Focus(chromedp.CSS(`#list-items li:nth-child(2) button`)), chromedp.KeyEvent("\r"))
	waitText(t, ctx, "list-status", "Removed maze 2")
	if got := eval[string](t, ctx, `document.activeElement.getAttribute('aria-label') || document.activeElement.tagName`); !strings.HasPrefix(got, "Remove maze 2 ") {
		t.Errorf("after Remove the focus is on %q, want the next maze's Remove", got)
	}

	// The downloads: catch the files the page makes.
	eval[bool](t, ctx, `window.blobs = []; const make = URL.createObjectURL; URL.createObjectURL = b => { window.blobs.push(b); return make(b); }; true`)
	// Save's exports are maze a as rjm reads it: the text and the view.
	do_(t, ctx, chromedp.Click(chromedp.ID("export-text")))
	if m, err := maze.ParseText([]byte(evalAwait[string](t, ctx, `window.blobs[window.blobs.length - 1].text()`)), maze.ParseOptions{}); err != nil {
		t.Errorf("Export text: %v", err)
	} else if id, _ := m.ID(); id != a {
		t.Errorf("Export text reads as %s, want %s", id, a)
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("export-json")))
	var view struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(evalAwait[string](t, ctx, `window.blobs[window.blobs.length - 1].text()`)), &view); err != nil || view.ID != a {
		t.Errorf("Export JSON: id %q, %v; want %s", view.ID, err, a)
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("list-download")))
	text := evalAwait[string](t, ctx, `window.blobs[window.blobs.length - 1].text()`)
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		m, err := maze.ParseID(line)
		if err != nil {
			t.Fatalf("the downloaded list's line %q: %v", line, err)
		}
		id, _ := m.ID()
		ids = append(ids, id)
	}
	if strings.Join(ids, " ") != a+" "+hex+" "+c {
		t.Errorf("the downloaded list holds %v, want [%s %s %s]:\n%s", ids, a, hex, c, text)
	}
	if !strings.Contains(text, "rjm book --mazes book-list.txt") {
		t.Errorf("the list does not say how to print it:\n%s", text)
	}
	// The seam: the book of the list is the book of its mazes.
	listed, err := book.ReadList(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	puzzles, s, err := book.FromList(context.Background(), book.Settings{}, listed)
	if err != nil || len(puzzles) != 3 || len(s.Boards) != 2 {
		t.Fatalf("a book of the downloaded list: %d puzzles on %d boards, %v", len(puzzles), len(s.Boards), err)
	}

	// Clear list asks first: one press asks, and the list stays; a second
	// press clears it.
	do_(t, ctx, chromedp.Click(chromedp.ID("list-clear")))
	waitText(t, ctx, "list-status", "Press again to remove all 3 mazes")
	if n := eval[int](t, ctx, `document.querySelectorAll('#list-items li').length`); n != 3 {
		t.Errorf("after one press of Clear list, %d mazes show, want the 3 kept", n)
	}
	do_(t, ctx, chromedp.Click(chromedp.ID("list-clear")))
	waitText(t, ctx, "list-status", "The book list is empty")
	if n := eval[int](t, ctx, `document.querySelectorAll('#list-items li').length`); n != 0 {
		t.Errorf("after Clear list, %d mazes show", n)
	}

	// Print it: the printable page of maze a, with its solution.
	do_(t, ctx, chromedp.Click(chromedp.ID("save-print")), chromedp.WaitVisible(chromedp.CSS(".sheet .id")))
	if got := eval[string](t, ctx, `document.querySelector('.sheet .id').textContent`); !strings.Contains(got, a) {
		t.Errorf("Print it shows %q, want maze %s", got, a)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('.sheet svg').length`); n != 2 {
		t.Errorf("Print it draws %d pictures, want the maze and its solution", n)
	}
	ma, _ := maze.ParseID(a)
	if got, want := eval[string](t, ctx, `document.querySelector('.sheet .moves').textContent`), solve.Solve(graph.MustCompile(ma.Board), ma).Letters(); got != want {
		t.Errorf("Print it gives the solution %q, the solver %q", got, want)
	}
}

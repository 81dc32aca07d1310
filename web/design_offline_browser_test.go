package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rjm/design"
	"rjm/maze"
	"rjm/store"
	"rjm/web"
)

// restartable is a server that can be stopped (every connection closed
// unanswered) and started again as another handler: the same address, as
// a designer's own rjm serve restarted.
type restartable struct {
	down atomic.Bool
	h    atomic.Pointer[http.Handler]
}

func (r *restartable) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if r.down.Load() {
		if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
			c.Close()
		}
		return
	}
	(*r.h.Load()).ServeHTTP(w, req)
}

// start serves h from now on.
func (r *restartable) start(h http.Handler) {
	r.h.Store(&h)
	r.down.Store(false)
}

// restartableServer returns a restartable server on a store of its own,
// serving opt.
func restartableServer(t *testing.T, opt web.Options) (*restartable, *httptest.Server, store.Store) {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	r := &restartable{}
	r.start(web.NewHandler(s, opt))
	ts := httptest.NewServer(r)
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return r, ts, s
}

// buildingEngine returns an engine as a server has it while it builds
// its module: the toolchain's wasm_exec.js only.
func buildingEngine(t *testing.T) *web.Wasm {
	t.Helper()
	js, err := os.ReadFile(filepath.Join(filepath.Dir(builtEngine.path), web.WasmExecName))
	if err != nil {
		t.Fatal(err)
	}
	w := &web.Wasm{}
	if err := w.SetExec(js); err != nil {
		t.Fatal(err)
	}
	return w
}

// waitEngine waits for the workbench's data-engine to say want.
func waitEngine(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	waitFor(t, ctx, `document.getElementById('workbench').getAttribute('data-engine') === '`+want+`'`,
		`(document.getElementById('workbench').getAttribute('data-engine') || 'no engine yet') + ': ' + document.getElementById('engine-note').textContent`)
}

// TestBrowserDesignOffline, at 1280 × 800: the workbench opened once
// (the outsider's maze, its engine loaded) opens offline from the service
// worker's copy whatever design its address names, on the page's own
// engine — after an edit, the server stopped, a reload shows the edited
// maze with the library's figures and its undo history, and an edit
// still works; then the server restarted, still building its engine
// (/wasm/rjm.wasm 404), the page runs on the engine its service worker
// kept, and designs on when the server stops again.
func TestBrowserDesignOffline(t *testing.T) {
	w := engine(t)
	bctx := browser(t)
	srv, ts, s := restartableServer(t, web.Options{Now: time.Now, Wasm: w})
	ctx, cancel := context.WithTimeout(bctx, 4*time.Minute)
	defer cancel()
	emulate(t, ctx, viewports[2], false)
	bench := design.NewBench(nil)

	id := "7x7:1111112224322611222266523444224444151521154441450"
	openWithEngine(t, ctx, ts.URL, id)
	waitFor(t, ctx, `!!navigator.serviceWorker.controller`, `'no service worker controls the page'`)
	for deadline := time.Now().Add(patience); !evalAwait[bool](t, ctx, `Promise.all(['/design', '/wasm/rjm.wasm', '/wasm/wasm_exec.js', '/static/design-worker.js'].map(u => caches.match(u))).then(l => l.every(Boolean))`); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the service worker did not keep the workbench and its engine")
		}
	}
	m := must(maze.ParseID(id))
	edited := typeJump(t, ctx, m, 1, 3)
	waitText(t, ctx, "save-id", edited)

	// The server stopped: the reload opens the edited design.
	srv.down.Store(true)
	reloadDesign(t, ctx)
	waitText(t, ctx, "save-id", edited)
	waitEngine(t, ctx, "page")
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, edited)
	if eval[bool](t, ctx, `document.getElementById('undo').disabled`) {
		t.Error("offline, the reloaded design has no undo")
	}
	offline := typeJump(t, ctx, m, 2, 2)
	waitText(t, ctx, "save-id", offline)
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, offline)

	// Restarted, building its engine: the page runs on the kept one.
	srv.start(web.NewHandler(s, web.Options{Now: time.Now, Wasm: buildingEngine(t)}))
	reloadDesign(t, ctx)
	waitText(t, ctx, "save-id", offline)
	waitEngine(t, ctx, "page")
	// The history outlived it all (issue 55's "{}" and Undo off once, after
	// such a sequence): kept under the design shown, two steps back.
	if h := eval[string](t, ctx, `JSON.stringify((JSON.parse(localStorage.getItem('rjm:design-history')) || {})[document.getElementById('save-id').textContent] || null)`); !strings.Contains(h, `"past":["`+id+`","`+edited+`"]`) {
		t.Errorf("after the restart, the kept history of %s is %s, want past [%s, %s]", offline, h, id, edited)
	}
	if eval[bool](t, ctx, `document.getElementById('undo').disabled`) {
		t.Error("after the restart, Undo is off")
	}
	if eval[bool](t, ctx, `!document.getElementById('engine-note').hidden`) {
		t.Errorf("on the page's engine, the note says %q", eval[string](t, ctx, `document.getElementById('engine-note').textContent`))
	}
	srv.down.Store(true)
	last := typeJump(t, ctx, m, 3, 1)
	waitText(t, ctx, "save-id", last)
	waitPredicted(t, ctx)
	checkDesignPage(t, ctx, bench, last)
}

// TestBrowserDesignEngineRetried: on a server still building its engine
// (and nothing kept by the service worker), the page says in one line
// under the board that the server answers each edit; an undo the
// network failed loses no step (Undo again, the server back, goes back);
// and once the engine is built the page tries its worker again and runs
// on it, the line gone.
func TestBrowserDesignEngineRetried(t *testing.T) {
	engine(t)
	bctx := browser(t)
	building := buildingEngine(t)
	srv, ts, _ := restartableServer(t, web.Options{Now: time.Now, Wasm: building})
	ctx, cancel := context.WithTimeout(bctx, 4*time.Minute)
	defer cancel()
	emulate(t, ctx, viewports[2], false)

	id := blankID(t, 5, 5)
	do_(t, ctx, chromedp.Navigate(ts.URL+"/design?id="+id))
	waitText(t, ctx, "save-id", id)
	waitEngine(t, ctx, "server")
	waitText(t, ctx, "engine-note", "Each edit is answered by the server")
	if eval[bool](t, ctx, `document.getElementById('engine-note').hidden`) {
		t.Error("the line saying the server answers is hidden")
	}

	m := must(maze.ParseID(id))
	edited := typeJump(t, ctx, m, 0, 2)
	waitText(t, ctx, "save-id", edited)
	srv.down.Store(true)
	do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
	waitFor(t, ctx, `!document.getElementById('design-error').hidden`, `'no error shown'`)
	srv.down.Store(false)
	do_(t, ctx, chromedp.Click(chromedp.ID("undo")))
	waitText(t, ctx, "save-id", id)

	if err := building.Load(builtEngine.path); err != nil {
		t.Fatal(err)
	}
	waitEngine(t, ctx, "page")
	if eval[bool](t, ctx, `!document.getElementById('engine-note').hidden`) {
		t.Errorf("on the page's engine, the note says %q", eval[string](t, ctx, `document.getElementById('engine-note').textContent`))
	}
}

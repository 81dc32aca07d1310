package web_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"rjm/web"
)

// wasmToolchain skips the test where the toolchain cannot build js/wasm
// (never under CI=true), as engine does.
func wasmToolchain(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		skipUnlessCI(t, "no go on the PATH to build the workbench's engine")
	}
	if out, err := exec.Command("go", "tool", "dist", "list").Output(); err != nil || !bytes.Contains(out, []byte("js/wasm")) {
		skipUnlessCI(t, "this Go toolchain does not build js/wasm")
	}
}

// tinySource writes a module like rjm's (module rjm, a cmd/rjmwasm) whose
// engine is main, and returns its directory.
func tinySource(t *testing.T, main string) string {
	t.Helper()
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "cmd", "rjmwasm"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(src, "go.mod"), "module rjm\n\ngo 1.26\n")
	write(t, filepath.Join(src, "cmd", "rjmwasm", "main.go"), main)
	return src
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCachedWasm: a server restarted from the same source serves the
// engine in its cache, built once (web.CachedWasm, keyed by the build's
// inputs: web.WasmKey); a change to the source is a new build under a new
// key; the cache keeps the web.WasmCacheKeep newest builds and drops the
// files of the layout before keys.
func TestCachedWasm(t *testing.T) {
	wasmToolchain(t)
	ctx := context.Background()
	main := "package main\n\nvar v = 0\n\nfunc main() { println(v) }\n"
	src := tinySource(t, main)
	cache := t.TempDir()
	write(t, filepath.Join(cache, "rjm.wasm"), "the build before keys")
	first, built, err := web.CachedWasm(ctx, src, cache)
	if err != nil || !built {
		t.Fatalf("the first build: %s, built %v, %v", first, built, err)
	}
	if _, err := os.Stat(filepath.Join(cache, "rjm.wasm")); !os.IsNotExist(err) {
		t.Errorf("the build before keys is still there (%v)", err)
	}
	again, built, err := web.CachedWasm(ctx, src, cache)
	if err != nil || built || again != first {
		t.Fatalf("the same source again: %s (built %v, %v), want %s from the cache", again, built, err, first)
	}
	w := &web.Wasm{}
	if err := w.Load(again); err != nil {
		t.Fatalf("the cached build: %v", err)
	}
	paths := []string{first}
	for k := 1; k <= web.WasmCacheKeep; k++ {
		write(t, filepath.Join(src, "cmd", "rjmwasm", "main.go"), main[:len("package main\n\nvar v = ")]+string(rune('0'+k))+"\n\nfunc main() { println(v) }\n")
		p, built, err := web.CachedWasm(ctx, src, cache)
		if err != nil || !built || p == first {
			t.Fatalf("source changed (%d): %s, built %v, %v; want a new build", k, p, built, err)
		}
		paths = append(paths, p)
	}
	dirs, _ := os.ReadDir(cache)
	if len(dirs) != web.WasmCacheKeep {
		t.Errorf("%d builds in the cache, want the %d newest", len(dirs), web.WasmCacheKeep)
	}
	for k, p := range paths {
		_, err := os.Stat(p)
		if kept := k >= len(paths)-web.WasmCacheKeep; kept != (err == nil) {
			t.Errorf("build %d (%s): kept %v, stat %v", k, p, kept, err)
		}
	}
}

// TestWasmExecBeforeModule: a server that builds its engine serves the
// toolchain's wasm_exec.js from the start, before the module is built (a
// page with the engine in its service worker's cache starts it), while
// /wasm/rjm.wasm says 404 until then.
func TestWasmExecBeforeModule(t *testing.T) {
	wasmToolchain(t)
	src := tinySource(t, "package main\n\nfunc main() {}\n")
	// The build asked for below goes to a cache of the test's, Go's own
	// build cache staying where it is.
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", string(bytes.TrimSpace(gocache)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	w := &web.Wasm{}
	logs := make(chan string, 1)
	w.BuildWhenAsked(context.Background(), src, func(msg string, _ ...any) { logs <- msg })
	ts, _ := newServer(t, web.Options{Wasm: w})
	res, err := http.Get(ts.URL + "/wasm/wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Contains(body, []byte("globalThis.Go")) || w.Ready() {
		t.Errorf("wasm_exec.js before the build: %d %.80q (engine ready: %v)", res.StatusCode, body, w.Ready())
	}
	if res, err := http.Get(ts.URL + "/wasm/other.js"); err != nil || res.StatusCode != 404 {
		t.Errorf("/wasm/other.js: %v %v, want 404", res, err)
	}
	// The build the request started ends (in the test's cache) before
	// the test does.
	if msg := <-logs; !w.Ready() {
		t.Errorf("the build: %s", msg)
	}
}

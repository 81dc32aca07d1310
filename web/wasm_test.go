package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rjm/web"
)

// builtEngine is the workbench's engine built once for the test binary.
var builtEngine struct {
	sync.Once
	path string
	err  error
}

// engine returns the workbench's engine built from this module's source
// (web.BuildWasm, the server's own build) into the user's cache, where a
// rebuild of unchanged source costs only Go's build cache. It skips only
// when the toolchain cannot build js/wasm (no go on the PATH, or no
// js/wasm port), and never under CI=true.
func engine(t *testing.T) *web.Wasm {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		skipUnlessCI(t, "no go on the PATH to build the workbench's engine")
	}
	if out, err := exec.Command("go", "tool", "dist", "list").Output(); err != nil || !bytes.Contains(out, []byte("js/wasm")) {
		skipUnlessCI(t, "this Go toolchain does not build js/wasm")
	}
	builtEngine.Do(func() {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		builtEngine.path, builtEngine.err = web.BuildWasm(context.Background(), "..", filepath.Join(cache, "rjm", "wasm-test"))
	})
	if builtEngine.err != nil {
		t.Fatal(builtEngine.err)
	}
	w := &web.Wasm{}
	if err := w.Load(builtEngine.path); err != nil {
		t.Fatal(err)
	}
	return w
}

func skipUnlessCI(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why + ", and CI=true builds and runs the workbench's engine")
	}
	t.Skip(why)
}

// TestWasmServed checks /wasm/: 404 in the server's words before there
// is an engine; then the module and its wasm_exec.js, gzipped for a
// client that takes it (within the budget, web.MaxWasmGzip), whole for
// one that does not, revalidated by ETag (304).
func TestWasmServed(t *testing.T) {
	w := &web.Wasm{}
	ts, _ := newServer(t, web.Options{Wasm: w})
	get := func(path string, hdr ...string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	if res := get("/wasm/rjm.wasm"); res.StatusCode != 404 {
		t.Fatalf("before the engine: %d, want 404", res.StatusCode)
	}
	if err := w.Set([]byte("not wasm"), nil); err == nil {
		t.Error("Set took a module that is not WebAssembly")
	}
	e := engine(t)
	path := builtEngine.path
	module, _ := os.ReadFile(path)
	if err := w.Load(path); err != nil {
		t.Fatal(err)
	}
	if n := e.GzipSize(); n > web.MaxWasmGzip || n == 0 {
		t.Errorf("the engine is %d bytes gzipped, over the budget of %d", n, web.MaxWasmGzip)
	}
	t.Logf("the engine: %d bytes, %d gzipped", len(module), e.GzipSize())
	res := get("/wasm/rjm.wasm", "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Content-Type") != "application/wasm" {
		t.Fatalf("gzip: %d %v", res.StatusCode, res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, module) {
		t.Error("the gzipped module is not the build")
	}
	res = get("/wasm/rjm.wasm")
	if got, _ := io.ReadAll(res.Body); res.Header.Get("Content-Encoding") != "" || !bytes.Equal(got, module) {
		t.Error("without gzip: not the build as it is")
	}
	if res := get("/wasm/rjm.wasm", "If-None-Match", res.Header.Get("ETag")); res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidated: %d, want 304", res.StatusCode)
	}
	res = get("/wasm/wasm_exec.js")
	if got, _ := io.ReadAll(res.Body); res.StatusCode != 200 || !strings.Contains(string(got), "globalThis.Go") {
		t.Errorf("wasm_exec.js: %d %.80q", res.StatusCode, got)
	}
	if res := get("/wasm/other.js"); res.StatusCode != 404 {
		t.Errorf("/wasm/other.js: %d, want 404", res.StatusCode)
	}
}

// TestWasmBuiltWhenAsked checks the server's own build: nothing is built
// until /design is asked for; then the engine comes, built in the
// background from this module's source, and /wasm/ serves it.
func TestWasmBuiltWhenAsked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	engine(t) // skips where the toolchain cannot build js/wasm
	w := &web.Wasm{}
	logs := make(chan string, 4)
	w.BuildWhenAsked(context.Background(), "..", func(msg string, args ...any) { logs <- msg })
	ts, _ := newServer(t, web.Options{Wasm: w})
	if w.Ready() {
		t.Fatal("built before anyone asked")
	}
	if res, err := http.Get(ts.URL + "/design"); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /design: %v %v", res, err)
	}
	select {
	case msg := <-logs:
		if !w.Ready() {
			t.Fatalf("the build said %q", msg)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the engine was not built in 5 minutes")
	}
	res, err := http.Get(ts.URL + "/wasm/rjm.wasm")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /wasm/rjm.wasm after the build: %v %v", res, err)
	}
	res.Body.Close()
}

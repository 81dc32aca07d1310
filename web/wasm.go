package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rjm/fault"
)

// The workbench's engine in the page: cmd/rjmwasm built for js/wasm, run
// by /static/design-worker.js, so that an edit on /design is answered in
// the page (POST /api/design stays for browsers without WebAssembly and
// until the engine has loaded). The module is a build output, never in
// the repository: the server builds it when it runs from the module's
// source with a Go toolchain (BuildWasm, in the background and at the
// lowest priority, into the user's cache), or is given one (rjm serve
// --wasm FILE, made by BuildWasm's command at deployment). Until then,
// and without one, /wasm/ answers 404 and the page asks the server.

// MaxWasmGzip is the engine's size budget, gzipped as it is sent: the
// page loads it after it is usable, and the tests check the build
// against it.
const MaxWasmGzip = 2 << 20

// Wasm is the engine's files, as the server sends them: the module, and
// the wasm_exec.js of the Go toolchain that built it (the two must
// match), each also gzipped, with their ETag. The zero value has none;
// Set makes them ready, and the server answers them from then on. It is
// safe for concurrent use.
type Wasm struct {
	files atomic.Pointer[wasmFiles]
	// exec is the toolchain's wasm_exec.js, served before the module is
	// (SetExec): it comes from GOROOT, not from the build, so that a page
	// whose service worker keeps an engine can start it at once.
	exec atomic.Pointer[wasmAsset]
	// build, when set (BuildWhenAsked), makes the files; it runs once,
	// in the background, when /design or /wasm/ is first asked for.
	build     func()
	buildOnce sync.Once
}

// want starts the build set by BuildWhenAsked, once.
func (w *Wasm) want() {
	if w != nil && w.build != nil && w.files.Load() == nil {
		w.buildOnce.Do(func() { go w.build() })
	}
}

type wasmFiles struct {
	module, exec wasmAsset
}

// wasmAsset is one file of the engine sent: its bytes, gzipped, and its ETag.
type wasmAsset struct {
	raw, gz []byte
	etag    string
	kind    string
}

func newWasmAsset(b []byte, kind string) (wasmAsset, error) {
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if _, err := zw.Write(b); err != nil {
		return wasmAsset{}, err
	}
	if err := zw.Close(); err != nil {
		return wasmAsset{}, err
	}
	sum := sha256.Sum256(b)
	return wasmAsset{raw: b, gz: z.Bytes(), etag: `"` + hex.EncodeToString(sum[:12]) + `"`, kind: kind}, nil
}

// Set makes module (a build of cmd/rjmwasm) and exec (its toolchain's
// wasm_exec.js) the files served.
func (w *Wasm) Set(module, exec []byte) error {
	if !bytes.HasPrefix(module, []byte("\x00asm")) {
		return errors.New("not a WebAssembly module")
	}
	m, err := newWasmAsset(module, "application/wasm")
	if err != nil {
		return err
	}
	x, err := newWasmAsset(exec, "text/javascript; charset=utf-8")
	if err != nil {
		return err
	}
	w.files.Store(&wasmFiles{module: m, exec: x})
	return nil
}

// SetExec makes exec (the toolchain's wasm_exec.js, which the module
// that Set or Load makes served later will match) served until then.
func (w *Wasm) SetExec(exec []byte) error {
	x, err := newWasmAsset(exec, "text/javascript; charset=utf-8")
	if err != nil {
		return err
	}
	w.exec.Store(&x)
	return nil
}

// Ready reports whether the engine's files are set.
func (w *Wasm) Ready() bool { return w != nil && w.files.Load() != nil }

// GzipSize is the module's size as sent gzipped (0 before Set).
func (w *Wasm) GzipSize() int {
	if f := w.files.Load(); f != nil {
		return len(f.module.gz)
	}
	return 0
}

// WasmExecName is the name of Go's JavaScript support file beside a
// module: Wasm.Load reads it from the module's directory, BuildWasm writes
// it there.
const WasmExecName = "wasm_exec.js"

// Load sets w from the module at path and the wasm_exec.js beside
// it. A file missing or not a module is a *fault.Error naming it.
func (w *Wasm) Load(path string) error {
	module, err := os.ReadFile(path)
	if err != nil {
		return fault.In("--wasm", err)
	}
	execPath := filepath.Join(filepath.Dir(path), WasmExecName)
	exec, err := os.ReadFile(execPath)
	if err != nil {
		return fault.In("--wasm", fmt.Errorf("%s: the module needs its toolchain's %s beside it: %w", path, WasmExecName, err))
	}
	if err := w.Set(module, exec); err != nil {
		return fault.In("--wasm", fmt.Errorf("%s: %w", path, err))
	}
	return nil
}

// WasmSource returns the directory of the module's source that the
// engine is built from: dir or the first directory above it holding rjm's
// go.mod and cmd/rjmwasm; "" when there is none (an installed binary run
// elsewhere).
func WasmSource(dir string) string {
	for d := dir; ; {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			if bytes.HasPrefix(b, []byte("module rjm\n")) {
				if fi, err := os.Stat(filepath.Join(d, "cmd", "rjmwasm")); err == nil && fi.IsDir() {
					return d
				}
			}
			return ""
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}

// WasmBuildCommand is the command BuildWasm runs in the module's
// directory (with GOOS=js GOARCH=wasm), the one a deployment runs too
// (docs/design.md).
var WasmBuildCommand = []string{"go", "build", "-trimpath", "-ldflags=-s", "-o", "OUT/rjm.wasm", "./cmd/rjmwasm"}

// BuildWasm builds the engine from the module's source in src into the
// directory out (created if absent): rjm.wasm, and wasm_exec.js copied
// from the toolchain's GOROOT. It returns the module's path. The build
// runs at the lowest priority (its processes niced to 19 on Linux), so
// that a server building at start-up answers its pages first.
func BuildWasm(ctx context.Context, src, out string) (string, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	module := filepath.Join(out, "rjm.wasm")
	// Built under a name of its own, then renamed: servers building at
	// once never mix their files.
	tmp, err := os.CreateTemp(out, "rjm-*.wasm.tmp")
	if err != nil {
		return "", err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	args := make([]string, 0, len(WasmBuildCommand))
	for _, a := range WasmBuildCommand[1:] {
		args = append(args, strings.Replace(a, "OUT/rjm.wasm", tmp.Name(), 1))
	}
	var msg bytes.Buffer
	run := func(name string, args ...string) error {
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = src, &msg, &msg
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		return cmd.Run()
	}
	var buildErr error
	lowPriority(19, func() { buildErr = run(goTool, args...) })
	if buildErr != nil {
		return "", fmt.Errorf("building the workbench's engine: %v: %s", buildErr, strings.TrimSpace(msg.String()))
	}
	js, err := WasmExec(ctx, src)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(out, WasmExecName), js, 0o644); err != nil {
		return "", err
	}
	return module, os.Rename(tmp.Name(), module)
}

// WasmExec returns the wasm_exec.js of the Go toolchain that builds in
// src (its GOROOT's): what a module BuildWasm makes there needs, known
// before the build.
func WasmExec(ctx context.Context, src string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOROOT")
	cmd.Dir = src
	root, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("asking go for GOROOT: %w", err)
	}
	return os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", WasmExecName))
}

// WasmKey returns the key of the engine's build from the module's source
// in src: a hash of its inputs — the Go version, GOFLAGS, the build
// command, go.mod and go.sum, and every file of every package outside the
// standard library that cmd/rjmwasm builds from (its Go, assembly and
// embedded files, as go list names them for js/wasm). Two builds of one
// key are the same engine.
func WasmKey(ctx context.Context, src string) (string, error) {
	goEnv := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = src
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go %s: %w", strings.Join(args, " "), err)
		}
		return out, nil
	}
	h := sha256.New()
	version, err := goEnv("env", "GOVERSION")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", version, os.Getenv("GOFLAGS"), strings.Join(WasmBuildCommand, " "))
	list, err := goEnv("list", "-deps", "-f", `{{if not .Standard}}{{.Dir}}{{range .GoFiles}}{{"\x00"}}{{.}}{{end}}{{range .SFiles}}{{"\x00"}}{{.}}{{end}}{{range .EmbedFiles}}{{"\x00"}}{{.}}{{end}}{{"\n"}}{{end}}`, "./cmd/rjmwasm")
	if err != nil {
		return "", err
	}
	files := []string{filepath.Join(src, "go.mod"), filepath.Join(src, "go.sum")}
	for line := range strings.Lines(string(list)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\x00")
		for _, name := range f[1:] {
			files = append(files, filepath.Join(f[0], name))
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil && !(errors.Is(err, os.ErrNotExist) && strings.HasSuffix(f, "go.sum")) {
			return "", err
		}
		rel, _ := filepath.Rel(src, f)
		fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// WasmCacheKeep is how many builds of the engine the cache keeps: the
// newest, each under its key (WasmKey).
const WasmCacheKeep = 3

// CachedWasm returns the engine built from the module's source in src,
// from the cache directory: the build of the same inputs when it is there
// (a server restarted from the same source serves it at once), else a new
// build (BuildWasm) into the cache, under its key (WasmKey). It says
// whether it built. The cache keeps the WasmCacheKeep newest builds, and
// drops what a build cut short left.
func CachedWasm(ctx context.Context, src, cache string) (path string, built bool, err error) {
	key, err := WasmKey(ctx, src)
	if err != nil {
		return "", false, err
	}
	dir := filepath.Join(cache, key)
	path = filepath.Join(dir, "rjm.wasm")
	if _, err := os.Stat(path); err == nil { // renamed into place last: a build that ended
		now := time.Now()
		os.Chtimes(dir, now, now) // the newest used
		return path, false, nil
	}
	if path, err = BuildWasm(ctx, src, dir); err != nil {
		return "", true, err
	}
	pruneWasmCache(cache, key)
	return path, true, nil
}

// pruneWasmCache removes from cache the builds but the WasmCacheKeep
// newest (key's kept), and the files of an older layout or a cut build.
func pruneWasmCache(cache, key string) {
	entries, err := os.ReadDir(cache)
	if err != nil {
		return
	}
	type build struct {
		name string
		at   time.Time
	}
	var builds []build
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			continue
		}
		switch {
		case e.IsDir() && len(e.Name()) == 16 && e.Name() != key:
			builds = append(builds, build{e.Name(), fi.ModTime()})
		case !e.IsDir(): // rjm.wasm and wasm_exec.js of the layout before keys
			os.Remove(filepath.Join(cache, e.Name()))
		}
	}
	slices.SortFunc(builds, func(a, b build) int { return b.at.Compare(a.at) })
	for _, b := range builds[min(len(builds), WasmCacheKeep-1):] {
		os.RemoveAll(filepath.Join(cache, b.name))
	}
}

// BuildWhenAsked has w built from src into the user's cache (BuildWasm)
// when /design or /wasm/ is first asked for, in the background, and set
// from the build, logging the outcome to logf. Until then, and if the
// build fails, the page asks the server. A server that no one designs on
// (a test's, a load test's) builds nothing.
//
// The toolchain's wasm_exec.js is served at once (SetExec), and a build of
// the same source found in the cache (CachedWasm) is served without a new
// build.
func (w *Wasm) BuildWhenAsked(ctx context.Context, src string, logf func(msg string, args ...any)) {
	if js, err := WasmExec(ctx, src); err == nil {
		w.SetExec(js)
	}
	w.build = func() {
		start := time.Now()
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		path, built, err := CachedWasm(ctx, src, filepath.Join(cache, "rjm", "wasm"))
		if err == nil {
			err = w.Load(path)
		}
		if err != nil {
			logf("the workbench's engine was not built: /design asks the server for every edit", "error", err)
			return
		}
		said := "the workbench's engine is built"
		if !built {
			said = "the workbench's engine is the build of the same source in the cache"
		}
		logf(said, "path", path, "gzip_bytes", w.GzipSize(), "seconds", time.Since(start).Seconds())
	}
}

// serve answers /wasm/rjm.wasm and /wasm/wasm_exec.js: gzipped when
// the client takes it, revalidated by ETag on every use (no-cache: a
// rebuilt engine is seen at once, an unchanged one costs a 304), 404
// while there is none.
func (w *Wasm) serve() http.HandlerFunc {
	return func(rw http.ResponseWriter, r *http.Request) {
		var f *wasmFiles
		if w != nil {
			w.want()
			f = w.files.Load()
		}
		var a wasmAsset
		switch name := r.PathValue("name"); {
		case f == nil && name == WasmExecName && w != nil && w.exec.Load() != nil:
			a = *w.exec.Load() // the toolchain's, before the module is built
		case f == nil:
			writeError(rw, http.StatusNotFound, "the workbench's engine is not built on this server: /design asks the server for every edit")
			return
		case name == "rjm.wasm":
			a = f.module
		case name == WasmExecName:
			a = f.exec
		default:
			writeError(rw, http.StatusNotFound, "there is no file /wasm/"+name)
			return
		}
		h := rw.Header()
		h.Set("Content-Type", a.kind)
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", a.etag)
		h.Add("Vary", "Accept-Encoding")
		if r.Header.Get("If-None-Match") == a.etag {
			rw.WriteHeader(http.StatusNotModified)
			return
		}
		body := a.raw
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			h.Set("Content-Encoding", "gzip")
			body = a.gz
		}
		h.Set("Content-Length", fmt.Sprint(len(body)))
		if r.Method != http.MethodHead {
			rw.Write(body)
		}
	}
}

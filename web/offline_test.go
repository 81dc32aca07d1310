package web_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"rjm/web"
)

// TestServiceWorker checks /sw.js: JavaScript from the root (a worker's
// scope is the folder it is served from), never kept stale by a cache,
// under the site's Content-Security-Policy, with a version that names
// the static files it caches, and every file it caches served.
func TestServiceWorker(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/sw.js", "")
	if a.code != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("GET /sw.js: %d %s", a.code, a.header.Get("Content-Type"))
	}
	if cc := a.header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("Cache-Control %q, want no-cache", cc)
	}
	if a.header.Get("Content-Security-Policy") == "" {
		t.Error("no Content-Security-Policy")
	}
	if a.header.Get("Service-Worker-Allowed") != "" {
		t.Error("Service-Worker-Allowed is set, but the worker at the root needs none")
	}
	if !regexp.MustCompile(`var VERSION = '[0-9a-f]{16}';`).MatchString(a.body) {
		t.Errorf("the worker's version is not set: %s", regexp.MustCompile(`var VERSION = [^;]*;`).FindString(a.body))
	}
	shell := regexp.MustCompile(`var SHELL = \[([^\]]*)\]`).FindStringSubmatch(a.body)
	if shell == nil {
		t.Fatal("no SHELL list in the worker")
	}
	for _, q := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(shell[1], -1) {
		if b := do(t, ts, "GET", q[1], ""); b.code != 200 {
			t.Errorf("the worker caches %s, answered %d", q[1], b.code)
		}
	}
}

// TestManifest checks the web app manifest: its type, cache header,
// name, start, theme colour and icons (an SVG and PNGs of 192 and 512
// pixels), each served with its type.
func TestManifest(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/manifest.webmanifest", "")
	if a.code != 200 || a.header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("GET /manifest.webmanifest: %d %s", a.code, a.header.Get("Content-Type"))
	}
	if cc := a.header.Get("Cache-Control"); !strings.Contains(cc, "max-age=") {
		t.Errorf("Cache-Control %q", cc)
	}
	var m struct {
		Name, ShortName, StartURL, Scope, Display, ThemeColor string
		Icons                                                 []struct{ Src, Sizes, Type string }
	}
	b := strings.NewReplacer("short_name", "ShortName", "start_url", "StartURL", "theme_color", "ThemeColor").Replace(a.body)
	if err := json.Unmarshal([]byte(b), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name == "" || m.ShortName == "" || m.StartURL != "/" || m.Scope != "/" || m.Display != "standalone" || m.ThemeColor == "" {
		t.Errorf("manifest %+v", m)
	}
	sizes := map[string]string{}
	for _, ic := range m.Icons {
		sizes[ic.Sizes] = ic.Type
		r := do(t, ts, "GET", ic.Src, "")
		if r.code != 200 || r.header.Get("Content-Type") != ic.Type {
			t.Errorf("icon %s: %d %s, want %s", ic.Src, r.code, r.header.Get("Content-Type"), ic.Type)
		}
	}
	if sizes["any"] != "image/svg+xml" || sizes["192x192"] != "image/png" || sizes["512x512"] != "image/png" {
		t.Errorf("icons %v, want an SVG and PNGs of 192 and 512", sizes)
	}
}

// TestYourStatsPage checks /me and the pages' links to what makes the
// site installable: the manifest, the theme colour, the script that
// registers the worker.
func TestYourStatsPage(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/me", "")
	if a.code != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /me: %d", a.code)
	}
	for _, want := range []string{`data-stats`, `id="export"`, `id="import-file"`, `/static/me.`, `nothing about you is sent`} {
		if !strings.Contains(a.body, want) {
			t.Errorf("/me lacks %s", want)
		}
	}
	for _, path := range []string{"/", "/me", "/archive", "/dashboard"} {
		b := do(t, ts, "GET", path, "")
		if !regexp.MustCompile(`<script src="/static/history\.[0-9a-f]{10}\.js" defer></script>`).MatchString(b.body) {
			t.Errorf("%s lacks history.js by its fingerprint", path)
		}
		for _, want := range []string{`<link rel="manifest" href="/manifest.webmanifest">`, `<meta name="theme-color"`, `href="/me"`} {
			if !strings.Contains(b.body, want) {
				t.Errorf("%s lacks %s", path, want)
			}
		}
	}
	if b := do(t, ts, "GET", "/archive", ""); !strings.Contains(b.body, `<tr data-date="2026-11-22">`) {
		t.Error("the archive's rows carry no data-date for your marks")
	}
}

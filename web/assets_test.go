package web_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rjm/web"
)

// get sends a GET with the given If-None-Match ("" for none).
func getIfNoneMatch(t *testing.T, ts interface{ Client() *http.Client }, url, etag string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

// Static files revalidate: every file a page or the service worker names
// is fingerprinted and immutable, the same file by its own name is kept
// an hour; both carry an ETag and answer 304 to it; the pages of the day
// and the dashboard carry an ETag too (304), and every answer says Vary:
// Accept-Encoding, for the proxy that compresses it.
func TestAssetsRevalidate(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	page := do(t, ts, "GET", "/", "")
	worker := do(t, ts, "GET", "/sw.js", "")
	re := regexp.MustCompile(`/static/([a-z0-9-]+)\.([0-9a-f]{10})\.([a-z]+)\b`)
	named := re.FindAllStringSubmatch(page.body+worker.body, -1)
	if len(named) < 5 {
		t.Fatalf("the page and the worker name %d fingerprinted files: %v", len(named), named)
	}
	if strings.Contains(page.body, `"/static/style.css"`) || strings.Contains(worker.body, `'/static/style.css'`) {
		t.Errorf("a static file named by its own name: the page or the worker")
	}
	for _, m := range named {
		fp, own := m[0], "/static/"+m[1]+"."+m[3]
		r := getIfNoneMatch(t, ts, ts.URL+fp, "")
		etag := r.Header.Get("ETag")
		if r.StatusCode != 200 || r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || etag != `"`+m[2]+`"` {
			t.Fatalf("%s: %d Cache-Control %q ETag %q", fp, r.StatusCode, r.Header.Get("Cache-Control"), etag)
		}
		if !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary %q", fp, r.Header.Get("Vary"))
		}
		if r := getIfNoneMatch(t, ts, ts.URL+fp, etag); r.StatusCode != 304 {
			t.Errorf("%s with If-None-Match: %d, want 304", fp, r.StatusCode)
		}
		r = getIfNoneMatch(t, ts, ts.URL+own, "")
		if r.StatusCode != 200 || r.Header.Get("Cache-Control") != "public, max-age=3600" || r.Header.Get("ETag") != etag {
			t.Errorf("%s: %d Cache-Control %q ETag %q, want %s", own, r.StatusCode, r.Header.Get("Cache-Control"), r.Header.Get("ETag"), etag)
		}
		if r := getIfNoneMatch(t, ts, ts.URL+own, `"other", `+etag); r.StatusCode != 304 {
			t.Errorf("%s with If-None-Match: %d, want 304", own, r.StatusCode)
		}
	}
	if r := getIfNoneMatch(t, ts, ts.URL+"/static/style.0123456789.css", ""); r.StatusCode != 404 {
		t.Errorf("a fingerprint of no file: %d, want 404", r.StatusCode)
	}
	for _, path := range []string{"/", "/api/daily", "/dashboard"} {
		r := getIfNoneMatch(t, ts, ts.URL+path, "")
		etag := r.Header.Get("ETag")
		if r.StatusCode != 200 || etag == "" || !strings.Contains(r.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: %d ETag %q Vary %q", path, r.StatusCode, etag, r.Header.Get("Vary"))
			continue
		}
		if r := getIfNoneMatch(t, ts, ts.URL+path, etag); r.StatusCode != 304 {
			t.Errorf("%s with If-None-Match: %d, want 304", path, r.StatusCode)
		}
	}
}

package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// The static files (web/static) are served under two names: their own
// (/static/play.js), revalidated (an hour's max-age, then ETag: 304 when
// unchanged), and a fingerprinted one (/static/play.3f9a0c1b2d.js, ten hex
// digits of the SHA-256 of the content), cached for a year as immutable:
// a changed file is a new name. The templates name every static file
// through the "asset" function, which gives its fingerprinted path, so a
// file added to web/static gets one without anything else to do; the
// service worker's list of files is rewritten to the same names
// (offline.go). A script that names another file by its own name still
// works: that name revalidates.

// AssetMaxAge is the max-age of a static file asked for by its own name.
const AssetMaxAge = time.Hour

// asset is one static file: its own name, its fingerprinted name, its
// content and its ETag.
type asset struct {
	name, fp string
	body     []byte
	etag     string
}

// assets are the static files by their own and fingerprinted names.
type assets struct {
	byName, byFP map[string]*asset
}

// newAssets reads every static file once.
func newAssets() *assets {
	static, _ := fs.Sub(staticFS, "static")
	a := &assets{byName: map[string]*asset{}, byFP: map[string]*asset{}}
	fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		hash := hex.EncodeToString(sum[:])[:10]
		ext := path.Ext(p)
		x := &asset{name: p, fp: strings.TrimSuffix(p, ext) + "." + hash + ext, body: b, etag: `"` + hash + `"`}
		a.byName[p], a.byFP[x.fp] = x, x
		return nil
	})
	return a
}

// url is the path of the static file name (as under web/static) by its
// fingerprint; a name that is no static file is given as it is, so that
// it answers 404 rather than break the page's template.
func (a *assets) url(name string) string {
	if x := a.byName[name]; x != nil {
		return "/static/" + x.fp
	}
	return "/static/" + name
}

// rewrite replaces, in text, every quoted path of a static file by its
// own name with its fingerprinted path.
func (a *assets) rewrite(text []byte) []byte {
	for name, x := range a.byName {
		for _, q := range []string{`'`, `"`} {
			text = bytes.ReplaceAll(text, []byte(q+"/static/"+name+q), []byte(q+"/static/"+x.fp+q))
		}
	}
	return text
}

// serve answers /static/{name}: the file by either name, with its ETag
// (304 on If-None-Match), its type, and Cache-Control: immutable for a
// year by its fingerprint, AssetMaxAge by its own name; the 404 page for
// any other name.
func (s *server) serveAsset(a *assets) http.Handler {
	return http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		cc := "public, max-age=31536000, immutable"
		x := a.byFP[name]
		if x == nil {
			x = a.byName[name]
			cc = "public, max-age=" + strconv.Itoa(int(AssetMaxAge/time.Second))
		}
		if x == nil {
			s.pageError(w, http.StatusNotFound, "There is no file at /static/"+name+".")
			return
		}
		h := w.Header()
		h.Set("Cache-Control", cc)
		h.Set("ETag", x.etag)
		if ct := mime.TypeByExtension(path.Ext(x.name)); ct != "" {
			h.Set("Content-Type", ct)
		}
		// ServeContent answers If-None-Match (304) and ranges; the files
		// have no time of their own, so no Last-Modified.
		http.ServeContent(w, r, x.name, time.Time{}, bytes.NewReader(x.body))
	}))
}

// etagOf is a strong ETag of body: ten hex digits of its SHA-256.
func etagOf(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + hex.EncodeToString(sum[:5]) + `"`
}

// writeTagged answers body, of type ctype, with its ETag etag and
// Cache-Control cc ("" leaves it unset): 304 with no body when the
// request's If-None-Match names it (a revalidation costs no transfer).
func writeTagged(w http.ResponseWriter, r *http.Request, ctype, cc, etag string, body []byte) {
	h := w.Header()
	h.Set("ETag", etag)
	if cc != "" {
		h.Set("Cache-Control", cc)
	}
	if matches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", ctype)
	w.Write(body)
}

// matches reports whether an If-None-Match header names etag (weakly
// compared, as RFC 9110 says for it).
func matches(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		if t := strings.TrimSpace(tag); t == etag || t == "W/"+etag || t == "*" {
			return true
		}
	}
	return false
}

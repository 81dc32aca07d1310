package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
)

// offline is what makes the site work without the network and install to
// a home screen: the service worker, served from the root so that its
// scope is the whole site, and the web app manifest. Both are made once,
// from the embedded static files.
type offline struct {
	worker, manifest []byte
}

// newOffline reads the worker and the manifest, and sets the worker's
// VERSION to a hash of every static file: a change to any of them is a
// new worker, which the browser installs with a fresh cache.
func newOffline(a *assets) *offline {
	static, _ := fs.Sub(staticFS, "static")
	h := sha256.New()
	fs.WalkDir(static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static, path)
		h.Write([]byte(path))
		h.Write(b)
		return err
	})
	version := hex.EncodeToString(h.Sum(nil))[:16]
	worker, _ := fs.ReadFile(static, "sw.js")
	manifest, _ := fs.ReadFile(static, "manifest.webmanifest")
	worker = bytes.Replace(worker, []byte(`var VERSION = 'dev';`), []byte(`var VERSION = '`+version+`';`), 1)
	worker = a.rewrite(worker) // the files by the names the pages give them
	return &offline{worker: worker, manifest: manifest}
}

// serveWorker answers /sw.js. The browser checks a worker for updates
// itself; no-cache makes every check reach the server.
func (o *offline) serveWorker(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(o.worker)
}

// serveManifest answers /manifest.webmanifest.
func (o *offline) serveManifest(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(o.manifest)
}

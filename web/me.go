package web

import "net/http"

// pageMe is "Your stats": the page is the same for everyone; its script
// (me.js) reads the player's history from the browser's own storage. The
// server never sees it.
func (s *server) pageMe(w http.ResponseWriter, r *http.Request) {
	s.writePage(w, http.StatusOK, "me.html", struct{ Title string }{"Your stats"})
}

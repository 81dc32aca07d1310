package web

import "rjm/store"

// Routes returns the pattern of every route of the site over st, as
// NewHandler registers them.
func Routes(st store.Store) []string {
	s := newServer(st, Options{Tarpit: -1})
	s.routes()
	return s.patterns
}

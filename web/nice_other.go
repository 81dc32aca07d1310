//go:build !linux

package web

// lowPriority runs f (at the usual priority: only Linux sets a thread's).
func lowPriority(f func()) { f() }

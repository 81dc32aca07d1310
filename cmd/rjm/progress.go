package main

import (
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress returns a progress callback that draws a bar on stderr, or
// nil when stderr is not a terminal (progress never goes to files).
func newProgress(e *env, what string, total int) (func(done, total int, best float64), func()) {
	if !isTerminal(e.stderr) || total <= 0 {
		return nil, func() {}
	}
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100_000_000),
		progressbar.OptionClearOnFinish(),
	)
	return func(done, _ int, _ float64) { _ = bar.Set(done) }, func() { _ = bar.Finish() }
}

package main

import (
	"os"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// colorWanted reports whether output may be coloured: not with
// --no-color, nor when the environment sets NO_COLOR to anything but ""
// (https://no-color.org).
func colorWanted(noColor bool, getenv func(string) string) bool {
	return !noColor && getenv("NO_COLOR") == ""
}

// newProgress returns a progress callback that draws a bar on stderr, and
// a function to call when the work is over, which removes the bar. The
// callback is nil when stderr is not a terminal (progress never goes to
// files); it may be called from several goroutines.
func newProgress(e *env, what string, total int) (func(done, total int, best float64), func()) {
	if !isTerminal(e.stderr) || total <= 0 {
		return nil, func() {}
	}
	p := mpb.New(mpb.WithOutput(e.stderr), mpb.WithWidth(40), mpb.WithRefreshRate(100*time.Millisecond))
	bar := p.AddBar(int64(total),
		mpb.BarRemoveOnComplete(),
		mpb.PrependDecorators(decor.Name(what+" "), decor.CountersNoUnit("%d/%d")),
		mpb.AppendDecorators(decor.Percentage(decor.WC{W: 5}), decor.Name(" "), decor.AverageETA(decor.ET_STYLE_GO)),
	)
	update := func(done, _ int, _ float64) { bar.SetCurrent(int64(min(done, total))) }
	finish := func() {
		bar.Abort(true)
		p.Wait()
	}
	return update, finish
}

// workProgress returns a progress callback for library work that knows
// its total only once it runs (nil when stderr is not a terminal): it
// draws a bar labelled what from its first call on, and a new one when the
// total changes (an experiment's phases); and a function to call when the
// work is over, which removes the bar. Calls must not be concurrent.
func workProgress(e *env, what string) (func(done, total int), func()) {
	if !isTerminal(e.stderr) {
		return nil, func() {}
	}
	var update func(done, total int, best float64)
	finish, last := func() {}, -1
	progress := func(done, total int) {
		if total != last {
			finish()
			update, finish = newProgress(e, what, total)
			last = total
		}
		if update != nil {
			update(done, total, 0)
		}
	}
	return progress, func() { finish(); finish = func() {} }
}

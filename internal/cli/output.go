package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// Show prints a result to stdout: v as indented JSON when asJSON is set,
// else its text.
func (e *Env) Show(asJSON bool, v any, text func(io.Writer) error) error {
	if asJSON {
		return e.WriteJSON(v)
	}
	return text(e.Stdout)
}

// Text returns a writer of s, for Show.
func Text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// WriteJSON writes v as indented JSON to stdout.
func (e *Env) WriteJSON(v any) error {
	enc := json.NewEncoder(e.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// ColorWanted reports whether output may be coloured: not with
// --no-color, nor when the environment sets NO_COLOR to anything but ""
// (https://no-color.org).
func ColorWanted(noColor bool, getenv func(string) string) bool {
	return !noColor && getenv("NO_COLOR") == ""
}

// Progress returns a progress callback for library work (nil when stderr
// is not a terminal: progress never goes to files) and a function to call
// when the work is over, which removes the bar. The callback draws a bar
// labelled what from its first call on, and a new one when the total
// changes (an experiment's phases). Calls must not be concurrent.
func (e *Env) Progress(what string) (func(done, total int), func()) {
	if !IsTerminal(e.Stderr) {
		return nil, func() {}
	}
	var p *mpb.Progress
	var bar *mpb.Bar
	finish := func() {
		if p != nil {
			bar.Abort(true)
			p.Wait()
			p = nil
		}
	}
	last := 0
	return func(done, total int) {
		if total != last {
			finish()
			last = total
			p = mpb.New(mpb.WithOutput(e.Stderr), mpb.WithWidth(40), mpb.WithRefreshRate(100*time.Millisecond))
			bar = p.AddBar(int64(total), mpb.BarRemoveOnComplete(),
				mpb.PrependDecorators(decor.Name(what+" "), decor.CountersNoUnit("%d/%d")),
				mpb.AppendDecorators(decor.Percentage(decor.WC{W: 5}), decor.Name(" "), decor.AverageETA(decor.ET_STYLE_GO)))
		}
		if p != nil {
			bar.SetCurrent(int64(min(done, total)))
		}
	}, finish
}

// Status returns a function that shows one line of status on stderr, each
// line replacing the last (nil when stderr is not a terminal: status never
// goes to files), at most four times a second unless now is set; and a
// function to call when the work is over, which clears the line. Calls
// must not be concurrent.
func (e *Env) Status() (show func(line string, now bool), finish func()) {
	if !IsTerminal(e.Stderr) {
		return nil, func() {}
	}
	var last time.Time
	shown := false
	return func(line string, now bool) {
			if !now && time.Since(last) < 250*time.Millisecond {
				return
			}
			last, shown = time.Now(), true
			fmt.Fprintf(e.Stderr, "\r\x1b[K%s", line)
		}, func() {
			if shown {
				fmt.Fprint(e.Stderr, "\r\x1b[K")
			}
		}
}

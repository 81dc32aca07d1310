// Package interrupt is how rjm stops on a signal: a context cancelled by
// Ctrl-C (SIGINT) or SIGTERM that remembers which came, the exit status
// that signal calls for, and a reader that gives up waiting for input
// once its context is done.
//
// SIGTERM is treated like Ctrl-C: the work stops, what was found so far is
// printed (an interrupted "rjm generate" prints its best maze), and the
// process exits with the shell's status for the signal, 128 plus its
// number: 130 for SIGINT, 143 for SIGTERM.
package interrupt

import (
	"context"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Signals are the signals that interrupt rjm.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// Context returns a copy of parent that is cancelled when one of Signals
// arrives, a function that says which signal came (nil before one has),
// and a stop function that releases the signal handler. After stop, the
// signals have their default effect again.
func Context(parent context.Context) (ctx context.Context, received func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, Signals...)
	var mu sync.Mutex
	var got os.Signal
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			mu.Lock()
			got = s
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	received = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel()
		})
	}
	return ctx, received, stop
}

// Status is the exit status for a process stopped by s: 128 plus the
// signal's number (130 for SIGINT, 143 for SIGTERM), and 130 for a signal
// without a number.
func Status(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// Reader returns a reader of r whose Read returns ctx.Err() as soon as ctx
// is done, even while a Read of r is blocked (waiting on a terminal or a
// pipe): the blocked Read is left behind, to end with the process. A
// reader of a file or of memory never blocks long, so use Reader only for
// input that may wait on a person or another program.
func Reader(ctx context.Context, r io.Reader) io.Reader {
	return &reader{ctx: ctx, r: r}
}

type reader struct {
	ctx context.Context
	r   io.Reader
	// pending delivers the result of the Read under way, if any (one that
	// a cancelled call left behind, or the rest of one that p could not
	// hold), so that no bytes are lost between calls.
	pending chan result
}

type result struct {
	b   []byte
	err error
}

func (r *reader) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if r.pending == nil {
		ch := make(chan result, 1)
		buf := make([]byte, len(p))
		go func() {
			n, err := r.r.Read(buf)
			ch <- result{buf[:n], err}
		}()
		r.pending = ch
	}
	select {
	case res := <-r.pending:
		r.pending = nil
		n := copy(p, res.b)
		if n < len(res.b) { // p shrank since the Read began: keep the rest
			rest := make(chan result, 1)
			rest <- result{res.b[n:], res.err}
			r.pending = rest
			return n, nil
		}
		return n, res.err
	case <-r.ctx.Done():
		return 0, r.ctx.Err()
	}
}

package web

import (
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultLogLines is NewLogWriter's bound when given 0.
const DefaultLogLines = 4096

// LogWriter is an io.Writer for the logs that never blocks its callers:
// each Write (one log line, as slog's handlers write them) is copied into
// a bounded queue that one goroutine writes to the sink. When the sink
// stalls (a log reader that stopped reading) and the queue is full, lines
// are dropped and counted (Dropped) instead of holding up requests.
type LogWriter struct {
	lines   chan []byte
	dropped atomic.Int64
	done    chan struct{}
	// mu guards closed: a Write after Close is dropped.
	mu     sync.RWMutex
	closed bool
}

// NewLogWriter returns a LogWriter to sink keeping at most lines lines
// waiting (0: DefaultLogLines). Close flushes it.
func NewLogWriter(sink io.Writer, lines int) *LogWriter {
	if lines <= 0 {
		lines = DefaultLogLines
	}
	w := &LogWriter{lines: make(chan []byte, lines), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for p := range w.lines {
			sink.Write(p)
		}
	}()
	return w
}

// Write queues a copy of p, or drops it when the queue is full or the
// writer closed. It never fails nor blocks.
func (w *LogWriter) Write(p []byte) (int, error) {
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.closed {
		w.dropped.Add(1)
		return len(p), nil
	}
	select {
	case w.lines <- append([]byte(nil), p...):
	default:
		w.dropped.Add(1)
	}
	return len(p), nil
}

// Dropped returns the lines dropped so far.
func (w *LogWriter) Dropped() int64 { return w.dropped.Load() }

// Close stops taking lines (those written after it are dropped) and
// waits for the queued ones to be written, for at most a second (a sink
// may be stalled).
func (w *LogWriter) Close() error {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.lines)
	}
	w.mu.Unlock()
	select {
	case <-w.done:
	case <-time.After(time.Second):
	}
	return nil
}

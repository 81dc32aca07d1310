package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"

	"rjm/fault"
	"rjm/store"
)

// Site is a whole web site as "rjm serve" runs it: the handler's Options
// over the store at DB, served on Addr.
type Site struct {
	Addr string // HOST:PORT to listen on
	DB   string // the store: an SQLite file's path or a postgres:// URL (see store.Open)
	Options
	// RequestLines logs a line per request; without it only warnings are
	// logged.
	RequestLines bool
	// WasmFile is the workbench's engine to serve (a build of
	// cmd/rjmwasm, with its wasm_exec.js beside it); "" builds it in the
	// background, once /design is first asked for, when the server runs
	// from rjm's source with a Go toolchain (Wasm.BuildWhenAsked), "none"
	// serves none.
	WasmFile string
}

// Run opens the store, listens on Addr and serves the site (Serve) until
// ctx ends, then closes the store. It logs to stderr through a
// LogWriter, so that a stalled reader of stderr drops lines (counted in
// /metrics) and never holds up a request nor the shutdown; Options'
// Logger, LogDropped and Background are set here. An address it cannot
// listen on is a *fault.Error.
func (s Site) Run(ctx context.Context, stderr io.Writer) error {
	st, err := store.Open(ctx, s.DB)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", s.Addr)
	if err != nil {
		st.Close()
		return fault.In("address", err)
	}
	level := slog.LevelInfo
	if !s.RequestLines {
		level = slog.LevelWarn
	}
	lw := NewLogWriter(stderr, 0)
	log := slog.New(slog.NewTextHandler(lw, &slog.HandlerOptions{Level: level}))
	o := s.Options
	o.Logger, o.LogDropped, o.Background = log, lw.Dropped, ctx
	if o.Wasm == nil {
		o.Wasm = &Wasm{}
	}
	switch s.WasmFile {
	case "none":
	case "":
		if wd, err := os.Getwd(); err == nil {
			if src := WasmSource(wd); src != "" {
				o.Wasm.BuildWhenAsked(ctx, src, log.Info)
			}
		}
	default:
		if err := o.Wasm.Load(s.WasmFile); err != nil {
			st.Close()
			ln.Close()
			return err
		}
	}
	if limit, from := SetMemoryLimit(); limit > 0 {
		log.Info("memory limit", "bytes", limit, "from", from)
	}
	fmt.Fprintf(lw, "rjm: serving http://%s/ (store %s); Ctrl-C stops\n", ln.Addr(), store.Display(s.DB))
	err = Serve(ctx, ln, NewHandler(st, o), log)
	// The store closed first, then the last line queued: written within
	// the log's own bound (a second) however stderr stalls.
	if cerr := st.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("closing the store: %w", cerr)
	}
	fmt.Fprintln(lw, "rjm: stopped")
	lw.Close()
	return err
}

package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"rjm/store"
	"rjm/web"
)

// defaultDB returns the default store path: rjm/rjm.db in $XDG_DATA_HOME,
// or else in ~/.local/share, or else rjm.db in the working directory.
func defaultDB() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "rjm", "rjm.db")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "rjm", "rjm.db")
	}
	return "rjm.db"
}

func newServeCmd(e *env) *cobra.Command {
	var addr, db string
	c := &cobra.Command{
		Use:  "serve",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(e.ctx, syscall.SIGTERM)
			defer stop()
			return serve(ctx, e, addr, db)
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	c.Flags().StringVar(&db, "db", defaultDB(), "the store: an SQLite database `PATH` (created when absent), or a postgres:// URL")
	return c
}

// serve runs the site on addr over the store at db until ctx ends.
func serve(ctx context.Context, e *env, addr, db string) error {
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return badInput(fmt.Errorf("--addr: %w", err))
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	srv := &http.Server{
		Handler:           web.NewHandler(st, web.Options{Logger: log}),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	shown := db
	if u, err := url.Parse(db); err == nil && store.IsPostgres(db) {
		shown = u.Redacted()
	}
	fmt.Fprintf(e.stderr, "rjm: serving http://%s/ (store %s); Ctrl-C stops\n", ln.Addr(), shown)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(shut)
	<-done
	fmt.Fprintln(e.stderr, "rjm: stopped")
	return err
}

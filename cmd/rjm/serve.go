package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/store"
	"rjm/web"
)

func newServeCmd(e *cli.Env) *cobra.Command {
	var addr, db string
	c := &cobra.Command{
		Use:  "serve",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(e.Ctx, syscall.SIGTERM)
			defer stop()
			return serve(ctx, e, addr, db)
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	c.Flags().StringVar(&db, "db", store.DefaultPath(), "the store: an SQLite database `PATH` (created when absent), or a postgres:// URL")
	return c
}

// serve runs the site on addr over the store at db until ctx ends.
func serve(ctx context.Context, e *cli.Env, addr, db string) error {
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return cli.BadInput(fmt.Errorf("--addr: %w", err))
	}
	log := slog.New(slog.NewTextHandler(e.Stderr, nil))
	fmt.Fprintf(e.Stderr, "rjm: serving http://%s/ (store %s); Ctrl-C stops\n", ln.Addr(), store.Display(db))
	err = web.Serve(ctx, ln, web.NewHandler(st, web.Options{Logger: log}), log)
	fmt.Fprintln(e.Stderr, "rjm: stopped")
	return err
}

package web_test

import (
	"context"
	"log/slog"
	"net"
	"os"
	"os/signal"

	"rjm/store"
	"rjm/web"
)

// A server of the site: a store, a listener and the handler, served until
// Ctrl-C, then shut down gracefully.
func ExampleServe() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := store.Open(ctx, store.DefaultPath())
	if err != nil {
		panic(err)
	}
	defer st.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:8080")
	if err != nil {
		panic(err)
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := web.Serve(ctx, ln, web.NewHandler(st, web.Options{Logger: log}), log); err != nil {
		panic(err)
	}
}

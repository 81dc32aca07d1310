package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"rjm/internal/cli"
	"rjm/store"
	"rjm/web"
)

// serveFlags are rjm serve's settings.
type serveFlags struct {
	addr, db     string
	proxies      []string
	logClients   bool
	workers      int
	playEvery    time.Duration
	playBurst    int
	genEvery     time.Duration
	genBurst     int
	requestLines bool
	storeTimeout time.Duration
}

func newServeCmd(e *cli.Env) *cobra.Command {
	var f serveFlags
	c := &cobra.Command{
		Use:  "serve",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(e.Ctx, syscall.SIGTERM)
			defer stop()
			return serve(ctx, e, f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	fl.StringVar(&f.db, "db", store.DefaultPath(), "the store: an SQLite database `PATH` (created when absent), or a postgres:// URL")
	fl.StringArrayVar(&f.proxies, "trusted-proxy", nil, "take the client from X-Forwarded-For or Forwarded on requests from this `CIDR` or address (repeatable)")
	fl.BoolVar(&f.logClients, "log-clients", false, "add the client's address to the request log (none by default)")
	fl.BoolVar(&f.requestLines, "log-requests", true, "log one line per request")
	fl.IntVar(&f.workers, "max-workers", 0, "generations at once across all clients (analyses twice as many); 0: one fewer than the cores")
	fl.DurationVar(&f.playEvery, "play-every", web.DefaultPlayEvery, "one client's average `TIME` between plays")
	fl.IntVar(&f.playBurst, "play-burst", web.DefaultPlayBurst, "plays one client may send at once")
	fl.DurationVar(&f.genEvery, "generate-every", web.DefaultGenerateEvery, "one client's average `TIME` between generations")
	fl.IntVar(&f.genBurst, "generate-burst", web.DefaultGenerateBurst, "generations one client may ask for at once")
	fl.DurationVar(&f.storeTimeout, "store-timeout", web.DefaultStoreTimeout, "the longest `TIME` a request waits for the store (then 503)")
	return c
}

// serve runs the site over the store at f.db until ctx ends.
func serve(ctx context.Context, e *cli.Env, f serveFlags) error {
	o := web.Options{LogClients: f.logClients, MaxWorkers: f.workers, StoreTimeout: f.storeTimeout,
		PlayEvery: f.playEvery, PlayBurst: f.playBurst, GenerateEvery: f.genEvery, GenerateBurst: f.genBurst}
	for _, p := range f.proxies {
		pr, err := web.ParseTrustedProxy(p)
		if err != nil {
			return cli.BadInput(fmt.Errorf("--trusted-proxy: %w", err))
		}
		o.TrustedProxies = append(o.TrustedProxies, pr)
	}
	if f.workers < 0 || f.playBurst < 1 || f.genBurst < 1 || f.playEvery <= 0 || f.genEvery <= 0 || f.storeTimeout < 0 {
		return cli.BadInput(fmt.Errorf("--max-workers must be ≥ 0, the bursts ≥ 1 and the times > 0"))
	}
	st, err := store.Open(ctx, f.db)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		st.Close()
		return cli.BadInput(fmt.Errorf("--addr: %w", err))
	}
	level := slog.LevelInfo
	if !f.requestLines {
		level = slog.LevelWarn
	}
	// The log goes through a bounded queue: a stalled reader of standard
	// error drops lines (counted in /metrics), never holds up a request,
	// nor the shutdown.
	lw := web.NewLogWriter(e.Stderr, 0)
	log := slog.New(slog.NewTextHandler(lw, &slog.HandlerOptions{Level: level}))
	o.Logger, o.LogDropped = log, lw.Dropped
	o.Background = ctx
	if limit, from := web.SetMemoryLimit(); limit > 0 {
		log.Info("memory limit", "bytes", limit, "from", from)
	}
	fmt.Fprintf(lw, "rjm: serving http://%s/ (store %s); Ctrl-C stops\n", ln.Addr(), store.Display(f.db))
	err = web.Serve(ctx, ln, web.NewHandler(st, o), log)
	// The store closed first, then the last line queued: written within
	// the log's own bound (a second) however standard error stalls.
	if cerr := st.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("closing the store: %w", cerr)
	}
	fmt.Fprintln(lw, "rjm: stopped")
	lw.Close()
	return err
}

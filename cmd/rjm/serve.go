package main

import (
	"errors"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"rjm/fault"
	"rjm/internal/cli"
	"rjm/store"
	"rjm/web"
)

func newServeCmd(e *cli.Env) *cobra.Command {
	var s web.Site
	var proxies []string
	c := &cobra.Command{
		Use:  "serve",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, p := range proxies {
				pr, err := web.ParseTrustedProxy(p)
				if err != nil {
					return fault.In("--trusted-proxy", err)
				}
				s.TrustedProxies = append(s.TrustedProxies, pr)
			}
			o := s.Options
			for _, x := range []struct {
				bad        bool
				name, want string
			}{
				{o.MaxWorkers < 0, "max-workers", "≥ 0"}, {o.PlayBurst < 1, "play-burst", "≥ 1"}, {o.GenerateBurst < 1, "generate-burst", "≥ 1"},
				{o.PlayEvery <= 0, "play-every", "> 0"}, {o.GenerateEvery <= 0, "generate-every", "> 0"}, {o.StoreTimeout < 0, "store-timeout", "≥ 0"},
			} {
				if x.bad {
					return fault.Invalid("--"+x.name, "%s: want %s", cmd.Flags().Lookup(x.name).Value, x.want)
				}
			}
			ctx, stop := signal.NotifyContext(e.Ctx, syscall.SIGTERM)
			defer stop()
			err := s.Run(ctx, e.Stderr)
			// The site names the address by its field; here it is a flag.
			if fe, ok := errors.AsType[*fault.Error](err); ok && fe.Where == "address" {
				fe.Where = "--addr"
			}
			return err
		},
	}
	fl := c.Flags()
	fl.StringVar(&s.Addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	fl.StringVar(&s.DB, "db", store.DefaultPath(), "the store: an SQLite database `PATH` (created when absent), or a postgres:// URL")
	fl.StringArrayVar(&proxies, "trusted-proxy", nil, "take the client from X-Forwarded-For or Forwarded on requests from this `CIDR` or address (repeatable)")
	fl.BoolVar(&s.LogClients, "log-clients", false, "add the client's address to the request log (none by default)")
	fl.BoolVar(&s.RequestLines, "log-requests", true, "log one line per request")
	fl.IntVar(&s.MaxWorkers, "max-workers", 0, "generations at once across all clients (analyses twice as many); 0: one fewer than the cores")
	fl.DurationVar(&s.PlayEvery, "play-every", web.DefaultPlayEvery, "one client's average `TIME` between plays")
	fl.IntVar(&s.PlayBurst, "play-burst", web.DefaultPlayBurst, "plays one client may send at once")
	fl.DurationVar(&s.GenerateEvery, "generate-every", web.DefaultGenerateEvery, "one client's average `TIME` between generations")
	fl.IntVar(&s.GenerateBurst, "generate-burst", web.DefaultGenerateBurst, "generations one client may ask for at once")
	fl.StringVar(&s.WasmFile, "wasm", "", "the workbench's engine for the page: a `FILE` built from cmd/rjmwasm (its wasm_exec.js beside it), or none; by default built in the background, once /design is opened, when run from rjm's source")
	fl.DurationVar(&s.StoreTimeout, "store-timeout", web.DefaultStoreTimeout, "the longest `TIME` a request waits for the store (then 503)")
	return c
}

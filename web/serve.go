package web

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

// ShutdownTimeout bounds how long Serve waits, once its context ends, for
// the requests under way to finish.
const ShutdownTimeout = 10 * time.Second

// Serve serves h on ln until ctx ends, then shuts down gracefully:
// it stops accepting connections and finishes the requests under way
// (for at most ShutdownTimeout). Its server bounds every phase of a
// request (headers, body, answer, idle connection) so that no client can
// hold a connection for ever, and logs its own errors to log as
// warnings. It returns nil after a graceful shutdown.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(headedListener{ln}) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(shut)
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// headedListener gives the answers net/http writes itself, before any
// handler runs (400 for a malformed request, 431 for headers too large),
// the security headers every other answer has.
type headedListener struct{ net.Listener }

func (l headedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return headedConn{c}, nil
}

// serverErrorEnd is how net/http ends the header of its own error
// answers, which it writes whole in one call.
const serverErrorEnd = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// serverErrorHeaders are the security headers, as header lines.
var serverErrorHeaders = func() string {
	var b strings.Builder
	for _, kv := range securityHeaders {
		b.WriteString(kv[0] + ": " + kv[1] + "\r\n")
	}
	return b.String()
}()

type headedConn struct{ net.Conn }

func (c headedConn) Write(p []byte) (int, error) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.1 4")) || bytes.Contains(p, []byte("Content-Security-Policy")) {
		return c.Conn.Write(p)
	}
	i := bytes.Index(p, []byte(serverErrorEnd))
	if i < 0 {
		return c.Conn.Write(p)
	}
	end := i + len(serverErrorEnd)
	out := make([]byte, 0, len(p)+len(serverErrorHeaders))
	out = append(out, p[:end-2]...)
	out = append(out, serverErrorHeaders...)
	out = append(out, p[end-2:]...)
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

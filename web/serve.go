package web

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
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

// DefaultMemoryLimit is the Go runtime's soft memory limit that
// SetMemoryLimit sets where the process has no memory bound of its own:
// under the 300 MB docs/deploy.md promises.
const DefaultMemoryLimit = 256 << 20

// SetMemoryLimit sets the Go runtime's soft memory limit (see
// runtime/debug.SetMemoryLimit) from the memory the server is given,
// unless $GOMEMLIMIT sets it already: three fifths of its cgroup's bound
// (memory.max, or memory.limit_in_bytes under cgroup v1: systemd's
// MemoryMax, a container's --memory), or else DefaultMemoryLimit. The
// collector then works harder as the heap nears it, so that a flood of
// cached answers and buffers is collected before the kernel ends the
// process. It returns the limit set (0 when $GOMEMLIMIT is set) and where
// it came from.
func SetMemoryLimit() (int64, string) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return 0, "$GOMEMLIMIT"
	}
	limit, from := int64(DefaultMemoryLimit), "the default"
	if n, where := cgroupMemory(os.ReadFile); n > 0 {
		limit, from = n/5*3, where
	}
	debug.SetMemoryLimit(limit)
	return limit, from
}

// cgroupMemory returns the memory bound of the process's cgroup and the
// file that says it, or 0 when it has none (or it cannot be read);
// read reads a file.
func cgroupMemory(read func(string) ([]byte, error)) (int64, string) {
	b, err := read("/proc/self/cgroup")
	if err != nil {
		return 0, ""
	}
	var files []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			files = append(files, filepath.Join("/sys/fs/cgroup", parts[2], "memory.max"))
		case slices.Contains(strings.Split(parts[1], ","), "memory"):
			files = append(files, filepath.Join("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes"),
				"/sys/fs/cgroup/memory/memory.limit_in_bytes")
		}
	}
	for _, f := range files {
		b, err := read(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<60 { // "max", or cgroup v1's "none"
			continue
		}
		return n, f
	}
	return 0, ""
}

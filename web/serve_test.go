package web

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// Serve answers until its context ends, then finishes the request under
// way before it returns nil.
func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "finished")
	})
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, h, slog.New(slog.DiscardHandler)) }()
	answer := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			answer <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answer <- string(b)
	}()
	<-started
	cancel()
	time.Sleep(50 * time.Millisecond) // the shutdown has begun
	select {
	case err := <-served:
		t.Fatalf("Serve returned %v with a request under way", err)
	default:
	}
	close(release)
	if got := <-answer; got != "finished" {
		t.Errorf("the request under way got %q", got)
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		t.Error("still accepting connections after the shutdown")
	}
}

// The answers net/http writes itself, before any handler (400 for a
// malformed request, 431 for headers too large), carry the security
// headers too.
func TestServerOwnErrorsHaveSecurityHeaders(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Serve(ctx, ln, http.NotFoundHandler(), slog.New(slog.DiscardHandler))
	for name, req := range map[string]string{
		"400": "GET / HTTP/1.1\r\nHost: a\r\nBad Header Line\r\n\r\n",
		"431": "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + strings.Repeat("a", 64<<10) + "\r\n\r\n",
	} {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(c, req)
		b, _ := io.ReadAll(c)
		c.Close()
		if !strings.HasPrefix(string(b), "HTTP/1.1 "+name) {
			t.Errorf("%s: answer %.80q", name, b)
			continue
		}
		for _, kv := range securityHeaders {
			if !strings.Contains(string(b), "\r\n"+kv[0]+": "+kv[1]+"\r\n") {
				t.Errorf("%s: no %s in %.300q", name, kv[0], b)
			}
		}
	}
}

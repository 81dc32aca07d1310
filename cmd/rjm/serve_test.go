package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer safe to read while the server writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServe starts the site over a new SQLite file on a free loopback
// port, asks it for today's maze, and stops it as a signal would.
func TestServe(t *testing.T) {
	testServe(t, filepath.Join(t.TempDir(), "new", "rjm.db"))
}

// TestServePostgres does the same over PostgreSQL, when $RJM_POSTGRES_DSN
// names a database (whose public schema it migrates).
func TestServePostgres(t *testing.T) {
	dsn := os.Getenv("RJM_POSTGRES_DSN")
	if dsn == "" {
		t.Skip("$RJM_POSTGRES_DSN is not set")
	}
	testServe(t, dsn)
}

func testServe(t *testing.T, db string) {
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr, ctx: ctx}
	errc := make(chan error, 1)
	go func() { errc <- serve(ctx, e, "127.0.0.1:0", db) }()
	addr := regexp.MustCompile(`serving (http://[^ ]+/)`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if m := addr.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatalf("the server never said where it serves: %s", stderr.String())
	}
	resp, err := http.Get(url + "api/daily")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"difficulty"`) {
		t.Errorf("GET /api/daily: %d %s", resp.StatusCode, body)
	}
	cancel()
	if err := <-errc; err != nil {
		t.Errorf("serve after the signal: %v", err)
	}
	if !strings.Contains(stderr.String(), "rjm: stopped") {
		t.Errorf("no graceful stop: %s", stderr.String())
	}
}

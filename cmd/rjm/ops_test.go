package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// get answers a GET's status and body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServersStartTogether starts three servers at once on one new SQLite
// file, ten times: every one starts (none fails with "database is
// locked") and answers /readyz. Skipped under -short.
func TestServersStartTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 30 servers")
	}
	for round := range 10 {
		db := filepath.Join(t.TempDir(), fmt.Sprint(round), "rjm.db")
		var wg sync.WaitGroup
		urls := make([]string, 3)
		for i := range urls {
			wg.Go(func() { _, urls[i] = startServer(t, db) })
		}
		wg.Wait()
		for _, u := range urls {
			if code, body := get(t, u+"readyz"); code != 200 {
				t.Fatalf("round %d: /readyz %d %s", round, code, body)
			}
		}
	}
}

// TestReadyzPostgresStopped runs the server over a PostgreSQL cluster of
// its own: /readyz is 200, then 503 once the cluster is stopped (while
// /healthz stays 200), and 200 again once it is started. It needs
// PostgreSQL's server programs (Debian's postgresql package; .ci/run
// installs it) and skips without them, except under CI=true.
func TestReadyzPostgresStopped(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("starts a PostgreSQL cluster")
	}
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/pg_ctl")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("no PostgreSQL server programs, and CI=true tests readiness over PostgreSQL")
		}
		t.Skip("no PostgreSQL server programs (/usr/lib/postgresql/*/bin)")
	}
	sort.Strings(bins)
	bin := filepath.Dir(bins[len(bins)-1])
	dir, err := os.MkdirTemp("", "rjm-pg-readyz")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var as []string
	if os.Geteuid() == 0 { // PostgreSQL refuses to run as root
		exec.Command("chown", "postgres", dir).Run()
		as = []string{"runuser", "-u", "postgres", "--"}
	}
	pg := func(args ...string) error {
		full := append(as[:len(as):len(as)], args...)
		out, err := exec.Command(full[0], full[1:]...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %v\n%s", args, err, out)
		}
		return nil
	}
	port := 20000 + os.Getpid()%20000
	data := filepath.Join(dir, "data")
	if err := pg(filepath.Join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "rjm"); err != nil {
		t.Fatal(err)
	}
	start := func() error {
		return pg(filepath.Join(bin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "log"), "-w",
			"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, dir), "start")
	}
	stop := func() error { return pg(filepath.Join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop") }
	if err := start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pg(filepath.Join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop") })

	_, url := startServer(t, fmt.Sprintf("postgres://rjm@127.0.0.1:%d/postgres?sslmode=disable", port))
	if code, body := get(t, url+"readyz"); code != 200 {
		t.Fatalf("/readyz with PostgreSQL up: %d %s", code, body)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, url+"readyz"); code != 503 || !strings.Contains(body, "store") {
		t.Errorf("/readyz with PostgreSQL stopped: %d %s", code, body)
	}
	if code, _ := get(t, url+"healthz"); code != 200 {
		t.Errorf("/healthz with PostgreSQL stopped: %d", code)
	}
	if err := start(); err != nil {
		t.Fatal(err)
	}
	code := 0
	for deadline := time.Now().Add(10 * time.Second); code != 200 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		code, _ = get(t, url+"readyz")
	}
	if code != 200 {
		t.Errorf("/readyz with PostgreSQL started again: %d", code)
	}
}

// TestServeTrustedProxy: the real server, told to trust 10.0.0.0/8 only,
// ignores the forwarding headers a loopback client spoofs (its plays
// share one bucket), and trusts them from 127.0.0.1 when told to.
func TestServeTrustedProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	play := func(url, xff string) int {
		req, _ := http.NewRequest("POST", url+"api/plays", strings.NewReader(withToken(t, url, `{"maze":"5x5:3413133302312234233341432","moves":"D","seconds":1}`, xff)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		trusted string
		want    []int
	}{{"10.0.0.0/8", []int{201, 429, 429}}, {"127.0.0.1", []int{201, 201, 201}}} {
		_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"), "--trusted-proxy", c.trusted, "--play-burst", "1", "--play-every", "1h")
		var got []int
		for _, xff := range []string{"198.51.100.1", "198.51.100.2", "2001:db8::1"} {
			got = append(got, play(url, xff))
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("--trusted-proxy %s: plays from three forwarded clients %v, want %v", c.trusted, got, c.want)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"rjm/web"
	"strings"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"
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
	errc := make(chan error, 1)
	go func() {
		site := web.Site{Addr: "127.0.0.1:0", DB: db, Options: web.Options{PlayEvery: time.Second, PlayBurst: 1, GenerateEvery: time.Second, GenerateBurst: 1}}
		errc <- site.Run(ctx, &stderr)
	}()
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

// TestMain lets a test run this binary as rjm itself: with RJM_TEST_MAIN
// set, it runs the command line instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("RJM_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// startServer runs "rjm serve" over db in a child process and returns it
// with its URL.
func startServer(t *testing.T, db string, flags ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)...)
	cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	return cmd, startCmd(t, cmd)
}

// startCmd starts a server command and returns its URL once it says where
// it serves; the test's end kills it.
func startCmd(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	lines := bufio.NewScanner(stderr)
	addr := regexp.MustCompile(`serving (http://[^ ]+/)`)
	for lines.Scan() {
		if m := addr.FindStringSubmatch(lines.Text()); m != nil {
			go func() {
				for lines.Scan() { // drain the log
				}
			}()
			return m[1]
		}
	}
	t.Fatalf("the server never said where it serves")
	return ""
}

// TestKillDuringPlays kills the server (SIGKILL) during a stream of play
// submissions: after it, every play answered 201 is in the store, the
// database passes PRAGMA integrity_check, and a restarted server counts
// them all.
func TestKillDuringPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers")
	}
	db := filepath.Join(t.TempDir(), "rjm.db")
	cmd, url := startServer(t, db, "--play-burst", "1000000", "--play-every", "1ns")
	const id = "5x5:3413133302312234233341432"
	body := `{"maze":"` + id + `","moves":"DRLUDLRULLRDU","seconds":30}`

	var mu sync.Mutex
	acked := map[int64]bool{}
	var wg sync.WaitGroup
	ctx, stop := context.WithCancel(context.Background())
	client := &http.Client{Timeout: 5 * time.Second}
	for range 4 {
		wg.Go(func() {
			for ctx.Err() == nil {
				resp, err := client.Post(url+"api/plays", "application/json", strings.NewReader(withToken(t, url, body, "")))
				if err != nil {
					return // the server is gone
				}
				var v struct{ ID int64 }
				err = json.NewDecoder(resp.Body).Decode(&v)
				resp.Body.Close()
				if resp.StatusCode == http.StatusCreated && err == nil {
					mu.Lock()
					acked[v.ID] = true
					mu.Unlock()
				}
			}
		})
	}
	// Kill once plays are flowing.
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 50 {
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	stop()
	wg.Wait()
	if len(acked) < 50 {
		t.Fatalf("only %d plays answered before the kill", len(acked))
	}

	sqlDB, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	var check string
	if err := sqlDB.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check: %q, %v", check, err)
	}
	rows, err := sqlDB.Query("SELECT id FROM plays")
	if err != nil {
		t.Fatal(err)
	}
	stored := map[int64]bool{}
	for rows.Next() {
		var i int64
		if err := rows.Scan(&i); err != nil {
			t.Fatal(err)
		}
		stored[i] = true
	}
	rows.Close()
	sqlDB.Close()
	for i := range acked {
		if !stored[i] {
			t.Errorf("play %d was answered 201 and is lost", i)
		}
	}

	_, url = startServer(t, db)
	resp, err := http.Get(url + "api/stats?maze=" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct{ Plays int }
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || st.Plays != len(stored) {
		t.Errorf("after the restart %d plays (%v), want the %d stored", st.Plays, err, len(stored))
	}
	t.Logf("%d plays answered 201 before SIGKILL, %d stored", len(acked), len(stored))
}

// withToken returns a play's body (a JSON object ending in "}") with a
// token for its maze from the server at url (GET /api/token, asked with
// the X-Forwarded-For header xff when not ""), as the player's page sends
// it; the body as it is when no token is given.
func withToken(t *testing.T, url, body, xff string) string {
	t.Helper()
	var play struct{ Maze string }
	if json.Unmarshal([]byte(body), &play) != nil {
		return body
	}
	req, _ := http.NewRequest("GET", url+"api/token?maze="+play.Maze, nil)
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return body // the server is gone
	}
	defer resp.Body.Close()
	var tok struct{ Token string }
	if json.NewDecoder(resp.Body).Decode(&tok) != nil || tok.Token == "" {
		return body
	}
	return strings.TrimSuffix(body, "}") + `,"token":"` + tok.Token + `"}`
}

// waitsOnChildren runs t beside the package's other such tests
// (t.Parallel): the slowest tests spend their time waiting on a child
// process (a server, a signalled command, a grading). Each has its own
// folder, store and port, and none changes the process's environment or
// a package variable; the others run one at a time.
func waitsOnChildren(t *testing.T) {
	t.Helper()
	t.Parallel()
}

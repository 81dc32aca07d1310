package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"
)

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
func startServer(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", db)
	cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
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
			return cmd, m[1]
		}
	}
	t.Fatalf("the server never said where it serves")
	return nil, ""
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
	cmd, url := startServer(t, db)
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
				resp, err := client.Post(url+"api/plays", "application/json", strings.NewReader(body))
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

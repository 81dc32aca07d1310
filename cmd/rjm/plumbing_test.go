package main

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rjm/store"
	"rjm/web"
)

// TestServeUnstoredDate: 100 requests at once for a date never shown, on
// the real server over a new store, make its maze once and are all
// answered.
func TestServeUnstoredDate(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"))
	const date = "2026-11-08"
	var wg sync.WaitGroup
	codes := make([]int, 100)
	bodies := make([]string, 100)
	c := &http.Client{Timeout: 60 * time.Second}
	for i := range codes {
		path := "api/daily?date=" + date
		if i%2 == 1 {
			path = "d/" + date
		}
		wg.Go(func() {
			resp, err := c.Get(url + path)
			if err != nil {
				t.Errorf("GET %s: %v", path, err)
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			codes[i], bodies[i] = resp.StatusCode, string(b)
		})
	}
	wg.Wait()
	for i, code := range codes {
		if code != 200 {
			t.Errorf("request %d: %d %.200s", i, code, bodies[i])
		}
	}
	_, _, metrics := getWithin(t, url+"metrics", 5*time.Second)
	m := regexp.MustCompile(`(?m)^rjm_daily_made_total\{by="request"\} (\d+)`).FindStringSubmatch(metrics)
	if m == nil || m[1] != "1" {
		t.Errorf("the date's maze made %v times, want 1:\n%s", m, grepLines(metrics, "rjm_daily"))
	}
	if !strings.Contains(bodies[0], `"date":"`+date+`"`) {
		t.Errorf("GET /api/daily?date=%s: %.200s", date, bodies[0])
	}
}

// metric returns the value of the metric line of the server at url that
// starts with name (labels included), "" when none.
func metric(t *testing.T, url, name string) string {
	t.Helper()
	_, _, body := getWithin(t, url+"metrics", 5*time.Second)
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return ""
}

// TestServeReadyzReadOnly: the real server's /readyz writes no row per
// request (100 cost at most one probe per interval), answers 503 saying
// the store is read-only while a read-only file is mounted over the
// store's, as plays are refused, and 200 again once it is gone. It needs
// to bind-mount (root); it skips where it cannot.
func TestServeReadyzReadOnly(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "rjm.db")
	_, url := startServer(t, db)
	start := time.Now()
	for i := range 100 {
		if code, _, b := getWithin(t, url+"readyz", 5*time.Second); code != 200 {
			t.Fatalf("/readyz %d: %d %s", i, code, b)
		}
	}
	pings, _ := strconv.Atoi(metric(t, url, `rjm_store_call_duration_seconds_count{call="ping"}`))
	if most := 2 + int(time.Since(start)/web.ReadyInterval); pings < 1 || pings > most {
		t.Errorf("100 /readyz wrote %d probes, want 1 to %d", pings, most)
	}

	first := withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":1}`, "") // the token's key read before
	ro := filepath.Join(dir, "ro.db")
	if err := store.Backup(context.Background(), db, ro); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "--bind", ro, db).CombinedOutput(); err != nil {
		t.Skipf("cannot bind-mount: %v %s", err, out)
	}
	mounted := true
	unmount := func() {
		if mounted {
			exec.Command("umount", db).Run()
			mounted = false
		}
	}
	defer unmount()
	if out, err := exec.Command("mount", "-o", "remount,ro,bind", db).CombinedOutput(); err != nil {
		t.Skipf("cannot make the bind mount read-only: %v %s", err, out)
	}
	play := func(moves string) int {
		code, _, _ := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"`+moves+`","seconds":1}`, ""))
		return code
	}
	if code, _, b := postPlay(t, url, first); code != 503 {
		t.Errorf("a play on a read-only file: %d %s", code, b)
	}
	if code, _, b := getWithin(t, url+"readyz", 5*time.Second); code != 503 || !strings.Contains(b, "read-only") {
		t.Errorf("/readyz on a read-only file: %d %s", code, b)
	}
	unmount()
	code, b := 0, ""
	for deadline := time.Now().Add(4 * web.ReadyInterval); code != 200 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		code, _, b = getWithin(t, url+"readyz", 5*time.Second)
	}
	if code != 200 {
		t.Errorf("/readyz with the writable file back: %d %s", code, b)
	}
	if code := play("DR"); code != 201 {
		t.Errorf("a play with the writable file back: %d", code)
	}
}

// TestServeStoreReplacedUnderLoad: a backup moved over the real server's
// SQLite file while plays arrive (rjm backup, then mv, as docs/deploy.md
// restores) is followed: every play asked after the move and answered
// 201 is in the new file, and so is every play answered before the
// backup; every play answered is in the new file or the old one; both
// pass integrity_check.
func TestServeStoreReplacedUnderLoad(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "rjm.db")
	cmd, url := startServer(t, db, "--play-burst", "1000000", "--play-every", "1ns")
	type sent struct {
		client      string
		asked, done time.Time
		code        int
	}
	var mu sync.Mutex
	var plays []sent
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond): // 20 plays a second in all
				}
				client := fmt.Sprintf("load-%d-%05d", w, i)
				asked := time.Now() // the token asked first: one from before a restore is refused
				body := withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":1,"client":"`+client+`"}`, "")
				code, _, _ := postPlay(t, url, body)
				mu.Lock()
				plays = append(plays, sent{client, asked, time.Now(), code})
				mu.Unlock()
			}
		})
	}
	time.Sleep(time.Second)
	backupStart := time.Now()
	bin := exec.Command(os.Args[0], "backup", "--db", db, filepath.Join(dir, "b.db"))
	bin.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	if out, err := bin.CombinedOutput(); err != nil {
		t.Fatalf("rjm backup: %v %s", err, out)
	}
	time.Sleep(500 * time.Millisecond)
	if err := os.Link(db, filepath.Join(dir, "old.db")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "b.db"), db); err != nil {
		t.Fatal(err)
	}
	moved := time.Now()
	time.Sleep(1500 * time.Millisecond)
	close(stop)
	wg.Wait()
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()

	inNew, inOld := clientsOf(t, db), clientsOf(t, filepath.Join(dir, "old.db"))
	after := 0
	for _, p := range plays {
		switch {
		case p.code != 201 && p.asked.After(moved):
			t.Errorf("play %s asked after the move: %d", p.client, p.code)
		case p.code != 201:
		case p.asked.After(moved) && !inNew[p.client]:
			t.Errorf("play %s, asked after the move and answered 201, is not in the new file", p.client)
		case p.done.Before(backupStart) && !inNew[p.client]:
			t.Errorf("play %s, answered 201 before the backup, is not in the new file", p.client)
		case !inNew[p.client] && !inOld[p.client]:
			t.Errorf("play %s, answered 201, is in neither file", p.client)
		}
		if p.code == 201 && p.asked.After(moved) {
			after++
		}
	}
	if after < 5 {
		t.Errorf("only %d plays answered after the move", after)
	}
	t.Logf("%d plays, %d answered after the move; %d in the new file, %d in the old", len(plays), after, len(inNew), len(inOld))
}

// clientsOf checks the SQLite file path with integrity_check and returns
// its plays' client IDs.
func clientsOf(t *testing.T, path string) map[string]bool {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Errorf("integrity_check of %s: %q, %v", filepath.Base(path), check, err)
	}
	rows, err := db.Query("SELECT client FROM plays WHERE client IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		out[c] = true
	}
	return out
}

// TestServeStopsWithStderrStalled: SIGTERM stops the real server within
// its shutdown deadline while nothing reads its standard error (a pipe
// full of request lines): "rjm: stopped" is queued after the store
// closes, never written in the way.
func TestServeStopsWithStderrStalled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "rjm.db"))
	cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// The smallest pipe a page holds: a few dozen request lines fill it.
	syscall.Syscall(syscall.SYS_FCNTL, w.Fd(), syscall.F_SETPIPE_SZ, 4096)
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait(); r.Close() }()
	lines := bufio.NewScanner(r)
	url := ""
	for url == "" && lines.Scan() {
		if m := regexp.MustCompile(`serving (http://[^ ]+/)`).FindStringSubmatch(lines.Text()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatal("the server never said where it serves")
	}
	// Nothing reads standard error from here on.
	for range 200 {
		getWithin(t, url+"healthz", 5*time.Second)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := web.ShutdownTimeout + 5*time.Second // its own bound, and the log's second
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("the server after SIGTERM: %v", err)
		}
	case <-time.After(deadline):
		t.Fatalf("the server still runs %v after SIGTERM with its standard error stalled", deadline)
	}
}

// TestServeFilesPrivateAndRestore: the real server's new store, its log
// and index, and rjm backup's copy are 0600, the copy holds no key; a
// token used after the backup is refused once the backup is restored
// under the running server, and a new one records a play.
func TestServeFilesPrivateAndRestore(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "rjm.db")
	_, url := startServer(t, db)
	body := func(client string) string {
		return withToken(t, url, `{"maze":"`+figure1ID+`","moves":"D","seconds":1,"client":"`+client+`"}`, "")
	}
	if code, _, b := postPlay(t, url, body("before-the-backup")); code != 201 {
		t.Fatalf("a play: %d %s", code, b)
	}
	backup := filepath.Join(dir, "b.db")
	bin := exec.Command(os.Args[0], "backup", "--db", db, backup)
	bin.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	if out, err := bin.CombinedOutput(); err != nil {
		t.Fatalf("rjm backup: %v %s", err, out)
	}
	for _, f := range []string{db, db + "-wal", db + "-shm", backup} {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, %v; want -rw-------", filepath.Base(f), fi.Mode().Perm(), err)
		}
	}
	used := body("after-the-backup")
	if code, _, b := postPlay(t, url, used); code != 201 {
		t.Fatalf("a play after the backup: %d %s", code, b)
	}
	if err := os.Rename(backup, db); err != nil {
		t.Fatal(err)
	}
	if code, _, b := postPlay(t, url, strings.Replace(used, "after-the-backup", "again-after-restore", 1)); code != 403 {
		t.Errorf("a token used before the restore, again after it: %d %s", code, b)
	}
	if code, _, b := postPlay(t, url, body("new-after-restore")); code != 201 {
		t.Errorf("a new token after the restore: %d %s", code, b)
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

const figure1ID = "5x5:3413133302312234233341432"

// getWithin answers a GET of url within timeout: its status, Retry-After and
// body.
func getWithin(t *testing.T, url string, timeout time.Duration) (int, string, string) {
	t.Helper()
	c := &http.Client{Timeout: timeout}
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), string(b)
}

// postPlay posts a play body as is and answers its status, Retry-After
// and body.
func postPlay(t *testing.T, url, body string) (int, string, string) {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := c.Post(url+"api/plays", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatalf("POST /api/plays: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Retry-After"), string(b)
}

// TestServeFullDisk: the real server on a small tmpfs filled to the last
// byte answers a play 503 with Retry-After, /readyz 503, and serves
// today's page and a date never shown (a GET needs no write); once room is
// made, it is ready and stores plays again, without a restart. It needs
// to mount a tmpfs (root); it skips where it cannot.
func TestServeFullDisk(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("starts a server")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	defer exec.Command("umount", "-l", dir).Run()
	cmd, url := startServer(t, filepath.Join(dir, "rjm.db"), "--store-timeout", "1s")
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	body := `{"maze":"` + figure1ID + `","moves":"D","seconds":1}`
	if code, _, b := postPlay(t, url, withToken(t, url, body, "")); code != 201 {
		t.Fatalf("a play before the disk is full: %d %s", code, b)
	}
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()
	full := 0
	for range 5 {
		code, retry, b := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"DR","seconds":2}`, ""))
		if code == 503 && retry != "" {
			full++
		} else if code != 503 {
			t.Logf("a play on a full disk: %d %s", code, b)
		}
	}
	if full == 0 {
		t.Errorf("no play on a full disk answered 503 with Retry-After")
	}
	if code, _, b := getWithin(t, url+"readyz", 5*time.Second); code != 503 {
		t.Errorf("/readyz on a full disk: %d %s", code, b)
	}
	if code, _, _ := getWithin(t, url, 10*time.Second); code != 200 {
		t.Errorf("today's page on a full disk: %d", code)
	}
	yesterday := time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02")
	if code, _, b := getWithin(t, url+"d/"+yesterday, 30*time.Second); code != 200 {
		t.Errorf("a date never shown, on a full disk: %d %.200s", code, b)
	}
	os.Remove(filler)
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, _, _ := getWithin(t, url+"readyz", 5*time.Second)
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz after room was made: %d", code)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if code, _, b := postPlay(t, url, withToken(t, url, `{"maze":"`+figure1ID+`","moves":"DRL","seconds":3}`, "")); code != 201 {
		t.Errorf("a play after room was made: %d %s", code, b)
	}
}

// TestServeStalledStderr: a reader of the server's standard error that
// stops reading does not hold up the requests: /healthz answers at once
// after thousands of request lines, and the lines dropped are counted.
func TestServeStalledStderr(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "rjm.db"))
	cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	defer func() { cmd.Process.Kill(); cmd.Wait(); r.Close() }()
	lines := bufio.NewScanner(r)
	addr := regexp.MustCompile(`serving (http://[^ ]+/)`)
	url := ""
	for url == "" && lines.Scan() {
		if m := addr.FindStringSubmatch(lines.Text()); m != nil {
			url = m[1]
		}
	}
	if url == "" {
		t.Fatal("the server never said where it serves")
	}
	// Nothing reads standard error from here on: a pipe holds 64 KiB,
	// some 400 request lines, and the server's queue 4,096 more.
	c := &http.Client{Timeout: 2 * time.Second}
	for i := range 6000 {
		resp, err := c.Get(url + "healthz")
		if err != nil {
			t.Fatalf("GET /healthz %d with standard error stalled: %v", i, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	_, _, metrics := getWithin(t, url+"metrics", 5*time.Second)
	if m := regexp.MustCompile(`(?m)^rjm_log_dropped_total (\d+)`).FindStringSubmatch(metrics); m == nil || m[1] == "0" {
		t.Errorf("no dropped log lines counted: %v", m)
	}
}

// TestServePlayTokens: the real server refuses a play without a token
// (403), stores one with a token (201), answers it sent again with its
// client ID as the first (200), and refuses the token with another play
// (403).
func TestServePlayTokens(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"))
	body := `{"maze":"` + figure1ID + `","moves":"D","seconds":1,"client":"play-one-abc"}`
	if code, _, b := postPlay(t, url, body); code != 403 || !strings.Contains(b, "token") {
		t.Errorf("a play without a token: %d %s", code, b)
	}
	if code, _, b := postPlay(t, url, strings.Replace(body, `}`, `,"token":"1.forged.token"}`, 1)); code != 403 {
		t.Errorf("a play with a forged token: %d %s", code, b)
	}
	signed := withToken(t, url, body, "")
	if code, _, b := postPlay(t, url, signed); code != 201 {
		t.Fatalf("a play with a token: %d %s", code, b)
	}
	if code, _, b := postPlay(t, url, signed); code != 200 {
		t.Errorf("the play sent again: %d %s", code, b)
	}
	other := strings.Replace(signed, "play-one-abc", "play-two-abc", 1)
	if code, _, b := postPlay(t, url, other); code != 403 || !strings.Contains(b, "token") {
		t.Errorf("another play with the token: %d %s", code, b)
	}
}

// TestServeClientGone: clients that go away during heavy work add no
// server error to the metrics (they are counted 499) and no ERROR line to
// the log.
func TestServeClientGone(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "rjm.db"), "--generate-burst", "100")
	cmd.Env = append(os.Environ(), "RJM_TEST_MAIN=1")
	var log syncBuffer
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	lines := bufio.NewScanner(stderr)
	url := ""
	for url == "" && lines.Scan() {
		if m := regexp.MustCompile(`serving (http://[^ ]+/)`).FindStringSubmatch(lines.Text()); m != nil {
			url = m[1]
		}
	}
	go func() {
		for lines.Scan() {
			log.Write([]byte(lines.Text() + "\n"))
		}
	}()
	heavy := `{"rows": 12, "iterations": 200000, "variant": "queen,loops,no-u-turn", "seed": 1}`
	var metrics string
	for i := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, "POST", url+"api/generate", strings.NewReader(heavy))
		req.Header.Set("Content-Type", "application/json")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
		cancel()
		// The generation notices and ends, and gives back its slot, before
		// the next is asked: a loaded machine may take a while, and the
		// next would be refused busy (a true 503) meanwhile.
		gone := fmt.Sprintf(`rjm_http_requests_total{code="499",route="POST /api/generate"} %d`, i+1)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if _, _, metrics = getWithin(t, url+"metrics", 5*time.Second); strings.Contains(metrics, gone) {
				break
			}
		}
	}
	if regexp.MustCompile(`rjm_http_requests_total\{code="5`).MatchString(metrics) {
		t.Errorf("a client that went away counted as a server error:\n%s", grepLines(metrics, "rjm_http_requests_total"))
	}
	if !strings.Contains(metrics, `code="499"`) {
		t.Errorf("no request counted 499:\n%s", grepLines(metrics, "rjm_http_requests_total"))
	}
	if strings.Contains(log.String(), "level=ERROR") {
		t.Errorf("an ERROR logged for a client that went away:\n%s", log.String())
	}
}

func grepLines(s, prefix string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestServeTokenSpellings: the 16 spellings of one token (the spare bits
// of its middle segment's last character) record one play on the real
// server, over SQLite, and over PostgreSQL when $RJM_POSTGRES_DSN names a
// database.
func TestServeTokenSpellings(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server")
	}
	dbs := map[string]string{"sqlite": filepath.Join(t.TempDir(), "rjm.db")}
	if dsn := os.Getenv("RJM_POSTGRES_DSN"); dsn != "" {
		dbs["postgres"] = dsn
	}
	for name, db := range dbs {
		t.Run(name, func(t *testing.T) {
			_, url := startServer(t, db, "--play-burst", "100")
			code, _, b := getWithin(t, url+"api/token?maze="+figure1ID, 5*time.Second)
			var tok struct{ Token string }
			if code != 200 || json.Unmarshal([]byte(b), &tok) != nil {
				t.Fatalf("GET /api/token: %d %s", code, b)
			}
			parts := strings.Split(tok.Token, ".")
			const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
			body := parts[1]
			last := strings.IndexByte(alphabet, body[len(body)-1])
			stored, refused := 0, 0
			for low := range 16 {
				spelt := body[:len(body)-1] + string(alphabet[last&0x30|low])
				play := fmt.Sprintf(`{"maze":%q,"moves":"D","seconds":1,"client":"spelling-%02d-%d","token":"1.%s.%s"}`,
					figure1ID, low, time.Now().UnixNano(), spelt, parts[2])
				switch code, _, b := postPlay(t, url, play); code {
				case 201:
					stored++
				case 403:
					refused++
				default:
					t.Errorf("spelling %d: %d %s", low, code, b)
				}
			}
			if stored != 1 || refused != 15 {
				t.Errorf("16 spellings of one token: %d stored, %d refused; want 1 and 15", stored, refused)
			}
		})
	}
}

package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rjm/maze"
	"rjm/store"
	"rjm/web"
)

// A query parameter given twice, or a query that does not decode, is
// refused 400 with a JSON error on every endpoint, before it does
// anything: a handler never picks one of two values.
func TestRepeatedQueryRefused(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, path := range []string{
		"/api/token?maze=" + figure1 + "&maze=3x3:111101110",
		"/api/daily?date=2026-11-20&date=2026-11-21",
		"/api/stats?maze=" + figure1 + "&maze=" + figure1,
		"/api/difficulty?maze=" + figure1 + "&maze=" + figure1,
		"/api/hint?maze=" + figure1 + "&moves=&moves=D",
		"/api/maze/" + figure1 + "?a=1&a=2",
		"/m/" + figure1 + "?x=1&x=1",
		"/print/" + figure1 + "?format=svg&format=pdf",
		"/?a=&a=",
		"/d/2026-11-20?a=1&a=2",
		"/archive?a=1&a=2",
		"/dashboard?a=1&a=2",
		"/readyz?a=1&a=2",
		"/healthz?a=1&a=2",
		"/static/play.js?v=1&v=2",
		"/api/token?maze=%zz",
		"/api/token?maze=" + figure1 + ";maze=x",
	} {
		a := do(t, ts, "GET", path, "")
		var e struct{ Error string }
		if a.code != 400 || json.Unmarshal([]byte(a.body), &e) != nil || e.Error == "" {
			t.Errorf("GET %s: %d %.100s, want 400 with a JSON error", path, a.code, a.body)
		}
	}
	if a := do(t, ts, "POST", "/api/generate?seed=1&seed=2", `{"rows":3}`); a.code != 400 || !strings.Contains(a.body, `\"seed\" is given 2 times`) {
		t.Errorf("POST /api/generate with a repeated parameter: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/api/token?maze="+figure1, ""); a.code != 200 {
		t.Errorf("GET /api/token once: %d %s", a.code, a.body)
	}
}

// metricValue returns the value of the metric line that starts with name
// (its labels included) in the server's /metrics, "" when none.
func metricValue(t *testing.T, ts *httptest.Server, name string) string {
	t.Helper()
	for _, line := range strings.Split(do(t, ts, "GET", "/metrics", "").body, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	return ""
}

// Another spelling of a maze ID on /m/, /print/ and /api/maze/ (case,
// leading zeros, spaces, the variants' order) is sent to the canonical
// path and never kept apart: the cache holds one answer per maze and
// kind, whatever the spellings asked for.
func TestCanonicalMazePaths(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	const torus = "6x6-queen,torus:313132545351313104524521214133535251"
	for _, prefix := range []string{"/m/", "/print/", "/api/maze/"} {
		for _, id := range []string{figure1, torus} {
			if a := do(t, ts, "GET", prefix+id, ""); a.code != 200 {
				t.Fatalf("GET %s%s: %d", prefix, id, a.code)
			}
		}
	}
	kept := metricValue(t, ts, "rjm_cache_bytes")
	c := *ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, prefix := range []string{"/m/", "/print/", "/api/maze/"} {
		for spelling, id := range map[string]string{
			"5X5:3413133302312234233341432":                           figure1,
			"05x5:3413133302312234233341432":                          figure1,
			"5x05:3413133302312234233341432":                          figure1,
			"%205x5:3413133302312234233341432%20":                     figure1,
			"6x6-torus,queen:313132545351313104524521214133535251":    torus,
			"6X6-QUEEN,TORUS:313132545351313104524521214133535251":    torus,
			"06x006-torus,queen:313132545351313104524521214133535251": torus,
		} {
			query := "?x=1" // a page's query is dropped; the API refuses one it does not read
			if strings.HasPrefix(prefix, "/api/") {
				query = ""
			}
			resp, err := c.Get(ts.URL + prefix + spelling + query)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != prefix+id {
				t.Errorf("GET %s%s: %d to %q, want 301 to %s%s", prefix, spelling, resp.StatusCode, resp.Header.Get("Location"), prefix, id)
			}
			if a := do(t, ts, "GET", prefix+spelling, ""); a.code != 200 {
				t.Errorf("GET %s%s, redirects followed: %d", prefix, spelling, a.code)
			}
		}
	}
	if now := metricValue(t, ts, "rjm_cache_bytes"); now != kept || kept == "" {
		t.Errorf("the cache holds %s bytes after the other spellings, %s before", now, kept)
	}
	if a := do(t, ts, "GET", "/api/maze/5x5:12", ""); a.code != 400 || !strings.Contains(a.body, `"error"`) {
		t.Errorf("GET /api/maze/ of a bad ID: %d %s", a.code, a.body)
	}
}

// 100 requests at once for a date never stored make its maze once
// (rjm_daily_made_total), and every one is answered the same maze, even
// from one client whose generation rate allows 2.
func TestUnstoredDateMadeOnce(t *testing.T) {
	ts, st := newServer(t, web.Options{GenerateBurst: 2})
	const date = "2026-11-08"
	var wg sync.WaitGroup
	answers := make([]answer, 100)
	for i := range answers {
		path := "/api/daily?date=" + date
		if i%2 == 1 {
			path = "/d/" + date
		}
		wg.Go(func() { answers[i] = do(t, ts, "GET", path, "") })
	}
	wg.Wait()
	stored, err := st.Daily(context.Background(), date)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range answers {
		if a.code != 200 || !strings.Contains(a.body, stored.Maze) {
			t.Errorf("request %d: %d %.200s", i, a.code, a.body)
		}
	}
	if made := metricValue(t, ts, `rjm_daily_made_total{by="request"}`); made != "1" {
		t.Errorf("the date's maze made %s times, want 1", made)
	}
}

// With Options.Background, the next day's maze is stored ahead of its
// first midnight (in UTC+14, 10:00 UTC the day before) and not shown
// before it; today's is stored before anyone asks.
func TestNextDayMadeAhead(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	late := time.Date(2026, 11, 23, 9, 30, 0, 0, time.UTC) // 23:30 in UTC+14
	ts, st := newServer(t, web.Options{Now: func() time.Time { return late }, Background: ctx})
	for _, date := range []string{"2026-11-23", "2026-11-24"} {
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
			if _, err := st.Daily(ctx, date); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not stored ahead by the background", date)
			}
		}
	}
	if a := do(t, ts, "GET", "/d/2026-11-24", ""); a.code != 404 {
		t.Errorf("tomorrow's page before its first midnight: %d", a.code)
	}
	if a := do(t, ts, "GET", "/", ""); a.code != 200 {
		t.Errorf("today's page: %d", a.code)
	}
	if made := metricValue(t, ts, `rjm_daily_made_total{by="ahead"}`); made != "2" {
		t.Errorf("%s dates' mazes made, want 2 (today's and tomorrow's)", made)
	}
}

// probedStore counts the store's write probes (Ping) and can fail its
// plays' writes.
type probedStore struct {
	store.Store
	pings    atomic.Int64
	playsErr atomic.Pointer[error]
}

func (p *probedStore) Ping(ctx context.Context) error {
	p.pings.Add(1)
	return p.Store.Ping(ctx)
}

func (p *probedStore) Check(ctx context.Context) error { return p.Store.(store.Checker).Check(ctx) }

func (p *probedStore) AddPlay(ctx context.Context, play store.Play) (store.Play, error) {
	if err := p.playsErr.Load(); err != nil {
		return store.Play{}, *err
	}
	return p.Store.AddPlay(ctx, play)
}

// /readyz reads and never writes per request: 100 of them cost one write
// probe (at most one per ReadyInterval); a play whose write fails makes
// it 503 saying why at once, logged once, and a play stored makes it
// ready again.
func TestReadyzWritesOncePerInterval(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ps := &probedStore{Store: st}
	var log syncBuffer
	ts := httptest.NewServer(web.NewHandler(ps, web.Options{Now: func() time.Time { return monday },
		Logger: slog.New(slog.NewTextHandler(&log, nil)), PlayBurst: 100}))
	defer ts.Close()
	start := time.Now()
	for i := range 100 {
		if a := do(t, ts, "GET", "/readyz", ""); a.code != 200 {
			t.Fatalf("/readyz %d: %d %s", i, a.code, a.body)
		}
	}
	if n, most := ps.pings.Load(), 2+int64(time.Since(start)/web.ReadyInterval); n < 1 || n > most {
		t.Errorf("100 /readyz made %d write probes, want 1 to %d", n, most)
	}
	readOnly := fmt.Errorf("store: add play: %w: attempt to write a readonly database", store.ErrReadOnly)
	ps.playsErr.Store(&readOnly)
	play := `{"maze":"` + figure1 + `","moves":"D","seconds":1}`
	if a := do(t, ts, "POST", "/api/plays", play); a.code != 503 {
		t.Fatalf("a play on a read-only store: %d %s", a.code, a.body)
	}
	for range 20 {
		if a := do(t, ts, "GET", "/readyz", ""); a.code != 503 || !strings.Contains(a.body, "read-only") {
			t.Fatalf("/readyz after a play failed on a read-only store: %d %s", a.code, a.body)
		}
	}
	if n := strings.Count(log.String(), `msg="not ready"`); n != 1 {
		t.Errorf("%d lines logged for 20 answers not ready, want 1:\n%s", n, log.String())
	}
	ps.playsErr.Store(nil)
	if a := do(t, ts, "POST", "/api/plays", play); a.code != 201 {
		t.Fatalf("a play on the store writable again: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/readyz", ""); a.code != 200 {
		t.Errorf("/readyz after a play was stored: %d %s", a.code, a.body)
	}
}

// A maze's stats are read once and kept until a play of it is stored.
func TestStatsKept(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	reads := func() string {
		return metricValue(t, ts, `rjm_store_call_duration_seconds_count{call="stats"}`)
	}
	for range 5 {
		if a := do(t, ts, "GET", "/api/stats?maze="+figure1, ""); a.code != 200 || a.json(t)["plays"] != 0.0 {
			t.Fatalf("stats: %d %s", a.code, a.body)
		}
	}
	if n := reads(); n != "1" {
		t.Errorf("5 stats of one maze read the store %s times, want 1", n)
	}
	if a := do(t, ts, "POST", "/api/plays", `{"maze":"`+figure1+`","moves":"D","seconds":1}`); a.code != 201 {
		t.Fatalf("a play: %d %s", a.code, a.body)
	}
	if a := do(t, ts, "GET", "/api/stats?maze="+figure1, ""); a.json(t)["plays"] != 1.0 {
		t.Errorf("stats after a play: %s", a.body)
	}
	if n := reads(); n != "2" {
		t.Errorf("stats read the store %s times after a play, want 2", n)
	}
}

// One network asking /api/difficulty of mazes nobody played without a
// pause, on a server with one worker, leaves another network's analyses
// answered: no network holds every slot of the work.
func TestDifficultyFloodLeavesOthersAnalyses(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses many mazes")
	}
	ts, _ := newServer(t, web.Options{MaxWorkers: 1, WorkBurst: 1000, WorkEvery: time.Millisecond,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	from := func(xff, path string) answer {
		req, _ := http.NewRequest("GET", ts.URL+path, nil)
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return answer{resp.StatusCode, resp.Header, string(b)}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ids := func(n, side int) []string {
		var out []string
		for range n {
			m, err := maze.Random(maze.Board{Rows: side, Cols: side}, maze.Cell{}, maze.Cell{Row: side - 1, Col: side - 1}, rng)
			if err != nil {
				t.Fatal(err)
			}
			id, _ := m.ID()
			out = append(out, id)
		}
		return out
	}
	flood, mine := ids(200, 16), ids(10, 8)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for c := range 2 { // two clients of one network
		wg.Go(func() {
			for i := c; i < len(flood); i += 2 {
				select {
				case <-stop:
					return
				default:
				}
				from(fmt.Sprintf("10.0.0.%d", c+1), "/api/difficulty?maze="+flood[i])
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	for _, id := range mine {
		if a := from("10.9.0.1", "/api/maze/"+id); a.code != 200 {
			t.Errorf("another network's analysis during the flood: %d %s", a.code, a.body)
		}
	}
	close(stop)
	wg.Wait()
}

// tokenOf asks the server for a token for figure 1 and returns the play's
// body with it.
func tokenOf(t *testing.T, ts *httptest.Server, client string) string {
	t.Helper()
	a := do(t, ts, "GET", "/api/token?maze="+figure1, "")
	if a.code != 200 {
		t.Fatalf("GET /api/token: %d %s", a.code, a.body)
	}
	return `{"maze":"` + figure1 + `","moves":"D","seconds":1,"client":"` + client + `","token":"` + a.json(t)["token"].(string) + `"}`
}

// postRaw posts a play as it is (no token added).
func postRaw(t *testing.T, ts *httptest.Server, body string) answer {
	t.Helper()
	resp, err := ts.Client().Post(ts.URL+"/api/plays", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(b)}
}

// The tokens' key turns every day, the day before's still taken for its
// tokens; after a backup is restored under the server, the tokens issued
// before it are refused (the backup has no key), and new ones work.
func TestTokenKeysTurnAndRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "rjm.db")
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var mu sync.Mutex
	now := monday
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	ts := httptest.NewServer(web.NewHandler(st, web.Options{Now: clock, PlayBurst: 100}))
	defer ts.Close()

	kept := tokenOf(t, ts, "kept-till-tomorrow")
	mu.Lock()
	now = monday.Add(20 * time.Hour) // Tuesday, 08:00
	mu.Unlock()
	if a := postRaw(t, ts, kept); a.code != 201 {
		t.Errorf("a token of the day before, the next day: %d %s", a.code, a.body)
	}
	fresh := []byte("a fresh key, never the one kept.")
	for _, day := range []string{"2026-11-23", "2026-11-24"} {
		tokenOf(t, ts, "x") // Tuesday's key made
		if key, err := st.Key(ctx, "play-token:"+day, fresh); err != nil || bytes.Equal(key, fresh) {
			t.Errorf("no key of %s stored: %v", day, err)
		}
	}

	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(ctx, path, backup); err != nil {
		t.Fatal(err)
	}
	before := tokenOf(t, ts, "after-the-backup")
	if a := postRaw(t, ts, before); a.code != 201 {
		t.Fatalf("a play after the backup: %d %s", a.code, a.body)
	}
	unused := tokenOf(t, ts, "unused-before-restore")
	if err := os.Rename(backup, path); err != nil {
		t.Fatal(err)
	}
	again := strings.Replace(before, "after-the-backup", "replayed-after-restore", 1)
	if a := postRaw(t, ts, again); a.code != 403 {
		t.Errorf("a token used before the restore, used again after it: %d %s", a.code, a.body)
	}
	if a := postRaw(t, ts, unused); a.code != 403 {
		t.Errorf("a token issued before the restore: %d %s", a.code, a.body)
	}
	if a := postRaw(t, ts, tokenOf(t, ts, "after-the-restore")); a.code != 201 {
		t.Errorf("a new token after the restore: %d %s", a.code, a.body)
	}
}

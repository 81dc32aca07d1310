package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rjm/daily"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// TestTodayCostsNoSolve checks that once today's page has been made, a
// view of it does no work on the maze: it allocates less than half of
// what one solve of today's maze does (a page view is a cached page,
// written out).
func TestTodayCostsNoSolve(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := web.NewHandler(st, web.Options{Now: func() time.Time { return monday }})
	get := func(path string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, rec.Code)
		}
	}
	get("/")
	page := testing.AllocsPerRun(20, func() { get("/") })
	api := testing.AllocsPerRun(20, func() { get("/api/daily") })
	d, err := st.Daily(context.Background(), monday.Format(daily.DateLayout))
	if err != nil {
		t.Fatal(err)
	}
	m, err := maze.ParseID(d.Maze)
	if err != nil {
		t.Fatal(err)
	}
	solveAllocs := testing.AllocsPerRun(5, func() { solve.Solve(graph.MustCompile(m.Board), m) })
	t.Logf("allocations: GET / %.0f, GET /api/daily %.0f, one solve %.0f", page, api, solveAllocs)
	if page > solveAllocs/2 || api > solveAllocs/2 {
		t.Errorf("a view of today's maze allocates %.0f (page) and %.0f (API), one solve %.0f: the views solve again", page, api, solveAllocs)
	}
}

// storeDays stores n mazes of the day before monday, each with a few
// plays, quickly generated (a short search: the dashboard does not care
// how good they are).
func storeDays(tb testing.TB, st store.Store, n int) {
	tb.Helper()
	ctx := context.Background()
	for k := range n {
		date := monday.AddDate(0, 0, -k)
		s := daily.Spec(date)
		s.Iterations = 200
		r, err := generate.Run(ctx, s, nil)
		if err != nil {
			tb.Fatal(err)
		}
		id, _ := r.Maze.ID()
		if _, err := st.PutDaily(ctx, store.Daily{Date: date.Format(daily.DateLayout), Maze: id, Difficulty: daily.LevelOf(date).Level}); err != nil {
			tb.Fatal(err)
		}
		sol := solve.Solve(graph.MustCompile(r.Maze.Board), r.Maze).Letters()
		if r.Maze.Variant.Tiling != maze.Square || r.Maze.Variant.Queen {
			continue
		}
		for p := range 5 {
			if _, err := st.AddPlay(ctx, store.Play{Maze: id, Moves: sol, Solved: true, Length: len(sol), Shortest: len(sol), Seconds: float64(10 + p)}); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

// BenchmarkDashboard answers /dashboard with 60 stored days, once the
// per-maze facts are computed (the first request).
func BenchmarkDashboard(b *testing.B) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "rjm.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	storeDays(b, st, 60)
	h := web.NewHandler(st, web.Options{Now: func() time.Time { return monday }})
	get := func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/dashboard", nil))
		if rec.Code != http.StatusOK {
			b.Fatalf("GET /dashboard: %d", rec.Code)
		}
	}
	start := time.Now()
	get()
	b.Logf("first /dashboard (computing 60 mazes' facts): %v", time.Since(start))
	b.ResetTimer()
	for b.Loop() {
		get()
	}
}

// BenchmarkToday answers today's page, beside a constant page for scale.
func BenchmarkToday(b *testing.B) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "rjm.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	h := web.NewHandler(st, web.Options{Now: func() time.Time { return monday }})
	constant := []byte(fmt.Sprintf("%08000d", 0))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil)) // today's maze made and stored
	for name, handler := range map[string]http.Handler{"today": h, "constant": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(constant) })} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				rec := httptest.NewRecorder()
				handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
			}
		})
	}
}

// BenchmarkDashboardPlays answers /dashboard with 60 stored days and
// 50,000 plays spread over them, each request made anew after a play
// (the page is remade once per new play): the store's summaries keep
// each maze's stats one look-up, whatever its plays.
func BenchmarkDashboardPlays(b *testing.B) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "rjm.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	storeDays(b, st, 60)
	days, err := st.Dailies(context.Background(), monday.Format(daily.DateLayout), 60)
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	for i := range 50_000 {
		d := days[i%len(days)]
		if _, err := st.AddPlay(context.Background(), store.Play{Maze: d.Maze, Moves: "D", Length: 1, Shortest: 9, Solved: i%3 != 0, Seconds: float64(10 + i%500), Rating: i % 6}); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("50,000 plays stored in %v", time.Since(start))
	h := web.NewHandler(st, web.Options{Now: func() time.Time { return monday }, PlayBurst: 1 << 30})
	get := func() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/dashboard", nil))
		if rec.Code != http.StatusOK {
			b.Fatalf("GET /dashboard: %d", rec.Code)
		}
	}
	play := func() {
		tok := httptest.NewRecorder()
		h.ServeHTTP(tok, httptest.NewRequest(http.MethodGet, "/api/token?maze="+url.QueryEscape(days[0].Maze), nil))
		var t struct{ Token string }
		if err := json.Unmarshal(tok.Body.Bytes(), &t); err != nil {
			b.Fatalf("GET /api/token: %d %s", tok.Code, tok.Body)
		}
		req := httptest.NewRequest(http.MethodPost, "/api/plays", strings.NewReader(`{"maze":"`+days[0].Maze+`","moves":"","seconds":1,"token":"`+t.Token+`"}`))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusCreated {
			b.Fatalf("POST /api/plays: %d %s", rec.Code, rec.Body)
		}
	}
	get() // each maze's facts computed once
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		play()
		b.StartTimer()
		get()
	}
}

package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rjm/analysis"
	"rjm/generate"
	"rjm/generate/generatetest"
	"rjm/graph"
	"rjm/internal/buildinfo"
	"rjm/maze"
	"rjm/render"
	"rjm/solve"
	"rjm/store"
	"rjm/web"
)

// figure1 is the Figure 1 maze of the assignment and of the design paper,
// as an ID.
const figure1 = "5x5:3413133302312234233341432"

// monday is the test's clock: noon on Monday 2026-11-23.
var monday = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func newServer(t *testing.T, o web.Options) (*httptest.Server, store.Store) {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Now == nil {
		o.Now = func() time.Time { return monday }
	}
	if o.Tarpit == 0 {
		// Refusals at once: the tests count them, and TestRefusalWaits
		// checks the wait itself.
		o.Tarpit = -1
	}
	if o.ModelWait == 0 {
		// The difficulty model as of the plays sent: the tests read it
		// right after (TestModelOffTheRequestPath answers at once).
		o.ModelWait = time.Minute
	}
	ts := httptest.NewServer(web.NewHandler(s, o))
	t.Cleanup(func() {
		ts.Close()
		s.Close()
	})
	return ts, s
}

type answer struct {
	code   int
	header http.Header
	body   string
}

// do sends a request; a POST to the API is sent as JSON, as the API's
// clients send it.
func do(t *testing.T, ts *httptest.Server, method, path, body string) answer {
	t.Helper()
	if method == http.MethodPost && path == "/api/plays" {
		body = withToken(t, ts, body)
	}
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if method == http.MethodPost && strings.HasPrefix(path, "/api/") {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, string(b)}
}

// decode decodes a JSON answer into a map.
func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(a.body), &v); err != nil {
		t.Fatalf("answer %d is not a JSON object: %v\n%s", a.code, err, a.body)
	}
	return v
}

// analyzeJSON is what rjm analyze --json prints for the maze ID.
func analyzeJSON(t *testing.T, id string) string {
	t.Helper()
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(render.NewAnalysis(m, analysis.Analyze(graph.MustCompile(m.Board), m), nil))
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

func TestHealthz(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	if a := do(t, ts, "GET", "/healthz", ""); a.code != 200 || a.json(t)["status"] != "ok" || a.json(t)["version"] != buildinfo.Version() {
		t.Errorf("GET /healthz: %d %s", a.code, a.body)
	}
}

// goPackage matches a message that begins with the name of one of rjm's
// packages, as errors did before the libraries returned *fault.Error.
var goPackage = regexp.MustCompile(`^(maze|graph|solve|energy|analysis|search|generate|batchfile|render|book|daily|store|difficulty|records|experiment|compare|learn|exercise|grade|design|web|fault): `)

// TestErrors checks every error answer: its status and a JSON object
// {"error": "..."} naming the problem.
func TestErrors(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	big := strings.Repeat("1 ", web.MaxBody)
	tests := []struct {
		name, method, path, body string
		code                     int
		says                     string
	}{
		{"a date today nowhere is not revealed", "GET", "/api/daily?date=2026-11-25", "", 404, "not revealed"},
		{"a date before the first", "GET", "/api/daily?date=2020-01-01", "", 404, "before"},
		{"a malformed date", "GET", "/api/daily?date=2026-13-01", "", 400, "YYYY-MM-DD"},
		{"a bad maze ID", "GET", "/api/maze/5x5:34", "", 400, "ID has 2 jumps"},
		{"a malformed maze to analyze", "POST", "/api/analyze", "1 2\n3", 400, "row 2"},
		{"an empty maze to analyze", "POST", "/api/analyze", "", 400, "no maze"},
		{"a seeded ID past the caps", "POST", "/api/analyze", "5x5,method=hill,iterations=9000000,energy=depth#1", 400, "at most"},
		{"an analyze body over the limit", "POST", "/api/analyze", big, 413, "larger than"},
		{"generate: too many rows", "POST", "/api/generate", `{"rows": 13}`, 400, "rows and columns"},
		{"generate: too many iterations", "POST", "/api/generate", `{"iterations": 200001}`, 400, "at most"},
		{"generate: an unknown method", "POST", "/api/generate", `{"method": "guess"}`, 400, "unknown method"},
		{"generate: an unknown energy", "POST", "/api/generate", `{"energy": "fun"}`, 400, "energy"},
		{"generate: an energy file", "POST", "/api/generate", `{"energy": "@/etc/passwd"}`, 400, "files"},
		{"generate: an unknown variant", "POST", "/api/generate", `{"variant": "knight"}`, 400, "knight"},
		{"generate: an unknown field", "POST", "/api/generate", `{"size": 5}`, 400, "unknown field"},
		{"generate: not JSON", "POST", "/api/generate", `rows=5`, 400, "body"},
		{"generate: a body over the limit", "POST", "/api/generate", `{"method":"` + big + `"}`, 413, "larger than"},
		{"plays: an illegal move", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"U"}`, 400, "not legal"},
		{"plays: not a direction", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"DQ"}`, 400, "not a direction"},
		{"plays: a bad maze", "POST", "/api/plays", `{"maze":"5x5","moves":"D"}`, 400, "ID \"5x5\""},
		{"plays: a rating of 6", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","rating":6}`, 400, "rating"},
		{"plays: negative seconds", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","seconds":-1}`, 400, "seconds"},
		{"plays: negative hints", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","hints":-1}`, 400, "hints"},
		{"plays: negative undos", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","undos":-1}`, 400, "undos -1"},
		{"plays: restarts beyond any game", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","restarts":100000}`, 400, "restarts 100000"},
		{"plays: undos as text", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","undos":"2"}`, 400, "undos"},
		{"plays: hard mode with a hint", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","hints":1,"hard":true}`, 400, "hard mode"},
		{"plays: hard mode with an undo", "POST", "/api/plays", `{"maze":"` + figure1 + `","moves":"D","undos":1,"hard":true}`, 400, "hard mode"},
		{"plays: two objects", "POST", "/api/plays", `{"maze":"` + figure1 + `"} {}`, 400, "more than one"},
		{"plays: a body over the limit", "POST", "/api/plays", `{"moves":"` + big + `"}`, 413, "larger than"},
		{"stats: no maze", "GET", "/api/stats", "", 400, "ID \"\""},
		{"hint: a bad maze", "GET", "/api/hint?maze=5x5:1", "", 400, "ID has 1 jumps"},
		{"hint: an illegal move", "GET", "/api/hint?maze=" + figure1 + "&moves=U", "", 400, "not legal"},
		{"stats: a bad maze", "GET", "/api/stats?maze=3x3:9", "", 400, "ID has 1 jumps"},
		{"an unknown endpoint", "GET", "/api/nothing", "", 404, "no such API endpoint"},
		{"a wrong method", "DELETE", "/api/daily", "", 405, "Method Not Allowed"},
		{"a wrong method on plays", "PUT", "/api/plays", `{}`, 405, "Method Not Allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := do(t, ts, tt.method, tt.path, tt.body)
			if a.code != tt.code {
				t.Fatalf("%s %s: status %d, want %d: %s", tt.method, tt.path, a.code, tt.code, a.body)
			}
			if ct := a.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			msg, _ := a.json(t)["error"].(string)
			if !strings.Contains(msg, tt.says) {
				t.Errorf("error %q, want one saying %q", msg, tt.says)
			}
			if p := goPackage.FindString(msg); p != "" {
				t.Errorf("error %q begins with the Go package %q", msg, p)
			}
		})
	}
}

func TestDaily(t *testing.T) {
	ts, st := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/api/daily", "")
	if a.code != 200 {
		t.Fatalf("GET /api/daily: %d %s", a.code, a.body)
	}
	v := a.json(t)
	if v["date"] != "2026-11-23" || v["difficulty"] != "easy" || v["rows"] != 5.0 || v["cols"] != 5.0 {
		t.Errorf("today's daily: %s", a.body)
	}
	for _, key := range []string{"solution", "features", "jumps"} {
		if _, ok := v[key]; ok {
			t.Errorf("the daily gives away %q: %s", key, a.body)
		}
	}
	m, err := maze.ParseID(v["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if v["maze"] != m.String() || v["shortest"] != float64(solve.Solve(graph.MustCompile(m.Board), m).GoalDepth) {
		t.Errorf("maze text or par does not match the ID: %s", a.body)
	}
	stored, err := st.Daily(context.Background(), "2026-11-23")
	if err != nil || stored.Maze != v["id"] {
		t.Errorf("stored %+v, %v; want the maze shown", stored, err)
	}
	if b := do(t, ts, "GET", "/api/daily?date=2026-11-23", ""); b.body != a.body {
		t.Errorf("?date=today differs from today:\n%s\n%s", b.body, a.body)
	}
	if b := do(t, ts, "GET", "/api/daily?date=2026-11-22", ""); b.code != 200 || b.json(t)["difficulty"] != "medium" {
		t.Errorf("yesterday (a Sunday): %d %s", b.code, b.body)
	}
}

// TestDailyAtOffset asks /api/daily for the player's today by UTC
// offset, east (Kiritimati, +14:00) and west (Pago Pago, −11:00) of UTC,
// at 05:00 and 12:00 UTC: the date where the player is, where without an
// offset it is today in UTC; an offset no zone has, or a date beside an
// offset, is refused.
func TestDailyAtOffset(t *testing.T) {
	for _, c := range []struct {
		utc              time.Time
		none, east, west string
	}{
		{time.Date(2026, 11, 23, 5, 0, 0, 0, time.UTC), "2026-11-23", "2026-11-23", "2026-11-22"},
		{time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), "2026-11-23", "2026-11-24", "2026-11-23"},
	} {
		ts, _ := newServer(t, web.Options{Now: func() time.Time { return c.utc }})
		for q, want := range map[string]string{"": c.none, "?offset=%2B14:00": c.east, "?offset=+14:00": c.east, "?offset=-11:00": c.west, "?offset=-11": c.west} {
			a := do(t, ts, "GET", "/api/daily"+q, "")
			if a.code != 200 || a.json(t)["date"] != want {
				t.Errorf("at %v, /api/daily%s: %d %s; want %s", c.utc, q, a.code, a.body, want)
			}
		}
		for q, says := range map[string]string{"?offset=%2B15:00": "not a UTC offset", "?offset=Pacific/Kiritimati": "not a UTC offset",
			"?offset=-11:00&date=2026-11-22": "give one", "?offset=-11&offset=%2B14": "given 2 times"} {
			if a := do(t, ts, "GET", "/api/daily"+q, ""); a.code != 400 || !strings.Contains(a.body, says) {
				t.Errorf("/api/daily%s: %d %s; want 400 saying %q", q, a.code, a.body, says)
			}
		}
	}
}

// TestDailyServesTheStoredMaze checks that a date's stored maze wins over
// the schedule's.
func TestDailyServesTheStoredMaze(t *testing.T) {
	ts, st := newServer(t, web.Options{})
	d := store.Daily{Date: "2026-11-20", Maze: figure1, Difficulty: "hard"}
	if _, err := st.PutDaily(context.Background(), d); err != nil {
		t.Fatal(err)
	}
	a := do(t, ts, "GET", "/api/daily?date=2026-11-20", "")
	if v := a.json(t); v["id"] != figure1 || v["shortest"] != 13.0 {
		t.Errorf("stored date: %s", a.body)
	}
}

func TestMazeIsAnalyzeJSON(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, id := range []string{figure1, "6x6-queen,torus:313132545351313104524521214133535251", "5x5-no-u-turn:3221413224201242333141433"} {
		a := do(t, ts, "GET", "/api/maze/"+id, "")
		if a.code != 200 || a.body != analyzeJSON(t, id) {
			t.Errorf("GET /api/maze/%s: %d\n%s\nwant\n%s", id, a.code, a.body, analyzeJSON(t, id))
		}
	}
}

func TestAnalyze(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	m, _ := maze.ParseID(figure1)
	js, _ := json.Marshal(m)
	for name, body := range map[string]string{
		"text": m.String(), "JSON": string(js), "maze ID": figure1,
	} {
		a := do(t, ts, "POST", "/api/analyze", body)
		if a.code != 200 || a.body != analyzeJSON(t, figure1) {
			t.Errorf("POST /api/analyze with the %s: %d %s", name, a.code, a.body)
		}
	}
	seeded := "5x5,method=hill,iterations=1000,energy=depth#1"
	a := do(t, ts, "POST", "/api/analyze", seeded)
	spec, _ := generate.ParseSpec(seeded, generate.Spec{})
	r, err := generate.Run(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := r.Maze.ID()
	if a.code != 200 || a.body != analyzeJSON(t, id) {
		t.Errorf("POST /api/analyze with a seeded ID: %d %s", a.code, a.body)
	}
}

func TestGenerate(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "POST", "/api/generate", `{"seed": 1}`)
	spec := generate.Default()
	spec.Seed = 1
	r, err := generate.Run(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(render.NewGenerate(r))
	// Search statistics hold timings; compare everything else.
	if a.code != 200 || a.json(t)["id"] != render.NewGenerate(r).ID || a.json(t)["seeded_id"] != r.SeededID() {
		t.Errorf("POST /api/generate {seed 1}: %d %s\nwant %s", a.code, a.body, want)
	}
	a = do(t, ts, "POST", "/api/generate", `{"rows": 4, "cols": 6, "method": "hill", "iterations": 500, "energy": "depth", "variant": "queen", "seed": 7}`)
	v := a.json(t)
	if a.code != 200 || v["rows"] != 4.0 || v["cols"] != 6.0 || !strings.Contains(v["seeded_id"].(string), "variant=queen") {
		t.Errorf("POST /api/generate with every field: %d %s", a.code, a.body)
	}
	if a = do(t, ts, "POST", "/api/generate", ""); a.code != 200 || a.json(t)["rows"] != 5.0 {
		t.Errorf("POST /api/generate with no body: %d %s", a.code, a.body)
	}
}

// A client's generations are counted in CPU, at least MinGenerateCost of
// a token each: past the burst, 429 with Retry-After, for a seeded ID
// analysed too.
func TestGenerateRateLimit(t *testing.T) {
	ts, _ := newServer(t, web.Options{GenerateBurst: 2, GenerateEvery: time.Hour})
	body := `{"iterations": 10, "seed": 1}`
	for range 2 {
		if a := do(t, ts, "POST", "/api/generate", body); a.code != 200 {
			t.Fatalf("within the burst: %d %s", a.code, a.body)
		}
	}
	var a answer
	n := 2
	for ; n < 2/web.MinGenerateCost+2; n++ {
		if a = do(t, ts, "POST", "/api/generate", body); a.code != 200 {
			break
		}
	}
	if a.code != 429 || a.header.Get("Retry-After") == "" || !strings.Contains(a.json(t)["error"].(string), "too many") {
		t.Errorf("past the burst: %d Retry-After %q %s", a.code, a.header.Get("Retry-After"), a.body)
	}
	if float64(n) > 2/web.MinGenerateCost+1 {
		t.Errorf("%d cheap generations answered with a burst of 2: want at most %v", n, 2/web.MinGenerateCost)
	}
	if a := do(t, ts, "POST", "/api/analyze", "5x5,method=hill,iterations=10,energy=depth#1"); a.code != 429 {
		t.Errorf("a seeded ID analysed past the burst: %d, want 429", a.code)
	}
}

func TestGenerateTimeLimit(t *testing.T) {
	ts, _ := newServer(t, web.Options{GenerateTimeout: time.Nanosecond})
	a := do(t, ts, "POST", "/api/generate", `{"rows": 12, "iterations": 200000, "seed": 1}`)
	if a.code != 422 || !strings.Contains(a.json(t)["error"].(string), "limit") {
		t.Errorf("a generation past the time limit: %d %s", a.code, a.body)
	}
}

func TestPlaysAndStats(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	m, _ := maze.ParseID(figure1)
	sol := solve.Solve(graph.MustCompile(m.Board), m).Letters() // DRLUDLRULLRDU
	if a := do(t, ts, "GET", "/api/stats?maze="+figure1, ""); a.code != 200 || a.json(t)["plays"] != 0.0 {
		t.Errorf("stats of a maze never played: %d %s", a.code, a.body)
	}
	plays := []struct {
		body   string
		solved bool
		moves  float64
	}{
		{`{"maze":"` + figure1 + `","moves":"` + sol + `","seconds":30,"rating":4}`, true, 13},
		{`{"maze":"` + figure1 + `","moves":"` + strings.ToLower(sol[:5]) + `","seconds":10,"solved":true}`, false, 5},
		{`{"maze":"` + figure1 + `","moves":"` + sol + `","seconds":50,"hints":1,"rating":2}`, true, 13},
	}
	for _, p := range plays {
		if strings.Contains(p.body, `"solved"`) {
			// A client's claim is an unknown field: refused.
			if a := do(t, ts, "POST", "/api/plays", p.body); a.code != 400 {
				t.Errorf("a play claiming solved: %d %s", a.code, a.body)
			}
			p.body = strings.Replace(p.body, `,"solved":true`, "", 1)
		}
		a := do(t, ts, "POST", "/api/plays", p.body)
		v := a.json(t)
		if a.code != 201 || v["solved"] != p.solved || v["moves"] != p.moves || v["shortest"] != 13.0 || v["id"] == 0.0 {
			t.Errorf("POST /api/plays %s: %d %s", p.body, a.code, a.body)
		}
	}
	a := do(t, ts, "GET", "/api/stats?maze="+figure1, "")
	v := a.json(t)
	if a.code != 200 || v["maze"] != figure1 || v["plays"] != 3.0 || v["solved"] != 2.0 || v["median_seconds"] != 40.0 ||
		v["mean_rating"] != 3.0 || v["assisted"] != 1.0 {
		t.Errorf("GET /api/stats: %d %s", a.code, a.body)
	}
}

// TestPlayAccountStored posts plays with their whole account — hints,
// undos, restarts, time, hard mode — and reads them back from the store
// and from /api/stats: the server keeps the account the page keeps.
func TestPlayAccountStored(t *testing.T) {
	ts, st := newServer(t, web.Options{})
	m, _ := maze.ParseID(figure1)
	sol := solve.Solve(graph.MustCompile(m.Board), m).Letters()
	for _, c := range []struct {
		body                   string
		hints, undos, restarts int
		hard                   bool
	}{
		{`{"maze":"` + figure1 + `","moves":"` + sol + `","seconds":61.5,"hints":2,"undos":1,"restarts":1}`, 2, 1, 1, false},
		{`{"maze":"` + figure1 + `","moves":"` + sol + `","seconds":30,"restarts":2,"hard":true}`, 0, 0, 2, true},
		{`{"maze":"` + figure1 + `","moves":"` + sol + `","seconds":20}`, 0, 0, 0, false},
	} {
		if a := do(t, ts, "POST", "/api/plays", c.body); a.code != 201 {
			t.Fatalf("POST /api/plays %s: %d %s", c.body, a.code, a.body)
		}
		log, err := st.PlayLog(context.Background(), 1)
		if err != nil || len(log) != 1 {
			t.Fatal(log, err)
		}
		if p := log[0]; p.Hints != c.hints || p.Undos != c.undos || p.Restarts != c.restarts || p.Hard != c.hard {
			t.Errorf("%s: stored %+v", c.body, p)
		}
	}
	v := do(t, ts, "GET", "/api/stats?maze="+figure1, "").json(t)
	if v["plays"] != 3.0 || v["assisted"] != 1.0 || v["undone"] != 1.0 || v["restarted"] != 2.0 || v["hard"] != 1.0 {
		t.Errorf("GET /api/stats: %v", v)
	}
}

func TestSecurityHeaders(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, path := range []string{"/", "/healthz", "/api/daily", "/m/" + figure1, "/static/play.js", "/nowhere", "/api/nothing"} {
		a := do(t, ts, "GET", path, "")
		h := a.header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") ||
			!strings.Contains(csp, "frame-ancestors 'none'") || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: headers %v", path, h)
		}
	}
}

// panicStore panics on every call, as a bug would.
type panicStore struct{ store.Store }

func (panicStore) Daily(context.Context, string) (store.Daily, error) { panic("bug") }

func TestNoPanicReachesAClient(t *testing.T) {
	ts := httptest.NewServer(web.NewHandler(panicStore{}, web.Options{}))
	defer ts.Close()
	a := do(t, ts, "GET", "/api/daily", "")
	if a.code != 500 || a.json(t)["error"] != "internal error" {
		t.Errorf("a panic: %d %s", a.code, a.body)
	}
}

func TestHint(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, tt := range []struct {
		moves, next string
		distance    float64
	}{
		{"", "D", 13}, {"DRLUDLRULLRD", "U", 1}, {"DRLUDLRULLRDU", "", 0},
	} {
		a := do(t, ts, "GET", "/api/hint?maze="+figure1+"&moves="+tt.moves, "")
		v := a.json(t)
		if a.code != 200 || v["distance"] != tt.distance || v["next"] != tt.next {
			t.Errorf("hint after %q: %d %s; want distance %v, next %q", tt.moves, a.code, a.body, tt.distance, tt.next)
		}
	}
}

// Bad generation settings get generate.Settings' message, the one rjm
// generate gives for the same settings (cmd/rjm's
// TestGenerateMessagesAsServer).
func TestGenerateMessagesAsCommandLine(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, tc := range generatetest.Bad {
		a := do(t, ts, "POST", "/api/generate", tc.Body)
		if msg, _ := a.json(t)["error"].(string); a.code != 400 || msg != tc.Message {
			t.Errorf("POST /api/generate %s: %d %q, want 400 %q", tc.Body, a.code, msg, tc.Message)
		}
	}
}

// withToken returns a play's body with a token for its maze (GET
// /api/token) when it has a maze and no token, as the player's page
// sends it; any other body as it is.
func withToken(t *testing.T, ts *httptest.Server, body string) string {
	t.Helper()
	var play map[string]any
	if json.Unmarshal([]byte(body), &play) != nil {
		return body
	}
	id, ok := play["maze"].(string)
	if _, has := play["token"]; !ok || has {
		return body
	}
	resp, err := ts.Client().Get(ts.URL + "/api/token?maze=" + url.QueryEscape(id))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct{ Token string }
	if json.NewDecoder(resp.Body).Decode(&tok) != nil || resp.StatusCode != 200 {
		return body // a bad maze: the play's own error
	}
	play["token"] = tok.Token
	b, _ := json.Marshal(play)
	return string(b)
}

package web_test

import (
	"cmp"
	"context"
	"fmt"
	"html"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"rjm/analysis"
	"rjm/daily"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/simulate"
	"rjm/solve"
	"rjm/web"
)

// TestPlayPageContract checks the testability contract on the page of
// a maze: one data-cell="r,c" element per cell whose text is its jump
// (G for the goal), the start circled, no inline script.
func TestPlayPageContract(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	m, _ := maze.ParseID(figure1)
	a := do(t, ts, "GET", "/m/"+figure1, "")
	if a.code != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /m/%s: %d %v", figure1, a.code, a.header)
	}
	cell := regexp.MustCompile(`<g data-cell="(\d+),(\d+)"[^>]*>.*?<text[^>]*>([^<]*)</text>`)
	got := cell.FindAllStringSubmatch(a.body, -1)
	if len(got) != 25 {
		t.Fatalf("%d cells, want 25", len(got))
	}
	for k, c := range got {
		want := string(m.String()[2*k]) // the text's rows, one character a cell
		if c[1] != string(rune('1'+k/5)) || c[2] != string(rune('1'+k%5)) || c[3] != want {
			t.Errorf("cell %d: data-cell %s,%s text %q, want %d,%d %q", k, c[1], c[2], c[3], k/5+1, k%5+1, want)
		}
	}
	if !regexp.MustCompile(`<g data-cell="1,1"[^>]*start[^>]*><polygon[^>]*/><circle class="ring"`).MatchString(a.body) {
		t.Error("the start is not circled")
	}
	if regexp.MustCompile(`<script>|<script [^>]*>[^<]|\son[a-z]+=`).MatchString(a.body) {
		t.Error("the page holds inline script")
	}
	if !strings.Contains(a.body, `data-state="playing"`) || strings.Contains(a.body, `data-state="solved"`) {
		t.Error("a fresh game's state is not playing")
	}
}

func TestTodayPage(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/", "")
	daily := do(t, ts, "GET", "/api/daily", "").json(t)
	if a.code != 200 || !strings.Contains(a.body, `Maze of the Day · <span class="date">2026-11-23</span>`) || !strings.Contains(a.body, daily["id"].(string)) {
		t.Errorf("GET /: %d, want today's maze %s", a.code, daily["id"])
	}
	if b := do(t, ts, "GET", "/", ""); b.body != a.body {
		t.Error("today's page changed between two requests")
	}
}

func TestPageErrors(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, tt := range []struct {
		path string
		code int
		says string
	}{
		{"/m/5x5:12", 400, "not a maze ID"},
		{"/m/%3Cscript%3E", 400, "&lt;script&gt;"},
		{"/nowhere", 404, "no page"},
	} {
		a := do(t, ts, "GET", tt.path, "")
		if a.code != tt.code || !strings.Contains(a.body, tt.says) || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: %d, want %d saying %q:\n%s", tt.path, a.code, tt.code, tt.says, a.body)
		}
	}
}

func TestStaticAssets(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for path, ctype := range map[string]string{"/static/play.js": "text/javascript", "/static/style.css": "text/css", "/static/favicon.svg": "image/svg+xml"} {
		a := do(t, ts, "GET", path, "")
		if a.code != 200 || !strings.HasPrefix(a.header.Get("Content-Type"), ctype) || len(a.body) == 0 {
			t.Errorf("GET %s: %d %q", path, a.code, a.header.Get("Content-Type"))
		}
	}
}

// TestKeyHelpFollowsTheBoard checks that the page names the keys of the
// board's own directions: a hexagonal board has no north or south.
func TestKeyHelpFollowsTheBoard(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, tt := range []struct{ id, has, hasNot string }{
		{figure1, "→ east", "north-west"},
		{"6x6-queen,torus:313132545351313104524521214133535251", "3 or Page Down south-east", ""},
		{"5x5-hex:4431442231132042332114332", "9 or Page Up north-east", "↑ north"},
	} {
		a := do(t, ts, "GET", "/m/"+tt.id, "")
		if !strings.Contains(a.body, tt.has) || tt.hasNot != "" && strings.Contains(a.body, tt.hasNot) {
			t.Errorf("%s: the key help should name %q and not %q", tt.id, tt.has, tt.hasNot)
		}
	}
}

func TestArchive(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/archive", "")
	// Monday 2026-11-23: 22 past days back to 2026-11-01, newest first;
	// and today in UTC, hidden, for the players whose day it is past
	// (east of UTC, where 2026-11-24 is today: me.js shows it).
	links := regexp.MustCompile(`<tr data-date="\d{4}-\d\d-\d\d"><td><a href="/d/(\d{4}-\d\d-\d\d)"`).FindAllStringSubmatch(a.body, -1)
	if a.code != 200 || len(links) != 22 || links[0][1] != "2026-11-22" || links[21][1] != "2026-11-01" {
		t.Fatalf("GET /archive: %d, %d days listed", a.code, len(links))
	}
	if !strings.Contains(a.body, `<tr data-date="2026-11-23" hidden>`) || strings.Contains(a.body, `data-date="2026-11-24"`) {
		t.Errorf("GET /archive: today in UTC is not listed hidden, or a date today nowhere in the past is listed")
	}
	day := do(t, ts, "GET", "/d/2026-11-22", "")
	api := do(t, ts, "GET", "/api/daily?date=2026-11-22", "").json(t)
	if day.code != 200 || !strings.Contains(day.body, api["id"].(string)) || !strings.Contains(day.body, "2026-11-22") {
		t.Errorf("GET /d/2026-11-22: %d, want the maze %s", day.code, api["id"])
	}
	for path, code := range map[string]int{"/d/2026-11-24": 200, "/d/2026-11-25": 404, "/d/2026-11-xx": 400, "/d/2020-01-01": 404} {
		if a := do(t, ts, "GET", path, ""); a.code != code {
			t.Errorf("GET %s: %d, want %d", path, a.code, code)
		}
	}
}

// ruleMazes are mazes of every rule the pages explain: variants alone and
// combined, walls, blocked, pass-over and absent cells, an exit ring.
func ruleMazes(t *testing.T) map[string]*maze.Maze {
	t.Helper()
	out := map[string]*maze.Maze{}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range []string{"", "queen", "torus", "loops", "exit", "no-u-turn", "hex", "triangle", "queen,torus", "hex,exit"} {
		variant, err := maze.ParseVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		b := maze.Board{Rows: 5, Cols: 5, Variant: variant}
		m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng)
		if err != nil {
			t.Fatal(err)
		}
		out[v] = m
	}
	for name, text := range map[string]string{
		"walls": "wall 1,1 1,2\n1 1 1\n1 1 1\n1 1 G\n",
		"cells": "1 X 1\n* 1 1\n1 1 G\n",
		"shape": ". 1 1\n1 1 1\n1 1 G\n",
	} {
		m, err := maze.ParseText([]byte(text), maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out[name] = m
	}
	return out
}

// The player's "How to play" and the print page of each maze say its
// board's rules (render.Rules) and none of the other boards' rules.
func TestPagesSayTheirOwnRules(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	mazes := ruleMazes(t)
	for name, m := range mazes {
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		own := render.Rules(m.Board)
		for _, path := range []string{"/m/" + id, "/print/" + id} {
			a := do(t, ts, "GET", path, "")
			body := html.UnescapeString(a.body)
			for _, r := range own {
				if !strings.Contains(body, r) {
					t.Errorf("%s (%s) does not say %q", path, cmp.Or(name, "rook"), r)
				}
			}
			for other, o := range mazes {
				for _, r := range render.Rules(o.Board) {
					if !slices.Contains(own, r) && strings.Contains(body, r) {
						t.Errorf("%s (%s) says %s's rule %q", path, cmp.Or(name, "rook"), other, r)
					}
				}
			}
			if strings.Contains(body, "docs/") || strings.Contains(body, ".md") {
				t.Errorf("%s points to a file", path)
			}
		}
	}
}

// TestPrint checks that the print page shows rjm render's own pictures:
// the maze, then its solution with the moves numbered (the start 0, the
// goal reached by move 13), with no inline style the site's
// Content-Security-Policy would refuse.
func TestPrint(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/print/"+figure1, "")
	if a.code != 200 || strings.Count(a.body, `<svg class="picture"`) != 2 || !strings.Contains(a.body, "DRLUDLRULLRDU") ||
		!strings.Contains(a.body, "(the only shortest solution)") {
		t.Errorf("GET /print/%s: %d; want two pictures and the solution", figure1, a.code)
	}
	solved := a.body[strings.LastIndex(a.body, `<svg class="picture"`):]
	for _, step := range []string{">0</text>", ">13</text>"} {
		if !strings.Contains(solved, step) {
			t.Errorf("the solution's move number %s is missing", step)
		}
	}
	if strings.Contains(a.body, ` style="`) {
		t.Error("the print page has inline style")
	}
	if b := do(t, ts, "GET", "/print/nothing", ""); b.code != 400 {
		t.Errorf("GET /print/nothing: %d, want 400", b.code)
	}
}

// post sends a form and does not follow redirects.
func post(t *testing.T, ts *httptest.Server, path, contentType, body string) answer {
	t.Helper()
	c := *ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	if path == "/api/plays" {
		body = withToken(t, ts, body)
	}
	resp, err := c.Post(ts.URL+path, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(b)}
}

const formType = "application/x-www-form-urlencoded"

func TestGeneratePage(t *testing.T) {
	ts, _ := newServer(t, web.Options{GenerateBurst: 2, GenerateEvery: time.Hour})
	if a := do(t, ts, "GET", "/generate", ""); a.code != 200 || !strings.Contains(a.body, `name="iterations"`) || !strings.Contains(a.body, `value="queen"`) {
		t.Errorf("GET /generate: %d", a.code)
	}
	a := post(t, ts, "/generate", formType, "rows=4&cols=6&method=hill&iterations=500&energy=depth&variant=queen&seed=7")
	spec, _ := generate.ParseSpec("4x6,variant=queen,goal=random,method=hill,iterations=500,energy=depth#7", generate.Spec{})
	r, err := generate.Run(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := r.Maze.ID()
	if a.code != 303 || a.header.Get("Location") != "/m/"+id {
		t.Errorf("POST /generate: %d to %q, want 303 to /m/%s", a.code, a.header.Get("Location"), id)
	}
	// The form left as it comes, with a variant ticked: the board's own
	// recipe, as rjm generate makes it (a long unique torus maze).
	a = post(t, ts, "/generate", formType, "rows=6&cols=6&method=&iterations=&energy=&variant=torus&seed=3")
	six, three := 6, uint64(3)
	if spec, err = (generate.Settings{Size: six, Variant: maze.Variant{Torus: true}, Seed: three}).Spec(); err != nil {
		t.Fatal(err)
	}
	if spec.Energy != generate.PuzzleEnergy {
		t.Errorf("the torus's default recipe is %s, want generate.PuzzleEnergy", spec.Energy)
	}
	if r, err = generate.Run(context.Background(), spec, nil); err != nil {
		t.Fatal(err)
	}
	if id, _ = r.Maze.ID(); a.code != 303 || a.header.Get("Location") != "/m/"+id {
		t.Errorf("POST /generate with the board's defaults: %d to %q, want 303 to /m/%s (%s)", a.code, a.header.Get("Location"), id, r.SeededID())
	}
	for body, says := range map[string]string{
		"rows=13&cols=5&method=hill&iterations=5&energy=depth":        "rows and columns must be 1 to 12",
		"rows=x&cols=5&method=hill&iterations=5&energy=depth":         "rows &#34;x&#34; is not a whole number",
		"rows=5&cols=5&method=hill&iterations=5&energy=depth&seed=-1": "seed",
	} {
		if a := post(t, ts, "/generate", formType, body); a.code != 400 || !strings.Contains(a.body, says) {
			t.Errorf("POST /generate %s: %d, want 400 saying %q", body, a.code, says)
		}
	}
	var past answer
	for range int(2/web.MinGenerateCost + 1) {
		if past = post(t, ts, "/generate", formType, "rows=3&cols=3&method=hill&iterations=5&energy=depth"); past.code != 303 {
			break
		}
	}
	if past.code != 429 || !strings.Contains(past.body, "too many") || past.header.Get("Retry-After") == "" {
		t.Errorf("POST /generate past the rate limit: %d, Retry-After %q", past.code, past.header.Get("Retry-After"))
	}
}

func TestAnalyzePage(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	if a := do(t, ts, "GET", "/analyze", ""); a.code != 200 || !strings.Contains(a.body, `<textarea name="maze"`) {
		t.Errorf("GET /analyze: %d", a.code)
	}
	m, _ := maze.ParseID(figure1)
	a := post(t, ts, "/analyze", formType, "maze="+url.QueryEscape(m.String()))
	report := render.AnalysisText(m, analysis.Analyze(graph.MustCompile(m.Board), m), nil, false)
	if a.code != 200 || !strings.Contains(html.UnescapeString(a.body), report) || !strings.Contains(a.body, `href="/m/`+figure1+`"`) {
		t.Errorf("POST /analyze with figure 1: %d; want its report and a link to play it", a.code)
	}
	if a := post(t, ts, "/analyze", formType, "maze=1+2%0A3"); a.code != 400 || !strings.Contains(a.body, "row 2") {
		t.Errorf("POST /analyze with a malformed maze: %d", a.code)
	}
	var body strings.Builder
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "maze.txt")
	fw.Write([]byte(figure1))
	mw.Close()
	if a := post(t, ts, "/analyze", mw.FormDataContentType(), body.String()); a.code != 200 || !strings.Contains(a.body, "Maze "+figure1) {
		t.Errorf("POST /analyze with an uploaded file: %d", a.code)
	}
}

// TestBlackHolesMarked checks that the analysis board marks a black hole.
func TestBlackHolesMarked(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := post(t, ts, "/analyze", formType, "maze="+url.QueryEscape("1 1 G\n2 1 2\n"))
	if n := strings.Count(a.body, `>B</text>`); a.code != 200 || n != 2 {
		t.Errorf("POST /analyze with a black hole of two cells: %d, %d marks", a.code, n)
	}
}

func TestDashboard(t *testing.T) {
	ts, st := newServer(t, web.Options{})
	if a := do(t, ts, "GET", "/dashboard", ""); a.code != 200 || !strings.Contains(a.body, "No maze of the day has been shown yet") {
		t.Fatalf("an empty dashboard: %d", a.code)
	}
	id := do(t, ts, "GET", "/api/daily", "").json(t)["id"].(string)
	m, _ := maze.ParseID(id)
	sol := solve.Solve(graph.MustCompile(m.Board), m).Letters()
	sunday, err := daily.Generate(context.Background(), monday.AddDate(0, 0, -1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.PutDaily(context.Background(), sunday); err != nil {
		t.Fatal(err)
	}
	if a := do(t, ts, "GET", "/dashboard", ""); !strings.Contains(a.body, "No plays yet.") {
		t.Error("a dashboard of mazes without plays does not say the games' table is empty")
	}
	for _, p := range []string{`"seconds":20,"rating":5`, `"seconds":40,"hints":2`} {
		if a := do(t, ts, "POST", "/api/plays", `{"maze":"`+id+`","moves":"`+sol+`",`+p+`}`); a.code != 201 {
			t.Fatal(a.body)
		}
	}
	if a := do(t, ts, "POST", "/api/plays", `{"maze":"`+id+`","moves":"`+sol[:1]+`"}`); a.code != 201 {
		t.Fatal(a.body)
	}
	a := do(t, ts, "GET", "/dashboard", "")
	if strings.Contains(a.body, "No plays yet.") {
		t.Error("a dashboard with plays says there are none")
	}
	// Three plays, two solved (67%), median 30 s, one of three assisted, rated 5 once.
	row := regexp.MustCompile(`(?s)<tr><td><a href="/d/2026-11-23">.*?</tr>`).FindString(a.body)
	sim := simulate.Novice{}.Run(graph.MustCompile(m.Board), m, 200, 1)
	for _, want := range []string{">easy<", "<td>3</td>", ">67%<", ">30 s<", ">33%<", ">5.0 (1)<", fmt.Sprintf("<td>%d</td>", len(sol)),
		fmt.Sprintf(`<td class="sim">%.0f%%</td>`, 100*sim.SolveRate())} {
		if !strings.Contains(row, want) {
			t.Errorf("today's dashboard row lacks %q:\n%s", want, row)
		}
	}
	// Sunday's maze (a variant, stored above) is stored at its level,
	// medium, and its row gets medium's target time.
	row = regexp.MustCompile(`(?s)<tr><td><a href="/d/2026-11-22">.*?</tr>`).FindString(a.body)
	if want := fmt.Sprintf(`<td>%.0f s <span class="level">medium</span></td>`, difficulty.Medium.Target().Seconds()); !strings.Contains(row, want) {
		t.Errorf("Sunday's dashboard row lacks %q:\n%s", want, row)
	}
}

// TestTilingsDrawTheirShapes checks that hexagonal and triangular boards
// are drawn as hexagons and triangles, squares as squares.
func TestTilingsDrawTheirShapes(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for id, points := range map[string]int{figure1: 4, "5x5-hex:4431442231132042332114332": 6, "5x5-triangle:3554125164251046536422316": 3} {
		a := do(t, ts, "GET", "/m/"+id, "")
		polys := regexp.MustCompile(`<polygon points="([^"]*)"`).FindAllStringSubmatch(a.body, -1)
		if len(polys) != 25 {
			t.Fatalf("%s: %d polygons, want 25", id, len(polys))
		}
		for _, p := range polys {
			if n := len(strings.Fields(p[1])); n != points {
				t.Errorf("%s: a cell with %d corners, want %d", id, n, points)
			}
		}
	}
}

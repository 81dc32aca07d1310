package web_test

import (
	"regexp"
	"strings"
	"testing"

	"rjm/maze"
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
	if !regexp.MustCompile(`<g data-cell="1,1"[^>]*start[^>]*><rect[^>]*/><circle`).MatchString(a.body) {
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
	// Monday 2026-11-23: 22 past days back to 2026-11-01, newest first.
	links := regexp.MustCompile(`href="/d/(\d{4}-\d\d-\d\d)"`).FindAllStringSubmatch(a.body, -1)
	if a.code != 200 || len(links) != 22 || links[0][1] != "2026-11-22" || links[21][1] != "2026-11-01" {
		t.Fatalf("GET /archive: %d, %d days listed", a.code, len(links))
	}
	day := do(t, ts, "GET", "/d/2026-11-22", "")
	api := do(t, ts, "GET", "/api/daily?date=2026-11-22", "").json(t)
	if day.code != 200 || !strings.Contains(day.body, api["id"].(string)) || !strings.Contains(day.body, "2026-11-22") {
		t.Errorf("GET /d/2026-11-22: %d, want the maze %s", day.code, api["id"])
	}
	for path, code := range map[string]int{"/d/2026-11-24": 404, "/d/2026-11-xx": 400, "/d/2020-01-01": 404} {
		if a := do(t, ts, "GET", path, ""); a.code != code {
			t.Errorf("GET %s: %d, want %d", path, a.code, code)
		}
	}
}

// TestHowToNamesTheVariantRules checks that a variant's page says how its
// rules differ, in the library's words.
func TestHowToNamesTheVariantRules(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/m/6x6-queen,torus:313132545351313104524521214133535251", "")
	for _, want := range []string{"<b>queen</b>: diagonal moves too", "<b>torus</b>: jumps wrap around the edges"} {
		if !strings.Contains(a.body, want) {
			t.Errorf("the queen,torus page does not say %q", want)
		}
	}
	if a := do(t, ts, "GET", "/m/"+figure1, ""); strings.Contains(a.body, "changes the rules") {
		t.Error("a plain maze's page lists variant rules")
	}
}

func TestPrint(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, "GET", "/print/"+figure1, "")
	if a.code != 200 || strings.Count(a.body, `data-cell="1,1"`) != 2 || !strings.Contains(a.body, "DRLUDLRULLRDU") ||
		!strings.Contains(a.body, "(the only shortest solution)") {
		t.Errorf("GET /print/%s: %d; want two boards and the solution", figure1, a.code)
	}
	// The goal is reached by move 13; the start is move 0.
	if !regexp.MustCompile(`<text class="step"[^>]*>13</text>`).MatchString(a.body) || !regexp.MustCompile(`<text class="step"[^>]*>0</text>`).MatchString(a.body) {
		t.Error("the solution's move numbers are missing")
	}
	if b := do(t, ts, "GET", "/print/nothing", ""); b.code != 400 {
		t.Errorf("GET /print/nothing: %d, want 400", b.code)
	}
}

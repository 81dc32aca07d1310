package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"rjm/store"
	"rjm/web"
)

// goPackage matches a message that begins with one of rjm's package
// names, as the libraries' errors did before they returned *fault.Error
// and the front ends trimmed them.
var goPackage = regexp.MustCompile(`^(maze|graph|solve|energy|analysis|search|parallel|generate|batchfile|render|book|daily|store|difficulty|records|experiment|compare|learn|exercise|grade|design|simulate|web|fault|cli): `)

// TestBadInputEverywhere sends every kind of bad input to both front ends:
// the command line (run in memory) answers exit status 2 and one line
// after "rjm: ", the server (web.NewHandler) a status by the error's kind
// and {"error": ...}; both say what is wrong and where, in the library's
// words, and neither begins with a Go package's name.
func TestBadInputEverywhere(t *testing.T) {
	dir := t.TempDir()
	plays := filepath.Join(dir, "plays.jsonl")
	if err := os.WriteFile(plays, []byte(`{"maze":"","moves":"D"}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const figure1 = "5x5:3413133302312234233341432"
	tests := []struct {
		name string
		// The command line: its arguments (none: not asked) and standard input.
		args  []string
		stdin string
		// The server: a request (no path: not asked) and the status it earns.
		method, path, body string
		status             int
		// What both answers say.
		want string
	}{
		{name: "maze text: a bad jump", args: []string{"solve"}, stdin: "1 x\n1 G\n",
			method: "POST", path: "/api/analyze", body: "1 x\n1 G\n", status: 400,
			want: `line 1, column 3: "x" is not a jump number`},
		{name: "maze text: a ragged row", args: []string{"analyze"}, stdin: "1 2 3\n1 G\n",
			method: "POST", path: "/api/analyze", body: "1 2 3\n1 G\n", status: 400,
			want: "line 2, column 1"},
		{name: "maze text: a wall between far cells", args: []string{"solve"}, stdin: "wall 1,1 2,2\n1 1\n1 G\n",
			method: "POST", path: "/api/analyze", body: "wall 1,1 2,2\n1 1\n1 G\n", status: 400,
			want: "line 1, column 1: wall (1,1)-(2,2): the cells are not neighbours"},
		{name: "maze text: an unknown variant", args: []string{"solve"}, stdin: "variant knight\n1 1\n1 G\n",
			method: "POST", path: "/api/analyze", body: "variant knight\n1 1\n1 G\n", status: 400,
			want: `line 1, column 9: unknown variant "knight"`},
		{name: "no maze", args: []string{"solve"}, stdin: "",
			method: "POST", path: "/api/analyze", body: "", status: 400,
			want: "no maze in the input"},
		{name: "maze JSON: a cell counted from 0", args: []string{"solve"}, stdin: `{"rows":2,"cols":2,"jumps":[[1,1],[1,0]],"start":[0,0],"goal":[2,2]}`,
			method: "POST", path: "/api/analyze", body: `{"rows":2,"cols":2,"jumps":[[1,1],[1,0]],"start":[0,0],"goal":[2,2]}`, status: 400,
			want: "start [0, 0]: rows and columns count from 1"},
		{name: "maze ID: too few jumps", args: []string{"solve", "--id", "5x5:12"},
			method: "GET", path: "/api/maze/5x5:12", status: 400,
			want: "ID has 2 jumps, want 25 for 5x5"},
		{name: "maze ID: an illegal jump", args: []string{"solve", "--strict", "--id", "2x2:9110"},
			want: "cell (1,1) has jump 9"},
		{name: "maze ID: a page of a bad ID", args: []string{"render", "--id", "5x5:1"},
			method: "GET", path: "/api/hint?maze=5x5:1", status: 400,
			want: "ID has 1 jumps, want 25 for 5x5"},
		{name: "settings: an unknown method", args: []string{"generate", "--method", "guess"},
			method: "POST", path: "/api/generate", body: `{"method": "guess"}`, status: 400,
			want: `unknown method "guess" (want one of hill, first-choice, restarts, uphill, anneal)`},
		{name: "settings: iterations out of range", args: []string{"generate", "--iterations", "-5"},
			method: "POST", path: "/api/generate", body: `{"iterations": -5}`, status: 400,
			want: "iterations -5 out of range 0..1000000000"},
		{name: "settings: an unknown energy", args: []string{"generate", "--energy", "fun"},
			method: "POST", path: "/api/generate", body: `{"energy": "fun"}`, status: 400,
			want: `unknown energy "fun"`},
		{name: "settings: a bad weighted energy", args: []string{"generate", "--energy", "weighted:colour=1"},
			method: "POST", path: "/api/generate", body: `{"energy": "weighted:colour=1"}`, status: 400,
			want: `unknown term "colour"`},
		{name: "settings: one cell", args: []string{"generate", "--rows", "1", "--cols", "1"},
			method: "POST", path: "/api/generate", body: `{"rows": 1, "cols": 1}`, status: 400,
			want: "size 1x1: a maze needs at least 2 cells"},
		{name: "settings: loops on a small board", args: []string{"generate", "--size", "3", "--variant", "loops"},
			method: "POST", path: "/api/generate", body: `{"rows": 3, "variant": "loops"}`, status: 400,
			want: "size 3x3: loops need at least 4 rows and 4 columns"},
		{name: "settings: an uphill probability past 1", args: []string{"generate", "--method", "uphill", "--p", "2"},
			want: "uphill probability 2 out of range 0..1"},
		{name: "a seeded ID out of range", args: []string{"generate", "--id", "5x5,method=hill,iterations=-5,energy=depth#1"},
			want: "iterations -5 out of range"},
		{name: "a seeded ID past the server's caps",
			method: "POST", path: "/api/analyze", body: "5x5,method=hill,iterations=9000000,energy=depth#1", status: 400,
			want: "9000000 iterations in all: at most 200000"},
		{name: "a seeded ID without a seed", args: []string{"generate", "--id", "5x5,method=hill"},
			want: `seeded ID "5x5,method=hill" has no '#seed'`},
		{name: "a batch too large", args: []string{"generate", "--count", "100000000"},
			want: "--count: 100000000 out of range 1..10000000"},
		{name: "a play log's bad line", args: []string{"difficulty", "--plays", plays},
			want: "--plays " + plays + ": line 1: no maze"},
		{name: "an experiment's runs", args: []string{"experiment", "iterations", "--runs", "100000000", "--no-files"},
			want: "--runs 100000000 out of range"},
		{name: "a book's paper", args: []string{"book", "-o", filepath.Join(dir, "b.pdf"), "--paper", "b4"},
			want: `--paper: unknown paper "b4" (want a4, letter, a5, b5, 6x9in, or WIDTHxHEIGHT in mm, cm or in such as 148x210mm)`},
		{name: "a book's bands", args: []string{"book", "-o", filepath.Join(dir, "b.pdf"), "--bands", "easy,brutal"},
			want: `--bands: unknown difficulty band "brutal"`},
		{name: "a picture's style", args: []string{"render", "--style", "neon"}, stdin: "1 1\n1 G\n",
			want: `--style: unknown style "neon" (want print or color)`},
		{name: "a picture's cell", args: []string{"render", "--cell", "1km"}, stdin: "1 1\n1 G\n",
			want: `--cell: length "1km": want 2mm to 100mm`},
		{name: "a picture's format", args: []string{"render", "--format", "gif"}, stdin: "1 1\n1 G\n",
			want: `--format: unknown picture format "gif"`},
		{name: "a picture's paper", args: []string{"render", "--paper", "a9"}, stdin: "1 1\n1 G\n",
			want: `--paper: unknown paper "a9"`},
		{name: "a malformed date",
			method: "GET", path: "/api/daily?date=2026-13-01", status: 400,
			want: `date "2026-13-01" is not of the form YYYY-MM-DD`},
		{name: "a date not revealed yet",
			method: "GET", path: "/api/daily?date=2999-12-31", status: 404,
			want: "that date's maze is not revealed yet"},
		{name: "a date before the first",
			method: "GET", path: "/api/daily?date=2020-01-01", status: 404,
			want: "there is no maze of the day before 2026-11-01"},
		{name: "a hint after an illegal move",
			method: "GET", path: "/api/hint?maze=" + figure1 + "&moves=U", status: 400,
			want: "move 1 (N) is not legal from row 1, column 1"},
		{name: "a play of an illegal move",
			method: "POST", path: "/api/plays", body: `{"maze":"` + figure1 + `","moves":"U"}`, status: 400,
			want: "is not legal"},
		{name: "a body over the limit",
			method: "POST", path: "/api/analyze", body: strings.Repeat("1 ", web.MaxBody), status: 413,
			want: "larger than"},
	}

	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "rjm.db"))
	if err != nil {
		t.Fatal(err)
	}
	monday := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	ts := httptest.NewServer(web.NewHandler(st, web.Options{Now: func() time.Time { return monday }, Tarpit: -1}))
	t.Cleanup(func() { ts.Close(); st.Close() })

	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.args != nil {
				out, errs, code := rjmRun(t, tt.stdin, tt.args...)
				msg, isRJM := strings.CutPrefix(strings.TrimSuffix(errs, "\n"), "rjm: ")
				switch {
				case code != 2 || out != "" || !isRJM || strings.Count(errs, "\n") != 1:
					t.Errorf("rjm %v: status %d, stdout %.100q, stderr %q; want status 2 and one line", tt.args, code, out, errs)
				case !strings.Contains(msg, tt.want):
					t.Errorf("rjm %v: %q, want it to say %q", tt.args, msg, tt.want)
				case goPackage.MatchString(msg):
					t.Errorf("rjm %v: %q begins with a Go package", tt.args, msg)
				}
			}
			if tt.path != "" {
				req, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(tt.body))
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(tt.path, "/api/plays") {
					req.Header.Set("Content-Type", "application/json")
				}
				resp, err := ts.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var answer struct{ Error string }
				jerr := json.Unmarshal(body, &answer)
				switch {
				case resp.StatusCode != tt.status || jerr != nil:
					t.Errorf("%s %s: %d %.200s; want %d and {\"error\": ...}", tt.method, tt.path, resp.StatusCode, body, tt.status)
				case !strings.Contains(answer.Error, tt.want) || strings.Contains(answer.Error, "\n"):
					t.Errorf("%s %s: %q, want one line saying %q", tt.method, tt.path, answer.Error, tt.want)
				case goPackage.MatchString(answer.Error):
					t.Errorf("%s %s: %q begins with a Go package", tt.method, tt.path, answer.Error)
				}
			}
		})
	}
}

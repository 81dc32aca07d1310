package web_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/web"
)

// designAnswer is the part of POST /api/design's answer the tests read.
type designAnswer struct {
	View struct {
		ID       string             `json:"id"`
		Features *analysis.Features `json:"features"`
		Cells    []struct {
			Depth int    `json:"depth"`
			Hole  string `json:"hole"`
		} `json:"cells"`
		Prediction *struct{ Seconds, Low, High float64 } `json:"prediction"`
	} `json:"view"`
	Board   string `json:"board"`
	Changes []struct {
		Feature, Text string
	} `json:"changes"`
	Suggestions struct {
		Energy, Longer []struct {
			Cell [2]int `json:"cell"`
			Jump int    `json:"jump"`
		}
	} `json:"suggestions"`
	Edit string `json:"edit"`
}

func TestAPIDesign(t *testing.T) {
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	post := func(body string) (answer, designAnswer) {
		t.Helper()
		a := do(t, ts, http.MethodPost, "/api/design", body)
		var d designAnswer
		if a.code == http.StatusOK {
			if err := json.Unmarshal([]byte(a.body), &d); err != nil {
				t.Fatalf("%s: %v", body, err)
			}
		}
		return a, d
	}
	t.Run("an edit", func(t *testing.T) {
		a, d := post(`{"maze":"5x5:1111111111111111111111110","edit":{"op":"jump","cell":[1,1],"jump":4}}`)
		if a.code != http.StatusOK {
			t.Fatalf("%d %s", a.code, a.body)
		}
		if d.View.ID != "5x5:4111111111111111111111110" || d.Edit != "(1,1): jump 1 → 4" {
			t.Errorf("ID %s, edit %q", d.View.ID, d.Edit)
		}
		m, _ := maze.ParseID(d.View.ID)
		f := analysis.Analyze(graph.MustCompile(m.Board), m)
		if d.View.Features.Energy != f.Energy || d.View.Features.GoalDepth != f.GoalDepth || d.View.Prediction == nil {
			t.Errorf("features %+v, want %+v", d.View.Features, f)
		}
		if len(d.Changes) == 0 {
			t.Error("no changes said")
		}
		if n := strings.Count(d.Board, "data-cell="); n != 25 {
			t.Errorf("board of %d cells", n)
		}
		if len(d.Suggestions.Energy) == 0 {
			t.Error("no suggestions")
		}
	})
	t.Run("every variant, blank and edited", func(t *testing.T) {
		for _, v := range []string{"", "hex", "triangle", "queen", "torus", "loops", "exit", "no-uturn", "queen,torus"} {
			a, d := post(`{"blank":{"rows":6,"cols":6,"variant":"` + v + `"},"edit":{"op":"jump","cell":[1,1],"jump":2}}`)
			if a.code != http.StatusOK {
				t.Errorf("%s: %d %s", v, a.code, a.body)
				continue
			}
			if !strings.Contains(d.Board, `data-cell="6,6"`) || len(d.View.Cells) != 36 {
				t.Errorf("%s: board or cells missing", v)
			}
		}
	})
	t.Run("layout edits", func(t *testing.T) {
		a, d := post(`{"maze":"5x5:4313122314422334233233440","edit":{"op":"kind","cell":[2,2],"kind":"blocked"}}`)
		if a.code != http.StatusOK || !strings.Contains(d.View.ID, "x") || !strings.Contains(d.Board, "blocked") {
			t.Fatalf("%d %s", a.code, d.View.ID)
		}
		a, d = post(`{"maze":"` + d.View.ID + `","edit":{"op":"wall","cell":[1,1],"other":[2,1]}}`)
		if a.code != http.StatusOK || !strings.Contains(d.Board, `data-wall="1,1 2,1"`) {
			t.Fatalf("%d %s", a.code, a.body)
		}
	})
	t.Run("suggestions keep the locked cells", func(t *testing.T) {
		// Row 1 of a blank 7×7 locked: no suggestion (moves and pairs
		// included) changes a cell of it.
		blank := "7x7:1111111111111111111111111111111111111111111111110"
		a := do(t, ts, http.MethodPost, "/api/design", `{"maze":"`+blank+`","locked":[[1,1],[1,2],[1,3],[1,4],[1,5],[1,6],[1,7]]}`)
		var d struct{ Suggestions design.Suggestions }
		if err := json.Unmarshal([]byte(a.body), &d); a.code != http.StatusOK || err != nil {
			t.Fatalf("%d %s", a.code, a.body)
		}
		if len(d.Suggestions.Energy) == 0 || len(d.Suggestions.Move)+len(d.Suggestions.Pair) == 0 {
			t.Fatalf("suggestions %+v: want energy ones, and moves or pairs", d.Suggestions)
		}
		for _, l := range [][]design.Suggestion{d.Suggestions.Energy, d.Suggestions.Longer, d.Suggestions.Move, d.Suggestions.Pair} {
			for _, s := range l {
				m, err := maze.ParseID(s.Maze)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(s.Maze, "7x7:1111111") || m.Start != 0 {
					t.Errorf("suggestion %s (%s) changes row 1", s.Text, s.Maze)
				}
			}
		}
		a = do(t, ts, http.MethodPost, "/api/design", `{"maze":"`+blank+`","locked":[[8,1]]}`)
		if msg, _ := a.json(t)["error"].(string); a.code != http.StatusBadRequest || !strings.Contains(msg, "locked: cell [8, 1] is off the 7x7 board") {
			t.Errorf("a lock off the board: %d %s", a.code, a.body)
		}
	})
	t.Run("undo says what changed back", func(t *testing.T) {
		a, d := post(`{"maze":"5x5:1111111111111111111111110","from":"5x5:4313122314422334233233440"}`)
		if a.code != http.StatusOK || len(d.Changes) == 0 || !strings.Contains(d.Changes[0].Text, "shrank by 7") {
			t.Errorf("%d %+v", a.code, d.Changes)
		}
	})
	t.Run("a seeded ID is generated", func(t *testing.T) {
		a, d := post(`{"random":{"rows":6,"cols":5,"variant":"hex","seed":12}}`)
		if a.code != http.StatusOK || !strings.HasPrefix(d.View.ID, "6x5-hex:") {
			t.Errorf("%d %s", a.code, a.body)
		}
	})
	for _, c := range []struct{ name, body, want string }{
		{"not JSON", `maze`, "body:"},
		{"neither maze nor blank", `{}`, "give one of maze"},
		{"both", `{"maze":"5x5:1111111111111111111111110","blank":{"rows":5,"cols":5}}`, "give one of maze"},
		{"unknown field", `{"maze":"5x5:1111111111111111111111110","x":1}`, "unknown field"},
		{"bad ID", `{"maze":"5x5:11"}`, "maze:"},
		{"too big", `{"blank":{"rows":13,"cols":5}}`, "1 to 12 rows"},
		{"too big a maze", `{"maze":"13x2:11111111111111111111111110"}`, "1 to 12 rows"},
		{"too big a seeded ID", `{"maze":"20x20#1"}`, ""},
		{"too big a random maze", `{"random":{"rows":13}}`, "random:"},
		{"bad variant", `{"blank":{"rows":5,"cols":5,"variant":"octagon"}}`, "blank:"},
		{"unknown edit", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"paint","cell":[1,1]}}`, "unknown edit"},
		{"unknown kind", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"kind","cell":[2,2],"kind":"lava"}}`, "kind"},
		{"off the board", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"jump","cell":[6,1],"jump":2}}`, "off the 5x5 board"},
		{"cell 0", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"jump","cell":[0,0],"jump":2}}`, "off the 5x5 board"},
		{"jump too long", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"jump","cell":[1,1],"jump":9}}`, "from 1 to 4"},
		{"the goal's jump", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"jump","cell":[5,5],"jump":2}}`, "the goal"},
		{"start on the goal", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"start","cell":[5,5]}}`, "the goal"},
		{"goal on an exit ring", `{"blank":{"rows":5,"cols":5,"variant":"exit"},"edit":{"op":"goal","cell":[2,2]}}`, "exit"},
		{"wall to a far cell", `{"maze":"5x5:1111111111111111111111110","edit":{"op":"wall","cell":[1,1],"other":[3,3]}}`, "not neighbours"},
		{"bad from", `{"maze":"5x5:1111111111111111111111110","from":"nonsense"}`, "from:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := do(t, ts, http.MethodPost, "/api/design", c.body)
			if a.code < 400 || a.code >= 500 {
				t.Fatalf("%d %s, want 4xx", a.code, a.body)
			}
			msg, _ := a.json(t)["error"].(string)
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %q, want %q in it", msg, c.want)
			}
		})
	}
}

func TestPageDesign(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	a := do(t, ts, http.MethodGet, "/design", "")
	if a.code != http.StatusOK || !regexp.MustCompile(`src="/static/design\.[0-9a-f]{10}\.js"`).MatchString(a.body) || !strings.Contains(a.body, `id="design-board"`) {
		t.Fatalf("%d\n%s", a.code, a.body)
	}
	for _, f := range []string{"/static/design.js", "/static/design.css"} {
		if a := do(t, ts, http.MethodGet, f, ""); a.code != http.StatusOK {
			t.Errorf("%s: %d", f, a.code)
		}
	}
}

// TestAPIDesignCompare asks POST /api/design for two versions side by
// side: both views (the library's, prediction included), both drawings
// and the cells that differ; a compare with anything else, or of two
// boards, is 400 with its sentence.
func TestAPIDesignCompare(t *testing.T) {
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	a, b := "5x5:4313122314422334233233440", "5x5s3.3:4313122314422334233233420"
	res := post(t, ts, "/api/design", "application/json", `{"compare": {"a": "`+a+`", "b": "`+b+`"}}`)
	if res.code != http.StatusOK {
		t.Fatalf("compare: %d %s", res.code, res.body)
	}
	var v design.Versions
	if err := json.Unmarshal([]byte(res.body), &v); err != nil {
		t.Fatal(err)
	}
	bench := design.NewBench(nil)
	for k, id := range []string{a, b} {
		m, _ := maze.ParseID(id)
		want, _ := bench.View(graph.MustCompile(m.Board), m)
		got := []design.Version{v.A, v.B}[k]
		x, _ := json.Marshal(got.View)
		y, _ := json.Marshal(want)
		if string(x) != string(y) {
			t.Errorf("version %c: %.200s, want %.200s", 'A'+k, x, y)
		}
	}
	if want := [][2]int{{1, 1}, {3, 3}, {5, 4}}; !reflect.DeepEqual(v.Differ, want) {
		t.Errorf("differ %v, want %v", v.Differ, want)
	}
	for body, want := range map[string]string{
		`{"compare": {"a": "` + a + `", "b": "7x7:3425153341241434323223122242222331421324213143120"}}`: "version A is a 5x5 maze and version B a 7x7 one",
		`{"compare": {"a": "` + a + `", "b": "` + b + `"}, "maze": "` + a + `"}`:                        "compare comes alone",
		`{"compare": {"a": "5x5:1", "b": "` + b + `"}}`:                                                 "version A: ",
	} {
		res := post(t, ts, "/api/design", "application/json", body)
		if res.code != http.StatusBadRequest || !strings.Contains(res.body, want) {
			t.Errorf("%s: %d %s, want 400 with %q", body, res.code, res.body, want)
		}
	}
}

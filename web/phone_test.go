package web_test

import (
	"encoding/json"
	"html"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"rjm/daily"
	"rjm/render"
	"rjm/web"
)

// The archive names each Sunday's variant, and no other day's.
func TestArchiveNamesVariants(t *testing.T) {
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return sunday }})
	a := do(t, ts, "GET", "/archive", "")
	rows := regexp.MustCompile(`<tr data-date="([0-9-]+)">(.*?)</tr>`).FindAllStringSubmatch(a.body, -1)
	if a.code != 200 || len(rows) == 0 {
		t.Fatalf("GET /archive: %d, %d rows", a.code, len(rows))
	}
	sundays := 0
	for _, row := range rows {
		d, err := daily.ParseDate(row[1])
		if err != nil {
			t.Fatal(err)
		}
		v := daily.LevelOf(d).Variant
		named := strings.Contains(row[2], ": "+v.String()+"<")
		if d.Weekday() == time.Sunday {
			sundays++
			if !named || v.String() == "" {
				t.Errorf("%s, a Sunday, does not name its variant %q: %s", row[1], v, row[2])
			}
		} else if strings.Contains(row[2], "</span>: ") {
			t.Errorf("%s names a variant: %s", row[1], row[2])
		}
	}
	if sundays < 3 {
		t.Errorf("%d Sundays listed, want every variant's", sundays)
	}
}

// Every player's page says its board's rules in one line above the
// board, and gives its script the print key's step discs (render), one
// layout per kind of cell.
func TestPlayPageRuleAndDiscs(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for name, m := range ruleMazes(t) {
		id, _ := m.ID()
		a := do(t, ts, "GET", "/m/"+id, "")
		body := html.UnescapeString(a.body)
		rule := regexp.MustCompile(`<p id="rule" class="rule">([^<]*)`).FindStringSubmatch(body)
		board := strings.Index(body, `id="board"`)
		if rule == nil || rule[1] != render.RuleLine(m.Board)+". " || strings.Index(body, `id="rule"`) > board {
			t.Errorf("%s: the rule line %q, want %q above the board", name, rule, render.RuleLine(m.Board))
		}
		game := regexp.MustCompile(`data-game="([^"]*)"`).FindStringSubmatch(a.body)
		var g struct {
			Discs  [][][][5]float64 `json:"discs"`
			DiscOf []int            `json:"dl"`
		}
		if game == nil || json.Unmarshal([]byte(html.UnescapeString(game[1])), &g) != nil {
			t.Fatalf("%s: no game", name)
		}
		geo := render.NewGeometry(m.Board)
		for i := range m.Rows * m.Cols {
			k := 0
			if g.DiscOf != nil {
				k = g.DiscOf[i]
			}
			if k >= len(g.Discs) || len(g.Discs[k]) != 3 {
				t.Fatalf("%s: cell %d has layout %d of %d", name, i, k, len(g.Discs))
			}
			for n := 1; n <= 3; n++ {
				want := geo.StepDiscs(m.Board, i, []int{0, 1, 2}[:n])
				got := g.Discs[k][n-1]
				if len(got) != len(want) {
					t.Fatalf("%s: cell %d, %d visits: %d discs, want %d", name, i, n, len(got), len(want))
				}
				for j, d := range want {
					for f, x := range []float64{d.X, d.Y, d.R, d.Font, d.Right} {
						if math.Abs(got[j][f]-x) > 1e-4 {
							t.Errorf("%s: cell %d, %d visits, disc %d: %v, want %+v", name, i, n, j, got[j], d)
						}
					}
				}
			}
		}
	}
}

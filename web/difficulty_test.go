package web_test

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rjm/graph"
	"rjm/maze"
	"rjm/solve"
	"rjm/web"
)

// A fresh server fed plays through the API, with player IDs, answers
// /api/difficulty for each maze from its plays, and the dashboard shows
// the same estimates; the maze played far slower than its features say
// is the one the model misjudges most, and a maze nobody played is
// predicted from its features.
func TestDifficultyFromPlays(t *testing.T) {
	// 21 days made by one client, each charged as a generation by its
	// processor time (which the race detector multiplies): bursts large
	// enough that the rates never refuse what this test asks.
	ts, _ := newServer(t, web.Options{Now: func() time.Time { return monday.AddDate(0, 0, 21) },
		PlayBurst: 1000, GenerateBurst: 1000, WorkBurst: 1000})
	today := do(t, ts, "GET", "/api/daily", "").json(t)["id"].(string)
	if v := do(t, ts, "GET", "/api/difficulty?maze="+today, "").json(t); v["source"] != "simulated" || v["plays"] != 0.0 || !(v["difficulty"].(float64) > 0) {
		t.Errorf("before any play: %v, want the simulated novices' prior", v)
	}
	ids, slow := map[string]string{}, ""
	for k := range 21 {
		date := monday.AddDate(0, 0, k).Format("2006-01-02")
		a := do(t, ts, "GET", "/api/daily?date="+date, "")
		if a.code != 200 {
			t.Fatalf("%s: %d %s", date, a.code, a.body)
		}
		id := a.json(t)["id"].(string)
		ids[date] = id
		m, _ := maze.ParseID(id)
		sol := solve.Solve(graph.MustCompile(m.Board), m).Letters()
		seconds := 10.0 * float64(len(sol)) // effort grows with length...
		if k == 4 {
			seconds *= 20 // ... except for one maze, far harder than it looks
			slow = date
		}
		for p := range 4 {
			player := fmt.Sprintf("player-%04d", (k+p)%7)
			skill := 1 + 0.1*float64((k+p)%7) // players differ
			body := fmt.Sprintf(`{"maze":"%s","moves":"%s","seconds":%.2f,"player":"%s"}`, id, sol, seconds/skill, player)
			if a := do(t, ts, "POST", "/api/plays", body); a.code != 201 {
				t.Fatal(a.body)
			}
		}
	}
	dash := do(t, ts, "GET", "/dashboard", "")
	if dash.code != 200 || !strings.Contains(dash.body, "Fitted on 84 plays (0 of no player ID) by 7 players") ||
		!strings.Contains(dash.body, "Prediction from the features") || strings.Contains(dash.body, "style=") {
		t.Fatalf("dashboard: %d\n%.3000s", dash.code, dash.body)
	}
	if i := strings.Index(dash.body, "<h2>Difficulty model"); i >= 0 && testing.Verbose() {
		t.Log(regexp.MustCompile(`<svg.*?</svg>`).ReplaceAllString(strings.ReplaceAll(dash.body[i:], "\n", " "), "[chart]"))
	}
	cell := regexp.MustCompile(`<tr><td><a href="/d/[0-9-]+">[0-9-]+</a></td><td data-difficulty="([^"]+)" class="diff">([0-9]+) s \(([0-9]+)–([0-9]+)\)`)
	for _, want := range []string{"<h2>Each weekday against its target</h2>", `<th scope="col">Gave up</th>`, `<th scope="col">Hints</th>`, "needs more plays"} {
		if !strings.Contains(dash.body, want) {
			t.Errorf("the dashboard has no %q", want)
		}
	}
	shown := map[string][3]float64{}
	for _, c := range cell.FindAllStringSubmatch(dash.body, -1) {
		var v [3]float64
		for i := range 3 {
			v[i], _ = strconv.ParseFloat(c[2+i], 64)
		}
		shown[c[1]] = v
	}
	for date, id := range ids {
		v := do(t, ts, "GET", "/api/difficulty?maze="+id, "").json(t)
		iv := v["interval"].([]any)
		api := [3]float64{v["difficulty"].(float64), iv[0].(float64), iv[1].(float64)}
		if v["maze"] != id || v["source"] != "plays" || v["plays"] != 4.0 || !(api[1] < api[0] && api[0] < api[2]) {
			t.Errorf("%s: %v", date, v)
		}
		d, ok := shown[id]
		if !ok {
			t.Errorf("%s: the dashboard shows no estimate", date)
			continue
		}
		for i := range 3 {
			if math.Abs(d[i]-api[i]) > 0.6 {
				t.Errorf("%s: dashboard %v, /api/difficulty %v", date, d, api)
				break
			}
		}
	}
	first := regexp.MustCompile(`misjudges most.*?<tbody>\s*<tr><td><a href="/d/([0-9-]+)">`).FindStringSubmatch(strings.ReplaceAll(dash.body, "\n", " "))
	if first == nil || first[1] != slow {
		t.Errorf("first misjudged %v, want %s", first, slow)
	}
	if v := do(t, ts, "GET", "/api/difficulty?maze="+figure1, "").json(t); v["source"] != "features" || v["plays"] != 0.0 || !(v["cv_error"].(float64) > 0) {
		t.Errorf("a maze nobody played: %v", v)
	}
}

// /api/difficulty answers 400 for what is not a maze ID, and a play's
// player ID is held to the client ID's form.
func TestDifficultyBadInput(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	for _, q := range []string{"", "?maze=", "?maze=3x3:9", "?maze=nonsense"} {
		if a := do(t, ts, "GET", "/api/difficulty"+q, ""); a.code != 400 || !strings.Contains(a.body, `"error"`) {
			t.Errorf("%q: %d %s", q, a.code, a.body)
		}
	}
	for _, bad := range []string{"short", strings.Repeat("a", 65), "has space", "semi;colon"} {
		body := fmt.Sprintf(`{"maze":"%s","moves":"DRLUDLRULLRDU","seconds":30,"player":"%s"}`, figure1, bad)
		if a := do(t, ts, "POST", "/api/plays", body); a.code != 400 || !strings.Contains(a.body, "player") {
			t.Errorf("player %q: %d %s, want 400 naming the player", bad, a.code, a.body)
		}
	}
}

package web_test

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
	"rjm/solve"
	"rjm/web"
)

// blackHoleMaze returns the ID of a random legal 9×9 maze that is
// solvable and has black holes (its design energy in the hundreds of
// thousands).
func blackHoleMaze(t *testing.T) string {
	t.Helper()
	b := maze.Board{Rows: 9, Cols: 9}
	r := rng.NewRand(3)
	for range 10_000 {
		m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), r)
		if err != nil {
			t.Fatal(err)
		}
		f := analysis.Analyze(graph.MustCompile(m.Board), m)
		if f.Solvable && f.BlackHoles > 0 && f.Energy > 1e5 {
			id, err := m.ID()
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
	}
	t.Fatal("no solvable 9×9 maze with black holes")
	return ""
}

// TestForgedPlaysThroughTheAPI: a maze of 30 honest plays moves by no
// more than 15% for any forged play the API accepts, with its token —
// a time no person makes, a week, a burst from one player — and every
// answer of /api/difficulty, for the played maze and for a 9×9 maze of
// black holes, is finite.
func TestForgedPlaysThroughTheAPI(t *testing.T) {
	m, _ := maze.ParseID(figure1)
	sol := m.Notation(solve.Solve(graph.MustCompile(m.Board), m).Solution)
	// Each case on a fresh server, so that the model is fitted once, on
	// every play, at the first /api/difficulty.
	fitted := func(forged func(post func(seconds float64, player, ending string))) (float64, func(id string) float64) {
		ts, _ := newServer(t, web.Options{PlayBurst: 1000})
		post := func(seconds float64, player, ending string) {
			t.Helper()
			moves := sol
			if ending != "" {
				moves = ""
			}
			body := fmt.Sprintf(`{"maze":"%s","moves":"%s","seconds":%v,"player":"%s","ending":"%s"}`, figure1, moves, seconds, player, ending)
			if a := do(t, ts, "POST", "/api/plays", body); a.code != 201 {
				t.Fatalf("%s: %d %s", body, a.code, a.body)
			}
		}
		estimate := func(id string) float64 {
			t.Helper()
			a := do(t, ts, "GET", "/api/difficulty?maze="+url.QueryEscape(id), "")
			if a.code != 200 {
				t.Fatalf("%s: %d %s", id, a.code, a.body)
			}
			v := a.json(t)
			d, iv := v["difficulty"].(float64), v["interval"].([]any)
			if !(d > 0) || math.IsInf(d, 0) || !(iv[0].(float64) > 0) || math.IsInf(iv[1].(float64), 0) {
				t.Errorf("%s: %s", id, a.body)
			}
			return d
		}
		for j := range 30 {
			post(math.Round(95*math.Exp(0.5*math.Sin(float64(7*j)))), fmt.Sprintf("honest-player-%02d", j), "")
		}
		forged(post)
		return estimate(figure1), estimate
	}
	honest, estimate := fitted(func(func(float64, string, string)) {})
	for _, f := range []struct {
		name    string
		seconds float64
		ending  string
		n       int
	}{
		{"1e-300 s", 1e-300, "", 1},
		{"0.01 s", 0.01, "", 1},
		{"4 s", 4, "", 1},
		{"a week", 7 * 24 * 3600, "", 1},
		{"given up after a week", 7 * 24 * 3600, "gave_up", 1},
		{"given up after 4 hours", 4 * 3600, "gave_up", 1},
		{"20 plays at 0.5 s from one player", 0.5, "", 20},
		{"20 plays at 4 s from one player", 4, "", 20},
		{"one play at 4 s of no player", 4, "", -1},
		{"one give-up after 4 hours of no player", 4 * 3600, "gave_up", -1},
		{"3 plays at 4 s of no player", 4, "", -3},
	} {
		got, _ := fitted(func(post func(float64, string, string)) {
			for range f.n {
				post(f.seconds, "forger-player", f.ending)
			}
			for range -f.n { // plays of no player ID
				post(f.seconds, "", f.ending)
			}
		})
		t.Logf("after %s: %.1f s, honest %.1f s", f.name, got, honest)
		if math.Abs(math.Log(got/honest)) > math.Log(1.15) {
			t.Errorf("after %s: %.1f s, honest %.1f s: moved more than 15%%", f.name, got, honest)
		}
	}
	estimate(blackHoleMaze(t))
}

// A play's ending: one of the endings, stored unsolved whatever its
// moves reach; anything else is refused with a sentence naming it.
func TestPlayEnding(t *testing.T) {
	ts, st := newServer(t, web.Options{PlayBurst: 1000})
	m, _ := maze.ParseID(figure1)
	sol := m.Notation(solve.Solve(graph.MustCompile(m.Board), m).Solution)
	for _, c := range []struct {
		ending string
		code   int
	}{
		{"shown", 201}, {"gave_up", 201}, {"left", 201}, {"", 201}, {"won", 400}, {"SHOWN", 400},
	} {
		body := fmt.Sprintf(`{"maze":"%s","moves":"%s","seconds":40,"ending":"%s"}`, figure1, sol, c.ending)
		a := do(t, ts, "POST", "/api/plays", body)
		if a.code != c.code {
			t.Errorf("ending %q: %d %s, want %d", c.ending, a.code, a.body, c.code)
			continue
		}
		if c.code == 400 && !strings.Contains(a.body, "ending") {
			t.Errorf("ending %q: %s does not say what is wrong", c.ending, a.body)
		}
		if c.code == 201 && (a.json(t)["solved"] == true) != (c.ending == "") {
			t.Errorf("ending %q: %s", c.ending, a.body)
		}
	}
	log, err := st.PlayLog(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 4 || log[0].Ending != "shown" || log[0].Solved || log[3].Ending != "" || !log[3].Solved {
		t.Errorf("stored %+v", log)
	}
	if st, _ := st.Stats(context.Background(), figure1); st.Plays != 4 || st.Solved != 1 {
		t.Errorf("stats %+v: want 4 plays, 1 solved", st)
	}
}

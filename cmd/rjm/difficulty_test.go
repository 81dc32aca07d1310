package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/level"
	"rjm/store"
)

// rjm difficulty fits a store's plays and a play log alike: the log
// --export writes gives the same model.
func TestDifficultyCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "rjm.db")
	st, err := store.OpenSQLite(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	mazes := []string{"3x3:212101210", "5x5:3413133302312234233341432"}
	if _, err := st.PutDaily(ctx, store.Daily{Date: "2026-11-02", Maze: mazes[1], Difficulty: level.Easy}); err != nil {
		t.Fatal(err)
	}
	for p := range 6 {
		for k, m := range mazes {
			play := store.Play{Maze: m, Moves: "D", Solved: p != 5, Seconds: float64((10 + 20*k) * (p + 1)), Player: fmt.Sprintf("player-%04d", p)}
			if _, err := st.AddPlay(ctx, play); err != nil {
				t.Fatal(err)
			}
		}
	}
	st.Close()
	log := filepath.Join(dir, "plays.jsonl")
	out, errOut, code := rjmRun(t, "", "difficulty", "--db", db, "--export", log)
	if code != 0 || !strings.Contains(out, "2026-11-02") || !strings.Contains(out, "12 plays (0 of no player ID), 6 players, 2 mazes") ||
		!strings.Contains(out, "simulated novices (not plays)") {
		t.Fatalf("--db: %d %s\n%s", code, errOut, out)
	}
	js, errOut, code := rjmRun(t, "", "difficulty", "--plays", log, "--json")
	var m struct {
		Mazes []struct {
			Maze    string
			Seconds float64
			Low     float64
			High    float64
			Plays   int
			GaveUp  int `json:"gave_up"`
			Source  string
		}
		Players []struct{ Player string }
		Sigma   float64
	}
	if code != 0 || json.Unmarshal([]byte(js), &m) != nil || len(m.Mazes) != 2 || len(m.Players) != 6 {
		t.Fatalf("--plays --json: %d %s\n%s", code, errOut, js)
	}
	for _, e := range m.Mazes {
		if e.Plays != 6 || e.GaveUp != 1 || e.Source != "plays" || !(e.Low < e.Seconds && e.Seconds < e.High) {
			t.Errorf("%+v", e)
		}
	}
	if m.Mazes[0].Seconds >= m.Mazes[1].Seconds {
		t.Errorf("the 3×3 maze, played faster, rated %v s, the 5×5 %v s", m.Mazes[0].Seconds, m.Mazes[1].Seconds)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"maze":"m","seconds":1}`+"\n"+`{"maze":"m","seconds":"x"}`+"\n"), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"difficulty"}, "give the plays"},
		{[]string{"difficulty", "--db", filepath.Join(dir, "none.db")}, "--db: cannot read"},
		{[]string{"difficulty", "--plays", bad}, "line 2"},
		{[]string{"difficulty", "--plays", log, "--db", db}, "--db"},
		{[]string{"difficulty", "--db", db, "--limit", "0"}, "--limit 0"},
	} {
		if _, errOut, code := rjmRun(t, "", tt.args...); code != 2 || !strings.Contains(errOut, tt.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: %d %q, want status 2 and one line with %q", tt.args, code, errOut, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); err == nil {
		t.Error("rjm difficulty created a store")
	}
	// Generation aimed by the store's model: its novices calibrated by
	// the two mazes played, not the default seconds a move.
	prior, _, _ := rjmRun(t, "", "generate", "--target-time", "1m", "--size", "5", "--candidates", "2", "--iterations", "300", "--seed", "1", "--json")
	aimed, errOut, code := rjmRun(t, "", "generate", "--target-time", "1m", "--size", "5", "--candidates", "2", "--iterations", "300", "--seed", "1", "--json", "--db", db)
	var a, b struct {
		Predicted struct{ Seconds float64 } `json:"predicted"`
	}
	if code != 0 || json.Unmarshal([]byte(aimed), &a) != nil || json.Unmarshal([]byte(prior), &b) != nil || a.Predicted.Seconds == b.Predicted.Seconds {
		t.Errorf("--db: %d %s\n%s\nwithout: %s", code, errOut, aimed, prior)
	}
	if _, errOut, code := rjmRun(t, "", "generate", "--db", db); code != 2 || !strings.Contains(errOut, "--target-time") {
		t.Errorf("--db without a target: %d %s", code, errOut)
	}
}

// rjm generate --target-time and --difficulty print the candidate
// predicted nearest the target, the same for the same seed; bad values are
// usage errors.
func TestGenerateTargetTime(t *testing.T) {
	out, errOut, code := rjmRun(t, "", "generate", "--target-time", "2m", "--size", "5", "--candidates", "3", "--iterations", "500", "--seed", "4", "--json")
	var v struct {
		ID         string  `json:"id"`
		Target     float64 `json:"target_seconds"`
		Candidates int     `json:"candidates"`
		Predicted  struct {
			Seconds, Low, High float64
			Source             string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.Target != 120 || v.Candidates != 3 || v.Predicted.Source != "simulated" ||
		!(v.Predicted.Low < v.Predicted.Seconds && v.Predicted.Seconds < v.Predicted.High) || v.ID == "" {
		t.Fatalf("%d %s\n%s", code, errOut, out)
	}
	again, _, _ := rjmRun(t, "", "generate", "--target-time", "2m", "--size", "5", "--candidates", "3", "--iterations", "500", "--seed", "4", "--json")
	if again != out {
		t.Error("the same seed aimed twice differs")
	}
	text, _, code := rjmRun(t, "", "generate", "--difficulty", "hard", "--size", "5", "--candidates", "2", "--iterations", "300", "--seed", "1")
	if code != 0 || !strings.Contains(text, "predicted median time of a typical player") || !strings.Contains(text, "aimed at 6m0s, the nearest of 2 candidates") {
		t.Errorf("--difficulty hard: %d\n%s", code, text)
	}
	for _, args := range [][]string{
		{"--difficulty", "extreme"}, {"--target-time", "0s"}, {"--target-time", "5m", "--difficulty", "easy"},
		{"--target-time", "5m", "--count", "2"}, {"--target-time", "5m", "--candidates", "0"}, {"--target-time", "soon"},
	} {
		if _, errOut, code := rjmRun(t, "", append([]string{"generate"}, args...)...); code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: %d %q, want status 2 and one line", args, code, errOut)
		}
	}
}

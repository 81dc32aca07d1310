package store_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"rjm/store"
)

// A play log written is read back the same; a bad line is named.
func TestPlayLogRoundTrip(t *testing.T) {
	plays := []store.Play{
		{ID: 1, Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 12.5, Hints: 1, Rating: 4,
			Created: time.UnixMilli(1700000000123).UTC(), Client: "client-0001", Player: "player-0001"},
		{ID: 2, Maze: "3x3:212101210", Moves: "D", Length: 1, Shortest: 2, Seconds: 40, Created: time.UnixMilli(1700000001000).UTC()},
		{ID: 3, Maze: "3x3:212101210", Moves: "D", Length: 1, Shortest: 2, Seconds: 95, Created: time.UnixMilli(1700000002000).UTC(), Ending: "left"},
	}
	var b bytes.Buffer
	if err := store.WritePlayLog(&b, plays); err != nil {
		t.Fatal(err)
	}
	got, err := store.ReadPlayLog(strings.NewReader(b.String() + "\n  \n"))
	if err != nil || len(got) != 3 {
		t.Fatalf("%v, %v", got, err)
	}
	for i := range plays {
		if got[i] != plays[i] {
			t.Errorf("play %d: %+v, want %+v", i, got[i], plays[i])
		}
	}
	for _, tt := range []struct{ log, want string }{
		{`{"maze":"m","seconds":1}` + "\n" + `{"maze":"m","seconds":-1}`, "line 2: seconds -1"},
		{`{"seconds":1}`, "line 1: no maze"},
		{`{"maze":"m","hints":-2}`, "line 1: hints -2"},
		{`{"maze":"m","ending":"won"}`, "line 1: ending \"won\""},
		{`{"maze":"m","colour":"red"}`, `line 1: unknown field "colour"`},
		{`{"maze":"m"} {"maze":"m"}`, "line 1: more than one object"},
		{`not json`, "line 1:"},
		{strings.Repeat("x", store.MaxPlayLogLine+1), "longer than"},
	} {
		if _, err := store.ReadPlayLog(strings.NewReader(tt.log)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%.40q: %v, want an error with %q", tt.log, err, tt.want)
		}
	}
}

// FuzzReadPlayLog: any input is read or refused, never a panic; what is
// read is written and read back the same.
func FuzzReadPlayLog(f *testing.F) {
	f.Add(`{"maze":"3x3:212101210","moves":"DR","solved":true,"seconds":12.5,"hints":1,"player":"player-0001"}`)
	f.Add("{}\n{\"maze\":\"m\"}")
	f.Fuzz(func(t *testing.T, log string) {
		plays, err := store.ReadPlayLog(strings.NewReader(log))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := store.WritePlayLog(&b, plays); err != nil {
			t.Fatal(err)
		}
		again, err := store.ReadPlayLog(&b)
		if err != nil || len(again) != len(plays) {
			t.Fatalf("read back: %v, %v", again, err)
		}
	})
}

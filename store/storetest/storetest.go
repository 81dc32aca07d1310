// Package storetest is the test suite every store.Store implementation
// runs: the same behaviour from SQLite and PostgreSQL.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"rjm/store"
)

// Run runs the suite. open must return a new, empty store for each call;
// Run closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(t *testing.T, s store.Store)
	}{
		{"a date never stored is not found", dailyNotFound},
		{"a date's maze never changes once stored", dailyFirstWins},
		{"the archive lists past dates newest first", dailies},
		{"a play is stored whole with its id", addPlay},
		{"a maze never played has zero stats", statsEmpty},
		{"stats count plays, solves, hints, median and ratings", stats},
		{"concurrent plays are all stored", concurrentPlays},
		{"a play sent again with its client ID is stored once", clientOnce},
		{"a play sent again at once from many connections is stored once", clientOnceConcurrent},
		{"stats count solve times to the hundredth of a second", statsCentis},
		{"an open store answers a ping", ping},
		{"the play log holds the latest plays with their players", playLog},
		{"a token records one play; a retry by client ID is still the first play", tokenOnce},
		{"the first key stored under a name wins", keyFirstWins},
		{"keys of days gone are forgotten, others kept", forgetKeys},
		{"a few outlying plays move the median and the trimmed mean little", statsRobust},
		{"a maze's facts are stored once per version, the first wins", factsFirstWins},
		{"a play keeps its whole account: hints, undos, restarts, time and hard mode", playAccount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			tt.f(t, s)
		})
	}
}

func dailyNotFound(t *testing.T, s store.Store) {
	_, err := s.Daily(context.Background(), "2026-11-23")
	if !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Daily of an empty store: err %v, want ErrNotFound", err)
	}
}

func dailyFirstWins(t *testing.T, s store.Store) {
	ctx := context.Background()
	first := store.Daily{Date: "2026-11-23", Maze: "3x3:212101210", Recipe: "3x3#1", Difficulty: "easy"}
	got, err := s.PutDaily(ctx, first)
	if err != nil || got != first {
		t.Fatalf("PutDaily = %+v, %v; want %+v", got, err, first)
	}
	second := store.Daily{Date: "2026-11-23", Maze: "3x3:111101110", Recipe: "3x3#2", Difficulty: "hard"}
	if got, err = s.PutDaily(ctx, second); err != nil || got != first {
		t.Fatalf("second PutDaily = %+v, %v; want the first %+v", got, err, first)
	}
	if got, err = s.Daily(ctx, first.Date); err != nil || got != first {
		t.Fatalf("Daily = %+v, %v; want %+v", got, err, first)
	}
}

func dailies(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, date := range []string{"2026-11-21", "2026-11-23", "2026-11-22", "2026-11-24"} {
		if _, err := s.PutDaily(ctx, store.Daily{Date: date, Maze: "m" + date, Difficulty: "easy"}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Dailies(ctx, "2026-11-23", 2)
	if err != nil {
		t.Fatal(err)
	}
	var dates []string
	for _, d := range got {
		dates = append(dates, d.Date)
	}
	if fmt.Sprint(dates) != "[2026-11-23 2026-11-22]" {
		t.Errorf("Dailies(2026-11-23, 2) dates %v, want [2026-11-23 2026-11-22]", dates)
	}
}

func addPlay(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 12.5, Hints: 1, Rating: 4}
	a, err := s.AddPlay(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.AddPlay(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == 0 || b.ID == a.ID || a.Created.IsZero() {
		t.Errorf("ids %d, %d, created %v: want distinct ids and a time", a.ID, b.ID, a.Created)
	}
	a.ID, a.Created = 0, p.Created
	if a != p {
		t.Errorf("AddPlay returned %+v, want %+v", a, p)
	}
}

func statsEmpty(t *testing.T, s store.Store) {
	got, err := s.Stats(context.Background(), "3x3:212101210")
	if err != nil || got != (store.Stats{}) {
		t.Errorf("Stats = %+v, %v; want zeros", got, err)
	}
}

func stats(t *testing.T, s store.Store) {
	ctx := context.Background()
	const m = "3x3:212101210"
	plays := []store.Play{
		{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 10, Rating: 5},
		{Maze: m, Moves: "DRUD", Length: 4, Shortest: 2, Solved: true, Seconds: 40, Hints: 2},
		{Maze: m, Moves: "DRUDDR", Length: 6, Shortest: 2, Solved: true, Seconds: 20, Rating: 2},
		{Maze: m, Moves: "RDRDRD", Length: 8, Shortest: 2, Solved: true, Seconds: 30},
		{Maze: m, Moves: "D", Length: 1, Shortest: 2, Seconds: 1000, Rating: 1},
		{Maze: "3x3:111101110", Moves: "D", Length: 1, Shortest: 2, Solved: true, Seconds: 1},
	}
	for _, p := range plays {
		if _, err := s.AddPlay(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Stats(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	want := store.Stats{Plays: 5, Solved: 4, Assisted: 1, MedianSeconds: 25, MeanExtraMoves: 3, Ratings: 3, MeanRating: 8.0 / 3,
		MedianExtraMoves: 3, TrimmedRating: 8.0 / 3}
	if got != want {
		t.Errorf("Stats = %+v, want %+v", got, want)
	}
}

func concurrentPlays(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 40
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			_, err := s.AddPlay(ctx, store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: float64(i)})
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Stats(ctx, "3x3:212101210")
	if err != nil || got.Plays != n || got.MedianSeconds != 19.5 {
		t.Errorf("after %d concurrent plays Stats = %+v, %v; want %d plays, median 19.5", n, got, err, n)
	}
}

func clientOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 12.5, Client: "offline-play_0001"}
	first, err := s.AddPlay(ctx, p)
	if err != nil || first.Client != p.Client {
		t.Fatalf("first AddPlay = %+v, %v", first, err)
	}
	again := p
	again.Seconds, again.Moves = 99, "DRDR"
	got, err := s.AddPlay(ctx, again)
	if !errors.Is(err, store.ErrDuplicate) {
		t.Fatalf("AddPlay of a stored client ID: err %v, want ErrDuplicate", err)
	}
	if !got.Created.Equal(first.Created) {
		t.Errorf("created %v, want the first play's %v", got.Created, first.Created)
	}
	got.Created = first.Created
	if got != first {
		t.Errorf("AddPlay of a stored client ID returned %+v, want the first play %+v", got, first)
	}
	other := p
	other.Client = ""
	for range 2 { // plays without a client ID are never duplicates
		if _, err := s.AddPlay(ctx, other); err != nil {
			t.Fatal(err)
		}
	}
	if st, err := s.Stats(ctx, p.Maze); err != nil || st.Plays != 3 {
		t.Errorf("Stats = %+v, %v; want 3 plays", st, err)
	}
}

func clientOnceConcurrent(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 8
	var wg sync.WaitGroup
	ids := make(chan int64, n)
	errs := make(chan error, n)
	for range n {
		wg.Go(func() {
			p, err := s.AddPlay(ctx, store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 3, Client: "same-client-id"})
			if err != nil && !errors.Is(err, store.ErrDuplicate) {
				errs <- err
				return
			}
			if err == nil {
				errs <- nil
			}
			ids <- p.ID
		})
	}
	wg.Wait()
	close(ids)
	close(errs)
	stored := 0
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
		stored++
	}
	seen := map[int64]bool{}
	for id := range ids {
		seen[id] = true
	}
	if stored != 1 || len(seen) != 1 {
		t.Errorf("%d sends of one client ID: %d stored, ids %v; want 1 stored, one id", n, stored, seen)
	}
	if st, err := s.Stats(ctx, "3x3:212101210"); err != nil || st.Plays != 1 || st.MedianSeconds != 3 {
		t.Errorf("Stats = %+v, %v; want 1 play, median 3", st, err)
	}
}

func statsCentis(t *testing.T, s store.Store) {
	ctx := context.Background()
	const m = "3x3:212101210"
	for _, sec := range []float64{1.004, 2.5, 2.5, 7.25, 100.126, 0} {
		if _, err := s.AddPlay(ctx, store.Play{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: sec}); err != nil {
			t.Fatal(err)
		}
	}
	// Sorted: 0, 1, 2.5, 2.5, 7.25, 100.13: the median is 2.5.
	if st, err := s.Stats(ctx, m); err != nil || st.MedianSeconds != 2.5 || st.Solved != 6 {
		t.Errorf("Stats = %+v, %v; want 6 solved, median 2.5", st, err)
	}
	if _, err := s.AddPlay(ctx, store.Play{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 9.999}); err != nil {
		t.Fatal(err)
	}
	// Seven: 0, 1, 2.5, 2.5, 7.25, 10, 100.13: the median is 2.5.
	if st, err := s.Stats(ctx, m); err != nil || st.MedianSeconds != 2.5 {
		t.Errorf("Stats = %+v, %v; want median 2.5", st, err)
	}
}

func ping(t *testing.T, s store.Store) {
	if err := s.Ping(context.Background()); err != nil {
		t.Errorf("Ping of an open store: %v", err)
	}
}

func playLog(t *testing.T, s store.Store) {
	ctx := context.Background()
	if ps, err := s.PlayLog(ctx, 10); err != nil || len(ps) != 0 {
		t.Fatalf("empty store: %v, %v", ps, err)
	}
	var want []store.Play
	for k := range 5 {
		p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: k%2 == 0, Seconds: float64(10 + k), Hints: k % 3}
		if k != 2 {
			p.Player = fmt.Sprintf("player-%04d", k%2)
		}
		if k == 4 {
			p.Client = "client-0004"
		}
		if k == 3 {
			p.Solved, p.Ending = false, "shown"
		}
		p, err := s.AddPlay(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, p)
	}
	// The play sent again is stored once and keeps its player.
	again, err := s.AddPlay(ctx, store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Seconds: 1, Client: "client-0004", Player: "someone-else"})
	if !errors.Is(err, store.ErrDuplicate) || again.Player != "player-0000" {
		t.Errorf("sent again: %+v, %v", again, err)
	}
	got, err := s.PlayLog(ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("%d plays, want the latest 3", len(got))
	}
	for i, p := range got {
		if w := want[2+i]; p.ID != w.ID || p.Player != w.Player || p.Seconds != w.Seconds || p.Solved != w.Solved || p.Hints != w.Hints || p.Client != w.Client || p.Ending != w.Ending || !p.Created.Equal(w.Created) {
			t.Errorf("play %d: %+v, want %+v", i, p, w)
		}
	}
}

func tokenOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	p := store.Play{Maze: "3x3:212101210", Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 3, Client: "client-one", Token: "token-one"}
	first, err := s.AddPlay(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	// The same play sent again: its client ID answers, not the token.
	again, err := s.AddPlay(ctx, p)
	if !errors.Is(err, store.ErrDuplicate) || again.ID != first.ID {
		t.Errorf("the play sent again: %+v, %v; want the first (id %d) and ErrDuplicate", again, err, first.ID)
	}
	// Another play with the same token is refused, and not counted.
	p.Client = "client-two"
	if _, err := s.AddPlay(ctx, p); !errors.Is(err, store.ErrTokenUsed) {
		t.Errorf("another play with the token: %v, want ErrTokenUsed", err)
	}
	p.Client = ""
	if _, err := s.AddPlay(ctx, p); !errors.Is(err, store.ErrTokenUsed) {
		t.Errorf("another play with the token and no client ID: %v, want ErrTokenUsed", err)
	}
	st, err := s.Stats(ctx, p.Maze)
	if err != nil || st.Plays != 1 {
		t.Errorf("stats %+v, %v: want 1 play", st, err)
	}
	p.Token = "token-two"
	if _, err := s.AddPlay(ctx, p); err != nil {
		t.Errorf("a play with a new token: %v", err)
	}
}

func keyFirstWins(t *testing.T, s store.Store) {
	ctx := context.Background()
	a, err := s.Key(ctx, "test", []byte{1, 2, 3})
	if err != nil || fmt.Sprint(a) != "[1 2 3]" {
		t.Fatalf("Key = %v, %v; want the fresh key", a, err)
	}
	if b, err := s.Key(ctx, "test", []byte{4, 5}); err != nil || fmt.Sprint(b) != "[1 2 3]" {
		t.Errorf("Key again = %v, %v; want the first", b, err)
	}
}

func forgetKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, name := range []string{"day:2026-11-01", "day:2026-11-26", "day:2026-11-27", "day:2026-11-28", "other", "dax:2026-01-01"} {
		if _, err := s.Key(ctx, name, []byte(name)); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.ForgetKeys(ctx, "day:", "2026-11-27")
	if err != nil || n != 2 {
		t.Fatalf("ForgetKeys = %d, %v; want the 2 keys before 2026-11-27", n, err)
	}
	for _, name := range []string{"day:2026-11-01", "day:2026-11-26", "day:2026-11-27", "day:2026-11-28", "other", "dax:2026-01-01"} {
		b, err := s.Key(ctx, name, []byte("fresh"))
		if err != nil {
			t.Fatal(err)
		}
		gone := name == "day:2026-11-01" || name == "day:2026-11-26"
		if kept := string(b) == name; kept == gone {
			t.Errorf("after ForgetKeys, key %s reads %q", name, b)
		}
	}
}

func statsRobust(t *testing.T, s store.Store) {
	ctx := context.Background()
	const m = "3x3:212101210"
	// Eight honest plays: 2 extra moves, rated 4; two forged: 98 extra
	// moves, rated 1.
	for i := range 10 {
		p := store.Play{Maze: m, Moves: "DR", Length: 4, Shortest: 2, Solved: true, Seconds: 10, Rating: 4}
		if i >= 8 {
			p.Length, p.Rating = 100, 1
		}
		if _, err := s.AddPlay(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Stats(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if got.MedianExtraMoves != 2 || got.TrimmedRating != 4 || got.MeanRating != 3.4 {
		t.Errorf("Stats = %+v: want a median of 2 extra moves, a trimmed rating of 4 (the mean, 3.4, moved)", got)
	}
}

func factsFirstWins(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.Facts(ctx, "3x3:212101210", "v1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Facts of an empty store: err %v, want ErrNotFound", err)
	}
	if err := s.PutFacts(ctx, "3x3:212101210", "v1", []byte(`{"a":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutFacts(ctx, "3x3:212101210", "v1", []byte(`{"a":2}`)); err != nil {
		t.Fatalf("PutFacts again: %v, want nil (the first stays)", err)
	}
	if err := s.PutFacts(ctx, "3x3:212101210", "v2", []byte(`{"b":1}`)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ version, want string }{{"v1", `{"a":1}`}, {"v2", `{"b":1}`}} {
		if b, err := s.Facts(ctx, "3x3:212101210", c.version); err != nil || string(b) != c.want {
			t.Errorf("Facts(%s) = %s, %v; want %s", c.version, b, err, c.want)
		}
	}
	if _, err := s.Facts(ctx, "3x3:212101211", "v1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Facts of another maze: err %v, want ErrNotFound", err)
	}
}

// playAccount stores plays with their whole account: each is read back
// with its hints, undos, restarts, time and hard mode from the play log
// and from a play sent again, and the maze's stats count the plays with
// an undo, with a restart and in hard mode.
func playAccount(t *testing.T, s store.Store) {
	ctx := context.Background()
	const m = "3x3:212101210"
	plays := []store.Play{
		{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 21.5, Hints: 2, Undos: 1, Restarts: 1, Client: "account-0001"},
		{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 9, Hard: true, Restarts: 3, Client: "account-0002"},
		{Maze: m, Moves: "D", Length: 1, Shortest: 2, Seconds: 40, Undos: 7, Ending: "gave_up", Client: "account-0003"},
		{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Solved: true, Seconds: 5, Client: "account-0004"},
	}
	for i, p := range plays {
		got, err := s.AddPlay(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		plays[i].ID, plays[i].Created = got.ID, got.Created
	}
	log, err := s.PlayLog(ctx, 10)
	if err != nil || len(log) != len(plays) {
		t.Fatalf("play log: %d plays, %v; want %d", len(log), err, len(plays))
	}
	for i, p := range log {
		if w := plays[i]; p.Hints != w.Hints || p.Undos != w.Undos || p.Restarts != w.Restarts || p.Hard != w.Hard || p.Seconds != w.Seconds {
			t.Errorf("play %d in the log: %+v, want the account of %+v", i, p, w)
		}
	}
	again, err := s.AddPlay(ctx, store.Play{Maze: m, Moves: "DR", Length: 2, Shortest: 2, Seconds: 1, Client: "account-0001"})
	if w := plays[0]; !errors.Is(err, store.ErrDuplicate) || again.Hints != w.Hints || again.Undos != w.Undos || again.Restarts != w.Restarts || again.Hard != w.Hard {
		t.Errorf("sent again: %+v, %v; want the first play's account %+v", again, err, w)
	}
	st, err := s.Stats(ctx, m)
	if err != nil || st.Plays != 4 || st.Assisted != 1 || st.Undone != 2 || st.Restarted != 2 || st.Hard != 1 {
		t.Errorf("Stats = %+v, %v; want 4 plays, 1 with hints, 2 with an undo, 2 restarted, 1 in hard mode", st, err)
	}
}

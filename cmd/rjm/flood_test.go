package main

import (
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rjm/maze"
)

// TestDifficultyOnceASecondLeavesOthers runs the real binary with one
// worker behind a trusted proxy: while one network asks /api/difficulty of
// 32×32 mazes nobody played (the costliest answer: features and simulated
// novices) once a second, another network's analyses of new mazes are
// all answered, and the asking network is answered or told to wait, never
// a server error.
func TestDifficultyOnceASecondLeavesOthers(t *testing.T) {
	waitsOnChildren(t)
	if testing.Short() {
		t.Skip("analyses large mazes on the real binary")
	}
	_, url := startServer(t, filepath.Join(t.TempDir(), "rjm.db"), "--trusted-proxy", "127.0.0.1", "--max-workers", "1", "--log-requests=false")
	rng := rand.New(rand.NewPCG(4, 4))
	ids := func(n, side int) []string {
		var out []string
		for range n {
			m, err := maze.Random(maze.Board{Rows: side, Cols: side}, maze.Cell{}, maze.Cell{Row: side - 1, Col: side - 1}, rng)
			if err != nil {
				t.Fatal(err)
			}
			id, _ := m.ID()
			out = append(out, id)
		}
		return out
	}
	client := &http.Client{Timeout: 30 * time.Second}
	from := func(xff, path string) (int, string) {
		req, _ := http.NewRequest("GET", url+path[1:], nil)
		req.Header.Set("X-Forwarded-For", xff)
		resp, err := client.Do(req)
		if err != nil {
			t.Error(err)
			return 0, ""
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	heavy, mine := ids(6, 32), ids(12, 8)
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for _, id := range heavy {
			if code, body := from("198.51.100.7", "/api/difficulty?maze="+id); code != 200 && code != 429 && code != 503 {
				t.Errorf("the network asking once a second: %d %.200s", code, body)
			}
			<-tick.C
		}
	})
	time.Sleep(300 * time.Millisecond)
	for _, id := range mine {
		if code, body := from("203.0.113.9", "/api/maze/"+id); code != 200 {
			t.Errorf("another network's analysis of %s: %d %.200s", id, code, body)
		}
		time.Sleep(400 * time.Millisecond)
	}
	wg.Wait()
}

package web

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rjm/daily"
)

// seedCorpus adds the files of testdata/DIR to f.
func seedCorpus(f *testing.F, dir string) {
	files, _ := filepath.Glob(filepath.Join("testdata", dir, "*"))
	if len(files) == 0 {
		f.Fatalf("no seeds in testdata/%s", dir)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzDecodeAnalyze checks that any body either fails or gives a maze
// whose ID reads back as the same maze, or a spec within the caps.
func FuzzDecodeAnalyze(f *testing.F) {
	seedCorpus(f, "analyze")
	f.Fuzz(func(t *testing.T, body []byte) {
		m, spec, err := decodeAnalyze(body)
		if err != nil {
			return
		}
		if spec != nil {
			if checkSpec(*spec) != nil {
				t.Fatalf("spec %v passed past the caps", spec)
			}
			return
		}
		id, err := m.ID()
		if err != nil {
			return // a dead end too long to encode
		}
		again, _, err := decodeAnalyze([]byte(id))
		if err != nil || !again.Equal(m) {
			t.Fatalf("ID %q reads back as %v, %v", id, again, err)
		}
	})
}

// FuzzDecodeGenerate checks that any accepted body is within the caps.
func FuzzDecodeGenerate(f *testing.F) {
	seedCorpus(f, "generate")
	f.Fuzz(func(t *testing.T, body []byte) {
		spec, err := decodeGenerate(body)
		if err != nil {
			return
		}
		if spec.Rows > MaxGenerateSide || spec.Cols > MaxGenerateSide || spec.Work() > MaxGenerateWork || spec.Validate() != nil {
			t.Fatalf("accepted %+v", spec)
		}
	})
}

// FuzzDecodePlay checks that any accepted play is consistent: solved only
// when it is at least as long as the shortest solution, on a canonical ID,
// its account within bounds (hard mode without hints or undos).
func FuzzDecodePlay(f *testing.F) {
	seedCorpus(f, "plays")
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := decodePlay(body)
		if err != nil {
			return
		}
		if p.Solved && p.Length < p.Shortest || p.Rating < 0 || p.Rating > 5 || p.Length > MaxMoves ||
			p.Undos < 0 || p.Undos > MaxMoves || p.Restarts < 0 || p.Restarts > MaxMoves || p.Hard && (p.Hints > 0 || p.Undos > 0) {
			t.Fatalf("accepted %+v", p)
		}
		if again, err := decodePlay([]byte(`{"maze":"` + p.Maze + `","moves":"` + p.Moves + `"}`)); err != nil || again.Maze != p.Maze || again.Solved != p.Solved {
			t.Fatalf("the stored play %+v does not replay: %+v, %v", p, again, err)
		}
	})
}

// FuzzDate checks that any date accepted prints back as given.
func FuzzDate(f *testing.F) {
	for _, s := range []string{"2026-11-23", "2026-02-29", "0000-01-01", "2026-1-1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := daily.ParseDate(s)
		if err == nil && d.Format(daily.DateLayout) != s {
			t.Fatalf("%q parses to %v", s, d)
		}
	})
}

// FuzzDecodeHint checks that a hint accepted for any query is a legal
// move that brings the goal one move closer.
func FuzzDecodeHint(f *testing.F) {
	for _, q := range []string{"maze=5x5:3413133302312234233341432&moves=DRL", "maze=5x5-no-u-turn:3221413224201242333141433&moves=R", "maze=3x3:111101110"} {
		f.Add(q)
	}
	f.Fuzz(func(t *testing.T, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		hint := func(q url.Values) (hintView, error) {
			hq, err := decodeHint(q)
			if err != nil {
				return hintView{}, err
			}
			// The key is canonical: decoded again, it is itself.
			kq, _ := url.ParseQuery(strings.TrimPrefix(hq.key, "/api/hint?"))
			if again, err := decodeHint(kq); err != nil || again.key != hq.key {
				t.Fatalf("the key %q of %q decodes to %q, %v", hq.key, query, again.key, err)
			}
			return hq.hint()
		}
		h, err := hint(q)
		if err != nil || h.Distance <= 0 {
			return
		}
		// A space separates moves in every notation (rook letters ignore it).
		q.Set("moves", q.Get("moves")+" "+h.Next)
		after, err := hint(q)
		if err != nil || after.Distance != h.Distance-1 {
			t.Fatalf("the hint %+v from %q leads to %+v, %v", h, query, after, err)
		}
	})
}

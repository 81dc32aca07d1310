package maze_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
)

// Every image of a maze under its board's symmetries is the same puzzle:
// the same goal depth, number of shortest solutions and design energy,
// computed from scratch; and all images share one canonical key, which
// a different maze does not have.
func TestSymmetries(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, tc := range []struct {
		b    maze.Board
		want int
	}{
		{maze.Board{Rows: 5, Cols: 5}, 8},
		{maze.Board{Rows: 4, Cols: 6}, 4},
		{maze.Board{Rows: 6, Cols: 6, Variant: maze.Variant{Queen: true, Torus: true}}, 8},
		{maze.Board{Rows: 6, Cols: 6, Variant: maze.Variant{Loops: true}}, 8},
		{maze.Board{Rows: 4, Cols: 4, Variant: maze.Variant{Tiling: maze.Hex}}, 1},
	} {
		g := graph.MustCompile(tc.b)
		for range 20 {
			start, goal := tc.b.Cell(rng.IntN(tc.b.Cells())), tc.b.Cell(rng.IntN(tc.b.Cells()))
			if start == goal {
				continue
			}
			m, err := maze.Random(tc.b, start, goal, rng)
			if err != nil {
				t.Fatal(err)
			}
			imgs := m.Symmetries()
			if len(imgs) != tc.want {
				t.Fatalf("%v: %d symmetries, want %d", tc.b, len(imgs), tc.want)
			}
			f := analysis.Analyze(g, m)
			for _, img := range imgs {
				fi := analysis.Analyze(g, img)
				if fi.GoalDepth != f.GoalDepth || fi.ShortestPaths != f.ShortestPaths || fi.Energy != f.Energy {
					t.Fatalf("%v: image %v has depth %d, %d paths, energy %v; the maze %d, %d, %v",
						tc.b, img, fi.GoalDepth, fi.ShortestPaths, fi.Energy, f.GoalDepth, f.ShortestPaths, f.Energy)
				}
				if img.Canonical() != m.Canonical() {
					t.Fatalf("images have different keys")
				}
			}
			other := *m
			other.Jumps = append([]int(nil), m.Jumps...)
			for i := range other.Jumps {
				if i != other.Goal && len(g.Legal(i)) > 1 {
					other.Jumps[i] = g.Legal(i)[(slicesIndex(g.Legal(i), other.Jumps[i])+1)%len(g.Legal(i))]
					break
				}
			}
			if other.Canonical() == m.Canonical() {
				t.Fatalf("a changed maze shares the key")
			}
		}
	}
}

func slicesIndex(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return 0
}

// Near finds mazes that differ in fewer than a quarter of their open
// cells, turned or mirrored too, and no others.
func TestNear(t *testing.T) {
	a, err := maze.ParseID("4x4:3322102122133131")
	if err != nil {
		t.Fatal(err)
	}
	images := a.Symmetries()
	for k, img := range images {
		if !maze.Near(a, img) {
			t.Errorf("image %d of a maze is not near it", k)
		}
	}
	// Change 3 of 16 cells (under a quarter), then 4 (a quarter).
	b := images[len(images)-1]
	c := &maze.Maze{Board: b.Board, Jumps: slices.Clone(b.Jumps), Start: b.Start, Goal: b.Goal}
	changed := 0
	for i := range c.Jumps {
		if changed < 4 && i != c.Start && i != c.Goal {
			c.Jumps[i] = c.Jumps[i]%3 + 1
			changed++
			if got, want := maze.Near(a, c), 4*changed < 16; got != want {
				t.Errorf("%d cells changed: Near %v, want %v", changed, got, want)
			}
			if got := maze.Differing(b, c); got != changed {
				t.Errorf("Differing: %d, want %d", got, changed)
			}
		}
	}
}

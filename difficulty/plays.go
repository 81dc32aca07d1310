package difficulty

import (
	"context"
	"slices"
	"sort"

	"rjm/graph"
	"rjm/maze"
)

// MaxDescribed bounds the mazes MazesOf describes: the first given and
// the most played; the others are rated from their plays alone.
const MaxDescribed = 1000

// MazesOf returns the mazes the model rates with their facts: the mazes
// first lists (the mazes of the day), then every maze the plays name,
// most played first (ties by ID), the first MaxDescribed of them described
// by describe (nil means DescribeID; a maze it cannot describe, or beyond
// MaxDescribed, is rated from its plays alone). It stops describing when
// ctx ends. The site and the command line choose the mazes through it, so
// that both rate every played maze from its features the same way.
func MazesOf(ctx context.Context, first []string, plays []Play, describe func(id string) (Facts, bool)) []Maze {
	if describe == nil {
		describe = DescribeID
	}
	count := map[string]int{}
	for _, p := range plays {
		count[p.Maze]++
	}
	played := make([]string, 0, len(count))
	for id := range count {
		played = append(played, id)
	}
	sort.Slice(played, func(a, b int) bool {
		if count[played[a]] != count[played[b]] {
			return count[played[a]] > count[played[b]]
		}
		return played[a] < played[b]
	})
	var out []Maze
	seen := map[string]bool{}
	for _, id := range slices.Concat(first, played) {
		if seen[id] {
			continue
		}
		seen[id] = true
		z := Maze{ID: id}
		if len(out) < MaxDescribed && ctx.Err() == nil {
			if f, ok := describe(id); ok {
				z.Facts = f
			}
		}
		out = append(out, z)
	}
	return out
}

// DescribeID describes the maze of ID id (see Describe); false when id is
// not a maze ID.
func DescribeID(id string) (Facts, bool) {
	m, err := maze.ParseID(id)
	if err != nil {
		return Facts{}, false
	}
	return Describe(graph.MustCompile(m.Board), m), true
}

package web_test

import (
	"encoding/json"
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rjm/web"
)

// refusalGame is the player's data-game with each node's moves and the
// jumps the rules refuse there (compass, landing cell, why).
type refusalGame struct {
	Nodes []struct {
		C int `json:"c"`
		M []struct {
			K string `json:"k"`
			T int    `json:"t"`
		} `json:"m"`
		X []struct {
			K string `json:"k"`
			C int    `json:"c"`
			S string `json:"s"`
		} `json:"x"`
	} `json:"nodes"`
}

// TestRefusedJumpsSayWhy reads the page's game of a maze of every rule:
// from every node played, each of the board's directions is a move or a
// refusal, never both nor neither, and each refusal says why in a
// sentence of its own. On the boards built for it the reasons are the
// engine's: the jump across a wall (a wall lies between, by the maze's
// wall list), onto a blocked or a pass-over cell, off the board's edge,
// and under Abbott's rule the U-turn (a jump another state of the same
// cell may make).
func TestRefusedJumpsSayWhy(t *testing.T) {
	ts, _ := newServer(t, web.Options{})
	attr := regexp.MustCompile(`data-game="([^"]*)"`)
	for name, m := range ruleMazes(t) {
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		a := do(t, ts, "GET", "/m/"+id, "")
		game := attr.FindStringSubmatch(a.body)
		if a.code != 200 || game == nil {
			t.Fatalf("%s: GET /m/%s: %d", name, id, a.code)
		}
		var g refusalGame
		if err := json.Unmarshal([]byte(html.UnescapeString(game[1])), &g); err != nil {
			t.Fatal(err)
		}
		var dirs []string
		for _, d := range m.Dirs() {
			dirs = append(dirs, d.Compass())
		}
		slices.Sort(dirs)
		uturns := 0
		for u, n := range g.Nodes {
			if len(n.M) == 0 && len(n.X) == 0 {
				continue
			}
			var got []string
			for _, mv := range n.M {
				got = append(got, mv.K)
			}
			for _, x := range n.X {
				got = append(got, x.K)
				if !strings.HasPrefix(x.S, "The jump ") || !strings.HasSuffix(x.S, ".") {
					t.Errorf("%s: node %d: the refusal %s says %q", name, u, x.K, x.S)
				}
				if strings.Contains(x.S, "U-turn") {
					uturns++
					// Another state of the cell makes this jump.
					made := false
					for _, o := range g.Nodes {
						for _, mv := range o.M {
							made = made || o.C == n.C && mv.K == x.K && g.Nodes[mv.T].C == x.C
						}
					}
					if !made {
						t.Errorf("%s: node %d: the U-turn %s to cell %d is no jump of its cell", name, u, x.K, x.C)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, dirs) {
				t.Errorf("%s: node %d (cell %d): moves and refusals %v, want each of %v once", name, u, n.C, got, dirs)
			}
		}
		if (uturns > 0) != m.Variant.NoUTurn {
			t.Errorf("%s: %d U-turn refusals", name, uturns)
		}
		why := func(node int, k string) (int, string) {
			for _, x := range g.Nodes[node].X {
				if x.K == k {
					return x.C, x.S
				}
			}
			return -2, ""
		}
		switch name {
		case "walls":
			if c, s := why(0, "E"); c != 1 || !strings.Contains(s, "cross a wall") || !crossesWall(m, m.Cell(0), m.Cell(1)) {
				t.Errorf("walls: east from the start: cell %d, %q", c, s)
			}
			for _, k := range []string{"N", "W"} {
				if c, s := why(0, k); c != -1 || !strings.Contains(s, "leave the board") {
					t.Errorf("walls: %s from the start: cell %d, %q", k, c, s)
				}
			}
		case "cells":
			if c, s := why(0, "E"); c != 1 || !strings.Contains(s, "land on a blocked cell") {
				t.Errorf("cells: east from the start onto X: cell %d, %q", c, s)
			}
			if c, s := why(0, "S"); c != 3 || !strings.Contains(s, "pass-over cell") {
				t.Errorf("cells: south from the start onto *: cell %d, %q", c, s)
			}
		}
	}
}

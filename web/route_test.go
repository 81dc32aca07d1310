package web_test

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"reflect"
	"regexp"
	"testing"

	"rjm/analysis"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
	"rjm/web"
)

// TestOneDrawingOfAMove holds the three drawings of a solution against
// one another on boards whose edges do something (a torus, loops, an exit
// ring): the print key's moves (render.Picture.KeyRoutes), the player's
// (each move of its data-game, followed along the solution from the
// start) and the workbench's (POST /api/design's view.routes) are the
// same lines, and a move round the edge is drawn beyond the board, not
// straight across it.
func TestOneDrawingOfAMove(t *testing.T) {
	ts, _ := newServer(t, web.Options{WorkBurst: 1000})
	for _, name := range []string{"torus", "loops", "exit", "queen,torus", "queen,loops", "hex,exit"} {
		v, err := maze.ParseVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		m, f, key := roundTheEdge(t, v)
		if m == nil {
			t.Fatalf("%s: no solution of 400 drawn round the edge", name)
		}
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		dirs, err := m.ParseNotation(f.Solution)
		if err != nil {
			t.Fatal(err)
		}

		a := do(t, ts, http.MethodGet, "/m/"+id, "")
		game := regexp.MustCompile(`data-game="([^"]*)"`).FindStringSubmatch(a.body)
		if game == nil {
			t.Fatalf("%s: no game in /m/%s (%d)", name, id, a.code)
		}
		pg := unescapeGame(t, game[1])
		var player []render.Route
		u := pg.Start
		for k, d := range dirs {
			token := m.Notation([]maze.Move{{Dir: d}})
			moved := false
			for _, mv := range pg.Nodes[u].M {
				if mv.D == token && pg.Nodes[mv.T].C == f.SolutionCells[k+1] {
					player, u, moved = append(player, mv.R), mv.T, true
					break
				}
			}
			if !moved {
				t.Fatalf("%s %s: the player offers no move %s from node %d", name, f.Solution, token, u)
			}
		}

		d := do(t, ts, http.MethodPost, "/api/design", `{"maze":"`+id+`"}`)
		var view struct {
			View struct {
				Routes []render.Route `json:"routes"`
			} `json:"view"`
		}
		if err := json.Unmarshal([]byte(d.body), &view); err != nil || d.code != http.StatusOK {
			t.Fatalf("%s: /api/design answers %d %s", name, d.code, d.body)
		}
		if !reflect.DeepEqual(player, key) {
			t.Errorf("%s %s: the player draws\n%v\nthe print key\n%v", name, f.Solution, player, key)
		}
		if !reflect.DeepEqual(view.View.Routes, key) {
			t.Errorf("%s %s: the workbench draws\n%v\nthe print key\n%v", name, f.Solution, view.View.Routes, key)
		}
	}
}

// roundTheEdge returns a random 5×5 maze of variant v whose solution the
// print key draws with a move round the edge (a wrap, a loop, the exit
// move), its features and the key's routes; nil when 400 seeds have none.
func roundTheEdge(t *testing.T, v maze.Variant) (*maze.Maze, *analysis.Features, []render.Route) {
	t.Helper()
	b := maze.Board{Rows: 5, Cols: 5, Variant: v}
	g := graph.MustCompile(b)
	for seed := uint64(1); seed <= 400; seed++ {
		m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rand.New(rand.NewPCG(seed, 7)))
		if err != nil {
			t.Fatal(err)
		}
		f := analysis.Analyze(g, m)
		if !f.Solvable || f.GoalDepth < 3 {
			continue
		}
		key := render.Picture{Maze: m, Features: f}.KeyRoutes()
		for _, r := range key {
			if len(r) > 1 || len(r[0]) > 2 || v.Exit {
				return m, f, key
			}
		}
	}
	return nil, nil, nil
}

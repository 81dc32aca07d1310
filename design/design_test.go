package design_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/design"
	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
)

// boards are the boards every property is checked on: the papers' and
// one of each rule the player draws.
var boards = []string{"", "hex", "triangle", "queen", "torus", "loops", "exit", "no-uturn", "queen,torus,no-uturn"}

func board(t testing.TB, rows, cols int, variant string) maze.Board {
	t.Helper()
	v, err := maze.ParseVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	return maze.Board{Rows: rows, Cols: cols, Variant: v}
}

func mustID(t testing.TB, id string) *maze.Maze {
	t.Helper()
	m, err := maze.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestApply(t *testing.T) {
	m := mustID(t, "5x5:4313122314422334233233440")
	for _, c := range []struct {
		name string
		e    design.Edit
		want string // the ID after, or the error's text
	}{
		{"a jump typed", design.Edit{Op: design.SetJump, Cell: 0, Jump: 2}, "5x5:2313122314422334233233440"},
		{"a jump past the board's limit", design.Edit{Op: design.SetJump, Cell: 0, Jump: 5}, "jump 5 at (1,1): a jump on this board is from 1 to 4"},
		{"a jump of 0", design.Edit{Op: design.SetJump, Cell: 3, Jump: 0}, "jump 0 at (1,4): a jump on this board is from 1 to 4"},
		{"the goal's jump", design.Edit{Op: design.SetJump, Cell: 24, Jump: 1}, "cell (5,5) is the goal, whose jump is always 0"},
		{"a cell off the board", design.Edit{Op: design.SetJump, Cell: 25, Jump: 1}, "cell 25 is off the 5x5 board"},
		{"the start moved", design.Edit{Op: design.MoveStart, Cell: 12}, "5x5s3.3:4313122314422334233233440"},
		{"the start onto the goal", design.Edit{Op: design.MoveStart, Cell: 24}, "cell (5,5) is the goal: the start must be another cell"},
		{"the goal moved, jumps swapped", design.Edit{Op: design.MoveGoal, Cell: 12}, "5x5:4313122314420334233233442"},
		{"the goal onto the start", design.Edit{Op: design.MoveGoal, Cell: 0}, "cell (1,1) is the start: the goal must be another cell"},
		{"a cell blocked", design.Edit{Op: design.SetKind, Cell: 6, Kind: maze.Blocked}, "5x5:431312x314422334233233440"},
		{"the start blocked", design.Edit{Op: design.SetKind, Cell: 0, Kind: maze.Blocked}, "cell (1,1) is the start, which stays an open cell"},
		{"a wall", design.Edit{Op: design.ToggleWall, Cell: 0, Other: 1}, "5x5:4313122314422334233233440:1000000000000000000000000"},
		{"not neighbours", design.Edit{Op: design.ToggleWall, Cell: 0, Other: 2}, "wall (1,1)-(1,3): the cells are not neighbours"},
		{"an unknown edit", design.Edit{Op: 9}, "unknown edit Op(9)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := design.Apply(m, c.e)
			if err != nil {
				if err.Error() != c.want {
					t.Errorf("error %q, want %q", err, c.want)
				}
				if _, ok := errors.AsType[*fault.Error](err); !ok || !errors.Is(err, fault.ErrInvalid) {
					t.Errorf("error %q (%T) is not a user's fault", err, err)
				}
				return
			}
			id, _ := got.ID()
			if id != c.want {
				t.Errorf("ID %s, want %s", id, c.want)
			}
			if mid, _ := m.ID(); mid != "5x5:4313122314422334233233440" {
				t.Errorf("Apply changed its maze: %s", mid)
			}
		})
	}
}

// TestEditsUndone: blocking a cell and opening it again, and a wall put
// and taken away, give the maze back (its jump the cell's least legal).
func TestEditsUndone(t *testing.T) {
	m := mustID(t, "5x5:1313122314422334233233440")
	steps := []design.Edit{
		{Op: design.SetKind, Cell: 0 + 1, Kind: maze.Absent},
		{Op: design.SetKind, Cell: 0 + 1, Kind: maze.Open},
		{Op: design.SetJump, Cell: 1, Jump: 3},
		{Op: design.ToggleWall, Cell: 7, Other: 12},
		{Op: design.ToggleWall, Cell: 12, Other: 7},
	}
	got := m
	for _, e := range steps {
		var err error
		if got, err = design.Apply(got, e); err != nil {
			t.Fatal(err)
		}
	}
	if !got.Equal(m) {
		t.Errorf("got %v, want %v", got, m)
	}
}

func TestHistory(t *testing.T) {
	m0, err := design.Blank(board(t, 5, 5, ""))
	if err != nil {
		t.Fatal(err)
	}
	h := design.NewHistory(m0)
	if h.Undo() || h.Redo() {
		t.Fatal("a new history has something to undo or redo")
	}
	var ids []string
	id := func() string { s, _ := h.Maze().ID(); return s }
	ids = append(ids, id())
	for k := range 6 {
		if _, err := h.Do(design.Edit{Op: design.SetJump, Cell: k, Jump: 2 + k%3}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id())
	}
	if _, err := h.Do(design.Edit{Op: design.SetJump, Cell: 24, Jump: 2}); err == nil || id() != ids[6] {
		t.Fatalf("a refused edit changed the history: %v, %s", err, id())
	}
	for k := 5; k >= 0; k-- {
		if !h.Undo() || id() != ids[k] {
			t.Fatalf("undo to %d: %s, want %s", k, id(), ids[k])
		}
	}
	if h.Undo() {
		t.Fatal("undid past the start")
	}
	for k := 1; k <= 6; k++ {
		if !h.Redo() || id() != ids[k] {
			t.Fatalf("redo to %d: %s, want %s", k, id(), ids[k])
		}
	}
	h.Undo()
	h.Undo()
	if _, err := h.Do(design.Edit{Op: design.MoveStart, Cell: 12}); err != nil {
		t.Fatal(err)
	}
	if h.CanRedo() || h.Redo() {
		t.Error("an edit after undo kept the edits undone")
	}
	h.Undo()
	if id() != ids[4] {
		t.Errorf("undo after a new edit: %s, want %s", id(), ids[4])
	}
}

// TestViewAfterEdits is the property the page rests on: after any edit,
// on every board, the view is that of a fresh analysis of the maze read
// back from its ID, and each suggestion is what applying it and analysing
// from scratch gives.
func TestViewAfterEdits(t *testing.T) {
	b := design.NewBench(nil)
	for _, v := range boards {
		t.Run("variant="+v, func(t *testing.T) {
			r := rng.NewRand(7)
			m, err := design.Blank(board(t, 5, 6, v))
			if err != nil {
				t.Fatal(err)
			}
			m.Randomize(r)
			steps := 12
			if testing.Short() {
				steps = 4
			}
			for range steps {
				m = randomEdit(t, r, m)
				g := graph.MustCompile(m.Board)
				view, err := b.View(g, m)
				if err != nil {
					t.Fatal(err)
				}
				back := mustID(t, view.ID)
				fresh := analysis.Analyze(graph.MustCompile(back.Board), back)
				if !reflect.DeepEqual(view.Features, fresh) {
					t.Fatalf("%s: view's features differ from a fresh analysis", view.ID)
				}
				checkCells(t, g, back, view, fresh)
				sum := 0.0
				for _, s := range view.Shares {
					sum += s.Value
				}
				if sum != fresh.Energy {
					t.Errorf("%s: energy terms sum to %v, energy %v", view.ID, sum, fresh.Energy)
				}
				checkSuggestions(t, b, g, m, fresh, nil)
				checkSuggestions(t, b, g, m, fresh, randomLocks(r, m))
			}
		})
	}
}

// randomEdit makes an edit drawn at random that Apply takes.
func randomEdit(t *testing.T, r interface{ IntN(int) int }, m *maze.Maze) *maze.Maze {
	t.Helper()
	grid := m.Rows * m.Cols
	for {
		e := design.Edit{Cell: r.IntN(grid)}
		switch k := r.IntN(10); {
		case k < 6:
			e.Op, e.Jump = design.SetJump, 1+r.IntN(m.JumpLimit())
		case k == 6:
			e.Op = design.MoveStart
		case k == 7:
			e.Op = design.MoveGoal
		case k == 8:
			e.Op, e.Kind = design.SetKind, []maze.CellKind{maze.Open, maze.Blocked, maze.PassOver}[r.IntN(3)]
		default:
			e.Op, e.Other = design.ToggleWall, r.IntN(grid)
		}
		if out, err := design.Apply(m, e); err == nil {
			return out
		}
	}
}

// checkCells checks the view's cells against the features and a
// breadth-first search of its own.
func checkCells(t *testing.T, g *graph.Graph, m *maze.Maze, v *design.View, f *analysis.Features) {
	t.Helper()
	depth := design.Depths(g, m)
	if f.Solvable && depth[m.Goal] != f.GoalDepth {
		t.Errorf("%s: goal's depth %d, goal depth %d", v.ID, depth[m.Goal], f.GoalDepth)
	}
	reachable := 0
	for i, d := range depth {
		if d >= 0 && (i == m.Start || i == m.Goal || len(g.Legal(i)) > 0) {
			reachable++
		}
	}
	if reachable != f.Reachable {
		t.Errorf("%s: %d cells with a depth, %d reachable", v.ID, reachable, f.Reachable)
	}
	holes := 0
	for _, c := range v.Cells {
		if c.Hole != "" {
			holes++
		}
	}
	if want := f.BlackHoleCells + f.WhiteHoleCells; holes != want {
		t.Errorf("%s: %d cells marked in holes, want %d", v.ID, holes, want)
	}
}

// randomLocks returns about a third of m's cells, drawn at random, as
// locked cells.
func randomLocks(r interface{ IntN(int) int }, m *maze.Maze) []int {
	var out []int
	for i := range m.Rows * m.Cols {
		if r.IntN(3) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// checkSuggestions checks Suggest's suggestions of m, with the cells
// locked, against a fresh analysis of each made, and each list's claim
// on every item of it; none changes a locked cell.
func checkSuggestions(t *testing.T, b *design.Bench, g *graph.Graph, m *maze.Maze, f *analysis.Features, locked []int) {
	t.Helper()
	s := b.Suggest(g, m, locked...)
	checkKept(t, m, s, locked)
	for _, l := range [][]design.Suggestion{s.Energy, s.Longer} {
		for k, sg := range l {
			after := applySuggestion(t, m, sg)
			a := analysis.Analyze(g, after)
			if a.Energy != sg.Energy || a.GoalDepth != sg.GoalDepth || a.Unique != sg.Unique || a.NonReaching != sg.NonReaching {
				t.Errorf("suggestion %s: energy %v depth %d unique %v n %d; analysis says %v %d %v %d",
					sg.Text, sg.Energy, sg.GoalDepth, sg.Unique, sg.NonReaching, a.Energy, a.GoalDepth, a.Unique, a.NonReaching)
			}
			if sg.Delta != sg.Energy-f.Energy {
				t.Errorf("suggestion %s: delta %v, want %v", sg.Text, sg.Delta, sg.Energy-f.Energy)
			}
			// The text names the cell, the jump and the energy before and
			// after: what a designer reads before choosing.
			want := fmt.Sprintf("(%d,%d): jump %d → %d, energy ", sg.Cell[0], sg.Cell[1], sg.From, sg.Jump)
			if f.Energy == math.Trunc(f.Energy) && sg.Energy == math.Trunc(sg.Energy) {
				want += fmt.Sprintf("%d → %d", int64(f.Energy), int64(sg.Energy))
			}
			if !strings.HasPrefix(sg.Text, want) {
				t.Errorf("suggestion %q, want it to start %q", sg.Text, want)
			}
			if k > 0 && l[k-1].Index == sg.Index && l[k-1].Jump == sg.Jump {
				t.Errorf("suggestion %s twice", sg.Text)
			}
		}
	}
	// Start and goal moves and pairs: applied, each is what a fresh
	// analysis says, lower in energy than the maze; a pair lower than
	// every single-cell edit.
	singles := math.Inf(1)
	for i := range m.Rows * m.Cols {
		if i == m.Goal || !m.Open(i) || slices.Contains(locked, i) {
			continue
		}
		for _, j := range g.Legal(i) {
			if j != m.Jumps[i] {
				if after, err := design.Apply(m, design.Edit{Op: design.SetJump, Cell: i, Jump: j}); err == nil {
					singles = min(singles, analysis.Analyze(g, after).Energy)
				}
			}
		}
	}
	for _, l := range [][]design.Suggestion{s.Move, s.Pair} {
		for _, sg := range l {
			after := applySuggestion(t, m, sg)
			a := analysis.Analyze(g, after)
			if a.Energy != sg.Energy || a.GoalDepth != sg.GoalDepth || a.Unique != sg.Unique || a.NonReaching != sg.NonReaching {
				t.Errorf("suggestion %s: energy %v depth %d unique %v n %d; analysis says %v %d %v %d",
					sg.Text, sg.Energy, sg.GoalDepth, sg.Unique, sg.NonReaching, a.Energy, a.GoalDepth, a.Unique, a.NonReaching)
			}
			if sg.Delta >= 0 || sg.Delta != sg.Energy-f.Energy {
				t.Errorf("suggestion %s: delta %v from %v", sg.Text, sg.Delta, f.Energy)
			}
			if sg.Kind == "pair" && sg.Energy >= singles {
				t.Errorf("pair %s: energy %v, a single-cell edit reaches %v", sg.Text, sg.Energy, singles)
			}
			if sg.Kind != "pair" && sg.Kind != "start" && sg.Kind != "goal" || (sg.Kind == "pair") != (l[0].Kind == "pair") {
				t.Errorf("suggestion %s: kind %q", sg.Text, sg.Kind)
			}
			if !strings.Contains(sg.Text, fmt.Sprintf("(%d,%d)", sg.Cell[0], sg.Cell[1])) {
				t.Errorf("suggestion %q does not name its cell", sg.Text)
			}
		}
	}
	for _, sg := range s.Energy {
		if sg.Delta >= 0 {
			t.Errorf("energy suggestion %s does not lower the energy", sg.Text)
		}
	}
	checkLonger(t, g, m, f, s.Longer)
}

// checkLonger checks the claim of the heading "Longer unique solution"
// on each suggestion under it, made and analysed afresh: the maze it
// makes has a unique shortest solution longer than m's shortest (unique
// or not), and no more cells that cannot reach the goal.
func checkLonger(t *testing.T, g *graph.Graph, m *maze.Maze, f *analysis.Features, longer []design.Suggestion) {
	t.Helper()
	depth := -1
	if f.Solvable {
		depth = f.GoalDepth
	}
	for _, sg := range longer {
		a := analysis.Analyze(g, applySuggestion(t, m, sg))
		if !a.Solvable || !a.Unique || a.GoalDepth <= depth || a.NonReaching > f.NonReaching {
			t.Errorf("under \"Longer unique solution\": %s makes %s, from %s", sg.Text, a.Summary(), f.Summary())
		}
		if !design.LongerUnique(sg, depth, f.NonReaching) {
			t.Errorf("under \"Longer unique solution\": %s, which LongerUnique refuses", sg.Text)
		}
	}
}

// checkKept checks that no suggestion of m changes a locked cell: its
// jump, or whether it is the start or the goal (the made maze parsed
// from the suggestion's ID).
func checkKept(t *testing.T, m *maze.Maze, s design.Suggestions, locked []int) {
	t.Helper()
	for _, l := range [][]design.Suggestion{s.Energy, s.Longer, s.Move, s.Pair} {
		for _, sg := range l {
			after := mustID(t, sg.Maze)
			for _, i := range locked {
				if after.Jumps[i] != m.Jumps[i] || (after.Start == i) != (m.Start == i) || (after.Goal == i) != (m.Goal == i) {
					t.Errorf("suggestion %s changes locked cell %v", sg.Text, m.Cell(i))
				}
			}
			if !design.Keeps(m, after, locked) {
				t.Errorf("suggestion %s: Keeps says a locked cell changed", sg.Text)
			}
		}
	}
}

// applySuggestion returns m with suggestion sg made, checking that its
// Maze is the ID of the maze made.
func applySuggestion(t *testing.T, m *maze.Maze, sg design.Suggestion) *maze.Maze {
	t.Helper()
	for _, e := range sg.Edits() {
		var err error
		if m, err = design.Apply(m, e); err != nil {
			t.Fatalf("suggestion %s: %v", sg.Text, err)
		}
	}
	if id, _ := m.ID(); id != sg.Maze {
		t.Errorf("suggestion %s: maze %s, made %s", sg.Text, sg.Maze, id)
	}
	return m
}

// TestSuggestionsLead: from a 5×5 typed but for three cells, following
// the suggestions (the longest first, else the lowest energy) reaches a
// unique 15-move solution, the walk the browser test makes.
func TestSuggestionsLead(t *testing.T) {
	m := mustID(t, "5x5:4313122314422334133211440")
	b := design.NewBench(nil)
	g := graph.MustCompile(m.Board)
	for k := 0; ; k++ {
		f := analysis.Analyze(g, m)
		if f.Unique && f.GoalDepth >= 15 {
			if f.GoalDepth != 15 || k != 5 {
				t.Errorf("%d moves after %d suggestions, want 15 after 5", f.GoalDepth, k)
			}
			break
		}
		if k == 10 {
			t.Fatalf("no unique 15-move solution after %d suggestions: %d moves", k, f.GoalDepth)
		}
		s := b.Suggest(g, m)
		pick := append(s.Longer, s.Energy...)
		if len(pick) == 0 {
			t.Fatal("no suggestion")
		}
		m = applySuggestion(t, m, pick[0])
	}
}

func TestCompare(t *testing.T) {
	f := func(id string) *analysis.Features {
		m := mustID(t, id)
		return analysis.Analyze(graph.MustCompile(m.Board), m)
	}
	for _, c := range []struct{ before, after, want string }{
		{"5x5:4313122314422334233233440", "5x5:4313122314422334233233440", ""},
		{"5x5:1111111111111111111111110", "5x5:4313122314422334233233440", "the solution grew by 7, to 15 moves"},
		{"5x5:4313122314422334233233440", "5x5:3333333333333333333333330", "the goal can no longer be reached"},
		{"5x5:3333333333333333333333330", "5x5:4313122314422334233233440", "the goal can be reached, in 15 moves"},
		{"5x5:1111111111111111111111110", "5x5:4313122314422334233233440", "the shortest solution became unique"},
	} {
		var texts []string
		for _, ch := range design.Compare(f(c.before), f(c.after)) {
			texts = append(texts, ch.Text)
		}
		got := strings.Join(texts, "; ")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%s → %s: %q, want %q", c.before, c.after, got, c.want)
		}
	}
}

// TestBlackHoleAppears: the change a designer fears most is said.
func TestBlackHoleAppears(t *testing.T) {
	m := mustID(t, "5x5:4313122314422334233233440")
	g := graph.MustCompile(m.Board)
	before := analysis.Analyze(g, m)
	for i := range m.Jumps {
		for _, j := range g.Legal(i) {
			after, err := design.Apply(m, design.Edit{Op: design.SetJump, Cell: i, Jump: j})
			if err != nil || i == m.Goal {
				continue
			}
			a := analysis.Analyze(g, after)
			if a.BlackHoles != before.BlackHoles+1 {
				continue
			}
			for _, ch := range design.Compare(before, a) {
				if ch.Text == "a black hole appeared" {
					return
				}
			}
			t.Fatalf("%d → %d: a black hole appeared unsaid", i, j)
		}
	}
	t.Fatal("no edit makes a black hole")
}

// TestPrediction: a solvable maze gets a time in its interval and its
// one level (by its length on its board, as the books label it); an
// unsolvable one none.
func TestPrediction(t *testing.T) {
	b := design.NewBench(nil)
	for _, c := range []struct {
		id    string
		solve bool
	}{{"5x5:4313122314422334233233440", true}, {"5x5:3333333333333333333333330", false}} {
		m := mustID(t, c.id)
		v, err := b.View(graph.MustCompile(m.Board), m)
		if err != nil {
			t.Fatal(err)
		}
		p := v.Prediction
		if (p != nil) != c.solve {
			t.Fatalf("%s: prediction %v", c.id, p)
		}
		if p != nil && !(p.Low < p.Seconds && p.Seconds < p.High && v.Level == "hard") {
			t.Errorf("%s: prediction %+v, length level %s", c.id, p, v.Level)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Error(err)
		}
	}
}

func TestShares(t *testing.T) {
	for _, id := range []string{"5x5:4313122314422334233233440", "5x5:1111111111111111111111110", "5x5:3333333333333333333333330"} {
		m := mustID(t, id)
		f := analysis.Analyze(graph.MustCompile(m.Board), m)
		sum, share := 0.0, 0.0
		for _, s := range design.Shares(f) {
			sum += s.Value
			share += s.Share
		}
		if sum != f.Energy || math.Abs(share-1) > 1e-9 {
			t.Errorf("%s: terms sum to %v (energy %v), shares to %v", id, sum, f.Energy, share)
		}
	}
}

// BenchmarkEdit is the time from an edit to the updated view: the edit
// applied, the move graph, the view (analysis, simulated novices,
// prediction), what changed, the suggestions, all encoded as JSON — what
// POST /api/design does.
func BenchmarkEdit(b *testing.B) {
	bench := design.NewBench(nil)
	bench.Model()
	for _, c := range []struct {
		size    int
		variant string
	}{{5, ""}, {7, ""}, {12, ""}, {5, "hex"}, {7, "hex"}, {12, "hex"}, {7, "no-uturn"}} {
		m, err := design.Blank(board(b, c.size, c.size, c.variant))
		if err != nil {
			b.Fatal(err)
		}
		m.Randomize(rng.NewRand(1))
		g := graph.MustCompile(m.Board)
		before := analysis.Analyze(g, m)
		for _, part := range []string{"view", "suggest", "all"} {
			b.Run(fmt.Sprintf("%dx%d/%s/%s", c.size, c.size, cmpOr(c.variant, "plain"), part), func(b *testing.B) {
				for k := 0; b.Loop(); k++ {
					after, err := design.Apply(m, design.Edit{Op: design.SetJump, Cell: 1 + k%3, Jump: 1 + k%2})
					if err != nil {
						b.Fatal(err)
					}
					g := graph.MustCompile(after.Board)
					var out struct {
						View        *design.View        `json:"view,omitempty"`
						Changes     []design.Change     `json:"changes,omitempty"`
						Suggestions *design.Suggestions `json:"suggestions,omitempty"`
					}
					if part != "suggest" {
						if out.View, err = bench.View(g, after); err != nil {
							b.Fatal(err)
						}
						out.Changes = design.Compare(before, out.View.Features)
					}
					if part != "view" {
						s := bench.Suggest(g, after)
						out.Suggestions = &s
					}
					if _, err := json.Marshal(out); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func cmpOr(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// BenchmarkSuggestions compares Suggest, on the incremental evaluator,
// with rating every single-cell edit by a fresh analysis, as Suggest
// would without it.
func BenchmarkSuggestions(b *testing.B) {
	bench := design.NewBench(nil)
	for _, size := range []int{7, 12} {
		m, err := design.Blank(board(b, size, size, ""))
		if err != nil {
			b.Fatal(err)
		}
		m.Randomize(rng.NewRand(1))
		g := graph.MustCompile(m.Board)
		b.Run(fmt.Sprintf("%dx%d/incremental", size, size), func(b *testing.B) {
			for b.Loop() {
				bench.Suggest(g, m)
			}
		})
		b.Run(fmt.Sprintf("%dx%d/from-scratch", size, size), func(b *testing.B) {
			for b.Loop() {
				for i := range m.Jumps {
					if i == m.Goal {
						continue
					}
					for _, j := range g.Legal(i) {
						if j != m.Jumps[i] {
							after := m.Clone()
							after.Jumps[i] = j
							analysis.Analyze(g, after)
						}
					}
				}
			}
		})
	}
}

// TestSuggestMovesAndPairs: on a typed 5×5 and a random 7×7, Suggest
// offers start or goal moves and pairs, and each made is the maze rated
// (checkSuggestions: a fresh analysis gives its energy).
func TestSuggestMovesAndPairs(t *testing.T) {
	b := design.NewBench(nil)
	r := rng.NewRand(3)
	m7, err := design.Blank(board(t, 7, 7, "plain"))
	if err != nil {
		t.Fatal(err)
	}
	m7.Randomize(r)
	for _, m := range []*maze.Maze{mustID(t, "5x5:4313122314422334133211440"), m7} {
		g := graph.MustCompile(m.Board)
		s := b.Suggest(g, m)
		if len(s.Move) == 0 || len(s.Pair) == 0 {
			t.Errorf("%dx%d: %d moves, %d pairs; want some of each", m.Rows, m.Cols, len(s.Move), len(s.Pair))
		}
		checkSuggestions(t, b, g, m, analysis.Analyze(g, m), nil)
	}
}

// TestSuggestLongerUnique: on a blank 7×7 (12 moves, not unique, where
// every suggestion under "Longer unique solution" once shortened the
// solution) and on random mazes of every board, each suggestion under
// the heading makes a unique solution longer than the maze's.
func TestSuggestLongerUnique(t *testing.T) {
	b := design.NewBench(nil)
	blank, err := design.Blank(board(t, 7, 7, ""))
	if err != nil {
		t.Fatal(err)
	}
	g := graph.MustCompile(blank.Board)
	f := analysis.Analyze(g, blank)
	if f.GoalDepth != 12 || f.Unique {
		t.Fatalf("the blank 7x7: %s", f.Summary())
	}
	checkLonger(t, g, blank, f, b.Suggest(g, blank).Longer)
	r := rng.NewRand(55)
	for _, v := range boards {
		m, err := design.Blank(board(t, 6, 6, v))
		if err != nil {
			t.Fatal(err)
		}
		for range 4 {
			m.Randomize(r)
			g := graph.MustCompile(m.Board)
			checkLonger(t, g, m, analysis.Analyze(g, m), b.Suggest(g, m).Longer)
		}
	}
}

// TestSuggestKeepsLocks: with row 1 of a blank 7×7 locked (the start
// with it), no suggestion of any kind changes a row-1 cell, whether asked
// of Suggest, of Do (the request's locked cells, as the page's engine and
// POST /api/design take them) or of DoPredict (the moves and pairs that
// come after the figures); and on random mazes of every board with
// random locks, the same holds (checkKept).
func TestSuggestKeepsLocks(t *testing.T) {
	b := design.NewBench(nil)
	blank, err := design.Blank(board(t, 7, 7, ""))
	if err != nil {
		t.Fatal(err)
	}
	id, _ := blank.ID()
	var rowOne []int
	var cells [][2]int
	for c := range 7 {
		rowOne = append(rowOne, c)
		cells = append(cells, [2]int{1, c + 1})
	}
	g := graph.MustCompile(blank.Board)
	s := b.Suggest(g, blank, rowOne...)
	if len(s.Energy) == 0 {
		t.Fatal("no energy suggestion with row 1 locked")
	}
	checkKept(t, blank, s, rowOne)
	a, err := b.Do(design.Request{Maze: id, Locked: cells, Later: true})
	if err != nil {
		t.Fatal(err)
	}
	checkKept(t, blank, a.Suggestions, rowOne)
	// With an edit: the locks are the edited maze's cells.
	a, err = b.Do(design.Request{Maze: id, Edit: &design.EditRequest{Op: "jump", Cell: [2]int{4, 4}, Jump: 3}, Locked: cells})
	if err != nil {
		t.Fatal(err)
	}
	checkKept(t, mustID(t, a.View.ID), a.Suggestions, rowOne)
	p, err := b.DoPredict(design.Request{Predict: id, Locked: cells})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Suggestions.Move)+len(p.Suggestions.Pair) == 0 {
		t.Error("no move or pair with row 1 locked")
	}
	checkKept(t, blank, *p.Suggestions, rowOne)
	// Locks off the board are the request's fault, in its words.
	for _, r := range []design.Request{{Maze: id, Locked: [][2]int{{8, 1}}}, {Predict: id, Locked: [][2]int{{0, 1}}}} {
		var err error
		if r.Predict != "" {
			_, err = b.DoPredict(r)
		} else {
			_, err = b.Do(r)
		}
		if !errors.Is(err, fault.ErrInvalid) || !strings.Contains(err.Error(), "off the 7x7 board") {
			t.Errorf("locks %v: %v, want them off the 7x7 board", r.Locked, err)
		}
	}

	r := rng.NewRand(56)
	for _, v := range boards {
		m, err := design.Blank(board(t, 6, 6, v))
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			m.Randomize(r)
			locked := randomLocks(r, m)
			locked = append(locked, []int{m.Start, m.Goal}[r.IntN(2)])
			g := graph.MustCompile(m.Board)
			checkKept(t, m, b.Suggest(g, m, locked...), locked)
		}
	}
}

// TestGoalDistances: on every board but no-U-turn ones (whose cells'
// distances depend on how they are entered), a cell's distance to the
// goal is the goal depth of the maze with the start moved there (a
// forward search from scratch); on every board it is 0 at the goal, and
// one more than a successor's on each step of the shortest solution.
func TestGoalDistances(t *testing.T) {
	for _, v := range boards {
		t.Run("variant="+v, func(t *testing.T) {
			r := rng.NewRand(11)
			for range 20 {
				m, err := design.Blank(board(t, 5, 6, v))
				if err != nil {
					t.Fatal(err)
				}
				m.Randomize(r)
				g := graph.MustCompile(m.Board)
				d := design.GoalDistances(g, m)
				if d[m.Goal] != 0 {
					t.Fatalf("goal's distance %d", d[m.Goal])
				}
				f := analysis.Analyze(g, m)
				if f.Solvable && d[m.Start] != f.GoalDepth {
					t.Errorf("start's distance %d, goal depth %d", d[m.Start], f.GoalDepth)
				}
				if !f.Solvable && d[m.Start] != -1 {
					t.Errorf("start's distance %d on an unsolvable maze", d[m.Start])
				}
				if strings.Contains(v, "no-uturn") {
					continue
				}
				for c := range m.Cells() {
					if c == m.Goal || c == m.Start || !m.Open(c) {
						continue
					}
					moved, err := design.Apply(m, design.Edit{Op: design.MoveStart, Cell: c})
					if err != nil {
						continue
					}
					if want := g.GoalDepth(moved.Jumps, c, m.Goal); d[c] != want {
						t.Errorf("cell %v: distance %d, goal depth from it %d", m.Cell(c), d[c], want)
					}
				}
			}
		})
	}
}

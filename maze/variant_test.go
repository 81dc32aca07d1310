package maze_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rjm/maze"
)

func TestParseVariant(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"", "", ""},
		{"rook", "", ""},
		{"queen", "queen", ""},
		{"Torus, QUEEN", "queen,torus", ""},
		{"no-u-turn,hex", "hex,no-u-turn", ""},
		{"hexagonal,nouturn", "hex,no-u-turn", ""},
		{"triangular", "triangle", ""},
		{"surakarta", "loops", ""},
		{"loyd,queen", "queen,exit", ""},
		{"queen,exit,no-u-turn", "queen,exit,no-u-turn", ""},
		{"bishop", "", `unknown variant "bishop"`},
		{"hex,triangle", "", "two tilings"},
		{"hex,queen", "", "queen needs the square tiling"},
		{"torus,loops", "", "cannot be combined"},
		{"torus,exit", "", "cannot be combined"},
		{"loops,exit", "", "cannot be combined"},
		{"triangle,torus", "", "torus needs the square tiling"},
	} {
		v, err := maze.ParseVariant(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseVariant(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || v.String() != tc.want {
			t.Errorf("ParseVariant(%q) = %q, %v; want %q", tc.in, v, err, tc.want)
		}
		if back, err := maze.ParseVariant(v.String()); err != nil || back != v {
			t.Errorf("%q does not round-trip: %v", v, err)
		}
	}
}

func moves(b maze.Board, r, c, j int) string {
	var s []string
	for _, m := range b.Moves(nil, b.Index(maze.Cell{Row: r, Col: c}), j) {
		to := b.Cell(m.To).String()
		if m.To == b.Exit() {
			to = "(exit)"
		}
		s = append(s, m.Dir.Compass()+to)
	}
	return strings.Join(s, " ")
}

// Where a jump lands, rule by rule, worked out by hand (1-based cells).
func TestBoardRules(t *testing.T) {
	v := func(s string) maze.Variant {
		v, err := maze.ParseVariant(s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	sq := maze.Board{Rows: 4, Cols: 5}
	// A 4x5 torus: (1,1) jumping 2 up wraps to (3,1); 4 rows allow jumps
	// 1..3 vertically and 5 columns 1..4 horizontally.
	torus := maze.Board{Rows: 4, Cols: 5, Variant: v("torus")}
	// Blocked (2,3), pass-over (2,2), a wall between (3,1) and (3,2).
	layout := maze.Board{Rows: 4, Cols: 5}
	_ = layout.SetKind(maze.Cell{Row: 1, Col: 2}, maze.Blocked)
	_ = layout.SetKind(maze.Cell{Row: 1, Col: 1}, maze.PassOver)
	_ = layout.AddWall(maze.Cell{Row: 2, Col: 0}, maze.Cell{Row: 2, Col: 1})
	// Walls at the corner between (1,1), (1,2), (2,1) and (2,2): one wall
	// leaves a way round; two in line close it.
	corner1 := maze.Board{Rows: 3, Cols: 3, Variant: v("queen")}
	_ = corner1.AddWall(maze.Cell{Row: 0, Col: 0}, maze.Cell{Row: 0, Col: 1})
	corner := corner1
	_ = corner.AddWall(maze.Cell{Row: 1, Col: 0}, maze.Cell{Row: 1, Col: 1})
	exit := maze.Board{Rows: 3, Cols: 3, Variant: v("queen,exit")}
	_ = exit.SetKind(maze.Cell{Row: 0, Col: 2}, maze.Absent)
	for _, tc := range []struct {
		name    string
		b       maze.Board
		r, c, j int
		want    string
	}{
		{"rook", sq, 1, 1, 1, "N(1,2) S(3,2) W(2,1) E(2,3)"},
		{"rook edge", sq, 0, 0, 3, "S(4,1) E(1,4)"},
		{"queen", maze.Board{Rows: 4, Cols: 5, Variant: v("queen")}, 1, 1, 1,
			"N(1,2) S(3,2) W(2,1) E(2,3) NW(1,1) NE(1,3) SW(3,1) SE(3,3)"},
		{"torus", torus, 0, 0, 2, "N(3,1) S(3,1) W(1,4) E(1,3)"},
		{"torus beyond rows", torus, 0, 0, 4, "W(1,2) E(1,5)"},
		{"torus too far", torus, 0, 0, 5, ""},
		{"queen torus", maze.Board{Rows: 4, Cols: 5, Variant: v("queen,torus")}, 0, 0, 1,
			"N(4,1) S(2,1) W(1,5) E(1,2) NW(4,5) NE(4,2) SW(2,5) SE(2,2)"},
		{"pass over, not onto", layout, 1, 0, 1, "N(1,1) S(3,1)"},
		{"over the pass-over cell", layout, 0, 1, 2, "S(3,2) E(1,4)"},
		{"not onto a blocked cell", layout, 1, 4, 2, "S(4,5)"},
		{"not over a blocked cell", layout, 1, 4, 3, ""},
		{"wall", layout, 2, 0, 1, "N(2,1) S(4,1)"},
		{"corner with a way round", corner1, 0, 0, 1, "S(2,1) SE(2,2)"},
		{"corner closed", corner, 0, 0, 1, "S(2,1)"},
		{"exit one beyond the edge", exit, 1, 1, 2, "N(exit) S(exit) W(exit) E(exit) NW(exit) SW(exit) SE(exit)"},
		{"exit onto an absent cell", exit, 1, 1, 1, "N(1,2) S(3,2) W(2,1) E(2,3) NW(1,1) NE(exit) SW(3,1) SE(3,3)"},
		{"exit at the last step only", exit, 0, 0, 3, "S(exit) SE(exit)"},
		{"no passing over the ring", exit, 0, 0, 4, ""},
		// Hexagons (even rows, 1-based, shifted right): from (2,2) the six
		// neighbours are (1,2) (1,3) (2,1) (2,3) (3,2) (3,3).
		{"hex", maze.Board{Rows: 3, Cols: 3, Variant: v("hex")}, 1, 1, 1,
			"W(2,1) E(2,3) NW(1,2) NE(1,3) SW(3,2) SE(3,3)"},
		{"hex straight line", maze.Board{Rows: 5, Cols: 5, Variant: v("hex")}, 0, 0, 2, "E(1,3) SE(3,2)"},
		// Triangles: (1,1) points up; SE leaves by its bottom into (2,1)
		// (pointing down), then by that one's right side into (2,2).
		{"triangle", maze.Board{Rows: 3, Cols: 4, Variant: v("triangle")}, 0, 0, 2, "E(1,3) SE(2,2)"},
		{"triangle down", maze.Board{Rows: 3, Cols: 4, Variant: v("triangle")}, 1, 2, 2,
			"W(2,1) NW(1,2) NE(1,4) SW(3,2) SE(3,4)"},
		// Surakarta loops on 6x6 (lines 2 and 3 looped): up column 2 from
		// (3,2) takes 2 steps to (1,2), the third enters row 2 at its left
		// end; left along row 3, the second step enters column 3 at the
		// top moving down.
		{"loops", maze.Board{Rows: 6, Cols: 6, Variant: v("loops")}, 2, 1, 3, "N(2,1) S(6,2) W(2,3) E(3,5)"},
		// Jump 5: N continues along row 2 to (2,3); S goes off the bottom of
		// column 2 into row 5 from the left, to (5,2); W down column 3 to
		// (4,3); E off the right of row 3 into column 4 from the top.
		{"loops far", maze.Board{Rows: 6, Cols: 6, Variant: v("loops")}, 2, 1, 5, "N(2,3) S(5,2) W(4,3) E(1,4)"},
	} {
		if got := moves(tc.b, tc.r, tc.c, tc.j); got != tc.want {
			t.Errorf("%s: jump %d from %v: %q, want %q", tc.name, tc.j, maze.Cell{Row: tc.r, Col: tc.c}, got, tc.want)
		}
	}
}

// The assignment ("Rook Jumping Maze Generation for AI Education"): a legal
// maze has a legal move from every non-goal cell. Randomize draws from the
// legal jumps on every variant, and on plain boards exactly as before (1 +
// IntN(MaxJump)).
func TestRandomizeLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, name := range []string{"", "queen", "torus", "hex", "triangle", "loops", "queen,exit", "no-u-turn"} {
		v, _ := maze.ParseVariant(name)
		for trial := range 20 {
			b := maze.Board{Rows: 4 + trial%4, Cols: 4 + trial%3, Variant: v}
			if trial%2 == 1 {
				_ = b.SetKind(maze.Cell{Row: 1, Col: 1}, maze.Blocked)
				_ = b.SetKind(maze.Cell{Row: 2, Col: 2}, maze.PassOver)
				if v.Exit {
					_ = b.SetKind(maze.Cell{Row: 0, Col: 0}, maze.Absent)
				}
				_ = b.AddWall(maze.Cell{Row: 3, Col: 1}, maze.Cell{Row: 3, Col: 2})
			}
			m, err := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(b.Stuck(m.Goal)) == 0 {
				if err := m.ValidateStrict(); err != nil {
					t.Errorf("%s: random maze is not legal: %v\n%s", name, err, m)
				}
			}
		}
	}
	b := maze.Board{Rows: 5, Cols: 5}
	m, _ := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rand.New(rand.NewPCG(1, 2)))
	want := rand.New(rand.NewPCG(1, 2))
	for i, j := range m.Jumps {
		if i != m.Goal && j != 1+want.IntN(b.MaxJump(i)) {
			t.Fatalf("plain Randomize changed its draws at cell %d", i)
		}
	}
}

// variantSamples are small mazes of every kind, for round trips and
// fuzzing.
func variantSamples(t testing.TB) []string {
	samples := []string{
		"variant queen,torus\n1 2 3\n2 G 1\n3 1 2\n",
		"variant hex,no-u-turn\nstart 2,2\n1 2 1\n 2 1 G\n1 1 1\n",
		"variant triangle\n1 2 1 2\n2 1 2 1\n1 2 1 G\n",
		"wall 1,1 1,2\nwall 2,2 3,2\n2 X 1\n* 1 2\n1 2 G\n",
		"variant exit,queen\n. 1 .\n2 3 1\n. 1 .\n",
		"variant loops\n1 2 3 1\n2 3 1 2\n3 1 2 1\n1 2 1 G\n",
	}
	files, _ := filepath.Glob("../examples/*.txt")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, string(data))
	}
	return samples
}

// Variant mazes round-trip through text, JSON and ID.
func TestVariantRoundTrips(t *testing.T) {
	check := func(m *maze.Maze) {
		t.Helper()
		back, err := maze.ParseText([]byte(m.String()), maze.ParseOptions{})
		if err != nil || !back.Equal(m) {
			t.Fatalf("text round trip: %v\n%s", err, m)
		}
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON maze.Maze
		if err := json.Unmarshal(data, &fromJSON); err != nil || !fromJSON.Equal(m) {
			t.Fatalf("JSON round trip: %v\n%s\n%s", err, data, m)
		}
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		fromID, err := maze.ParseID(id)
		if err != nil || !fromID.Equal(m) {
			t.Fatalf("ID round trip of %s: %v\n%s", id, err, m)
		}
	}
	for _, s := range variantSamples(t) {
		m, err := maze.ParseText([]byte(s), maze.ParseOptions{})
		if err != nil {
			t.Fatalf("%v\n%s", err, s)
		}
		check(m)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, name := range []string{"queen", "torus", "hex", "triangle", "loops", "exit", "queen,no-u-turn"} {
		v, _ := maze.ParseVariant(name)
		for range 10 {
			b := maze.Board{Rows: 4 + rng.IntN(5), Cols: 4 + rng.IntN(5), Variant: v}
			for range 4 {
				_ = b.SetKind(b.Cell(rng.IntN(b.Rows*b.Cols)), []maze.CellKind{maze.Blocked, maze.PassOver, maze.Absent}[rng.IntN(3)])
				_ = b.AddWall(b.Cell(rng.IntN(b.Rows*b.Cols)), b.Cell(rng.IntN(b.Rows*b.Cols)))
			}
			open := b.OpenCells()
			start := b.Cell(open[0])
			goal := maze.DefaultGoal(b)
			if goal == start {
				continue
			}
			m, err := maze.Random(b, start, goal, rng)
			if err != nil {
				t.Fatal(err)
			}
			check(m)
		}
	}
}

// Existing IDs keep their meaning; variant IDs carry the rules.
func TestVariantIDs(t *testing.T) {
	m, err := maze.ParseText([]byte("variant queen,torus\nwall 1,1 1,2\n1 2 3\n2 G 1\n3 1 X\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	id, _ := m.ID()
	if want := "3x3-queen,torus:12320131x:100000000"; id != want {
		t.Errorf("ID %q, want %q", id, want)
	}
	for _, id := range []string{"5x5:3413133302312234233341432", "5x5s2.3:3413133302312234233341432"} {
		m, err := maze.ParseID(id)
		if err != nil || !m.Plain() {
			t.Fatalf("%s: %v", id, err)
		}
		if back, _ := m.ID(); back != id {
			t.Errorf("%s printed as %s", id, back)
		}
	}
}

func TestVariantTextErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"unknown variant", "variant bishop\n1 G\n", `line 1, column 9: unknown variant "bishop"`},
		{"two variant lines", "variant queen\nvariant torus\n1 G\n", "line 2, column 1: second variant line"},
		{"variant after rows", "1 G\nvariant queen\n", "line 2, column 1"},
		{"wall not neighbours", "wall 1,1 2,2\n1 1\n1 G\n", "line 1, column 1: wall (1,1)-(2,2): the cells are not neighbours"},
		{"wall syntax", "wall 1,1\n1 G\n", "line 1, column 1: want \"wall\" followed by two r,c cells"},
		{"wall bad cell", "wall 1,1 x\n1 G\n", "line 1, column 10"},
		{"exit with a goal", "variant exit\n1 G\n", "line 2, column 3: an exit-ring maze marks no goal"},
		{"start blocked", "start 1,2\n1 X\n1 G\n", "start (1,2) is a blocked cell"},
		{"goal on absent", "goal 1,2\n1 .\n1 1\n", "goal (1,2) is a absent cell"},
		{"hex queen", "variant hex,queen\n1 G\n", "queen needs the square tiling"},
		{"loops too small", "variant loops\n1 1 1\n1 1 G\n", "loops need at least 4 rows"},
		{"token", "1 #x\n1 G\n", `"#x" is not a jump number, G, X, * or .`},
	} {
		_, err := maze.ParseText([]byte(tc.text), maze.ParseOptions{})
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line containing %q", tc.name, err, tc.want)
		}
	}
	for _, id := range []string{"3x3-bishop:121212120", "3x3-exit:121212120", "3x3:12121212q", "3x3:121212120:12", "3x3:121212120:900000000", "2x2:1x10:0100"} {
		if _, err := maze.ParseID(id); err == nil {
			t.Errorf("ParseID(%q): no error", id)
		}
	}
}

// The hexagonal text form shows the offset rows and reads back.
func TestHexText(t *testing.T) {
	m, err := maze.ParseText([]byte("variant hex\n1 2 10\n2 1 G\n1 1 1\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "variant hex\n 1  2 10\n   2  1  G\n 1  1  1\n"
	if got := m.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !slices.Equal(m.Board.Dirs(), []maze.Dir{maze.Left, maze.Right, maze.UpLeft, maze.UpRight, maze.DownLeft, maze.DownRight}) {
		t.Errorf("hex directions %v", m.Board.Dirs())
	}
}

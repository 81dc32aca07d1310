package maze_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"rjm/maze"
)

const figure1 = `3 4 1 3 1
3 3 3 G 2
3 1 2 2 3
4 2 3 3 3
4 1 4 3 2
`

func TestParseTextFigure1(t *testing.T) {
	m, err := maze.ParseText([]byte(figure1), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Rows != 5 || m.Cols != 5 || m.Cell(m.Goal) != (maze.Cell{Row: 1, Col: 3}) || m.Start != 0 {
		t.Fatalf("got %dx%d start %v goal %v", m.Rows, m.Cols, m.Cell(m.Start), m.Cell(m.Goal))
	}
	if got := m.String(); got != figure1 {
		t.Errorf("String() =\n%s\nwant\n%s", got, figure1)
	}
}

// The papers print mazes with tabs ("Program 1: Search"), single spaces
// (the assignment, "Rook Jumping Maze Generation for AI Education") and
// the goal as G (the design paper, "Rook Jumping Maze Design
// Considerations") or 0 (the assignment's generated mazes); all are
// accepted.
func TestParseTextForms(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"tabs", strings.ReplaceAll(figure1, " ", "\t")},
		{"zero goal", strings.Replace(figure1, "G", "0", 1)},
		{"lower-case goal", strings.Replace(figure1, "G", "g", 1)},
		{"comments and blank lines", "# Figure 1\n\n" + figure1 + "\n\n"},
		{"CRLF", strings.ReplaceAll(figure1, "\n", "\r\n")},
		{"padding", strings.ReplaceAll(figure1, "\n", "   \n")},
		{"goal line", "goal 2,4\n" + figure1},
		{"start line", "start 1,1\n" + figure1},
		{"report after the maze", figure1 + "\nShortest solution: 13 moves: DRLUDLRULLRDU\nID: 5x5:3413133302312234233341432\n"},
	} {
		m, err := maze.ParseText([]byte(tc.text), maze.ParseOptions{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m.String() != figure1 {
			t.Errorf("%s: parsed as\n%s", tc.name, m)
		}
	}
}

// Malformed input gets a one-line error naming the line and column.
func TestParseTextErrors(t *testing.T) {
	huge := strings.Repeat(strings.Repeat("1 ", 40)+"\n", 40)
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "no maze"},
		{"only comments", "# nothing\n\n", "no maze"},
		{"ragged", "1 2 3\n1 G\n", "line 2, column 1: row 2 has 2 cells, want 3"},
		{"not a number", "1 2 x\n1 G 1\n", `line 1, column 5: "x" is not a jump number`},
		{"negative", "1 -2\n1 G\n", "line 1, column 3: negative jump -2"},
		{"too large", "1 99999999999999999999\n1 G\n", "line 1, column 3: jump 99999999999999999999 is too large"},
		{"no goal", "1 2\n1 1\n", "no goal"},
		{"two goals", "1 G\nG 1\n", "line 2, column 1: second goal"},
		{"two goals 0 and G", "0 G\n1 1\n", "line 1, column 3: second goal"},
		{"too many columns", huge, "line 1, column 65: more than 32 columns"},
		{"too many rows", strings.Repeat("1 1\n", 40), "line 33, column 1: more than 32 rows"},
		{"one cell", "G\n", "at least 2 cells"},
		{"start on goal", "start 1,2\n1 G\n", "start and goal are the same cell"},
		{"start off board", "start 9,9\n1 G\n", "line 1, column 7: start (9,9) is off"},
		{"goal off board", "goal 3,1\n1 1\n", "line 1, column 6: goal (3,1) is off"},
		{"no goal at the end", "1 2\n1 1\n# end\n", "no goal in the rows (which end at line 2)"},
		{"bad start", "start x\n1 G\n", "line 1, column 7"},
		{"directive after rows", "1 G\nstart 1,1\n", "line 2, column 1"},
		{"goal line disagrees", "goal 1,1\n1 G\n", "goal line says (1,1)"},
		{"binary", "\x00\x01\x02", "is not a jump number"},
		{"gap in the rows", "1 1\n\n1 G\n", "line 3, column 1: rows after a blank line"},
		{"second maze", "1 G\n1 1\n\n1 G\n1 1\n", "line 4, column 1: rows after a blank line"},
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
}

func TestParseTextOptions(t *testing.T) {
	text := "3 4 1 3 1\n3 3 3 7 2\n3 1 2 2 3\n4 2 3 3 3\n4 1 4 3 2\n"
	goal, start := maze.Cell{Row: 1, Col: 3}, maze.Cell{Row: 2, Col: 2}
	m, err := maze.ParseText([]byte(text), maze.ParseOptions{Goal: &goal, Start: &start})
	if err != nil {
		t.Fatal(err)
	}
	if m.Goal != m.Index(goal) || m.Start != m.Index(start) || m.Jumps[m.Goal] != 0 {
		t.Fatalf("goal %v start %v jump %d", m.Cell(m.Goal), m.Cell(m.Start), m.Jumps[m.Goal])
	}
	// A start other than the corner is printed as a directive line and
	// read back.
	back, err := maze.ParseText([]byte(m.String()), maze.ParseOptions{})
	if err != nil || !back.Equal(m) {
		t.Fatalf("round trip: %v\n%s", err, m)
	}
	// The given start wins over the start line; a given goal must agree
	// with the text's; a byte-order mark is skipped.
	other := maze.Cell{Row: 4, Col: 0}
	over, err := maze.ParseText([]byte(m.String()), maze.ParseOptions{Start: &other, Goal: &goal})
	if err != nil || over.Start != over.Index(other) || over.Goal != m.Goal {
		t.Errorf("start over the start line: %v, start %v", err, over.Cell(over.Start))
	}
	_, err = maze.ParseText([]byte(m.String()), maze.ParseOptions{Goal: &start})
	if err == nil || !strings.Contains(err.Error(), "line 3, column 7: the text puts the goal at (2,4), not at the given goal (3,3)") {
		t.Errorf("disagreeing goal: %v", err)
	}
	bom, err := maze.ParseText([]byte("\uFEFF"+m.String()), maze.ParseOptions{})
	if err != nil || !bom.Equal(m) {
		t.Errorf("byte-order mark: %v", err)
	}
}

// Random mazes of every size and placement survive text, JSON and ID
// round trips.
func TestRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		b := maze.Board{Rows: 1 + rng.IntN(maze.MaxSide), Cols: 1 + rng.IntN(maze.MaxSide)}
		if b.Cells() < 2 {
			continue
		}
		s := b.Cell(rng.IntN(b.Cells()))
		g := b.Cell(rng.IntN(b.Cells()))
		if s == g {
			continue
		}
		m, err := maze.Random(b, s, g, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.ValidateStrict(); err != nil {
			t.Fatalf("random maze is not legal: %v", err)
		}
		for _, o := range []maze.TextOptions{{}, {Tabs: true}, {GoalZero: true}} {
			back, err := maze.ParseText([]byte(m.Text(o)), maze.ParseOptions{})
			if err != nil || !back.Equal(m) {
				t.Fatalf("text round trip %+v: %v\n%s", o, err, m.Text(o))
			}
		}
		data, err := m.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back maze.Maze
		if err := back.UnmarshalJSON(data); err != nil || !back.Equal(m) {
			t.Fatalf("JSON round trip: %v\n%s", err, data)
		}
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		fromID, err := maze.ParseID(id)
		if err != nil || !fromID.Equal(m) {
			t.Fatalf("ID round trip %s: %v", id, err)
		}
	}
}

// The assignment: each non-goal cell's jump is uniform over 1..MaxJump.
func TestRandomIsUniform(t *testing.T) {
	b := maze.Board{Rows: 5, Cols: 5}
	rng := rand.New(rand.NewPCG(2, 2))
	counts := make([][5]int, b.Cells())
	const n = 20000
	for range n {
		m, _ := maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), rng)
		for i, j := range m.Jumps {
			counts[i][j]++
		}
	}
	for i := range counts {
		if i == b.Cells()-1 {
			if counts[i][0] != n {
				t.Errorf("goal jump not always 0")
			}
			continue
		}
		k := b.MaxJump(i)
		for j := 1; j <= k; j++ {
			want := float64(n) / float64(k)
			if got := float64(counts[i][j]); got < want*0.93 || got > want*1.07 {
				t.Errorf("cell %v jump %d drawn %v times, want about %v", b.Cell(i), j, got, want)
			}
		}
	}
}

func TestBoardMaxJump(t *testing.T) {
	b := maze.Board{Rows: 5, Cols: 5}
	// "Program 1: Search": "legal jump numbers for the start cell are {1,
	// 2, 3, 4}, whereas legal jump numbers for the center cell are {1, 2}".
	if got := b.MaxJump(0); got != 4 {
		t.Errorf("corner MaxJump %d, want 4", got)
	}
	if got := b.MaxJump(12); got != 2 {
		t.Errorf("centre MaxJump %d, want 2", got)
	}
}

func TestDeadEnds(t *testing.T) {
	m, err := maze.ParseText([]byte("7 1\n1 G\n"), maze.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := m.DeadEnds(); len(d) != 1 || d[0] != 0 {
		t.Fatalf("DeadEnds = %v", d)
	}
	if err := m.ValidateStrict(); err == nil || !strings.Contains(err.Error(), "cell (1,1) has jump 7") {
		t.Fatalf("ValidateStrict = %v", err)
	}
}

func TestParseIDErrors(t *testing.T) {
	for _, id := range []string{"", "5x5", "5x5:123", "5x:1G", "0x5:", "2x2:1111", "2x2:1001", "2x2:1!10", "2x2s9.9:1110", "40x40:1"} {
		if _, err := maze.ParseID(id); err == nil {
			t.Errorf("ParseID(%q): no error", id)
		}
	}
}

func TestParseCell(t *testing.T) {
	c, err := maze.ParseCell("2,4")
	if err != nil || c != (maze.Cell{Row: 1, Col: 3}) {
		t.Fatalf("ParseCell = %v, %v", c, err)
	}
	for _, s := range []string{"", "2", "0,1", "2,4x", "a,b", "2,-1"} {
		if _, err := maze.ParseCell(s); err == nil {
			t.Errorf("ParseCell(%q): no error", s)
		}
	}
	// A number too large for an int is out of range, not of another form.
	for _, s := range []string{"99999999999999999999,1", "1,99999999999999999999"} {
		if _, err := maze.ParseCell(s); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("ParseCell(%q): %v, want out of range", s, err)
		}
	}
}

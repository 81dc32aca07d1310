package book

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/generate"
	"rjm/graph"
	"rjm/maze"
	"rjm/parallel"
)

// keyBookSpec returns the recipe of the key board name (keyBooks) as
// rjm book makes it: 6×6 of the variant, or the example layout.
func keyBookSpec(t *testing.T, name string) generate.Spec {
	t.Helper()
	if layout, ok := map[string]string{"walls": "walls.txt", "klondike": "klondike.txt"}[name]; ok {
		m, _, err := generate.ReadFile(context.Background(), "../examples/"+layout, maze.ParseOptions{})
		if err != nil {
			t.Fatal(err)
		}
		s, err := generate.Settings{Layout: m}.Spec()
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	variant := map[string]string{"plain": "", "queentorus": "queen,torus", "nouturn": "no-u-turn", "hexexit": "hex,exit"}
	v, ok := variant[name]
	if !ok {
		v = name
	}
	parsed, err := maze.ParseVariant(v)
	if err != nil {
		t.Fatal(err)
	}
	s, err := generate.Settings{Size: 6, Variant: parsed}.Spec()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestKeyBooksKeepTheFloor makes the book of rjm book --count 4 --seed 1
// on every board of testdata/keys and checks that it is the book listed
// there, puzzle for puzzle (the floor of real choices left the books of
// the boards that met it as they were), and that every puzzle, read back
// from the manifest's maze ID and analysed afresh, meets the floor
// (Choices.Worth): Klondike's too, whose puzzles come from choiceSpec
// (its own search's bounce). 6×6 hex with
// an exit ring is refused (MinBookReach); its list is older. Klondike's
// book is RJM_LONG=1 (about 40 s of CPU).
func TestKeyBooksKeepTheFloor(t *testing.T) {
	ctx := context.Background()
	for _, name := range keyBooks {
		if name == "klondike" && os.Getenv("RJM_LONG") == "" {
			t.Log("klondike: set RJM_LONG=1 to make its book (30 s of CPU)")
			continue
		}
		spec := keyBookSpec(t, name)
		spec.Seed = 1
		s := Settings{Spec: spec, Count: 4}
		ps, err := Mazes(ctx, s)
		var short *ShortBoardError
		if name == "hexexit" && errors.As(err, &short) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		man, err := ManifestOf(s, ps)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, e := range man.Puzzles {
			ids = append(ids, e.Maze)
			m, _, err := maze.Read([]byte(e.Maze), maze.ParseOptions{})
			if err != nil {
				t.Fatalf("%s: puzzle %d: %v", name, e.Number, err)
			}
			f := analysis.Analyze(graph.MustCompile(m.Board), m)
			c := ChoicesOf(m, f)
			if !c.Worth() || c.Moves != e.Moves {
				t.Errorf("%s: puzzle %d (%d moves, %s): %+v under the floor", name, e.Number, e.Moves, e.Solution, c)
			}
		}
		var listed []string
		for _, l := range readKeys(t, name) {
			id, err := l.Maze.ID()
			if err != nil {
				t.Fatal(err)
			}
			listed = append(listed, id)
		}
		if !slices.Equal(ids, listed) {
			t.Errorf("%s: the book of seed 1 is\n%s\nnot testdata/keys/%s.txt's list", name, strings.Join(ids, "\n"), name)
		}
	}
}

// TestBigBoardSearchesMeetTheFloor measures the book's search on
// Klondike's board (bigBoard): seeds 1 to 3 aimed at lengths across the
// three bands, under choiceSpec, and under the board's own aimed energy
// at as many iterations for comparison; it prints each
// search's moves, real choices and longest bounce, and fails when a
// search of the book's own misses the floor (RJM_LONG=1: 33 searches,
// about 4 minutes of CPU; the figures of bigBoard's comment and
// docs/publishing.md).
func TestBigBoardSearchesMeetTheFloor(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to measure the searches of a Klondike book (4 minutes of CPU)")
	}
	ctx := context.Background()
	spec := keyBookSpec(t, "klondike")
	b, err := spec.Board()
	if err != nil {
		t.Fatal(err)
	}
	n := len(b.OpenCells())
	base := bookSpec(spec, b)
	if _, ok := choiceSpec(spec, b, 30); !ok || n <= bigBoard {
		t.Fatalf("Klondike's %d cells: no choiceSpec", n)
	}
	type job struct {
		target int
		seed   uint64
		own    bool
	}
	var jobs []job
	for _, target := range []int{22, 26, 30, 31, 35, 39, 40, 45, 50} {
		for seed := uint64(1); seed <= 3; seed++ {
			jobs = append(jobs, job{target, seed, true})
		}
	}
	for _, target := range []int{35, 45} {
		for seed := uint64(1); seed <= 3; seed++ {
			jobs = append(jobs, job{target, seed, false})
		}
	}
	rows, err := parallel.Map(ctx, 0, len(jobs), nil, func(ctx context.Context, i int) (Choices, error) {
		j := jobs[i]
		s, _ := choiceSpec(spec, b, j.target)
		if !j.own {
			// The board's own aimed search, for as many iterations.
			own := difficulty.AimedSpec(base, n, j.target)
			own.Iterations, own.Decay = s.Iterations, s.Decay
			s = own
		}
		s.Seed = j.seed
		r, err := generate.Run(ctx, s, nil)
		if err != nil {
			return Choices{}, err
		}
		if !r.Features.Unique || r.Features.BlackHoles > 0 {
			return Choices{}, nil
		}
		return ChoicesOf(r.Maze, r.Features), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("| energy | aimed at | seed | moves | real choices | share | longest bounce | worth |")
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- | --- |")
	for i, j := range jobs {
		c := rows[i]
		energy := "the board's own"
		if j.own {
			energy = "choiceEnergy"
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %.2f | %d | %v |\n", energy, j.target, j.seed, c.Moves, c.Real, c.Share(), c.LongestBounce, c.Worth())
		if j.own && !c.Worth() {
			t.Errorf("aimed at %d, seed %d: %+v under the floor", j.target, j.seed, c)
		}
	}
}

// TestChoiceSpecOnLargeDefaultBoards: the book's own search is there to
// fall back to only on a board of more than bigBoard cells under its
// default recipe, not on a 6×6 board nor under a user's energy.
func TestChoiceSpecOnLargeDefaultBoards(t *testing.T) {
	for _, tc := range []struct {
		name   string
		energy string
		want   bool
	}{
		{"klondike", "", true},
		{"klondike", "depth", false},
		{"queen", "", false},
		{"walls", "", false},
	} {
		spec := keyBookSpec(t, tc.name)
		if tc.energy != "" {
			spec.Energy = tc.energy
		}
		b, err := spec.Board()
		if err != nil {
			t.Fatal(err)
		}
		c, ok := choiceSpec(spec, b, 30)
		if ok != tc.want || ok && (c.Iterations != BigIterations || c.Energy != choiceEnergy(30)) {
			t.Errorf("%s %q: %v %s", tc.name, tc.energy, ok, c)
		}
	}
}

// TestLargeBoardKeepsItsBook makes the 11×11 queen book of seed 1, a
// board of more than bigBoard cells whose own search meets the floor of
// real choices, and checks that it is the book made before the floor
// (testdata/queen11.txt) (RJM_LONG=1: 13 s of CPU).
func TestLargeBoardKeepsItsBook(t *testing.T) {
	if os.Getenv("RJM_LONG") == "" {
		t.Skip("set RJM_LONG=1 to make an 11×11 queen book (13 s of CPU)")
	}
	v, err := maze.ParseVariant("queen")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := generate.Settings{Size: 11, Variant: v}.Spec()
	if err != nil {
		t.Fatal(err)
	}
	spec.Seed = 1
	ps, err := Mazes(context.Background(), Settings{Spec: spec, Count: 6})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/queen11.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	listed, err := ReadList(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(listed) {
		t.Fatalf("%d puzzles, want %d", len(ps), len(listed))
	}
	for k, p := range ps {
		if !p.Result.Maze.Equal(listed[k].Maze) {
			t.Errorf("puzzle %d is not the one made before the floor", p.Number)
		}
		if c := ChoicesOf(p.Result.Maze, p.Result.Features); !c.Worth() {
			t.Errorf("puzzle %d: %+v under the floor", p.Number, c)
		}
	}
}

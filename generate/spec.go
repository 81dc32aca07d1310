// Package generate turns a generation recipe, a Spec, into a maze: it
// picks the start and goal, looks up the energy by name, runs the chosen
// local search with a seeded random number generator and solves the
// result. A Spec prints as a seeded ID, so that anyone can reproduce a
// maze from one line.
package generate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"rjm/analysis"
	"rjm/energy"
	"rjm/fault"
	"rjm/maze"
	"rjm/search"
)

// Spec is a complete generation recipe. Same Spec, same maze.
type Spec struct {
	Rows, Cols int
	// Variant holds the board's movement and tiling rules (the zero value
	// is the papers' Rook Jumping Maze) and Layout its cell kinds and walls
	// in maze.Board.LayoutID's notation ("" for every cell open, no walls).
	Variant maze.Variant
	Layout  string
	// Start and Goal place the start and goal; nil means the default
	// position (upper-left start, lower-right goal) unless the matching
	// Random flag is set, which draws the cell from the seed.
	Start, Goal             *maze.Cell
	RandomStart, RandomGoal bool
	// Settings are the search method's name (Method, one of
	// search.MethodNames, as seeded IDs spell it) and its settings
	// (Iterations, Descents, P, T0, Decay), declared once in package search
	// and checked by search.ParseMethod.
	search.Settings
	Energy string // energy name, e.g. "depth" (see analysis.ParseEnergy)
	Seed   uint64
}

// Default returns the recipe for a good maze of the design paper, "Rook
// Jumping Maze Design Considerations" (§2, §3.2, §3.7): a 5×5 board, the
// start in the upper-left corner and the goal drawn at random from the
// seed, hill descent with random uphill steps of probability 0.005 for
// 25,000 iterations (footnote 6), and the design energy. The seed is 0; the
// other methods' settings are the command line's defaults.
func Default() Spec {
	return Spec{
		Rows: 5, Cols: 5, RandomGoal: true,
		Settings: search.Settings{Method: search.MethodUphill, Iterations: 25_000, P: 0.005,
			Descents: 10, T0: 10, Decay: 0.9995},
		Energy: "design",
	}
}

// PuzzleEnergy is the energy of the default recipe on every board but the
// papers' plain one (DefaultOn): a long shortest solution (4 per move),
// as few shortest solutions as can be (5 each, counted up to the cells,
// and 16 more while there are two or more) and no non-reaching cells (16
// each). The design energy's cliff between a unique solution and any
// other (|S|³) suits the plain rook maze, where unique long solutions
// are everywhere; on a torus, with queen moves or an exit ring they are
// rare, and a search under it settles for a short unique one (a 6×6
// torus: 5–7 moves where 19 are reachable). Counting the solutions lets
// the search walk towards uniqueness along a long one instead.
const PuzzleEnergy = "weighted:goal_depth=-4,shortest_paths=5,not_unique=16,non_reaching=16"

// DesignWithLength returns the design energy on a board of n cells in its
// weighted form (not_unique·n³ + non_reaching·n² − decisions +
// cluster_penalty + initial_forced_moves², the same terms and weights)
// plus a reward per move of the shortest solution: with reward 0 it ranks
// mazes as the design energy does; books' medium and hard bands and the
// daily curve's long days ask for longer mazes with 1 and 4.
func DesignWithLength(n, reward int) string {
	return fmt.Sprintf("weighted:not_unique=%d,non_reaching=%d,decisions=-1,cluster_penalty=1,initial_forced_moves^2=1,goal_depth=%d", n*n*n, n*n, -reward)
}

// DefaultOn returns the default recipe on board b, seed 0: Default on the
// papers' plain board (a rook maze on a square grid with every cell open
// and no walls), whose seeded IDs it keeps; on every other board
// (variants, layouts) simulated annealing for 200,000 iterations from
// temperature 4, decaying by 0.99998 an iteration, under PuzzleEnergy.
// Over 8 seeds its median shortest solution is at least 40% of what the
// simple objective reaches in 100,000 iterations on the same board, and
// unique on at least 6 (docs/variants.md has the table; RJM_LONG=1 go
// test ./generate -run Quality measures it).
func DefaultOn(b maze.Board) Spec {
	s := Default()
	s.Rows, s.Cols, s.Variant = b.Rows, b.Cols, b.Variant
	s.Layout = b.LayoutID()
	if b.Variant.PlacesGoal() {
		s.RandomGoal = false
	}
	if b.Variant == (maze.Variant{}) && s.Layout == "" {
		return s
	}
	s.Method, s.Iterations, s.T0, s.Decay = search.MethodAnneal, 200_000, 4, 0.99998
	s.Energy = PuzzleEnergy
	return s
}

// Board returns the board the spec generates on. It fails when the
// variant or the layout does not fit the size.
func (s Spec) Board() (maze.Board, error) {
	b := maze.Board{Rows: s.Rows, Cols: s.Cols, Variant: s.Variant}
	if err := b.Validate(); err != nil {
		return b, err
	}
	if s.Layout != "" {
		if err := b.SetLayoutID(s.Layout); err != nil {
			return b, err
		}
	}
	return b, nil
}

// String returns the spec's seeded ID, e.g.
//
//	5x5,method=hill,iterations=1000,energy=depth#42
//	7x7,variant=queen+torus,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#7
//
// Keys appear in a fixed order, only those the method uses, the variant
// (its names joined by +) and layout only when there are any, and start
// and goal only when not the default. ParseSpec reads it back.
func (s Spec) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d", s.Rows, s.Cols)
	if v := s.Variant.String(); v != "" {
		fmt.Fprintf(&b, ",variant=%s", strings.ReplaceAll(v, ",", "+"))
	}
	if s.Layout != "" {
		fmt.Fprintf(&b, ",layout=%s", s.Layout)
	}
	cell := func(key string, c *maze.Cell, random bool) {
		switch {
		case random:
			fmt.Fprintf(&b, ",%s=random", key)
		case c != nil:
			fmt.Fprintf(&b, ",%s=%d.%d", key, c.Row+1, c.Col+1)
		}
	}
	cell("start", s.Start, s.RandomStart)
	if !s.Variant.PlacesGoal() { // an exit-ring maze's goal is always the exit
		cell("goal", s.Goal, s.RandomGoal)
	}
	fmt.Fprintf(&b, ",method=%s,iterations=%d", s.Method, s.Iterations)
	switch s.Method {
	case search.MethodRestarts:
		fmt.Fprintf(&b, ",descents=%d", s.Descents)
	case search.MethodUphill:
		fmt.Fprintf(&b, ",p=%s", ftoa(s.P))
	case search.MethodAnneal:
		fmt.Fprintf(&b, ",t0=%s,decay=%s", ftoa(s.T0), ftoa(s.Decay))
	}
	fmt.Fprintf(&b, ",energy=%s#%d", s.Energy, s.Seed)
	return b.String()
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// ParseSpec parses a seeded ID (see Spec.String). Omitted keys keep the
// values in defaults. It checks syntax only; Validate checks ranges.
func ParseSpec(id string, defaults Spec) (Spec, error) {
	s := defaults
	id = strings.TrimSpace(id)
	body, seed, ok := strings.Cut(id, "#")
	if !ok {
		return s, fault.Invalid("", "seeded ID %q has no '#seed'", maze.Short(id))
	}
	v, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return s, fault.Invalid("", "seeded ID seed %q is not a non-negative integer", maze.Short(seed))
	}
	s.Seed = v
	parts := strings.Split(body, ",")
	rs, cs, ok := strings.Cut(parts[0], "x")
	if s.Rows, err = strconv.Atoi(rs); !ok || err != nil {
		return s, fault.Invalid("", "seeded ID size %q is not of the form RxC", maze.Short(parts[0]))
	}
	if s.Cols, err = strconv.Atoi(cs); err != nil {
		return s, fault.Invalid("", "seeded ID size %q is not of the form RxC", maze.Short(parts[0]))
	}
	parts = joinEnergy(parts)
	for _, kv := range parts[1:] {
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return s, fault.Invalid("", "seeded ID part %q is not key=value", maze.Short(kv))
		}
		var err error
		switch k {
		case "variant":
			s.Variant, err = maze.ParseVariant(strings.ReplaceAll(val, "+", ","))
			if err != nil {
				return s, fault.Invalid("", "seeded ID variant: %w", err)
			}
		case "layout":
			s.Layout = val
		case "start", "goal":
			random, c := val == "random", (*maze.Cell)(nil)
			if !random {
				cc, e := maze.ParseCell(strings.Replace(val, ".", ",", 1))
				if e != nil {
					return s, fault.Invalid("", "seeded ID %s %q is not r.c or random", k, maze.Short(val))
				}
				c = &cc
			}
			if k == "start" {
				s.Start, s.RandomStart = c, random
			} else {
				s.Goal, s.RandomGoal = c, random
			}
		case "method":
			s.Method = val
		case "iterations":
			s.Iterations, err = strconv.Atoi(val)
		case "descents":
			s.Descents, err = strconv.Atoi(val)
		case "p":
			s.P, err = strconv.ParseFloat(val, 64)
		case "t0":
			s.T0, err = strconv.ParseFloat(val, 64)
		case "decay":
			s.Decay, err = strconv.ParseFloat(val, 64)
		case "energy":
			s.Energy = val
		default:
			return s, fault.Invalid("", "seeded ID has unknown key %q", maze.Short(k))
		}
		if err != nil {
			return s, fault.Invalid("", "seeded ID %s %q is not a number", k, maze.Short(val))
		}
	}
	return s, nil
}

// specKeys are the keys of a seeded ID.
var specKeys = []string{"variant", "layout", "start", "goal", "method", "iterations", "descents", "p", "t0", "decay", "energy"}

// joinEnergy joins the parts of a seeded ID that belong to its energy: a
// weighted or priority energy holds commas of its own (Spec.String prints
// the energy's name as it is), so every part after "energy=" up to the
// next part that starts with a seeded ID's key is the energy's. No term
// of an energy is named like a key.
func joinEnergy(parts []string) []string {
	out := parts[:0:0]
	for i := 0; i < len(parts); i++ {
		out = append(out, parts[i])
		if i == 0 || !strings.HasPrefix(parts[i], "energy=") {
			continue
		}
		for i+1 < len(parts) {
			k, _, _ := strings.Cut(parts[i+1], "=")
			if slices.Contains(specKeys, k) {
				break
			}
			i++
			out[len(out)-1] += "," + parts[i]
		}
	}
	return out
}

// Validate checks the spec's ranges and names, and that its energy exists
// and is exact on its board.
func (s Spec) Validate() error {
	b, err := s.Board()
	if err != nil {
		return err
	}
	if s.Variant.PlacesGoal() && s.Goal != nil {
		return fault.Invalid("", "goal %v: on an exit-ring board the goal is the exit", *s.Goal)
	}
	for _, c := range []*maze.Cell{s.Start, s.Goal} {
		switch {
		case c == nil:
		case !b.Contains(*c):
			return fault.Invalid("", "cell %v is off the %dx%d board", *c, s.Rows, s.Cols)
		case !b.Open(b.Index(*c)):
			return fault.Invalid("", "cell %v is a %s cell, not an open one", *c, b.Kind(b.Index(*c)))
		}
	}
	if open := len(b.OpenCells()); open < 2 && !s.Variant.PlacesGoal() {
		return fault.Invalid("", "the board has %d open cell(s); a maze needs a start and a goal", open)
	}
	for _, i := range b.OpenCells() {
		if b.MaxJump(i) == 0 && (s.Goal == nil || b.Index(*s.Goal) != i) {
			return fault.Invalid("", "cell %v has no legal jump on this board, so no legal maze has it (block it, or make it the goal)", b.Cell(i))
		}
	}
	if (s.Start != nil && s.RandomStart) || (s.Goal != nil && s.RandomGoal) {
		return fault.Invalid("", "a cell cannot be both given and random")
	}
	if s.Goal != nil && !s.RandomStart {
		start := maze.DefaultStart(b)
		if s.Start != nil {
			start = *s.Start
		}
		if start == *s.Goal {
			return fault.Invalid("", "start and goal are the same cell %v", start)
		}
	}
	if _, err := search.ParseMethod(s.Settings); err != nil {
		return err
	}
	_, err = s.energyOn(b)
	return err
}

// Work returns the search iterations the spec asks for in all: the
// iterations, times the descents for Restarts.
func (s Spec) Work() int {
	if s.Method == search.MethodRestarts {
		return s.Iterations * s.Descents
	}
	return s.Iterations
}

// energyOn returns the spec's energy, checked to be exact on board b (see
// energy.BoardChecker).
func (s Spec) energyOn(b maze.Board) (energy.Energy, error) {
	e, err := analysis.ParseEnergy(s.Energy)
	if err != nil {
		return nil, err
	}
	return e, energy.Check(e, b)
}

// UseLayout takes the board of the layout maze m into s: its size,
// variant, cell kinds and walls, start, and goal (none on an exit-ring
// board, whose goal is the exit). m's jumps are ignored.
func (s *Spec) UseLayout(m *maze.Maze) {
	s.Rows, s.Cols, s.Variant, s.Layout = m.Rows, m.Cols, m.Variant, m.LayoutID()
	start := m.Cell(m.Start)
	s.Start = &start
	if !m.Variant.PlacesGoal() {
		goal := m.Cell(m.Goal)
		s.Goal = &goal
	}
}

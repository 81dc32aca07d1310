package generate

import (
	"cmp"

	"rjm/analysis"
	"rjm/fault"
	"rjm/maze"
	"rjm/rng"
	"rjm/search"
)

// Settings are a generation recipe as a user gives it: the command line's
// flags (bound to its fields), the web site's form or a JSON body. Spec
// turns them into a checked Spec, with the same messages for every front
// end.
//
// A setting with a default (Size, Rows, Cols, the search's settings,
// Energy) is taken when it is given, and otherwise the board's default
// recipe (DefaultOn) holds. Given says which are given; when it is nil,
// a setting is given when it is not zero, so that the zero Settings are
// the default recipe (with seed 0). A setting given is checked even when
// the method does not use it, since the user asked for it.
type Settings struct {
	// Size is the number of rows and columns of a square board, and Rows
	// and Cols override it; not given, Default's 5. Each is 1 to
	// maze.MaxSide. A Layout gives the board, and then none of them may
	// be given.
	Size, Rows, Cols int
	// Variant holds the board's rules; the zero value is the papers'
	// Rook Jumping Maze. A Layout's variant replaces it.
	Variant maze.Variant
	// Layout, if not nil, is a layout maze whose board (size, variant,
	// cell kinds, walls), start and goal the recipe takes; its jumps are
	// ignored (see Spec.UseLayout).
	Layout *maze.Maze
	// Start and Goal place the start and goal; nil means the Layout's, or
	// else the default: the upper-left start and a goal drawn from the
	// seed. RandomStart and RandomGoal draw the cell from the seed even
	// when the Layout marks one; a cell cannot be both given and random.
	// On an exit-ring board the goal is the exit, and none is given.
	Start, Goal             *maze.Cell
	RandomStart, RandomGoal bool
	// Settings are the search method's name (search.MethodNames) and
	// settings: Iterations its budget (per descent for restarts),
	// Descents the hill descents of restarts, P the uphill probability,
	// T0 and Decay the annealing schedule. Those not given are the
	// board's defaults (DefaultOn: Default's uphill on the plain board,
	// annealing on others).
	search.Settings
	// Energy is the energy's text, as analysis.LoadEnergy reads it; not
	// given, the board's default (DefaultOn: the design energy on the
	// plain board, PuzzleEnergy on others). "@FILE" is read by
	// ReadEnergyFile, and is an error (analysis.ErrNoFiles) when it is
	// nil, as on a server.
	Energy         string
	ReadEnergyFile func(name string) ([]byte, error)
	// Given reports whether the user gave the setting of the given name:
	// "size", "rows", "cols", "method", "iterations", "descents", "p",
	// "t0", "decay" or "energy" (a front end's own names map to these).
	// Nil means a setting is given when it is not zero.
	Given func(setting string) bool
	// MaxSide and MaxWork are a front end's own limits, tighter than the
	// library's (a server's): the most rows or columns, and the most
	// search iterations in all (Spec.Work). Zero means maze.MaxSide and
	// search.MaxIterations.
	MaxSide, MaxWork int
	// Seed is the random seed, unless RandomSeed is set: then a seed is
	// drawn at random (rng.Draw), which the spec holds, so that its
	// seeded ID repeats the maze.
	Seed       uint64
	RandomSeed bool
}

// given reports whether the setting name of s, whose value is v, is
// given.
func given[T comparable](s Settings, name string, v T) bool {
	if s.Given != nil {
		return s.Given(name)
	}
	var zero T
	return v != zero
}

// Spec returns the recipe the settings give, checked as Spec.Validate
// checks it: a board that fits its variant and layout, start and goal on
// open cells, a known method with its settings in range (search.ParseMethod),
// and an energy that exists and is exact on the board. Its errors name what
// is wrong, a *fault.Error such as "size 40x40: rows and columns must be 1 to 32".
// Spec reads a file only through ReadEnergyFile.
func (s Settings) Spec() (Spec, error) {
	spec := Default()
	spec.Variant = s.Variant
	if s.Layout != nil {
		if given(s, "size", s.Size) || given(s, "rows", s.Rows) || given(s, "cols", s.Cols) {
			return spec, fault.Invalid("", "a layout gives the board's size: give no size, rows or columns with it")
		}
		spec.UseLayout(s.Layout)
	} else {
		if given(s, "size", s.Size) {
			spec.Rows, spec.Cols = s.Size, s.Size
		}
		setIf(s, &spec.Rows, "rows", s.Rows)
		setIf(s, &spec.Cols, "cols", s.Cols)
		most := cmp.Or(s.MaxSide, maze.MaxSide)
		if spec.Rows < 1 || spec.Cols < 1 || spec.Rows > most || spec.Cols > most {
			return spec, fault.Invalid("", "size %dx%d: rows and columns must be 1 to %d", spec.Rows, spec.Cols, most)
		}
	}
	if b, err := spec.Board(); err == nil {
		// The board's own default recipe (DefaultOn); what the user gives
		// replaces it below.
		d := DefaultOn(b)
		spec.Settings = d.Settings
		spec.Energy = d.Energy
	}
	switch {
	case s.Start != nil && s.RandomStart:
		return spec, fault.Invalid("", "start %v: give a start cell or a random start, not both", *s.Start)
	case s.Goal != nil && s.RandomGoal:
		return spec, fault.Invalid("", "goal %v: give a goal cell or a random goal, not both", *s.Goal)
	}
	if s.Start != nil {
		spec.Start = new(*s.Start)
	}
	if s.Goal != nil {
		spec.Goal = new(*s.Goal)
	}
	if s.RandomStart {
		spec.Start, spec.RandomStart = nil, true
	}
	if s.RandomGoal {
		spec.Goal = nil
	}
	spec.RandomGoal = spec.Goal == nil && !spec.Variant.PlacesGoal()
	if given(s, "energy", s.Energy) {
		read := s.ReadEnergyFile
		if read != nil {
			read = func(name string) ([]byte, error) {
				data, err := s.ReadEnergyFile(name)
				if err != nil {
					return nil, fault.Invalid("", "energy file: %w", err)
				}
				return data, nil
			}
		}
		e, err := analysis.LoadEnergy(s.Energy, read)
		if err != nil {
			return spec, err
		}
		spec.Energy = e.Name()
	}
	if err := s.method(&spec); err != nil {
		return spec, err
	}
	spec.Seed = s.Seed
	if s.RandomSeed {
		spec.Seed = rng.Draw()
	}
	if err := spec.Validate(); err != nil {
		return spec, err
	}
	if s.MaxWork > 0 && spec.Work() > s.MaxWork {
		return spec, fault.Invalid("", "%d iterations in all: at most %d", spec.Work(), s.MaxWork)
	}
	return spec, nil
}

// method takes the method's name and settings into spec. A setting given
// for another method than spec's is checked as that method's, with a
// budget of its own: a user who gives it means it to be right.
func (s Settings) method(spec *Spec) error {
	setIf(s, &spec.Method, "method", s.Method)
	setIf(s, &spec.Iterations, "iterations", s.Iterations)
	setIf(s, &spec.Descents, "descents", s.Descents)
	setIf(s, &spec.P, "p", s.P)
	setIf(s, &spec.T0, "t0", s.T0)
	setIf(s, &spec.Decay, "decay", s.Decay)
	for _, x := range []struct {
		given        bool
		name, method string
	}{
		{given(s, "descents", s.Descents), "descents", search.MethodRestarts}, {given(s, "p", s.P), "p", search.MethodUphill},
		{given(s, "t0", s.T0), "t0", search.MethodAnneal}, {given(s, "decay", s.Decay), "decay", search.MethodAnneal},
	} {
		if x.given && spec.Method != x.method {
			other := spec.Settings
			other.Method, other.Iterations = x.method, 0
			if _, err := search.ParseMethod(other); err != nil {
				return fault.Invalid("", "%s, a setting of %s: %w", x.name, x.method, err)
			}
		}
	}
	return nil
}

// setIf sets *dst to v when the setting name is given.
func setIf[T comparable](s Settings, dst *T, name string, v T) {
	if given(s, name, v) {
		*dst = v
	}
}

package maze

import (
	"slices"
	"strings"

	"rjm/fault"
)

// ParseVariant parses a comma-separated list of variant names, e.g.
// "queen,torus" or "hex, no-u-turn": the names and aliases of the rule
// catalogue's rows of the variant (Rules). Names are case-insensitive;
// "rook", "square", "plain" and the empty list add nothing. The
// combination must be valid (see Variant.Validate).
func ParseVariant(s string) (Variant, error) {
	var v Variant
	tiling := ""
	for name := range strings.SplitSeq(s, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" || name == "rook" || name == "square" || name == "plain" {
			continue
		}
		r, ok := variantRule(name)
		if !ok {
			if len(name) > 20 {
				name = name[:20] + "..."
			}
			return Variant{}, fault.Invalid("", "unknown variant %q (want a comma-separated list of %s)", Short(name), VariantList())
		}
		before := v.Tiling
		r.set(&v)
		if v.Tiling != before {
			if tiling != "" {
				return Variant{}, fault.Invalid("", "variant %q names two tilings, %s and %s", Short(s), tiling, name)
			}
			tiling = name
		}
	}
	if err := v.Validate(); err != nil {
		return Variant{}, err
	}
	return v, nil
}

// variantRule returns the row of the variant's rule named name (or one
// of its aliases), lower case.
func variantRule(name string) (Rule, bool) {
	for _, r := range Rules {
		if r.Variant && (r.Name == name || slices.Contains(r.Aliases, name)) {
			return r, true
		}
	}
	return Rule{}, false
}

// VariantList returns the variant names, comma-separated, for help texts
// and messages.
func VariantList() string {
	names := make([]string, len(VariantNames))
	for i, n := range VariantNames {
		names[i] = n[0]
	}
	return strings.Join(names, ", ")
}

// String returns the canonical text form: the names of its rules in the
// catalogue's order, separated by commas; "" for the plain Rook Jumping
// Maze.
func (v Variant) String() string {
	var names []string
	for _, r := range Rules {
		if r.Variant && r.On(Board{Variant: v}) {
			names = append(names, r.Name)
		}
	}
	return strings.Join(names, ",")
}

// MarshalText returns the text form (see String).
func (v Variant) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads the text form (see ParseVariant), so that a variant
// can be a flag's or a field's value.
func (v *Variant) UnmarshalText(text []byte) error {
	x, err := ParseVariant(string(text))
	if err == nil {
		*v = x
	}
	return err
}

// With returns the rules of v and o together, e.g. a maze's own variant
// and those a command line adds. The tilings must agree (or one be
// Square), and the combination must be valid.
func (v Variant) With(o Variant) (Variant, error) {
	if v.Tiling != Square && o.Tiling != Square && v.Tiling != o.Tiling {
		return Variant{}, fault.Invalid("", "variants name two tilings, %s and %s", v.Tiling, o.Tiling)
	}
	u := v
	for _, r := range Rules {
		if r.Variant && r.On(Board{Variant: o}) {
			r.set(&u)
		}
	}
	if err := u.Validate(); err != nil {
		return Variant{}, err
	}
	return u, nil
}

// Validate reports whether the rules can be combined: no rule of v with
// one its catalogue row conflicts with.
func (v Variant) Validate() error {
	if v.Tiling > Triangle {
		return fault.Invalid("", "unknown tiling %d", v.Tiling)
	}
	b := Board{Variant: v}
	for _, r := range Rules {
		if !r.Variant || !r.On(b) {
			continue
		}
		for _, c := range r.Conflicts {
			if o, _ := variantRule(c.With); o.On(b) {
				return fault.Invalid("", "%s", c.Why)
			}
		}
	}
	return nil
}

// dirs returns the move directions of the variant, in solver order.
func (v Variant) dirs() []Dir {
	switch {
	case v.Tiling != Square:
		return sixDirs
	case v.Queen:
		return queenDirs
	}
	return rookDirs
}

var (
	rookDirs  = []Dir{Up, Down, Left, Right}
	queenDirs = []Dir{Up, Down, Left, Right, UpLeft, UpRight, DownLeft, DownRight}
	sixDirs   = []Dir{Left, Right, UpLeft, UpRight, DownLeft, DownRight}
)

package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rjm/fault"
	"rjm/maze"
)

// Exclusive returns a *fault.Error when c was given both flags of a
// pair.
func Exclusive(c *cobra.Command, pairs ...[2]string) error {
	for _, p := range pairs {
		if c.Flags().Changed(p[0]) && c.Flags().Changed(p[1]) {
			return fault.Invalid("--"+p[1], "not with --%s: give one or the other", p[0])
		}
	}
	return nil
}

// Cell returns the value of a cell flag, as --start or --goal: a 1-based
// "r,c" into *p, which stays nil until given.
func Cell(p **maze.Cell) pflag.Value { return cellValue{p} }

type cellValue struct{ p **maze.Cell }

func (v cellValue) Type() string { return "r,c" }

func (v cellValue) String() string {
	if v.p == nil || *v.p == nil {
		return ""
	}
	return fmt.Sprintf("%d,%d", (*v.p).Row+1, (*v.p).Col+1)
}

func (v cellValue) Set(s string) error {
	c, err := maze.ParseCell(s)
	if err == nil {
		*v.p = &c
	}
	return err
}

// Floats returns the value of a flag holding a comma-separated list of
// numbers, into *p; empty is none.
func Floats(p *[]float64) pflag.Value { return floats{p} }

type floats struct{ p *[]float64 }

func (v floats) Type() string { return "list" }

func (v floats) String() string {
	var s []string
	for _, x := range *v.p {
		s = append(s, strconv.FormatFloat(x, 'g', -1, 64))
	}
	return strings.Join(s, ",")
}

func (v floats) Set(list string) error {
	*v.p = nil
	for f := range strings.SplitSeq(list, ",") {
		if strings.TrimSpace(list) == "" {
			break
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", maze.Short(f))
		}
		*v.p = append(*v.p, x)
	}
	return nil
}

// Workers returns the value of a --workers flag: a number of goroutines
// into *p, 0 (one per core) or more.
func Workers(p *int) pflag.Value { return workers{p} }

type workers struct{ p *int }

func (v workers) Type() string   { return "workers" }
func (v workers) String() string { return strconv.Itoa(*v.p) }

func (v workers) Set(s string) error {
	n, err := strconv.Atoi(s)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return fault.Invalid("", "%q is out of range", maze.Short(s))
	case err != nil:
		return fault.Invalid("", "%q is not a whole number", maze.Short(s))
	case n < 0:
		return fault.Invalid("", "%d: want 0 (one per core) or more", n)
	}
	*v.p = n
	return nil
}

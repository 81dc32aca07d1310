package cli

import (
	"errors"
	"testing"

	"github.com/spf13/cobra"

	"rjm/fault"
)

// The search flags are generate.Settings' fields: a flag given is taken
// (zero too), one left out is the board's default, and the seed is drawn
// unless given.
func TestSearchFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "3"}, "5x5,goal=random,method=uphill,iterations=25000,p=0.005,energy=design#3"},
		{[]string{"--seed", "3", "--p", "0", "--iterations", "0"}, "5x5,goal=random,method=uphill,iterations=0,p=0,energy=design#3"},
		{[]string{"--seed", "0", "--variant", "torus", "--size", "6"}, "6x6,variant=torus,goal=random,method=anneal,iterations=200000,t0=4,decay=0.99998,energy=design#0"},
		{[]string{"--seed", "1", "--method", "restarts", "--restarts", "2", "--iterations", "10"}, "5x5,goal=random,method=restarts,iterations=10,descents=2,energy=design#1"},
	} {
		var f SearchFlags
		c := &cobra.Command{Use: "x"}
		f.Register(c)
		if err := c.ParseFlags(tc.args); err != nil {
			t.Fatal(err)
		}
		spec, err := f.Spec(c, "design")
		if err != nil || spec.String() != tc.want {
			t.Errorf("%v: %v, %v\nwant %s", tc.args, spec, err, tc.want)
		}
	}
	var f SearchFlags
	c := &cobra.Command{Use: "x"}
	f.Register(c)
	if err := c.ParseFlags([]string{"--start", "1,2", "--random-start"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Spec(c, ""); !errors.Is(err, fault.ErrInvalid) || err.Error() != "--random-start: not with --start: give one or the other" {
		t.Errorf("both a start and a random start: %v", err)
	}
}

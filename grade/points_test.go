package grade_test

import (
	"context"
	"strings"
	"testing"

	"rjm/grade"
)

// Points follow correctness: with the check table's weights, a program
// whose evaluation or search is wrong earns at most half of its exercise
// (a hill descent that accepts worse mazes earned 18.57 of 20 with a
// point a check, a depth table one too deep as much), and a correct
// program with a format slip (its prompt on a line of its own) keeps
// most.
func TestPointsFollowCorrectness(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	for _, tc := range []struct {
		exercise, bug string
		lo, hi        float64 // the share of the exercise's points
		capped        string
	}{
		{"hill-descent", "", 1, 1, ""},
		{"hill-descent", "randomwalk", 0, 0.5, "search"},
		{"evaluation", "depth", 0, 0.5, "evaluation"},
		{"hill-descent", "positive", 0, 0.5, "evaluation"},
		{"hill-descent", "println", 0.85, 0.99, ""},
	} {
		s := small(student(t, "go", tc.exercise, tc.bug))
		g, err := grade.Class(context.Background(), tc.exercise, s, []string{studentsDir}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := g.Students[0]
		got := st.Points / st.MaxPoints
		if got < tc.lo || got > tc.hi || !strings.Contains(st.Capped, tc.capped) || tc.capped == "" && st.Capped != "" {
			t.Errorf("%s %q: %.4g of %.4g points (%.2f), capped %q; want a share from %.2f to %.2f, capped for its %q\n%s", tc.exercise, tc.bug, st.Points, st.MaxPoints, got, st.Capped, tc.lo, tc.hi, tc.capped, st.Report.Text())
		}
	}
}

// A teacher's rubric changes the weights and the cap: cap = 1 turns the
// cap off, and a check's own points replace its weight.
func TestRubricChangesWeightsAndCap(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	r, err := grade.ParseRubric("r.toml", []byte("cap = 1\n[checks]\nsearch = 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := small(student(t, "go", "hill-descent", "randomwalk"))
	g, err := grade.Class(context.Background(), "hill-descent", s, []string{studentsDir}, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.Students[0]
	if st.Capped != "" || st.Points <= st.MaxPoints/2 {
		t.Errorf("%v of %v points, capped %q; want more than half, uncapped", st.Points, st.MaxPoints, st.Capped)
	}
	for _, bad := range []string{"cap = 2\n", "cap = -0.1\n", "cap = x\n"} {
		if _, err := grade.ParseRubric("r.toml", []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

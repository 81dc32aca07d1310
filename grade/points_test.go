package grade_test

import (
	"context"
	"os"
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

// The -1000000 defect (a goal that cannot be reached gets -1000000, not
// 1000000) shows only on such a maze, about 15% of random 5×5 mazes: a
// grading runs until it saw one, so the defect is caught in every grading
// (it passed one grading in five that stopped after ten runs). Ten
// gradings with different seeds; a hundred with RJM_LONG=1. The report
// counts the case.
func TestUnreachableGoalDefectAlwaysCaught(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	gradings := 10
	if os.Getenv("RJM_LONG") == "1" {
		gradings = 100
	}
	caught := 0
	for seed := range gradings {
		s := grade.Settings{Command: student(t, "go", "evaluation", "negunreachable"), Dir: studentsDir, Seed: uint64(seed) + 1000, Workers: 1}
		r, err := grade.Run(context.Background(), "evaluation", s, nil)
		if err != nil {
			t.Fatal(err)
		}
		ck, _ := r.Check("objective")
		if ck.State == grade.Failed && strings.Contains(ck.Message, "printed objective -1000000 for a maze whose goal cannot be reached; the assignment asks for 1000000") {
			caught++
		} else {
			t.Errorf("seed %d: objective %s (%s) after %d runs; %+v", s.Seed, ck.State, ck.Message, r.Made, r.Cases)
		}
		if len(r.Cases) == 0 || r.Cases[0].Seen < 1 || r.Made < 29 {
			t.Errorf("seed %d: %d runs, cases %+v; want at least 29 runs and a maze whose goal cannot be reached", s.Seed, r.Made, r.Cases)
		}
	}
	t.Logf("caught in %d of %d gradings", caught, gradings)
}

// When the most runs come before a case a check needs, the check is not
// checked, saying which case was missing, never passed: two runs of a
// correct evaluation whose mazes all have a goal that cannot be reached
// (seed 1), or all one that can.
func TestCaseUnseenAtTheCapIsNotChecked(t *testing.T) {
	t.Parallel() // it only grades: see TestMain
	s := grade.Settings{Command: student(t, "go", "evaluation", ""), Dir: studentsDir, Runs: 2, Seed: 1, Workers: 1}
	r, err := grade.Run(context.Background(), "evaluation", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	unseen := ""
	for _, k := range r.Cases {
		if k.Check == "objective" && k.Seen == 0 {
			unseen = strings.TrimPrefix(k.Case, "mazes ")
			if !strings.Contains(r.Text(), "seen: ") || !strings.Contains(r.Text(), "0 "+k.Case+" (1 needed)") {
				t.Errorf("the report does not count the cases:\n%s", r.Text())
			}
		}
	}
	if unseen == "" {
		t.Fatalf("cases %+v: want seed 1's two mazes alike", r.Cases)
	}
	wantState(t, r, "objective", grade.NotChecked, "no maze "+unseen+" in 2 runs")
}

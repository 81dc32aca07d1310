package grade

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"rjm/exercise"
	"rjm/rng"
)

// twin is an exercise the assignment does not have, written only as a row
// of exercise.Table: a size of 5 or 6 asked, then a random maze of that
// size and its evaluation. An invalid size must be asked again.
var twin = exercise.Exercise{
	Name:       "twin",
	Prompts:    []exercise.Prompt{{Text: "Twin size (5-6)? ", Want: "5 or 6"}},
	Random:     true,
	Evaluation: true,
	Problem:    "Problem 9",
	Points:     7,
	Files:      []string{"twin"},
	Answers: func(_ int, r *rand.Rand) ([]string, int) {
		n := 5 + r.IntN(2)
		return []string{strconv.Itoa(n)}, n
	},
	Invalid: []string{"9"},
	Run: func(x *exercise.Session) error {
		n, err := x.AskInt(exercise.Prompt{Text: "Twin size (5-6)? "}, 5, 6)
		if err != nil {
			return err
		}
		m, err := x.RandomMaze(n)
		if err != nil {
			return err
		}
		return x.PrintEvaluation(m)
	},
}

// twinEnv, set in a run's environment, makes the test binary the
// student's program: rjm's own twin, by exercise.Run.
const twinEnv = "RJM_GRADE_TEST_TWIN"

func init() {
	if os.Getenv(twinEnv) != "1" {
		return
	}
	exercise.Table = append(exercise.Table, twin)
	seed, _ := strconv.ParseUint(os.Getenv(RunSeedEnv), 10, 64)
	_, err := exercise.Run(context.Background(), twin.Name, exercise.IO{In: os.Stdin, Out: os.Stdout, Errors: os.Stderr}, rng.NewRand(seed))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// runsRead is the fake check's figure: it wants runsRead transcripts read
// before it decides, so it keeps the grading going as a statistical check
// does.
const runsRead = 30

// twinCheck is a check the grader does not have, written only as a row of
// checkTable: it passes once runsRead transcripts were read, and is
// undecided before.
var twinCheck = checkRow{
	name: "twin-count", category: Format, decisive: true,
	applies: func(c *checker) bool { return c.p.ex.Name == twin.Name },
	run: func(c *checker, j judged) Check {
		if len(j.runs) < runsRead && !c.last() {
			return Check{State: NotChecked, Message: fmt.Sprintf("undecided: %d transcripts read", len(j.runs))}
		}
		return Check{State: Passed, Message: fmt.Sprintf("%d transcripts read", len(j.runs))}
	},
}

// A new exercise row and a new check row flow through the runner, the
// grader (its runs, reprompt and terminal runs, its stopping rule) and
// the rubric without any other edit.
func TestTableRowsFlowThrough(t *testing.T) {
	exercises, checks := exercise.Table, checkTable
	exercise.Table = append(slices.Clip(exercise.Table), twin)
	checkTable = append(slices.Clip(checkTable), twinCheck)
	t.Cleanup(func() { exercise.Table, checkTable = exercises, checks })

	// The runner: the size asked again after an invalid one, then the
	// maze of the size given and its evaluation.
	var out, complaints strings.Builder
	res, err := exercise.Run(context.Background(), "twin", exercise.IO{In: strings.NewReader("9\n6\n"), Out: &out, Errors: &complaints}, rng.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "Twin size (5-6)? Twin size (5-6)? ") || res.Maze.Board.Rows != 6 || res.Solved == nil ||
		!strings.Contains(out.String(), "\nMoves from start:\n") || !strings.Contains(complaints.String(), "invalid answer \"9\"") {
		t.Fatalf("the runner printed %q, complained %q", out.String(), complaints.String())
	}

	// The grader: the test binary, as twin's program, passes every check
	// the row's fields call for, the fake one included, and the fake
	// check, undecided before runsRead runs, keeps the runs going.
	s := Settings{Command: []string{os.Args[0]}, Dir: t.TempDir(), Env: []string{twinEnv + "=1"}, Runs: 60, Seed: 3, Timeout: 20 * time.Second}
	r, err := Run(context.Background(), "twin", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Pass {
		t.Fatalf("rjm's own twin fails:\n%s", r.Text())
	}
	var names []string
	for _, c := range r.Checks {
		names = append(names, c.Name)
	}
	want := []string{"prompts", "layout", "reprompt", "terminal", "size", "goal", "legal", "uniform", "depths", "objective", "time", "exit", "output", "twin-count"}
	if !slices.Equal(names, want) {
		t.Errorf("checks %v, want %v", names, want)
	}
	if ck, _ := r.Check("twin-count"); ck.Category != Format || !strings.HasPrefix(ck.Message, strconv.Itoa(runsRead)) {
		t.Errorf("the fake check: %+v, want it decided at %d runs", ck, runsRead)
	}
	if regular := r.Made - 1; regular < runsRead { // one run gives invalid answers
		t.Errorf("%d runs compared, want at least %d: the fake check did not keep the runs going", regular, runsRead)
	}
	if ck, _ := r.Check("size"); !strings.Contains(ck.Message, "the size asked") {
		t.Errorf("size: %s", ck.Message)
	}

	// The rubric: the new check and the new exercise are names it takes.
	rb, err := ParseRubric("rubric.json", []byte(`{"checks": {"twin-count": 5}, "exercises": {"twin": 7}}`))
	if err != nil {
		t.Fatal(err)
	}
	if ck, _ := r.Check("twin-count"); rb.Points(ck) != 5 {
		t.Errorf("the rubric gives the fake check %v points, want 5", rb.Points(ck))
	}
	if p, ok := CourseRubric().courseExercise("twin"); !ok || p != twin.Points {
		t.Errorf("the course rubric gives twin %v points (%v), want %v", p, ok, twin.Points)
	}
	if !slices.Contains(CheckNames(), "twin-count") {
		t.Errorf("CheckNames() = %v, without the fake check", CheckNames())
	}
	if _, err := ParseRubric("rubric.json", []byte(`{"checks": {"twin-count": 5}}`)); err != nil {
		t.Error(err)
	}
}

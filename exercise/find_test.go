package exercise_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rjm/exercise"
	"rjm/fault"
	"rjm/rng"
)

// Find returns an exercise's row of Table, or an error a front end shows
// as it is.
func ExampleFind() {
	e, err := exercise.Find("hill-descent")
	fmt.Println(e.Problem, err)
	_, err = exercise.Find("juggling")
	fmt.Println(err)
	fmt.Println(errors.Is(err, exercise.ErrUnknown), errors.Is(err, fault.ErrNotFound))
	// Output:
	// Problem 3 <nil>
	// unknown exercise "juggling" (want one of representation, evaluation, hill-descent, restarts, uphill, annealing)
	// true true
}

// A row added to Table flows through List, Find and Run without other
// edits.
func TestTableRowFlowsThrough(t *testing.T) {
	saved := exercise.Table
	t.Cleanup(func() { exercise.Table = saved })
	row, _ := exercise.Lookup("representation")
	row.Name = "twin"
	exercise.Table = append(slices.Clip(saved), row)
	if !slices.Contains(exercise.List(), "twin") {
		t.Errorf("List %v", exercise.List())
	}
	if _, err := exercise.Find("twin"); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := exercise.Run(context.Background(), "twin", exercise.IO{In: strings.NewReader("5\n"), Out: &out, Errors: &out}, rng.NewRand(1)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), exercise.SizePrompt.Text) {
		t.Errorf("the twin's transcript: %q", out.String())
	}
	if _, err := exercise.Find("nonesuch"); err == nil || !strings.Contains(err.Error(), "twin") {
		t.Errorf("the names listed in %v leave the new row out", err)
	}
}

// An answer that never comes is the user's fault: a *fault.Error wrapping
// ErrNoAnswer, naming no package.
func TestNoAnswerIsAFault(t *testing.T) {
	_, err := exercise.Run(context.Background(), "hill-descent", exercise.IO{In: strings.NewReader(""), Out: new(bytes.Buffer), Errors: new(bytes.Buffer)}, rng.NewRand(1))
	if !errors.Is(err, exercise.ErrNoAnswer) || !fault.Is(err) || strings.HasPrefix(err.Error(), "exercise:") {
		t.Errorf("%v", err)
	}
}

// Find knows an exercise by its name, or by one of its files' names in
// any case, as a roster or a student's folder names it; nothing else.
func TestFindByFiles(t *testing.T) {
	for word, want := range map[string]string{"hill-descent": "hill-descent", "P3": "hill-descent", "hill_descent": "hill-descent", "EC1": "annealing", "representation": "representation"} {
		if e, err := exercise.Find(word); err != nil || e.Name != want {
			t.Errorf("Find(%q) = %q, %v; want %s", word, e.Name, err, want)
		}
	}
	if _, err := exercise.Find("p9"); err == nil {
		t.Error("Find(p9) found an exercise")
	}
}

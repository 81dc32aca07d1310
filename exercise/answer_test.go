package exercise_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"

	"rjm/exercise"
	"rjm/rng"
)

// zeros is endless input without a line break, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// The prompts are printed as the assignment states them, with a trailing
// space and no line break, so piped answers leave the output running on
// the prompt's line.
func TestPromptsRunOnTheirLine(t *testing.T) {
	for _, tc := range []struct{ name, input, prefix string }{
		{"representation", "5\n", "Rook Jumping Maze size (5-10)? "},
		{"restarts", "10\n2\n", "Iterations? Hill descents? "},
		{"uphill", "10\n0.1\n", "Iterations? Uphill step probability? "},
		{"annealing", "10\n1\n0.9\n", "Iterations? Initial temperature? Decay rate? "},
	} {
		var out bytes.Buffer
		_, err := exercise.Run(context.Background(), tc.name, exercise.IO{In: strings.NewReader(tc.input), Out: &out, Errors: io.Discard}, rng.NewRand(1))
		if err != nil || !strings.HasPrefix(out.String(), tc.prefix) || strings.HasPrefix(out.String()[len(tc.prefix):], "\n") {
			t.Errorf("%s: %v\n%q", tc.name, err, out.String())
		}
	}
}

// An answer line longer than MaxAnswer (or endless input with no line
// break) is refused in one line, without reading it all or echoing it.
func TestAnswerLengthCapped(t *testing.T) {
	for _, in := range []io.Reader{zeros{}, strings.NewReader(strings.Repeat("9", 1_000_000) + "\n5\n")} {
		var errs bytes.Buffer
		_, err := exercise.Run(context.Background(), "representation", exercise.IO{In: in, Out: io.Discard, Errors: &errs}, rng.NewRand(1))
		if !errors.Is(err, exercise.ErrNoAnswer) || len(err.Error()) > 200 || strings.Contains(err.Error(), "\n") || errs.Len() > 0 {
			t.Errorf("error %v, stderr %q", err, errs.String())
		}
	}
	// An invalid answer is echoed cut short.
	var errs bytes.Buffer
	in := strings.NewReader(strings.Repeat("7", 1000) + "\n5\n")
	if _, err := exercise.Run(context.Background(), "representation", exercise.IO{In: in, Out: io.Discard, Errors: &errs}, rng.NewRand(1)); err != nil || errs.Len() > 200 {
		t.Errorf("error %v, stderr %q", err, errs.String())
	}
}

// Answers may end with CR LF or a lone CR (old Mac line endings).
func TestAnswerLineEndings(t *testing.T) {
	for _, in := range []string{"10\r2\r", "10\r\n2\r\n", "10\n\r2"} {
		var out bytes.Buffer
		if _, err := exercise.Run(context.Background(), "restarts", exercise.IO{In: strings.NewReader(in), Out: &out, Errors: io.Discard}, rng.NewRand(1)); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// A cancelled context ends a prompt at once with the context's error.
func TestPromptCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := exercise.Run(ctx, "representation", exercise.IO{In: strings.NewReader("5\n"), Out: io.Discard, Errors: io.Discard}, rng.NewRand(1))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

// Every exercise of the table prints its prompts, in order, exactly as
// the table holds them, given the answers its row gives (for a budget of
// 10 iterations); then its edge answers and its invalid answers before
// the valid ones are taken too, or refused where the row allows.
func TestTablePrompts(t *testing.T) {
	for _, e := range exercise.Table {
		answers, size := e.Answers(10, rng.NewRand(1))
		input := strings.Join(answers, "\n") + "\n"
		var out strings.Builder
		res, err := exercise.Run(context.Background(), e.Name, exercise.IO{In: strings.NewReader(input), Out: &out, Errors: io.Discard}, rng.NewRand(1))
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		want := ""
		for _, p := range e.Prompts {
			want += p.Text
		}
		if !strings.HasPrefix(out.String(), want) {
			t.Errorf("%s: %q, want prompts %q", e.Name, out.String(), want)
		}
		if res.Maze.Board.Rows != size || (res.Solved != nil) != e.Evaluation {
			t.Errorf("%s: a %d-row maze (evaluated: %v), want %d rows (%v)", e.Name, res.Maze.Board.Rows, res.Solved != nil, size, e.Evaluation)
		}
		if e.Edge != nil {
			in := strings.Join(e.Edge, "\n") + "\n"
			if _, err := exercise.Run(context.Background(), e.Name, exercise.IO{In: strings.NewReader(in), Out: io.Discard, Errors: io.Discard}, rng.NewRand(1)); err != nil {
				t.Errorf("%s: edge answers %q: %v", e.Name, e.Edge, err)
			}
		}
		for _, pr := range e.Probes {
			in := strings.Join(pr.Answers, "\n") + "\n"
			if len(pr.Answers) != len(e.Prompts) || pr.Case == "" || pr.One == "" || pr.Rule == "" {
				t.Errorf("%s: probe %+v: want an answer a prompt, a case, one and a rule", e.Name, pr)
			}
			if _, err := exercise.Run(context.Background(), e.Name, exercise.IO{In: strings.NewReader(in), Out: io.Discard, Errors: io.Discard}, rng.NewRand(1)); err != nil {
				t.Errorf("%s: probe answers %q: %v", e.Name, pr.Answers, err)
			}
		}
		if e.Invalid != nil {
			var complaints strings.Builder
			in := strings.Join(append(slices.Clone(e.Invalid), answers...), "\n") + "\n"
			_, err := exercise.Run(context.Background(), e.Name, exercise.IO{In: strings.NewReader(in), Out: io.Discard, Errors: &complaints}, rng.NewRand(1))
			if err != nil || strings.Count(complaints.String(), "invalid answer") != len(e.Invalid) {
				t.Errorf("%s: invalid answers %q: %v, complaints %q", e.Name, e.Invalid, err, complaints.String())
			}
		}
	}
}

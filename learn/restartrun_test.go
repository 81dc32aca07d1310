package learn_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/learn"
)

// The zero settings are the exercises; given in full, as on the command
// line, a zero that would be read as a default is out of range.
func TestRestartSettingsZero(t *testing.T) {
	for _, s := range []interface {
		Validate() error
		ValidateAsGiven() error
	}{learn.RestartBandit{}, learn.RestartSARSA{}} {
		if err := s.Validate(); err != nil {
			t.Errorf("%T{}.Validate: %v", s, err)
		}
		var se *learn.SettingError
		if err := s.ValidateAsGiven(); !errors.As(err, &se) {
			t.Errorf("%T{}.ValidateAsGiven: %v, want a SettingError", s, err)
		}
	}
}

// Settings out of range are errors naming the setting; Message names it
// in a front end's words.
func TestRestartSettingsErrors(t *testing.T) {
	eps := 2.0
	for _, c := range []struct {
		s    interface{ Validate() error }
		want string
	}{
		{learn.RestartBandit{Pulls: -1}, "pulls -1 out of range 1..1000000"},
		{learn.RestartBandit{Epsilons: make([]float64, 21)}, "21 runs asked for; at most 20"},
		{learn.RestartBandit{Arms: 17}, "arms 17 out of range 1..16"},
		{learn.RestartBandit{Base: 1 << 30}, "base 1073741824 out of range 1..31250000 for 6 arms"},
		{learn.RestartBandit{Taus: []float64{-1}}, "softmax temperature -1 must be positive and finite"},
		{learn.RestartBandit{Size: 1}, "size 1x1: a maze needs at least 2 cells"},
		{learn.RestartSARSA{Episodes: -1}, "episodes -1 out of range 1..1000000"},
		{learn.RestartSARSA{StepsPerMaze: 1 << 30}, "steps-per-maze 1073741824 out of range 1..10000000"},
		{learn.RestartSARSA{Epsilon: &eps}, "epsilon 2 out of range 0..1"},
		{learn.RestartSARSA{Gamma: 1.5}, "gamma 1.5 out of range (0, 1]"},
		{learn.RestartSARSA{MDP: learn.RestartMDP{Floor: -1}}, "stage and target must be positive, horizon and floor not negative"},
		{learn.RestartSARSA{MDP: learn.RestartMDP{Target: 12}}, "target depth 12 must be above the floor 12"},
		{learn.RestartSARSA{Size: 4}, "target 18: no 4×4 maze has a goal depth above 15"},
	} {
		err := c.s.Validate()
		if err == nil || err.Error() != c.want || !errors.Is(err, fault.ErrInvalid) {
			t.Errorf("%+v: error %v, want %q of kind fault.ErrInvalid", c.s, err, c.want)
		}
	}
	err := learn.RestartSARSA{MDP: learn.RestartMDP{Stage: -1}}.Validate()
	var se *learn.SettingError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a SettingError", err)
	}
	flag := func(s string) string { return "--" + strings.ToUpper(s) }
	if got, want := se.Message(flag), "--STAGE and --TARGET must be positive, --HORIZON and --FLOOR not negative"; got != want {
		t.Errorf("Message: %q, want %q", got, want)
	}
}

// Progress counts every pull of every run, and every maze of every
// evaluation, up to the total; results do not depend on the workers.
func TestRestartRunsProgress(t *testing.T) {
	ctx := context.Background()
	type call struct{ done, total int }
	record := func(calls *[]call) func(done, total int) {
		return func(done, total int) { *calls = append(*calls, call{done, total}) }
	}
	check := func(what string, calls []call, total int) {
		t.Helper()
		if len(calls) != total {
			t.Fatalf("%s: %d progress calls, want %d", what, len(calls), total)
		}
		for i, c := range calls {
			if c != (call{i + 1, total}) {
				t.Fatalf("%s: call %d is %v, want {%d %d}", what, i, c, i+1, total)
			}
		}
	}

	var pulls []call
	b := learn.RestartBandit{Epsilons: []float64{0.1, 0.2}, Taus: []float64{5}, Pulls: 20, Arms: 2, Seed: 3, Workers: 2, Progress: record(&pulls)}
	rep, err := b.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	check("bandit", pulls, 3*20)
	b.Workers, b.Progress = 1, nil
	if again, err := b.Run(ctx); err != nil || !reflect.DeepEqual(again, rep) {
		t.Errorf("one worker: %v, a different report", err)
	}

	var episodes, mazes []call
	s := learn.RestartSARSA{MDP: learn.RestartMDP{Horizon: 2, Target: 15}, Episodes: 10, Mazes: 3, Seed: 3, Workers: 2,
		Progress: record(&episodes), EvalProgress: record(&mazes)}
	srep, err := s.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	check("learning", episodes, 10)
	check("evaluation", mazes, 4*3) // greedy and restart at t = 1, 2, 3
	s.Workers, s.Progress, s.EvalProgress = 1, nil, nil
	if again, err := s.Run(ctx); err != nil || !reflect.DeepEqual(again, srep) {
		t.Errorf("one worker: %v, a different report", err)
	}
}

// A cancelled context stops both.
func TestRestartRunsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (learn.RestartBandit{Pulls: 10}).Run(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("bandit: %v", err)
	}
	if _, err := (learn.RestartSARSA{Episodes: 10}).Run(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("SARSA: %v", err)
	}
}

package learn_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"rjm/fault"
	"rjm/learn"
)

// Bad settings of the learners are *fault.Error values (or SettingErrors,
// of the same kind) whose text names no package.
func TestBadSettingsAreFaults(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 1))
	errs := map[string]error{
		"epsilon":           learn.EpsilonGreedy{Epsilon: 2}.Validate(),
		"softmax":           learn.Softmax{Tau: -1}.Validate(),
		"restart MDP stage": learn.RestartMDP{Stage: -1}.Validate(),
		"restart settings":  learn.RestartSARSA{Episodes: -1}.Validate(),
	}
	_, errs["a bandit of no arms"] = learn.Bandit{}.Run(ctx, rng)
	for name, err := range errs {
		if !errors.Is(err, fault.ErrInvalid) || !fault.Is(err) {
			t.Errorf("%s: %v (%T), want a user's fault", name, err, err)
		} else if strings.HasPrefix(err.Error(), "learn: ") {
			t.Errorf("%s: %q names the package", name, err)
		}
	}
}

package learn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// chain is a tiny deterministic episodic task: states 0..n-1; Right pays
// +1 and moves one state right, ending the episode from the last state;
// Quit pays 0 and ends the episode.
type chain struct{ n, s int }

const (
	right = 0
	quit  = 1
)

func (c *chain) States() int         { return c.n }
func (c *chain) Actions() int        { return 2 }
func (c *chain) Reset() (int, error) { c.s = 0; return 0, nil }
func (c *chain) Step(a int) (float64, int, bool, error) {
	if a == quit {
		return 0, 0, true, nil
	}
	c.s++
	return 1, c.s, c.s == c.n, nil
}

// chainQ returns the action values of the chain under the policy that
// goes right with probability pr, with discount gamma.
func chainQ(n int, pr, gamma float64) [][2]float64 {
	q := make([][2]float64, n)
	v := 0.0 // value of the state after the last
	for s := n - 1; s >= 0; s-- {
		if s == n-1 {
			q[s][right] = 1
		} else {
			q[s][right] = 1 + gamma*v
		}
		q[s][quit] = 0
		v = pr*q[s][right] + (1-pr)*q[s][quit]
	}
	return q
}

// With a greedy policy on the deterministic chain, SARSA converges to the
// known values: Q(s, Right) = n − s, Q(s, Quit) = 0.
func TestSARSAChainGreedy(t *testing.T) {
	env := &chain{n: 4}
	res, err := SARSA{Episodes: 300, Alpha: 0.5, Strategy: EpsilonGreedy{Epsilon: 0}}.Learn(context.Background(), env, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	want := chainQ(4, 1, 1)
	for s := range 4 {
		for a := range 2 {
			if got := res.Q.At(s, a); math.Abs(got-want[s][a]) > 1e-9 {
				t.Errorf("Q(%d, %d) = %v, want %v", s, a, got, want[s][a])
			}
		}
		if res.Updates[s] != 300 || res.Q.Greedy(s) != right {
			t.Errorf("state %d: %d updates, greedy %d", s, res.Updates[s], res.Q.Greedy(s))
		}
	}
	if res.Episodes != 300 || res.Steps != 1200 || res.Return.Mean() != 4 {
		t.Errorf("episodes %d steps %d return %v", res.Episodes, res.Steps, res.Return.Mean())
	}
}

// SARSA is on-policy: with ε-greedy exploration it learns the values of
// the ε-greedy policy itself, which the test computes exactly.
func TestSARSAChainOnPolicy(t *testing.T) {
	const eps, gamma = 0.2, 0.9
	env := &chain{n: 3}
	res, err := SARSA{Episodes: 100_000, Alpha: 0.002, Gamma: gamma, Strategy: EpsilonGreedy{Epsilon: eps}}.Learn(context.Background(), env, rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	want := chainQ(3, 1-eps/2, gamma)
	for s := range 3 {
		for a := range 2 {
			if got := res.Q.At(s, a); math.Abs(got-want[s][a]) > 0.04 {
				t.Errorf("Q(%d, %d) = %.4f, want %.4f", s, a, got, want[s][a])
			}
		}
	}
}

func TestSARSAReproducible(t *testing.T) {
	run := func() SARSAResult {
		res, err := SARSA{Episodes: 500, Strategy: Softmax{Tau: 0.5}}.Learn(context.Background(), &chain{n: 5}, rand.New(rand.NewPCG(4, 4)))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if a, b := run(), run(); !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different runs")
	}
}

// loop never ends an episode.
type loop struct{}

func (loop) States() int                          { return 1 }
func (loop) Actions() int                         { return 1 }
func (loop) Reset() (int, error)                  { return 0, nil }
func (loop) Step(int) (float64, int, bool, error) { return -1, 0, false, nil }

func TestSARSAErrors(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, l := range []SARSA{
		{Episodes: -1}, {Episodes: MaxEpisodes + 1}, {Alpha: 1.5}, {Alpha: -0.1}, {Gamma: 2},
		{MaxSteps: -1}, {Strategy: EpsilonGreedy{Epsilon: 2}},
	} {
		if _, err := l.Learn(ctx, &chain{n: 2}, rng); err == nil {
			t.Errorf("%+v: no error", l)
		}
	}
	res, err := SARSA{MaxSteps: 1000}.Learn(ctx, loop{}, rng)
	if !errors.Is(err, ErrStepLimit) || res.Steps != 1000 || res.Updates[0] != 1000 {
		t.Errorf("endless episode: %v after %d steps", err, res.Steps)
	}
	// By default the limit grows with the episodes asked for, so that a
	// long run of short episodes never reaches it.
	res, err = SARSA{Episodes: 3}.Learn(ctx, loop{}, rng)
	if !errors.Is(err, ErrStepLimit) || res.Steps != 3*DefaultStepsPerEpisode ||
		!strings.Contains(err.Error(), fmt.Sprintf("after %d steps (0 of 3 episodes done)", 3*DefaultStepsPerEpisode)) {
		t.Errorf("endless episode, default limit: %v after %d steps", err, res.Steps)
	}
	greedy := EpsilonGreedy{Epsilon: 0}
	res, err = SARSA{Episodes: 20_000, Strategy: greedy}.Learn(ctx, &chain{n: 200}, rng)
	if err != nil || res.Episodes != 20_000 || res.Steps != 4_000_000 {
		t.Errorf("20,000 episodes of 200 steps: %v after %d episodes, %d steps", err, res.Episodes, res.Steps)
	}
}

// cancelling is an endless episode that cancels its context at step 10.
type cancelling struct {
	steps  int
	cancel func()
}

func (c *cancelling) States() int         { return 1 }
func (c *cancelling) Actions() int        { return 1 }
func (c *cancelling) Reset() (int, error) { return 0, nil }
func (c *cancelling) Step(int) (float64, int, bool, error) {
	if c.steps++; c.steps == 10 {
		c.cancel()
	}
	return 0, 0, false, nil
}

// Cancellation stops an episode that never ends within cancelEvery steps.
func TestSARSACancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := SARSA{MaxSteps: 1_000_000}.Learn(ctx, &cancelling{cancel: cancel}, rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, context.Canceled) || res.Steps > 10+cancelEvery {
		t.Errorf("%v after %d steps", err, res.Steps)
	}
}

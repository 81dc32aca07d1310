package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// "The softmax strategy for action selection assigns a probability to the
// choice of each action a according to the normalized weight exp(U(a)/τ)".
func TestSoftmaxProbabilities(t *testing.T) {
	ln2 := math.Ln2
	for _, tc := range []struct {
		name   string
		tau    float64
		values []float64
		want   []float64
		tol    float64 // 0 means 1e-15
	}{
		{"one action is certain", 1, []float64{-3}, []float64{1}, 0},
		{"equal values are equally likely", 3, []float64{5, 5, 5, 5}, []float64{0.25, 0.25, 0.25, 0.25}, 0},
		{"τ·ln 2 apart is twice as likely", 2, []float64{0, 2 * ln2}, []float64{1.0 / 3, 2.0 / 3}, 0},
		{"weights 1, 2, 4", 0.5, []float64{10, 10 + 0.5*ln2, 10 + ln2}, []float64{1.0 / 7, 2.0 / 7, 4.0 / 7}, 0},
		{"huge values do not overflow", 1, []float64{1000, 1000 + ln2}, []float64{1.0 / 3, 2.0 / 3}, 1e-13},
		{"a cold softmax is greedy", 1e-3, []float64{1, 2}, []float64{0, 1}, 0},
	} {
		p := make([]float64, len(tc.values))
		Softmax{Tau: tc.tau}.Probabilities(p, tc.values)
		// The definition, computed directly where it does not overflow.
		direct := make([]float64, len(tc.values))
		if tc.values[0] < 100 {
			sum := 0.0
			for a, v := range tc.values {
				direct[a] = math.Exp(v / tc.tau)
				sum += direct[a]
			}
			for a := range direct {
				direct[a] /= sum
			}
		} else {
			copy(direct, tc.want)
		}
		tol := tc.tol
		if tol == 0 {
			tol = 1e-15
		}
		for a := range p {
			if math.Abs(p[a]-tc.want[a]) > tol || math.Abs(p[a]-direct[a]) > tol {
				t.Errorf("%s: p = %v, want %v (direct %v)", tc.name, p, tc.want, direct)
				break
			}
		}
	}
}

// "The ε-greedy strategy for action selection chooses a random action
// with probability ε, and otherwise chooses an action with the maximum
// average utility experienced so far."
func TestEpsilonGreedyProbabilities(t *testing.T) {
	for _, tc := range []struct {
		name   string
		eps    float64
		values []float64
		want   []float64
	}{
		{"ε = 0 is purely exploitative", 0, []float64{1, 3, 2}, []float64{0, 1, 0}},
		{"ε = 1 is purely explorative", 1, []float64{1, 3, 2, 0}, []float64{0.25, 0.25, 0.25, 0.25}},
		{"ε = 0.1 of 4 actions", 0.1, []float64{1, 3, 2, 0}, []float64{0.025, 0.925, 0.025, 0.025}},
		{"ties go to the lowest action", 0.3, []float64{7, 7, 7}, []float64{0.8, 0.1, 0.1}},
	} {
		p := make([]float64, len(tc.values))
		EpsilonGreedy{Epsilon: tc.eps}.Probabilities(p, tc.values)
		for a := range p {
			if math.Abs(p[a]-tc.want[a]) > 1e-15 {
				t.Errorf("%s: p = %v, want %v", tc.name, p, tc.want)
				break
			}
		}
	}
}

func TestStrategyValidate(t *testing.T) {
	for _, s := range []Strategy{
		EpsilonGreedy{Epsilon: -0.1}, EpsilonGreedy{Epsilon: 1.5}, EpsilonGreedy{Epsilon: math.NaN()},
		Softmax{Tau: 0}, Softmax{Tau: -1}, Softmax{Tau: math.Inf(1)}, Softmax{Tau: math.NaN()},
	} {
		if _, err := checkStrategy(s); err == nil {
			t.Errorf("%v: no error", s)
		}
	}
	if s, err := checkStrategy(nil); err != nil || s != (EpsilonGreedy{Epsilon: 0.1}) {
		t.Errorf("nil strategy: %v, %v", s, err)
	}
}

// choose draws each action with its probability and never one of
// probability zero.
func TestChoose(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := []float64{0.2, 0, 0.5, 0.3, 0}
	const n = 200_000
	count := make([]int, len(p))
	for range n {
		count[choose(rng, p)]++
	}
	for a, q := range p {
		got := float64(count[a]) / n
		if q == 0 && count[a] != 0 || math.Abs(got-q) > 0.005 {
			t.Errorf("action %d drawn %.4f of the time, want %.4f", a, got, q)
		}
	}
}

package learn

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// normalArms returns arms paying normally distributed utilities with the
// given means and standard deviation sd.
func normalArms(sd float64, means ...float64) []Arm {
	arms := make([]Arm, len(means))
	for i, m := range means {
		arms[i] = ArmFunc(func(_ context.Context, rng *rand.Rand) (float64, error) {
			return m + sd*rng.NormFloat64(), nil
		})
	}
	return arms
}

// A bandit with fixed reward distributions finds the best arm, with
// either strategy, and mostly pulls it.
func TestBanditFindsBestArm(t *testing.T) {
	arms := normalArms(1, 1, 2, 5, 3, 3.5, 0)
	for _, s := range []Strategy{
		EpsilonGreedy{Epsilon: 0.1}, EpsilonGreedy{Epsilon: 0.3},
		Softmax{Tau: 0.2}, Softmax{Tau: 0.5},
	} {
		for seed := range uint64(5) {
			res, err := Bandit{Arms: arms, Strategy: s, Pulls: 5000}.Run(context.Background(), rand.New(rand.NewPCG(seed, 7)))
			if err != nil {
				t.Fatal(err)
			}
			if res.Settled() != 2 || res.Best() != 2 || res.Share(2) < 0.6 {
				t.Errorf("%v seed %d: settled on %d, best %d, share %.2f", s, seed, res.Settled(), res.Best(), res.Share(2))
			}
			if res.Pulls != 5000 {
				t.Errorf("%d pulls", res.Pulls)
			}
			sum := 0
			for _, a := range res.Arms {
				sum += a.Pulls
				if a.Pulls < 1 {
					t.Errorf("%v: an arm was never pulled", s)
				}
			}
			if sum != 5000 {
				t.Errorf("arm pulls sum to %d", sum)
			}
		}
	}
}

// Purely exploitative and purely explorative strategies, on arms of
// constant utility.
func TestBanditExtremes(t *testing.T) {
	arms := normalArms(0, 3, 1, 2)
	ctx := context.Background()
	res, _ := Bandit{Arms: arms, Strategy: EpsilonGreedy{Epsilon: 0}, Pulls: 100}.Run(ctx, rand.New(rand.NewPCG(1, 1)))
	if got := []int{res.Arms[0].Pulls, res.Arms[1].Pulls, res.Arms[2].Pulls}; !reflect.DeepEqual(got, []int{98, 1, 1}) {
		t.Errorf("ε = 0: pulls %v", got)
	}
	if res.Total != 98*3+1+2 {
		t.Errorf("total %v", res.Total)
	}
	res, _ = Bandit{Arms: arms, Strategy: EpsilonGreedy{Epsilon: 1}, Pulls: 30000}.Run(ctx, rand.New(rand.NewPCG(1, 1)))
	for a := range arms {
		if s := res.Share(a); s < 0.32 || s > 0.35 {
			t.Errorf("ε = 1: arm %d share %.3f", a, s)
		}
	}
}

func TestBanditReproducible(t *testing.T) {
	arms := normalArms(1, 1, 1.2, 1.1)
	run := func() BanditResult {
		res, err := Bandit{Arms: arms, Strategy: Softmax{Tau: 0.1}, Pulls: 2000}.Run(context.Background(), rand.New(rand.NewPCG(3, 3)))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if a, b := run(), run(); !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different runs")
	}
}

func TestBanditErrors(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 1))
	arms := normalArms(1, 0, 1)
	for _, b := range []Bandit{
		{},
		{Arms: arms, Pulls: -1},
		{Arms: arms, Pulls: MaxPulls + 1},
		{Arms: arms, Strategy: Softmax{}},
	} {
		if _, err := b.Run(ctx, rng); err == nil {
			t.Errorf("%+v: no error", b)
		}
	}
	boom := errors.New("boom")
	bad := ArmFunc(func(context.Context, *rand.Rand) (float64, error) { return 0, boom })
	if res, err := (Bandit{Arms: []Arm{arms[0], bad}, Pulls: 10}).Run(ctx, rng); !errors.Is(err, boom) || res.Pulls != 1 {
		t.Errorf("arm error: %v after %d pulls", err, res.Pulls)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (Bandit{Arms: arms}).Run(cctx, rng); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// The default is 10,000 pulls, and Progress sees each.
	calls := 0
	res, err := Bandit{Arms: arms, Progress: func(done, total int) { calls++ }}.Run(ctx, rng)
	if err != nil || res.Pulls != DefaultPulls || calls != DefaultPulls {
		t.Errorf("default pulls: %d, %d progress calls, %v", res.Pulls, calls, err)
	}
}

package parallel_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"rjm/parallel"
)

// Four seeded jobs on all cores: the results come back in job order and
// are the same on every run and with any number of workers.
func ExampleSeeded() {
	rolls, err := parallel.Seeded(context.Background(), 0, 4, 42, nil,
		func(_ context.Context, i int, rng *rand.Rand) (string, error) {
			return fmt.Sprintf("job %d rolled %d", i, 1+rng.IntN(6)), nil
		})
	if err != nil {
		panic(err)
	}
	again, _ := parallel.Seeded(context.Background(), 1, 4, 42, nil,
		func(_ context.Context, i int, rng *rand.Rand) (string, error) {
			return fmt.Sprintf("job %d rolled %d", i, 1+rng.IntN(6)), nil
		})
	fmt.Println(len(rolls), rolls[0] == again[0] && rolls[3] == again[3])
	// Output: 4 true
}

package generate_test

import (
	"context"
	"errors"
	"testing"

	"rjm/generate"
	"rjm/search"
)

// A search stopped by its context returns the best maze found so far,
// and the spec it returns regenerates that maze (except for restarts,
// which keep the recipe as asked).
func TestRunInterrupted(t *testing.T) {
	for _, method := range search.MethodNames {
		spec := generate.Default()
		spec.Method, spec.Energy, spec.Seed = method, "depth", 5
		spec.Iterations, spec.Descents = 10*search.ProgressEvery, 2
		ctx, cancel := context.WithCancel(t.Context())
		progress := func(done, total int, best float64) {
			if done >= 3*search.ProgressEvery {
				cancel()
			}
		}
		res, err := generate.Run(ctx, spec, progress)
		cancel()
		if !errors.Is(err, context.Canceled) || res == nil || !res.Interrupted {
			t.Fatalf("%s: err %v, result %v", method, err, res)
		}
		if res.Stats.Iterations != 3*search.ProgressEvery || res.Maze.Validate() != nil {
			t.Fatalf("%s: %d iterations done, maze %v", method, res.Stats.Iterations, res.Maze.Validate())
		}
		if method == search.MethodRestarts {
			if res.Spec.Iterations != spec.Iterations {
				t.Errorf("restarts: spec changed to %s", res.Spec)
			}
			continue
		}
		again, err := generate.Run(t.Context(), res.Spec, nil)
		if err != nil || !again.Maze.Equal(res.Maze) || again.Energy != res.Energy {
			t.Errorf("%s: %s does not regenerate the interrupted search's maze (%v)", method, res.Spec, err)
		}
	}
}

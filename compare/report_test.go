package compare_test

import (
	"context"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/compare"
	"rjm/generate"
)

// The text is one table: a header of energies (long names numbered and
// listed above it), four rates and one row per feature, each with a cell
// per energy; min and max print without trailing zeros.
func TestWriteText(t *testing.T) {
	spec := generate.Default()
	spec.Iterations, spec.Seed = 500, 5
	long := "weighted:black_holes=1000;uturns=2"
	res, err := compare.Run(context.Background(), compare.Settings{Spec: spec, Energies: []string{"depth", long}, Count: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := res.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, s := range []string{"2 mazes per energy, seeds 5 to 6: ", "energy 2: " + long + "\n", "\nsolvable ", "\nunique, no black holes ", "\nValues: mean ± standard deviation"} {
		if !strings.Contains(text, s) {
			t.Errorf("text lacks %q:\n%s", s, text)
		}
	}
	header := ""
	for _, line := range strings.Split(text, "\n") {
		if strings.Join(strings.Fields(line), " ") == "depth energy 2" {
			header = line
		}
	}
	if header == "" || strings.Count(text, "%") != 2*4 || strings.Contains(text, ".00]") || strings.Contains(text, ".0,") {
		t.Errorf("header %q, %d rates:\n%s", header, strings.Count(text, "%"), text)
	}
	if rows := strings.Count(text, " ± ") + strings.Count(text, "   -"); rows < len(analysis.DefaultCatalogue().In(analysis.InCompare)) {
		t.Errorf("%d feature cells for %d features:\n%s", rows, len(analysis.DefaultCatalogue().In(analysis.InCompare)), text)
	}
}

package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rjm/analysis"
	"rjm/compare"
	"rjm/render"
)

func newCompareCmd(e *env) *cobra.Command {
	var f searchFlags
	var energies []string
	var count int
	var asJSON bool
	c := &cobra.Command{
		Use:   "compare-energies",
		Short: "Generate mazes with several energies and compare their design features",
		Long: `Compare-energies is the experiment of the Maze Evaluation II exercise (seeds
000 and 004): it generates --count mazes with each energy (by default depth,
the simple objective, and design, seed 003's energy) under the same search and
budget, and prints a side-by-side table of their features: the rates of
solvable mazes, unique shortest solutions and mazes without black holes, and
the mean ± standard deviation [minimum, maximum] of the solution length, the
holes, decisions, clusters, initial forced moves and U-turns.

Maze k (from 0) of every energy uses seed --seed plus k, so the k-th mazes
share their start and goal, and "rjm generate" with that seed and energy
regenerates any of them. Search flags are those of "rjm generate".

` + analysis.EnergyHelp(),
		Example: `  rjm compare-energies --count 100 --seed 1
  rjm compare-energies --count 50 --seed 1 --energy depth --energy 'weighted:black_holes=1000,uturns=2' --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := f.spec(cmd)
			if err != nil {
				return badInput(err)
			}
			names := make([]string, len(energies))
			for k, v := range energies {
				en, err := energyFlag(v)
				if err != nil {
					return badInput(err)
				}
				names[k] = en.Name()
			}
			s := compare.Settings{Spec: spec, Energies: names, Count: count}
			if err := s.Validate(); err != nil {
				return badInput(err)
			}
			bar, done := newProgress(e, "comparing", count*len(names))
			var progress func(done, total int)
			if bar != nil {
				progress = func(d, t int) { bar(d, t, 0) }
			}
			res, err := compare.Run(e.ctx, s, progress)
			done()
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(e, res)
			}
			_, err = fmt.Fprint(e.stdout, compareText(res))
			return err
		},
	}
	f.register(c)
	c.Flags().StringArrayVar(&energies, "energy", []string{"depth", "design"}, "energy `E` to compare (repeat the flag for each; see below)")
	c.Flags().IntVar(&count, "count", 100, fmt.Sprintf("mazes `N` per energy (1..%d)", compare.MaxCount))
	c.Flags().BoolVar(&asJSON, "json", false, "print the statistics as JSON")
	return c
}

func compareText(r *compare.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d mazes per energy, seeds %d to %d: %s\n", r.Count, r.Seed, r.Seed+uint64(r.Count)-1, r.Recipe)
	fmt.Fprintf(&b, "(rjm generate --id '%s' makes the first maze of energy E again)\n\n", r.IDOf("E", 0))
	// Long names (combinations) are numbered in the header and listed.
	header := []string{""}
	rows := [][]string{}
	var legend strings.Builder
	for k, s := range r.Energies {
		if len(s.Energy) > 24 {
			header = append(header, fmt.Sprintf("energy %d", k+1))
			fmt.Fprintf(&legend, "energy %d: %s\n", k+1, s.Energy)
		} else {
			header = append(header, s.Energy)
		}
	}
	if legend.Len() > 0 {
		b.WriteString(legend.String() + "\n")
	}
	rate := func(label string, v func(s compare.Summary) float64) {
		row := []string{label}
		for _, s := range r.Energies {
			row = append(row, fmt.Sprintf("%.1f%%", 100*v(s)))
		}
		rows = append(rows, row)
	}
	rate("solvable", func(s compare.Summary) float64 { return s.Solvable })
	rate("unique shortest solution", func(s compare.Summary) float64 { return s.Unique })
	rate("no black holes", func(s compare.Summary) float64 { return s.NoBlackHoles })
	rate("unique, no black holes", func(s compare.Summary) float64 { return s.Good })
	for k, feat := range compare.Features() {
		row := []string{feat.Label}
		for _, s := range r.Energies {
			st := s.Features[k]
			if st.N == 0 {
				row = append(row, "-")
				continue
			}
			row = append(row, fmt.Sprintf("%.2f ± %.2f [%s, %s]", st.Mean, st.SD, render.Num(st.Min), render.Num(st.Max)))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(header))
	for _, row := range append([][]string{header}, rows...) {
		for k, cell := range row {
			widths[k] = max(widths[k], len([]rune(cell)))
		}
	}
	for _, row := range append([][]string{header}, rows...) {
		var line strings.Builder
		for k, cell := range row {
			pad := widths[k] - len([]rune(cell))
			if k == 0 {
				line.WriteString(cell + strings.Repeat(" ", pad))
			} else {
				line.WriteString("   " + strings.Repeat(" ", pad) + cell)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString("\nValues: mean ± standard deviation [minimum, maximum] over the mazes;\nsolution length over the solvable mazes only. Decisions and U-turns are\naveraged over a maze's shortest solutions when it has several.\n")
	return b.String()
}

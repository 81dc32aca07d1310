package compare

import (
	"fmt"
	"io"
	"rjm/stats"
	"strings"
)

// WriteText prints the comparison as a table with one column per energy:
// the rates of solvable mazes, unique shortest solutions and mazes
// without black holes, then every feature as mean ± standard deviation
// [minimum, maximum]. Energies with names longer than 24 characters are
// numbered in the header and listed above the table.
func (r *Result) WriteText(w io.Writer) error {
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
	rate := func(label string, v func(s Summary) float64) {
		row := []string{label}
		for _, s := range r.Energies {
			row = append(row, fmt.Sprintf("%.1f%%", 100*v(s)))
		}
		rows = append(rows, row)
	}
	rate("solvable", func(s Summary) float64 { return s.Solvable })
	rate("unique shortest solution", func(s Summary) float64 { return s.Unique })
	rate("no black holes", func(s Summary) float64 { return s.NoBlackHoles })
	rate("unique, no black holes", func(s Summary) float64 { return s.Good })
	cat := r.catalogue.OrDefault()
	var first []Stat // the features, as the first energy lists them
	if len(r.Energies) > 0 {
		first = r.Energies[0].Features
	}
	for k, st0 := range first {
		label := st0.Feature
		if ft, ok := cat.Lookup(st0.Feature); ok {
			label = ft.Label
		}
		row := []string{label}
		for _, s := range r.Energies {
			st := s.Features[k]
			if st.N == 0 {
				row = append(row, "-")
				continue
			}
			row = append(row, fmt.Sprintf("%.2f ± %.2f [%s, %s]", st.Mean, st.SD, stats.Short(st.Min), stats.Short(st.Max)))
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
	_, err := io.WriteString(w, b.String())
	return err
}

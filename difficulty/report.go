package difficulty

import (
	"fmt"
	"math"
	"strings"
	"text/tabwriter"
)

// Text is the model as a text report: each maze's estimate, interval,
// plays and source, largest first, then the model's terms. label names a
// maze ID (a date, say); "" or nil shows the ID.
func (m *Model) Text(label func(id string) string) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "median s\t95% interval\tplays\tsolved\tassisted\tgave up\tnaive median s\tsource\tmaze\t")
	for _, e := range m.Mazes {
		name := e.Maze
		if label != nil {
			if l := label(e.Maze); l != "" {
				name = l
			}
		}
		naive := "–"
		if e.Naive > 0 {
			naive = fmt.Sprintf("%.1f", e.Naive)
		}
		source := e.Source
		if e.Extrapolated {
			source += ", extrapolated"
		}
		if e.NeedsMorePlays {
			source += ", needs more plays"
		}
		fmt.Fprintf(tw, "%.1f\t%.1f–%.1f\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t\n", e.Seconds, e.Low, e.High, e.Plays, e.Solved, e.Assisted, e.GaveUp, naive, source, name)
	}
	tw.Flush()
	fmt.Fprintf(&b, "\n%d plays (%d of no player ID), %d players, %d mazes; %d EM iterations", m.Plays, m.Anonymous, len(m.Players), len(m.Mazes), m.Iterations)
	if !m.Converged {
		b.WriteString(" (not converged)")
	}
	if m.SetAside > 0 || m.Repeats > 0 {
		fmt.Fprintf(&b, "\nnot counted: %d plays no person can make (quicker than %.2f s a move, or over %d s), %d repeats of a player's maze", m.SetAside, MinSecondsPerMove, MaxSeconds, m.Repeats)
	}
	fmt.Fprintf(&b, "\nln T = β(maze) − τ(player) + ε:  σ = %.3f (a factor of %.2f), mazes around their prediction s_β = %.3f, players s_τ = %.3f\n",
		m.Sigma, math.Exp(m.Sigma), m.MazeSpread, m.PlayerSpread)
	p := m.Prior
	switch p.Source {
	case FromFeatures:
		fmt.Fprintf(&b, "prediction: ridge regression on %d features over %d played mazes, λ = %.3g, cross-validated error %.3f ln s (a factor of %.2f)\n",
			len(FeatureNames), p.Mazes, p.Lambda, p.CVError, math.Exp(p.CVError))
		for _, t := range p.Terms {
			fmt.Fprintf(&b, "  %+.3f  %s\n", t.Coef, t.Feature)
		}
	default:
		fmt.Fprintf(&b, "prediction: simulated novices (not plays), %.2f s a move", p.SecondsPerMove)
		if p.Mazes > 0 {
			fmt.Fprintf(&b, ", calibrated on %d played mazes", p.Mazes)
			if p.CVError > 0 {
				fmt.Fprintf(&b, ", cross-validated error %.3f ln s", p.CVError)
			}
		} else {
			b.WriteString(", an assumption no play has checked")
		}
		b.WriteString("\n")
	}
	return b.String()
}

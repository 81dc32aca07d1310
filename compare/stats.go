package compare

import (
	"rjm/stats"

	"rjm/analysis"
)

// Summary holds the statistics of the mazes one energy produced.
type Summary struct {
	Energy string `json:"energy"`
	Mazes  int    `json:"mazes"`
	// Rates: the fraction of mazes that are solvable, that have a unique
	// shortest solution, that have no black hole, and that have both (what
	// the design paper, "Rook Jumping Maze Design Considerations", calls a
	// good maze).
	Solvable     float64 `json:"solvable"`
	Unique       float64 `json:"unique"`
	NoBlackHoles float64 `json:"no_black_holes"`
	Good         float64 `json:"unique_without_black_holes"`
	// Features holds one statistic per feature, in the order of Features.
	Features []Stat `json:"features"`
}

// Stat is the distribution of one feature over the mazes: mean, sample
// standard deviation (the spread; 0 for one maze), minimum and maximum,
// over N mazes (for the solution length, the solvable ones only).
type Stat struct {
	Feature string  `json:"feature"`
	N       int     `json:"n"`
	Mean    float64 `json:"mean"`
	SD      float64 `json:"sd"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
}

// Feature is a feature the comparison summarizes.
type Feature struct {
	Key   string // as in analysis.Features' JSON form
	Label string // for tables
	value func(f *analysis.Features) (float64, bool)
}

// Features returns the features summarized, in table order.
func Features() []Feature {
	num := func(key, label string, v func(f *analysis.Features) float64) Feature {
		return Feature{key, label, func(f *analysis.Features) (float64, bool) { return v(f), true }}
	}
	return []Feature{
		{"goal_depth", "solution length", func(f *analysis.Features) (float64, bool) { return float64(f.GoalDepth), f.Solvable }},
		num("non_reaching", "non-reaching cells", func(f *analysis.Features) float64 { return float64(f.NonReaching) }),
		num("black_holes", "black holes", func(f *analysis.Features) float64 { return float64(f.BlackHoles) }),
		num("black_hole_cells", "black-hole cells", func(f *analysis.Features) float64 { return float64(f.BlackHoleCells) }),
		num("white_holes", "white holes", func(f *analysis.Features) float64 { return float64(f.WhiteHoles) }),
		num("white_hole_cells", "white-hole cells", func(f *analysis.Features) float64 { return float64(f.WhiteHoleCells) }),
		num("forward_decisions", "forward decisions", func(f *analysis.Features) float64 { return f.ForwardDecisions }),
		num("backward_decisions", "backward decisions", func(f *analysis.Features) float64 { return f.BackwardDecisions }),
		num("clusters", "clusters (2+ cells)", func(f *analysis.Features) float64 { return float64(len(f.Clusters)) }),
		num("largest_cluster", "largest cluster", func(f *analysis.Features) float64 { return float64(f.LargestCluster) }),
		num("cluster_penalty", "cluster penalty", func(f *analysis.Features) float64 { return float64(f.ClusterPenalty) }),
		num("initial_forced_moves", "initial forced moves", func(f *analysis.Features) float64 { return float64(f.InitialForcedMoves) }),
		num("uturns", "U-turns", func(f *analysis.Features) float64 { return f.UTurns }),
		num("energy", "design energy", func(f *analysis.Features) float64 { return f.Energy }),
	}
}

// summarize computes the statistics of the mazes whose features are fs.
func summarize(energy string, fs []*analysis.Features) Summary {
	s := Summary{Energy: energy, Mazes: len(fs)}
	n := float64(len(fs))
	for _, f := range fs {
		if f.Solvable {
			s.Solvable++
		}
		if f.Unique {
			s.Unique++
		}
		if f.BlackHoles == 0 {
			s.NoBlackHoles++
		}
		if f.Unique && f.BlackHoles == 0 {
			s.Good++
		}
	}
	s.Solvable, s.Unique, s.NoBlackHoles, s.Good = s.Solvable/n, s.Unique/n, s.NoBlackHoles/n, s.Good/n
	for _, feat := range Features() {
		var xs []float64
		for _, f := range fs {
			if x, ok := feat.value(f); ok {
				xs = append(xs, x)
			}
		}
		s.Features = append(s.Features, stat(feat.Key, xs))
	}
	return s
}

// stat returns the statistics of xs; all zero when xs is empty.
func stat(key string, xs []float64) Stat {
	var e stats.Estimate
	for _, x := range xs {
		e.Add(x)
	}
	return Stat{Feature: key, N: e.N(), Mean: e.Mean(), SD: e.StdDev(), Min: e.Min(), Max: e.Max()}
}

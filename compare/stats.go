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
	// Features holds one statistic per feature the comparison shows, in
	// the order of the catalogue (Settings.Catalogue).
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

// summarize computes the statistics of the mazes whose features are fs:
// one per feature of the catalogue c shown in the comparison
// (analysis.InCompare).
func summarize(energy string, fs []*analysis.Features, c analysis.Catalogue) Summary {
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
	for _, feat := range c.OrDefault().In(analysis.InCompare) {
		var xs []float64
		for _, f := range fs {
			if feat.Has(f) {
				xs = append(xs, feat.Value(f))
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

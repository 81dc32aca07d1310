package render

import (
	"fmt"
	"time"

	"rjm/difficulty"
	"rjm/generate"
)

// Aimed is what "rjm generate --target-time" and "--difficulty" print:
// generate's view of the maze chosen, with the target it was aimed at,
// the difficulty model's prediction and the number of candidates.
type Aimed struct {
	Generate
	Target     float64             `json:"target_seconds"`
	Predicted  difficulty.Estimate `json:"predicted"`
	Candidates int                 `json:"candidates"`
	target     time.Duration
	result     *generate.Result
}

// NewAimed returns the view of best, the candidate nearest target of
// the candidates (their number).
func NewAimed(best difficulty.Candidate, target time.Duration, candidates int) Aimed {
	return Aimed{Generate: NewGenerate(best.Result), Target: target.Seconds(), Predicted: best.Estimate, Candidates: candidates, target: target, result: best.Result}
}

// Text is generate's text of the maze followed by its prediction.
func (v Aimed) Text() string {
	p := v.Predicted
	return GenerateText(v.result) + fmt.Sprintf(
		"predicted median time of a typical player: %s (95%% interval %s to %s; %s), aimed at %s, the nearest of %d candidates\n",
		roundSeconds(p.Seconds), roundSeconds(p.Low), roundSeconds(p.High), SourceText(p.Source), v.target, v.Candidates)
}

// roundSeconds writes s seconds as a duration to the second ("6m3s").
func roundSeconds(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(time.Second).String()
}

// SourceText says where an estimate's prediction comes from, by its
// Source: simulated novices, the maze's plays, or the design features.
func SourceText(source string) string {
	switch source {
	case difficulty.FromSimulated:
		return "predicted from simulated novices, not plays"
	case difficulty.FromPlays:
		return "estimated from its plays"
	}
	return "predicted from the design features, fitted to plays"
}

// Package difficulty is the one place rjm answers "how hard is this maze
// for people?": a model fitted from the plays, with a difficulty per maze
// and a skill per player, predictions from the design features for the
// mazes nobody has played, and the choice of mazes to a target (Aim). The
// daily curve, the books' bands, the dashboard and generation ask it.
//
// # The model
//
// It is van der Linden's lognormal response-time model, the
// psychometricians' model of how long a person takes over an item: player
// p's unaided time on maze m is lognormal,
//
//	ln T = β_m − τ_p + ε,   ε ~ N(0, σ²)
//
// where β_m is the maze's difficulty (e^β_m is the median time of a typical
// player, τ = 0) and τ_p the player's skill (a player with τ = 0.7 takes
// half the typical time). Every outcome says something about T:
//
//   - solved without hints at t: T = t;
//   - solved with hints at t, or gave up at t: the player had not solved
//     it alone by t, so T > t (right-censored, as survival analysis reads
//     a patient still alive at the end of a study).
//
// The censored plays are the model's success term: the probability that a
// player solves maze m unaided within t is Φ((ln t − β_m + τ_p)/σ), a
// probit item-response curve in ln t − β_m + τ_p, so a maze that many give
// up on is rated hard even though its solved plays are quick.
//
// Difficulties and skills have normal priors: τ_p ~ N(0, s_τ²), and
// β_m ~ N(μ_m, s_β²) where μ_m is the prediction from the maze's design
// features (see Facts and Ridge) — the shrinkage toward the features of a
// maze with few plays. The fit is empirical Bayes: the EM algorithm (the
// censored times replaced by their conditional means and variances; the
// difficulties, skills and variances updated in turn) finds the posterior
// modes with the variances σ², s_β², s_τ² estimated from the plays, each
// with a weak prior (two pseudo-observations) so that a handful of plays
// cannot make it zero. Each maze's interval is its posterior mean ± t
// standard errors (t Student's, of the degrees of freedom its spread was
// estimated from; see Robustness), from the plays' information (a
// censored play's is less than a timed one's), the uncertainty of its
// players' skills and of the typical player's.
//
// # Predictions from the features
//
// The prior mean μ_m is a ridge regression of the played mazes' estimated
// difficulties on every design feature (FeatureNames), its penalty and its
// error chosen and measured by leave-one-out cross-validation over the
// played mazes, once at least MinFeatureMazes mazes have plays. Before
// that, simulated novices give the prior (labelled as such: Source
// "simulated"): ln(seconds per move · effort), the effort the shortest
// solution's moves with the novices' moves breaking ties (Facts.Effort,
// so that a longer maze is never predicted quicker), the seconds per move
// DefaultSecondsPerMove until a played maze calibrates it. Predictions
// are bounded (MinPrediction to MaxPrediction) and the features clipped
// to the range fitted, an estimate beyond it marked Extrapolated.
//
// # Robustness
//
// A play no person can make (a solve quicker than Floor, a play longer
// than MaxSeconds) is set aside, and only a player's first attempt at a
// maze counts. The plays' errors are Student's t (tails degrees of
// freedom) rather than normal, so that one play far from the rest weighs
// little; each maze has its own spread (van der Linden's time
// discrimination), shrunk toward the model's; intervals use Student's t
// of the degrees of freedom a spread was estimated from, and a
// prediction's error counts the coefficients' uncertainty (its leverage)
// and a cross-validation that holds each maze's plays out.
package difficulty

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Outcome is how a play ended.
type Outcome int

// The outcomes.
const (
	Solved   Outcome = iota // solved without hints
	Assisted                // solved after one or more hints
	GaveUp                  // not solved
)

var outcomeNames = []string{"solved", "assisted", "gave up"}

func (o Outcome) String() string {
	if o < 0 || int(o) >= len(outcomeNames) {
		return fmt.Sprintf("Outcome(%d)", int(o))
	}
	return outcomeNames[o]
}

// Play is one play as the model reads it.
type Play struct {
	Maze string // the maze ID
	// Player is the player's ID; "" for a play of unknown player, which
	// counts as a player of one play.
	Player  string
	Seconds float64 // the play's duration; plays of no duration are not counted
	Outcome Outcome
	// Shortest is the maze's shortest solution's moves (0 when unknown):
	// a solve quicker than Floor(Shortest) is set aside.
	Shortest int
	// Left is set for a game whose page was left mid-way (posted as it
	// went, Outcome GaveUp): a later play of the same player on the maze
	// is the same game taken up again, and replaces it.
	Left bool
}

// What a person can do. A solve takes at least MinSecondsPerMove for each
// move of the shortest solution (a person who knows the way still clicks
// each jump); a play of more than MaxSeconds is a page left open, not a
// play. Fit sets such plays aside (Model.SetAside), and the site refuses
// them.
const (
	MinSecondsPerMove = 0.25
	MaxSeconds        = 4 * 3600
)

// Floor is the quickest solve a person can make of a maze whose shortest
// solution has shortest moves (MinSecondsPerMove a move, one move when
// unknown).
func Floor(shortest int) float64 { return MinSecondsPerMove * float64(max(1, shortest)) }

// Humanly reports whether a play of the given seconds and outcome, on a
// maze whose shortest solution has shortest moves, is one a person can
// make: a solve no quicker than Floor(shortest), any play no longer than
// MaxSeconds.
func Humanly(seconds float64, outcome Outcome, shortest int) bool {
	return seconds <= MaxSeconds && (outcome == GaveUp || seconds >= Floor(shortest))
}

// Maze is a maze the model rates: its ID and what is known of it before
// anyone plays (the zero Facts when nothing is).
type Maze struct {
	ID    string
	Facts Facts
}

// Sources of an estimate.
const (
	FromPlays     = "plays"     // the maze's own plays, shrunk toward its prediction
	FromFeatures  = "features"  // the feature regression, for a maze nobody has played
	FromSimulated = "simulated" // simulated novices, before enough mazes are played to fit the features
)

// Settings are the fit's settings; the zero value is the default.
type Settings struct {
	// MaxIterations bounds the EM iterations; 0 means
	// DefaultMaxIterations.
	MaxIterations int
	// Tolerance is the largest change of a difficulty or skill at which
	// the fit has converged; 0 means DefaultTolerance.
	Tolerance float64
	// SecondsPerMove is the simulated novices' time per move before any
	// play calibrates it; 0 means DefaultSecondsPerMove.
	SecondsPerMove float64
	// Start, when not nil, is an earlier fit to start from (by maze and
	// player ID): the same answer, in fewer iterations.
	Start *Model
}

// The fit's defaults (Settings): the most EM iterations, and the change
// below which it has converged.
const (
	DefaultMaxIterations = 2000
	DefaultTolerance     = 1e-6
)

// DefaultSecondsPerMove is the prior's time per move of effort (Facts.Effort:
// the shortest solution's moves, the novices breaking ties) before plays
// calibrate it: an assumption (a person thinks a while over each jump of
// the way, and takes wrong turns), replaced by the plays' own figure once
// a maze with facts is played.
const DefaultSecondsPerMove = 8

// MinFeatureMazes is the fewest played mazes (with features) over which
// the feature regression is fitted; fewer use the simulated novices.
const MinFeatureMazes = 8

// Interval is the width of an estimate's interval in standard errors (a
// 95% interval on the normal scale of ln T) when the spreads are known;
// an estimate's interval is wider by Student's t of its degrees of
// freedom (see Estimate).
const Interval = 1.96

// The predictions are bounded: no maze is predicted quicker than
// MinPrediction or slower than MaxPrediction seconds, whatever its
// features.
const (
	MinPrediction = 1
	MaxPrediction = 24 * 3600
)

// WideFactor is the ratio High/Low beyond which an estimate needs more
// plays (Estimate.NeedsMorePlays).
const WideFactor = 3.5

// Estimate is one maze's difficulty.
type Estimate struct {
	Maze string `json:"maze"`
	// Log is β, the difficulty on the log scale (ln seconds), and SE its
	// standard error.
	Log float64 `json:"log"`
	SE  float64 `json:"se"`
	// Seconds is the median solve time of a typical player, e^β, and Low,
	// High its interval.
	Seconds   float64 `json:"seconds"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Plays     int     `json:"plays"`
	Solved    int     `json:"solved"`
	Assisted  int     `json:"assisted"`
	GaveUp    int     `json:"gave_up"`
	Source    string  `json:"source"`
	Predicted float64 `json:"predicted"` // the prediction without the maze's plays (seconds), from Source's prior
	// Naive is the median time of the maze's solved plays (assisted or
	// not), who played them not taken into account; 0 when none.
	Naive float64 `json:"naive_median"`
	// Spread is the maze's own spread of ln T (van der Linden's 1/α, the
	// time discrimination's inverse), shrunk toward the model's Sigma; 0
	// for a maze not played.
	Spread float64 `json:"spread,omitempty"`
	// Extrapolated is set when the prediction is made for a maze unlike
	// every maze fitted: a feature outside the range the regression was
	// fitted over (clipped to it), or a prediction at MinPrediction or
	// MaxPrediction.
	Extrapolated bool `json:"extrapolated,omitempty"`
	// NeedsMorePlays is set when the interval is wider than WideFactor
	// (High/Low): the estimate is a guess until more people play it.
	NeedsMorePlays bool `json:"needs_more_plays,omitempty"`
}

// Player is one player's skill.
type Player struct {
	ID    string  `json:"player"`
	Skill float64 `json:"skill"` // τ: the player takes e^−τ of a typical player's time
	SE    float64 `json:"se"`
	Plays int     `json:"plays"`
}

// Prior says how the mazes' prior means were made.
type Prior struct {
	// Source is FromFeatures (the ridge regression) or FromSimulated.
	Source string `json:"source"`
	// Ridge is the feature regression (nil unless Source is FromFeatures);
	// its CVError is in ln seconds.
	Ridge *Ridge `json:"-"`
	// CVError is the leave-one-out error of the prior over the played
	// mazes, in ln seconds (0 when fewer than two are played): a
	// prediction is typically within a factor e^CVError of the estimate.
	CVError float64 `json:"cv_error"`
	// SecondsPerMove calibrates the simulated novices (FromSimulated).
	SecondsPerMove float64 `json:"seconds_per_move,omitempty"`
	// Terms are the ridge's coefficients on the standardised features,
	// by FeatureNames (FromFeatures).
	Terms []Term `json:"terms,omitempty"`
	// Lambda is the ridge penalty chosen.
	Lambda float64 `json:"lambda,omitempty"`
	Mazes  int     `json:"mazes"` // the played mazes it was fitted over
}

// Term is one coefficient of the feature regression: the change of ln
// seconds per standard deviation of the feature.
type Term struct {
	Feature string  `json:"feature"`
	Coef    float64 `json:"coef"`
}

// Model is a fitted difficulty model.
type Model struct {
	Mazes   []Estimate `json:"mazes"`   // in the order given, then mazes only the plays named
	Players []Player   `json:"players"` // the named players, most plays first
	// Sigma is the spread (sd of ln T) of one player's times on one maze,
	// MazeSpread that of the mazes' difficulties around their prediction,
	// PlayerSpread that of the players' skills.
	Sigma        float64 `json:"sigma"`
	MazeSpread   float64 `json:"maze_spread"`
	PlayerSpread float64 `json:"player_spread"`
	Prior        Prior   `json:"prior"`
	Plays        int     `json:"plays"`     // plays counted
	Anonymous    int     `json:"anonymous"` // of them, plays of no player ID
	// SetAside counts the plays no person can make (see Humanly), and
	// Repeats the plays of a player on a maze they had played before
	// (only a player's first attempt at a maze tells its difficulty):
	// neither is counted.
	SetAside   int  `json:"set_aside"`
	Repeats    int  `json:"repeats"`
	Iterations int  `json:"iterations"`
	Converged  bool `json:"converged"`

	index map[string]int
	mean  float64 // the played mazes' mean difficulty, the prior of a maze of no facts
	// center is the skill of the typical player as fitted (see
	// centerPlays), taken out of every difficulty and skill reported.
	center, centerVar float64
}

// Estimate returns the estimate of the maze ID, if the model rates it.
func (m *Model) Estimate(id string) (Estimate, bool) {
	k, ok := m.index[id]
	if !ok {
		return Estimate{}, false
	}
	return m.Mazes[k], true
}

// Predict rates a maze from its facts alone, as the model rates a maze
// nobody has played: finite and within MinPrediction to MaxPrediction
// seconds, whatever the facts.
func (m *Model) Predict(id string, f Facts) Estimate {
	mu, h, extra := m.priorMean(f.Vector(), f)
	e := Estimate{Maze: id, Log: mu, SE: m.predictionSD(h), Source: m.Prior.Source, Extrapolated: extra}
	e.setInterval(m.predictionQuantile())
	e.Predicted = e.Seconds
	return e
}

// PredictSeconds is Predict's median time of a typical player.
func (m *Model) PredictSeconds(f Facts) float64 {
	mu, _, _ := m.priorMean(f.Vector(), f)
	return math.Exp(mu)
}

// priorMean is μ for a maze of inputs x (nil when none) and facts f, its
// leverage h (the prediction's variance over the residuals', less one; 0
// but for the regression) and whether it is an extrapolation; μ is
// within ln MinPrediction to ln MaxPrediction.
func (m *Model) priorMean(x []float64, f Facts) (mu, h float64, extrapolated bool) {
	mu = m.mean
	switch {
	case m.Prior.Source == FromFeatures && x != nil:
		mu, h, extrapolated = m.Prior.Ridge.Bounded(x)
	case m.Prior.Source == FromSimulated && f.Effort() > 0:
		mu = math.Log(m.Prior.SecondsPerMove * f.Effort())
	}
	mu -= m.center
	lo, hi := math.Log(MinPrediction), math.Log(MaxPrediction)
	if !(mu >= lo) || mu > hi { // NaN too
		extrapolated = true
		mu = max(lo, min(hi, mu))
		if math.IsNaN(mu) {
			mu = lo
		}
	}
	return mu, h, extrapolated
}

// priorSD is the spread of the mazes around their prediction: the
// fitted spread, or the cross-validated error when larger.
func (m *Model) priorSD() float64 { return max(m.MazeSpread, m.Prior.CVError) }

// predictionSD is the standard error of a prediction of leverage h: the
// spread around the prediction and the coefficients' uncertainty.
//
// The leverage counts at most maxLeverage: the inputs are clipped to the
// range fitted, but a corner of that box can lie far from every maze in
// it, and the prediction there is the ridge's, shrunk, not a line drawn
// out to it.
func (m *Model) predictionSD(h float64) float64 {
	sd := m.priorSD()
	return math.Sqrt(sd*sd*(1+min(h, maxLeverage)) + m.centerVar)
}

// maxLeverage bounds a prediction's leverage: its standard error is at
// most twice the spread around the prediction.
const maxLeverage = 3

// predictionQuantile is the quantile of an unplayed maze's interval:
// Student's t of as many degrees of freedom as mazes fitted the prior.
// Before three mazes are played the spread is the prior's assumption,
// and the normal's quantile is used.
func (m *Model) predictionQuantile() float64 {
	if m.Prior.Mazes < 3 {
		return Interval
	}
	return quantile(float64(m.Prior.Mazes - 1))
}

// quantile is Student's t's 97.5% quantile at df degrees of freedom (the
// normal's beyond 1,000).
func quantile(df float64) float64 {
	if df > 1000 {
		return Interval
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: max(1, df)}.Quantile(0.975)
}

// setInterval sets Seconds, Low, High and NeedsMorePlays from Log and SE,
// at q standard errors.
func (e *Estimate) setInterval(q float64) {
	e.Seconds, e.Low, e.High = math.Exp(e.Log), math.Exp(e.Log-q*e.SE), math.Exp(e.Log+q*e.SE)
	e.NeedsMorePlays = 2*q*e.SE > math.Log(WideFactor)
}

// Misjudged returns the n played mazes (of at least minPlays plays) whose
// estimate is furthest from the prediction made without them
// (leave-one-out), furthest first: the mazes a designer should look at.
func (m *Model) Misjudged(n, minPlays int) []Estimate {
	var out []Estimate
	for _, e := range m.Mazes {
		if e.Source == FromPlays && e.Plays >= minPlays && e.Predicted > 0 {
			out = append(out, e)
		}
	}
	off := func(e Estimate) float64 { return math.Abs(math.Log(e.Seconds / e.Predicted)) }
	slices.SortStableFunc(out, func(a, b Estimate) int { return cmpFloat(off(b), off(a)) })
	return out[:min(n, len(out))]
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// OutcomeOf is the outcome of a play as the site stores it: solved or
// not, and the hints it used.
func OutcomeOf(solved bool, hints int) Outcome {
	switch {
	case !solved:
		return GaveUp
	case hints > 0:
		return Assisted
	}
	return Solved
}

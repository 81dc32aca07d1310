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
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/mat"
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
	// MaxIterations bounds the EM iterations; 0 means 2,000.
	MaxIterations int
	// Tolerance is the largest change of a difficulty or skill at which
	// the fit has converged; 0 means 1e-6.
	Tolerance float64
	// SecondsPerMove is the simulated novices' time per move before any
	// play calibrates it; 0 means DefaultSecondsPerMove.
	SecondsPerMove float64
	// Start, when not nil, is an earlier fit to start from (by maze and
	// player ID): the same answer, in fewer iterations.
	Start *Model
}

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

// obs is one counted play.
type obs struct {
	maze, player int
	y            float64 // ln seconds
	censored     bool
}

// Fit fits the model to the plays; mazes lists the mazes to rate with
// their facts (a maze only the plays name is rated too, from its plays).
// It stops early, with ctx's error, when ctx ends.
func Fit(ctx context.Context, mazes []Maze, plays []Play, s Settings) (*Model, error) {
	if s.MaxIterations == 0 {
		s.MaxIterations = 2000
	}
	if s.Tolerance == 0 {
		s.Tolerance = 1e-6
	}
	if s.SecondsPerMove == 0 {
		s.SecondsPerMove = DefaultSecondsPerMove
	}
	if s.MaxIterations < 0 || s.Tolerance < 0 || s.SecondsPerMove < 0 || math.IsNaN(s.Tolerance+s.SecondsPerMove) {
		return nil, fmt.Errorf("difficulty: settings %+v: want none negative", s)
	}
	m := &Model{index: map[string]int{}}
	var facts []Facts
	addMaze := func(id string, f Facts) int {
		if k, ok := m.index[id]; ok {
			return k
		}
		m.index[id] = len(m.Mazes)
		m.Mazes = append(m.Mazes, Estimate{Maze: id})
		facts = append(facts, f)
		return len(m.Mazes) - 1
	}
	for _, z := range mazes {
		addMaze(z.ID, z.Facts)
	}
	players := map[string]int{}
	var named []string // players' IDs by index
	times := map[int][]float64{}
	var os []obs
	// Only a player's first attempt at a maze counts: a later play is a
	// repeat, unless the first was left mid-way (then it is the same game
	// taken up again, and replaces it).
	type attempt struct{ player, maze string }
	first := map[attempt]int{}
	var use []Play
	for _, p := range plays {
		if !(p.Seconds > 0) || math.IsInf(p.Seconds, 0) || p.Outcome < Solved || p.Outcome > GaveUp {
			continue
		}
		if !Humanly(p.Seconds, p.Outcome, p.Shortest) {
			m.SetAside++
			continue
		}
		if p.Player != "" {
			a := attempt{p.Player, p.Maze}
			if i, ok := first[a]; ok {
				if use[i].Left {
					use[i] = p
				}
				m.Repeats++
				continue
			}
			first[a] = len(use)
		}
		use = append(use, p)
	}
	for _, p := range use {
		k := addMaze(p.Maze, Facts{})
		e := &m.Mazes[k]
		e.Plays++
		switch p.Outcome {
		case Solved:
			e.Solved++
		case Assisted:
			e.Assisted++
		case GaveUp:
			e.GaveUp++
		}
		if p.Outcome != GaveUp {
			times[k] = append(times[k], p.Seconds)
		}
		j, ok := players[p.Player]
		switch {
		case p.Player == "":
			j = -1
			m.Anonymous++
		case !ok:
			j = len(named)
			named = append(named, p.Player)
			players[p.Player] = j
		}
		os = append(os, obs{maze: k, player: j, y: math.Log(p.Seconds), censored: p.Outcome != Solved})
	}
	m.Plays = len(os)
	for k, ts := range times {
		m.Mazes[k].Naive = median(ts)
	}
	f := newFit(m, facts, os, len(named), s)
	if s.Start != nil {
		f.warm(s.Start, named)
	}
	if err := f.run(ctx); err != nil {
		return nil, err
	}
	f.finish(named)
	return m, nil
}

// weightedMedian returns the value at which half the weight lies on
// either side (the mean of the two middle values on a tie).
func weightedMedian(xs, ws []float64) float64 {
	idx := make([]int, len(xs))
	var total float64
	for i := range idx {
		idx[i] = i
		total += ws[i]
	}
	slices.SortFunc(idx, func(a, b int) int { return cmpFloat(xs[a], xs[b]) })
	var acc float64
	for k, i := range idx {
		acc += ws[i]
		if acc > total/2 {
			return xs[i]
		}
		if acc == total/2 && k+1 < len(idx) {
			return (xs[i] + xs[idx[k+1]]) / 2
		}
	}
	return xs[idx[len(idx)-1]]
}

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	n := len(xs)
	return (xs[(n-1)/2] + xs[n/2]) / 2
}

// fit is the state of one fit.
type fit struct {
	m       *Model
	facts   []Facts
	x       [][]float64 // inputs of the regression, nil when none
	os      []obs
	s       Settings
	beta    []float64 // difficulties
	mu      []float64 // prior means
	vmu     []float64 // their variances: the coefficients' uncertainty (leverage times the spread)
	extra   []bool    // prior means extrapolated
	lev     []float64 // prior means' leverage
	tau     []float64 // skills
	vb, vt  []float64 // posterior variances (complete data)
	nm, np  []float64 // plays per maze, per player
	played  []bool
	sigma2  float64
	sig2m   []float64 // each maze's own σ², shrunk toward sigma2
	sb2     float64   // s_β²
	st2     float64   // s_τ²
	ystar   []float64
	vstar   []float64
	weights []float64 // each play's information, 1 for a timed play
	u       []float64 // each play's weight under the heavy tails, 1 for a play near its expectation (times c)
	c       []float64 // each play's trust: 1, less for a play of no player on a maze of many (see anonymousShare)
	named   int       // plays of a named player
	loo     []float64 // each maze's prior mean made without it (played mazes)
}

// The variances' weak priors: ν0 pseudo-observations of the given spreads.
const (
	nu0        = 2
	sigmaPrior = 0.5 // one player's times on one maze
	mazePrior  = 0.7 // mazes around their prediction
	skillPrior = 0.5 // players
)

// tails is the degrees of freedom of the plays' Student t likelihood: ln T
// of a play is β − τ plus a t-distributed error rather than a normal one,
// so that a play far from the rest (a forged time, a player called away)
// weighs (tails+1)/(tails+z²) of a play where it is expected — a play 10
// spreads out counts as a twentieth of one — instead of pulling its maze
// as far as it lies (the EM of the t as a scale mixture of normals).
const tails = 4

// anonymousShare bounds the plays of no player on a maze that named
// players played too: together they weigh at most this share of the
// named players' plays (and at least one play). A page always sends its
// player's ID, so a crowd of plays without one is an old page or a
// script, and one script's burst must not outvote the players.
const anonymousShare = 0.15

// spreadPlays is how many plays' worth of the model's σ² each maze's own
// spread starts from: a maze's spread is its plays' when it has many, the
// model's when it has few (van der Linden's time discrimination, shrunk).
const spreadPlays = 8

func newFit(m *Model, facts []Facts, os []obs, players int, s Settings) *fit {
	n := len(m.Mazes)
	f := &fit{m: m, facts: facts, os: os, s: s,
		beta: make([]float64, n), mu: make([]float64, n), vmu: make([]float64, n), extra: make([]bool, n), lev: make([]float64, n),
		vb: make([]float64, n), nm: make([]float64, n), played: make([]bool, n), sig2m: make([]float64, n),
		tau: make([]float64, players), vt: make([]float64, players), np: make([]float64, players),
		ystar: make([]float64, len(os)), vstar: make([]float64, len(os)), weights: make([]float64, len(os)), u: make([]float64, len(os)),
		sigma2: sigmaPrior * sigmaPrior, sb2: mazePrior * mazePrior, st2: skillPrior * skillPrior}
	f.x = make([][]float64, n)
	for k, ft := range facts {
		f.x[k] = ft.Vector()
	}
	for k := range f.sig2m {
		f.sig2m[k] = f.sigma2
	}
	anon, namedOn := make([]float64, n), make([]float64, n)
	for _, o := range os {
		if o.player < 0 {
			anon[o.maze]++
		} else {
			namedOn[o.maze]++
		}
	}
	f.c = make([]float64, len(os))
	for i, o := range os {
		f.c[i] = 1
		if k := o.maze; o.player < 0 && namedOn[k] > 0 {
			f.c[i] = min(1, max(1, anonymousShare*namedOn[k])/anon[k])
		}
		f.u[i] = f.c[i]
	}
	// A maze's first difficulty is the median of its plays, not their
	// mean: a play far from the rest does not start it astray.
	ys := make([][]float64, n)
	for _, o := range os {
		f.nm[o.maze]++
		if o.player >= 0 {
			f.np[o.player]++
			f.named++
		}
		ys[o.maze] = append(ys[o.maze], o.y)
		f.played[o.maze] = true
	}
	for k := range n {
		if f.played[k] {
			f.beta[k] = median(ys[k])
		}
	}
	f.prior()
	for k := range n {
		if !f.played[k] {
			f.beta[k] = f.mu[k]
		}
	}
	return f
}

// pv is maze k's prior variance: the mazes' spread around their
// prediction and the prediction's own uncertainty.
func (f *fit) pv(k int) float64 { return f.sb2 + f.vmu[k] }

// prior sets the prior means μ from the current difficulties of the
// played mazes: the ridge regression once MinFeatureMazes played mazes
// have inputs, the simulated novices before.
func (f *fit) prior() {
	m := f.m
	var rows [][]float64
	var ys []float64
	var idx []int
	var mean float64
	nPlayed := 0
	for k := range f.beta {
		if f.played[k] {
			mean += f.beta[k]
			nPlayed++
			if f.x[k] != nil {
				rows, ys, idx = append(rows, f.x[k]), append(ys, f.beta[k]), append(idx, k)
			}
		}
	}
	if nPlayed > 0 {
		mean /= float64(nPlayed)
	} else {
		mean = math.Log(60) // no plays and no facts: a minute, with the prior's spread
	}
	m.mean = mean
	f.loo = make([]float64, len(f.beta))
	for k := range f.loo {
		f.loo[k] = math.NaN()
	}
	set := func() {
		for k := range f.mu {
			f.mu[k], f.lev[k], f.extra[k] = m.priorMean(f.x[k], f.facts[k])
			f.vmu[k] = min(f.lev[k], maxLeverage) * max(f.sb2, m.Prior.CVError*m.Prior.CVError)
		}
	}
	if len(rows) >= MinFeatureMazes {
		if r, err := FitRidge(rows, ys); err == nil {
			m.Prior = Prior{Source: FromFeatures, Ridge: r, CVError: r.CVError, Lambda: r.Lambda, Mazes: len(rows)}
			set()
			for i, k := range idx {
				f.loo[k] = r.LOO[i]
			}
			return
		}
	}
	// The novices, calibrated by the played mazes: ln(seconds per move)
	// is the mean of β − ln(effort) over them.
	var c float64
	var cs []float64
	for k := range f.beta {
		if f.played[k] && f.facts[k].Effort() > 0 {
			cs = append(cs, f.beta[k]-math.Log(f.facts[k].Effort()))
		}
	}
	if len(cs) == 0 {
		c = math.Log(f.s.SecondsPerMove)
	} else {
		for _, v := range cs {
			c += v / float64(len(cs))
		}
	}
	m.Prior = Prior{Source: FromSimulated, SecondsPerMove: math.Exp(c), Mazes: len(cs)}
	set()
	// Leave-one-out: the calibration without the maze.
	var sse float64
	for k := range f.beta {
		if f.played[k] && f.facts[k].Effort() > 0 && len(cs) > 1 {
			ln := math.Log(f.facts[k].Effort())
			ck := (c*float64(len(cs)) - (f.beta[k] - ln)) / float64(len(cs)-1)
			f.loo[k] = ln + ck
			sse += (f.beta[k] - f.loo[k]) * (f.beta[k] - f.loo[k])
		}
	}
	if len(cs) > 1 {
		m.Prior.CVError = math.Sqrt(sse / float64(len(cs)))
	}
}

// minNamed is the fewest plays of named players from which σ² is
// estimated apart from the players' spread.
const minNamed = 10

// priorEvery is how often, in EM iterations, the prior is refitted.
const priorEvery = 8

// skill is the skill of the play's player, 0 for a play of none.
func (f *fit) skill(o obs) float64 {
	if o.player < 0 {
		return 0
	}
	return f.tau[o.player]
}

// playVar is the variance of the play's ln time given the maze's
// difficulty and its player's skill: the maze's σ², and for a play of no
// player σ² + s_τ² (its skill unknown) once σ² is told apart from s_τ².
func (f *fit) playVar(o obs) float64 {
	if o.player < 0 && f.named >= minNamed {
		return f.sig2m[o.maze] + f.st2
	}
	return f.sig2m[o.maze]
}

// warm starts the fit from an earlier model's difficulties, skills and
// spreads, by maze and player ID: a model refitted after a few more plays
// converges in a few iterations.
func (f *fit) warm(start *Model, named []string) {
	for k, e := range f.m.Mazes {
		if j, ok := start.index[e.Maze]; ok && f.played[k] && start.Mazes[j].Source == FromPlays {
			f.beta[k] = start.Mazes[j].Log + start.center
			if sp := start.Mazes[j].Spread; sp > 0 {
				f.sig2m[k] = sp * sp
			}
		}
	}
	skills := map[string]float64{}
	for _, p := range start.Players {
		skills[p.ID] = p.Skill
	}
	for j, id := range named {
		if sk, ok := skills[id]; ok {
			f.tau[j] = sk + start.center
		}
	}
	if start.Sigma > 0 && start.MazeSpread > 0 && start.PlayerSpread > 0 {
		f.sigma2, f.sb2, f.st2 = start.Sigma*start.Sigma, start.MazeSpread*start.MazeSpread, start.PlayerSpread*start.PlayerSpread
	}
}

// hazard returns φ(z)/(1−Φ(z)), the normal's inverse Mills ratio.
func hazard(z float64) float64 {
	if z > 30 {
		return z + 1/z
	}
	return math.Sqrt(2/math.Pi) * math.Exp(-z*z/2) / math.Erfc(z/math.Sqrt2)
}

// estep sets each play's expected ln time and its variance (a censored
// play's, given that it is beyond its time), its information and its
// weight under the heavy tails.
func (f *fit) estep() {
	for i, o := range f.os {
		v := f.playVar(o)
		mean := f.beta[o.maze] - f.skill(o)
		if !o.censored {
			f.ystar[i], f.vstar[i], f.weights[i] = o.y, 0, 1
		} else {
			sd := math.Sqrt(v)
			z := (o.y - mean) / sd
			h := hazard(z)
			f.ystar[i] = mean + sd*h
			f.vstar[i] = max(0, v*(1+z*h-h*h))
			f.weights[i] = max(0, min(1, h*(h-z)))
		}
		r := f.ystar[i] - mean
		f.u[i] = f.c[i] * (tails + 1) / (tails + (r*r+f.vstar[i])/v)
	}
}

// run iterates EM until the difficulties and skills settle.
func (f *fit) run(ctx context.Context) error {
	m := f.m
	if len(f.os) == 0 {
		m.Converged = true
		return nil
	}
	num := make([]float64, len(f.beta))
	den := make([]float64, len(f.beta))
	ssm := make([]float64, len(f.beta))
	nmk := make([]float64, len(f.beta))
	tnum := make([]float64, len(f.tau))
	tden := make([]float64, len(f.tau))
	for it := 1; it <= f.s.MaxIterations; it++ {
		if it%16 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("difficulty: fit: %w", err)
			}
		}
		m.Iterations = it
		f.estep()
		// M: difficulties, then skills, then the variances. A play of
		// no player counts with its skill integrated out (its variance
		// σ² + s_τ²); every play by its weight under the heavy tails.
		change := 0.0
		clear(num)
		clear(den)
		for i, o := range f.os {
			w := f.u[i] / f.playVar(o)
			num[o.maze] += w * (f.ystar[i] + f.skill(o))
			den[o.maze] += w
		}
		for k := range f.beta {
			if !f.played[k] {
				continue
			}
			prec := den[k] + 1/f.pv(k)
			b := (num[k] + f.mu[k]/f.pv(k)) / prec
			change = max(change, math.Abs(b-f.beta[k]))
			f.beta[k], f.vb[k] = b, 1/prec
		}
		clear(tnum)
		clear(tden)
		for i, o := range f.os {
			if o.player >= 0 {
				w := f.u[i] / f.playVar(o)
				tnum[o.player] += w * (f.beta[o.maze] - f.ystar[i])
				tden[o.player] += w
			}
		}
		for j := range f.tau {
			prec := tden[j] + 1/f.st2
			t := tnum[j] / prec
			change = max(change, math.Abs(t-f.tau[j]))
			f.tau[j], f.vt[j] = t, 1/prec
		}
		// σ² from the named players' plays when there are enough of
		// them; else from every play, σ² then holding the players'
		// spread too (see playVar). Each maze's own σ² from its plays,
		// shrunk toward it.
		var ss, n float64
		clear(ssm)
		clear(nmk)
		for i, o := range f.os {
			if f.named >= minNamed && o.player < 0 {
				continue
			}
			r := f.ystar[i] - f.beta[o.maze] + f.skill(o)
			term := f.u[i]*(r*r+f.vstar[i]) + f.vb[o.maze]
			if o.player >= 0 {
				term += f.vt[o.player]
			}
			ss += term
			n++
			ssm[o.maze] += term
			nmk[o.maze]++
		}
		f.sigma2 = (ss + nu0*sigmaPrior*sigmaPrior) / (n + nu0)
		for k := range f.sig2m {
			f.sig2m[k] = (ssm[k] + spreadPlays*f.sigma2) / (nmk[k] + spreadPlays)
		}
		var sb, nb float64
		for k := range f.beta {
			if f.played[k] {
				d := f.beta[k] - f.mu[k]
				sb += d*d + f.vb[k]
				nb++
			}
		}
		f.sb2 = (sb + nu0*mazePrior*mazePrior) / (nb + nu0)
		var st float64
		for j := range f.tau {
			st += f.tau[j]*f.tau[j] + f.vt[j]
		}
		f.st2 = (st + nu0*skillPrior*skillPrior) / (float64(len(f.tau)) + nu0)
		// The prior follows the difficulties (the regression refitted)
		// every priorEvery iterations, and before the fit may stop.
		if it%priorEvery != 0 && change >= f.s.Tolerance {
			continue
		}
		old := slices.Clone(f.mu)
		f.prior()
		for k := range f.mu {
			change = max(change, math.Abs(f.mu[k]-old[k]))
			if !f.played[k] {
				f.beta[k] = f.mu[k]
			}
		}
		if change < f.s.Tolerance {
			m.Converged = true
			break
		}
	}
	return nil
}

// tailInfo is the information of a play under the t likelihood, as a
// share of a normal play's: (ν+1)/(ν+3).
const tailInfo = (tails + 1.0) / (tails + 3.0)

// honestCV returns the prior's cross-validated error with each maze's
// plays held out: its prediction made without it (the regression's
// leave-one-out) against its plays' own estimate (no shrinkage toward the
// prediction, which would flatter it), less that estimate's sampling
// variance; over the mazes of at least 3 plays, and ok false when fewer
// than 3 such mazes.
func (f *fit) honestCV() (cv float64, ok bool) {
	num := make([]float64, len(f.beta))
	wsum := make([]float64, len(f.beta))
	info := make([]float64, len(f.beta))
	for i, o := range f.os {
		w := f.u[i] / f.playVar(o)
		num[o.maze] += w * (f.ystar[i] + f.skill(o))
		wsum[o.maze] += w
		info[o.maze] += f.c[i] * f.weights[i] * tailInfo / f.playVar(o)
	}
	var sum, n float64
	for k := range f.beta {
		if !f.played[k] || math.IsNaN(f.loo[k]) || f.nm[k] < 3 || info[k] <= 0 || wsum[k] <= 0 {
			continue
		}
		d := num[k]/wsum[k] - f.loo[k]
		sum += d*d - 1/info[k]
		n++
	}
	if n < 3 {
		return 0, false
	}
	return math.Sqrt(max(0.01, sum/n)), true
}

// centerPlays is the fewest counted plays of a player whose skill counts
// toward the typical player's, and minCentered the fewest such players
// for the typical player to be theirs (else the skills' mean, 0).
const (
	centerPlays = 3
	minCentered = 10
)

// centerOf returns the typical player's fitted skill: the median skill of
// the players of at least centerPlays plays. The skills' prior has mean
// 0, so a population of skewed skills (a long tail of slow players) puts
// its mean, not its typical player, at 0; the median is the player the
// difficulties are told for ("a typical player"), whatever the skew.
//
// It returns too the variance of that median as the typical player's
// (π/2 times the skills' variance over their number, a sample median's;
// the players' own standard errors with it): every difficulty is told
// against it, so its uncertainty is every interval's.
func (f *fit) centerOf() (center, variance float64) {
	// The players' skills from their own plays, not shrunk toward the
	// prior's mean (which would pull the median toward the mean).
	num, den := make([]float64, len(f.tau)), make([]float64, len(f.tau))
	for i, o := range f.os {
		if o.player >= 0 {
			w := f.u[i] / f.playVar(o)
			num[o.player] += w * (f.beta[o.maze] - f.ystar[i])
			den[o.player] += w
		}
	}
	// Each player's skill weighs as an estimate of a skill drawn from
	// the population: 1/(its variance + s_τ²), so that the noise of a
	// player of few plays, which would draw the median toward the mean,
	// counts less than a regular's figure.
	var skills, weights []float64
	var se2 float64
	for j := range f.tau {
		if f.np[j] >= centerPlays && den[j] > 0 {
			skills = append(skills, num[j]/den[j])
			weights = append(weights, 1/(1/den[j]+f.st2))
			se2 += 1 / den[j]
		}
	}
	n := float64(len(skills))
	if n < minCentered {
		return 0, 0
	}
	center = weightedMedian(skills, weights)
	var ss float64
	for _, t := range skills {
		ss += (t - center) * (t - center)
	}
	return center, math.Pi / 2 * (ss/(n-1) + se2/n) / n
}

// finish writes the estimates: each maze's difficulty with its interval
// from the plays' observed information and the skills' uncertainty.
func (f *fit) finish(named []string) {
	m := f.m
	m.Sigma, m.MazeSpread, m.PlayerSpread = math.Sqrt(f.sigma2), math.Sqrt(f.sb2), math.Sqrt(f.st2)
	if len(f.os) > 0 {
		f.estep()
		if cv, ok := f.honestCV(); ok {
			m.Prior.CVError = cv
		}
	}
	infoM := make([]float64, len(f.beta))
	infoP := make([]float64, len(f.tau))
	timed := make([]float64, len(f.beta))
	for i, o := range f.os {
		info := f.c[i] * f.weights[i] * tailInfo / f.playVar(o)
		infoM[o.maze] += info
		timed[o.maze] += f.c[i] * f.weights[i]
		if o.player >= 0 {
			infoP[o.player] += info
		}
	}
	for j := range infoP {
		infoP[j] += 1 / f.st2
	}
	variance := f.variances(infoM, infoP)
	c, vc := f.centerOf()
	m.center, m.centerVar = c, vc
	for k := range f.beta {
		e := &m.Mazes[k]
		e.Log = f.beta[k] - c
		e.Predicted = math.Exp(f.mu[k] - c)
		if f.played[k] {
			e.SE = math.Sqrt(variance[k] + vc)
			e.Source = FromPlays
			e.Spread = math.Sqrt(f.sig2m[k])
			if !math.IsNaN(f.loo[k]) {
				e.Predicted = math.Exp(f.loo[k] - c)
			}
			// The maze's spread is estimated from its plays (and
			// spreadPlays of the model's): Student's t of as many
			// degrees of freedom, not the normal, so that a maze of
			// few plays has the wider interval its unknown spread
			// asks for.
			e.setInterval(quantile(timed[k] + spreadPlays))
			continue
		}
		e.SE, e.Source, e.Extrapolated = m.predictionSD(f.lev[k]), m.Prior.Source, f.extra[k]
		e.setInterval(m.predictionQuantile())
	}
	if r := m.Prior.Ridge; r != nil {
		for k, c := range r.Coef {
			if r.Scale[k] > 0 {
				m.Prior.Terms = append(m.Prior.Terms, Term{Feature: FeatureNames[k], Coef: c})
			}
		}
		sort.SliceStable(m.Prior.Terms, func(a, b int) bool {
			return math.Abs(m.Prior.Terms[a].Coef) > math.Abs(m.Prior.Terms[b].Coef)
		})
	}
	for j, id := range named {
		if id == "" {
			continue
		}
		m.Players = append(m.Players, Player{ID: id, Skill: f.tau[j] - c, SE: math.Sqrt(1 / infoP[j]), Plays: int(f.np[j])})
	}
	slices.SortStableFunc(m.Players, func(a, b Player) int { return b.Plays - a.Plays })
}

// variances returns the played mazes' posterior variances: the diagonal
// of the inverse of the Hessian of the log posterior in the difficulties
// and skills (each play's information its weight over its variance), the
// skills taken out by the Schur complement (their block is diagonal), so
// that a maze's interval counts the uncertainty of its players' skills.
func (f *fit) variances(infoM, infoP []float64) []float64 {
	out := make([]float64, len(f.beta))
	var played []int
	at := make([]int, len(f.beta))
	for k := range f.beta {
		if f.played[k] {
			at[k] = len(played)
			played = append(played, k)
		}
	}
	if len(played) == 0 {
		return out
	}
	// B[m][p]: the information the plays of player p on maze m share.
	type pair struct{ m, p int }
	shared := map[pair]float64{}
	byPlayer := make([][]int, len(f.tau)) // the played mazes of each player, by index into played
	for i, o := range f.os {
		if o.player < 0 {
			continue
		}
		key := pair{at[o.maze], o.player}
		if _, ok := shared[key]; !ok {
			byPlayer[o.player] = append(byPlayer[o.player], key.m)
		}
		shared[key] += f.weights[i] * tailInfo / f.playVar(o)
	}
	s := mat.NewSymDense(len(played), nil)
	for i, k := range played {
		s.SetSym(i, i, infoM[k]+1/f.pv(k))
	}
	for p, ms := range byPlayer {
		for _, a := range ms {
			for _, b := range ms {
				if b < a {
					continue
				}
				s.SetSym(a, b, s.At(a, b)-shared[pair{a, p}]*shared[pair{b, p}]/infoP[p])
			}
		}
	}
	var ch mat.Cholesky
	var inv mat.SymDense
	if !ch.Factorize(s) || ch.InverseTo(&inv) != nil {
		for _, k := range played { // the diagonal alone, should the matrix be singular
			out[k] = 1 / (infoM[k] + 1/f.pv(k))
		}
		return out
	}
	for i, k := range played {
		out[k] = inv.At(i, i)
	}
	return out
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

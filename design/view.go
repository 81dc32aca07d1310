package design

import (
	"fmt"
	"math"
	"sync"

	"rjm/analysis"
	"rjm/difficulty"
	"rjm/graph"
	"rjm/maze"
	"rjm/render"
)

// Bench looks at mazes for a designer: their views, and suggestions. It
// is safe for concurrent use.
type Bench struct {
	model     *difficulty.Model
	modelOnce sync.Once
	// Suggestions is how many suggestions of each kind Suggest returns;
	// 0 means DefaultSuggestions.
	Suggestions int
	// last is the last view's maze ID and features: the next edit's
	// changes are said from them without a second analysis.
	lastMu sync.Mutex
	last   struct {
		id string
		f  *analysis.Features
	}
}

// features returns the features of maze from: the last view's when it
// was of from, else an analysis, over g when from is on m's board (g is
// compiled from it) and over its own board's graph otherwise.
func (b *Bench) features(g *graph.Graph, m, from *maze.Maze) (*analysis.Features, error) {
	id, err := from.ID()
	b.lastMu.Lock()
	last := b.last
	b.lastMu.Unlock()
	if err == nil && last.id == id {
		return last.f, nil
	}
	if from.Board != m.Board {
		if g, err = graph.Compile(from.Board); err != nil {
			return nil, err
		}
	}
	return analysis.Analyze(g, from), nil
}

// remember keeps view v's features for the next edit's changes.
func (b *Bench) remember(v *View) {
	b.lastMu.Lock()
	b.last.id, b.last.f = v.ID, v.Features
	b.lastMu.Unlock()
}

// DefaultSuggestions is how many suggestions of each kind Suggest returns
// by default.
const DefaultSuggestions = 8

// NewBench returns a bench that predicts solving times with model; nil
// means difficulty.PriorModel(), fitted once when first needed.
func NewBench(model *difficulty.Model) *Bench { return &Bench{model: model} }

// Model returns the bench's difficulty model.
func (b *Bench) Model() *difficulty.Model {
	b.modelOnce.Do(func() {
		if b.model == nil {
			b.model = difficulty.PriorModel()
		}
	})
	return b.model
}

// View is everything the design paper judges a maze by, as the workbench
// shows it after an edit. Cells are written as the papers' 1-based [row,
// col] pairs, as every view of rjm writes them ([0, 0] is the exit of an
// exit-ring board).
type View struct {
	ID      string `json:"id"`
	Rows    int    `json:"rows"`
	Cols    int    `json:"cols"`
	Variant string `json:"variant,omitempty"`
	// Text is the maze text (rjm's own format), for export.
	Text string `json:"text"`
	// Features are analysis.Analyze's, every feature of the maze.
	Features *analysis.Features `json:"features"`
	// Cells are the grid's cells, row-major, with what the board shows on
	// each; Exit is the exit's depth on an exit-ring board (else absent).
	Cells []CellView `json:"cells"`
	Exit  *int       `json:"exit_depth,omitempty"`
	// Shares are the design energy's terms (analysis.Design), their
	// values summing to Features.Energy.
	Shares []Share `json:"energy_terms"`
	// Prediction is the predicted solving time of a typical player; nil
	// when the maze is unsolvable.
	Prediction *Prediction `json:"prediction,omitempty"`
	// Level is the maze's one level (difficulty.LevelOfMaze: its
	// shortest solution's length on its board, the books' and the daily
	// curve's), empty when the board's reach is not known without a
	// search, which the workbench shows as not checked.
	Level string `json:"level,omitempty"`
	// Pending says the prediction and Level are still to come (a view
	// made without them: Request.Later; Bench.Predict makes them).
	Pending bool `json:"prediction_pending,omitempty"`
	// Summary is the features in one line (analysis.Features.Summary).
	Summary string `json:"summary"`
	// BlackHoleSize says what the black holes hold, and what is counted
	// where a state is more than a cell (analysis.Features.BlackHoleSize).
	BlackHoleSize string `json:"black_hole_size"`
	// Routes are how the moves of the shortest solution shown are drawn
	// on the board (render.Routes: the print key's drawing, round a
	// torus's edge, a loop or out to the exit), one a move.
	Routes []render.Route `json:"routes,omitempty"`
}

// CellView is one cell of a view: its depth and the marks the board
// shows on it.
type CellView struct {
	Cell [2]int `json:"cell"`
	Kind string `json:"kind"` // maze.CellKind's name: open, blocked, pass-over, absent
	Jump int    `json:"jump"`
	// Legal are the jumps the cell may hold, those that land on the
	// board (graph.Graph.Legal), for an open cell other than the goal:
	// the page's jump pad offers these.
	Legal []int `json:"legal,omitempty"`
	// Depth is the number of moves from the start to the cell (under the
	// no-U-turn rule, the fewest over the directions it is entered in),
	// -1 when it cannot be reached.
	Depth int `json:"depth"`
	// ToGoal is the number of moves from the cell to the goal (a backward
	// breadth-first search over the move graph; under the no-U-turn rule
	// the fewest over the directions the cell is entered in), -1 when the
	// goal cannot be reached from it: the page's distance-to-goal overlay.
	ToGoal int `json:"to_goal"`
	// LeadsHere are the cells with a move to the cell (its predecessors
	// in the move graph, graph.Graph.Preds; under the no-U-turn rule a
	// move from some direction it is entered in): the page marks them
	// when the cell is chosen.
	LeadsHere [][2]int `json:"leads_here,omitempty"`
	// Steps are the moves of the shortest solution shown that land on
	// the cell, the start being move 0.
	Steps []int `json:"steps,omitempty"`
	// Hole is "black" or "white" for a cell in a hole.
	Hole string `json:"hole,omitempty"`
	// Forced marks a cell the initial forced moves land on.
	Forced bool `json:"forced,omitempty"`
	// Decision is "forward" (more than one successor), "backward" (more
	// than one predecessor) or "both" for a decision of the solution
	// shown (§3.5), on boards whose state is a cell.
	Decision string `json:"decision,omitempty"`
	// Cluster numbers the same jump cluster of two or more cells the cell
	// is in, from 1 (Features.Clusters' order); 0 for none.
	Cluster int `json:"cluster,omitempty"`
	// DeadEnd marks an open cell other than the goal whose jump has no
	// move.
	DeadEnd bool `json:"dead_end,omitempty"`
}

// Share is one term of the design energy: its value in the energy and
// its share of the energy's size (|value| over the sum of every term's
// |value|, from 0 to 1).
type Share struct {
	Term    string  `json:"term"`
	Formula string  `json:"formula"`
	Value   float64 `json:"value"`
	Share   float64 `json:"share"`
}

// Prediction is how long a typical player is predicted to take
// (difficulty.Model.Predict): the median time and its 95% interval, in
// seconds. It names no level: a maze has one, View.Level.
type Prediction struct {
	Seconds float64 `json:"seconds"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	Source  string  `json:"source,omitempty"`
}

// View returns the view of m, whose board g is compiled from. m must
// validate (maze.Maze.Validate).
func (b *Bench) View(g *graph.Graph, m *maze.Maze) (*View, error) { return b.view(g, m, true) }

// view is View, with the prediction only when predict (else Pending says
// it is still to come, from Predict).
func (b *Bench) view(g *graph.Graph, m *maze.Maze, predict bool) (*View, error) {
	id, err := m.ID()
	if err != nil {
		return nil, err
	}
	var facts difficulty.Facts
	if predict {
		facts = difficulty.Describe(g, m)
	} else {
		facts.Features = analysis.Analyze(g, m)
	}
	f := facts.Features
	v := &View{ID: id, Rows: m.Rows, Cols: m.Cols, Variant: m.Variant.String(), Text: m.String(), Features: f,
		Shares: Shares(f), Summary: f.Summary(), BlackHoleSize: f.BlackHoleSize(), Pending: !predict && f.Solvable}
	if f.Solvable {
		if predict {
			v.Prediction, v.Level = b.predict(id, m, facts)
		}
		if dirs, err := m.ParseNotation(f.Solution); err == nil {
			v.Routes = render.Routes(m, f.SolutionCells, dirs)
		}
	}
	v.Cells, v.Exit = cellViews(g, m, f)
	return v, nil
}

// predict returns the prediction of maze m (whose ID is id and facts
// facts) and the level of its solution's length on its board.
func (b *Bench) predict(id string, m *maze.Maze, facts difficulty.Facts) (*Prediction, string) {
	e := b.Model().Predict(id, facts)
	p := &Prediction{Seconds: e.Seconds, Low: e.Low, High: e.High, Source: e.Source}
	level := ""
	if l, ok := difficulty.LevelOfMaze(m.Board, facts.Features.GoalDepth); ok {
		level = l.String()
	}
	return p, level
}

// Predicted is a view's prediction, asked for on its own (Predict): the
// maze's ID, the prediction (nil when the maze is unsolvable) and the
// level of the solution's length (View.Level).
type Predicted struct {
	ID         string      `json:"id"`
	Prediction *Prediction `json:"prediction,omitempty"`
	Level      string      `json:"level,omitempty"`
	// Suggestions are the maze's suggestions, Move and Pair with them
	// (what an answer made with Request.Later leaves to come).
	Suggestions *Suggestions `json:"suggestions,omitempty"`
}

// Predict returns the prediction of m, whose board g is compiled from: what
// a view made without it (Request.Later) leaves to come. It costs most of
// a view (the simulated novices), which is why it can come apart. Its
// suggestions keep the locked cells (Suggest).
func (b *Bench) Predict(g *graph.Graph, m *maze.Maze, locked ...int) (*Predicted, error) {
	id, err := m.ID()
	if err != nil {
		return nil, err
	}
	s := b.Suggest(g, m, locked...)
	out := &Predicted{ID: id, Suggestions: &s}
	if facts := difficulty.Describe(g, m); facts.Features.Solvable {
		out.Prediction, out.Level = b.predict(id, m, facts)
	}
	return out, nil
}

// cellViews returns the cells' depths and marks, and the exit's depth.
func cellViews(g *graph.Graph, m *maze.Maze, f *analysis.Features) ([]CellView, *int) {
	n := m.Rows * m.Cols
	depth, toGoal, preds := Depths(g, m), GoalDistances(g, m), g.Preds(m.Jumps)
	cells := make([]CellView, n)
	for i := range cells {
		if i < len(preds) {
			preds[i].Each(func(p int) { cells[i].LeadsHere = append(cells[i].LeadsHere, m.CellJSON(p)) })
		}
		cells[i] = CellView{Cell: m.CellJSON(i), Kind: m.Kind(i).String(), Jump: m.Jumps[i], Depth: depth[i], ToGoal: toGoal[i], LeadsHere: cells[i].LeadsHere,
			DeadEnd: i != m.Goal && m.Open(i) && !m.Legal(i, m.Jumps[i])}
		if i != m.Goal && m.Open(i) {
			cells[i].Legal = g.Legal(i)
		}
	}
	for k, i := range f.SolutionCells {
		if i < n {
			cells[i].Steps = append(cells[i].Steps, k)
		}
	}
	for k, sets := range [][][]int{f.BlackHoleSets, f.WhiteHoleSets} {
		for _, h := range sets {
			for _, i := range h {
				if i < n {
					cells[i].Hole = [...]string{"black", "white"}[k]
				}
			}
		}
	}
	for k, c := range f.Clusters {
		for _, i := range c {
			if i < n {
				cells[i].Cluster = k + 1
			}
		}
	}
	// The initial forced moves are the first moves of every solution, so
	// of the one shown.
	if f.Solvable {
		for _, i := range f.SolutionCells[1 : 1+min(f.InitialForcedMoves, f.GoalDepth)] {
			if i < n {
				cells[i].Forced = true
			}
		}
	}
	if g.StatesPerCell() == 1 && f.Solvable {
		preds := g.Preds(m.Jumps)
		sol := f.SolutionCells
		for k, i := range sol {
			fwd := k < len(sol)-1 && g.Succ(i, m.Jumps[i]).Len() > 1
			back := k > 0 && preds[i].Len() > 1
			if i >= n {
				continue
			}
			switch {
			case fwd && back:
				cells[i].Decision = "both"
			case fwd:
				cells[i].Decision = "forward"
			case back:
				cells[i].Decision = "backward"
			}
		}
	}
	var exit *int
	if m.Exit() >= 0 {
		exit = &depth[m.Exit()]
	}
	return cells, exit
}

// Depths returns the depth of every cell of m (the exit included): the
// fewest moves from the start that land on it, -1 when none does. Under
// the no-U-turn rule it is the fewest over the states of the cell.
func Depths(g *graph.Graph, m *maze.Maze) []int {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	return cellMin(nd, m, nd.Start, nd.Succ)
}

// GoalDistances returns the distance of every cell of m (the exit
// included) to the goal: the fewest moves from it that reach the goal, -1
// when none do (graph.Nodes.Distances along π from the goal). Under the
// no-U-turn rule it is the fewest over the states of the cell.
func GoalDistances(g *graph.Graph, m *maze.Maze) []int {
	nd := g.Nodes(m.Jumps, m.Start, m.Goal)
	return cellMin(nd, m, nd.Goal, nd.Pred)
}

// cellMin returns, for every cell of m, the least distance from node
// from along adj over the cell's nodes, -1 when none is reached.
func cellMin(nd *graph.Nodes, m *maze.Maze, from int, adj [][]int32) []int {
	dist, _ := nd.Distances(from, adj)
	depth := make([]int, m.Cells())
	for i := range depth {
		depth[i] = -1
	}
	for u, d := range dist {
		if c := nd.Cell(u); d >= 0 && (depth[c] < 0 || d < depth[c]) {
			depth[c] = d
		}
	}
	return depth
}

// Shares returns the design energy's terms (analysis.Design, §3.7) for
// features f: with a unique shortest solution n·|S|² (non-reaching
// cells), −min(d_f, d_b) (decisions), Σ(|J|−1)² (clusters) and m²
// (initial forced moves); without one |S|³ in place of the decisions.
// Their values sum to f.Energy.
func Shares(f *analysis.Features) []Share {
	t := f.Terms()
	S := float64(f.Cells)
	out := []Share{}
	if t[analysis.NotUnique] != 0 {
		why := "no unique shortest solution"
		if !f.Solvable {
			why = "no solution"
		}
		out = append(out, Share{Term: why, Formula: "|S|³", Value: S * S * S})
	}
	out = append(out, Share{Term: "non-reaching cells", Formula: fmt.Sprintf("n·|S|² = %d·%d²", t[analysis.NonReaching], f.Cells),
		Value: float64(t[analysis.NonReaching]) * S * S})
	if t[analysis.NotUnique] == 0 {
		out = append(out, Share{Term: "decisions", Formula: fmt.Sprintf("−min(d_f, d_b) = −min(%d, %d)", t[analysis.ForwardDecisions], t[analysis.BackwardDecisions]),
			Value: -float64(t[analysis.Decisions])})
	}
	m := t[analysis.InitialForcedMoves]
	out = append(out,
		Share{Term: "same jump clusters", Formula: "Σ(|J|−1)²", Value: float64(t[analysis.ClusterPenalty])},
		Share{Term: "initial forced moves", Formula: fmt.Sprintf("m² = %d²", m), Value: float64(m * m)})
	total := 0.0
	for _, s := range out {
		total += math.Abs(s.Value)
	}
	if total > 0 {
		for k := range out {
			out[k].Share = math.Abs(out[k].Value) / total
		}
	}
	return out
}

package learn

import (
	"fmt"
	"strings"
	"sync"

	"rjm/fault"
	"rjm/graph"
	"rjm/maze"
	"rjm/search"
	"rjm/stats"
)

// Bounds on what RestartBandit and RestartSARSA may be asked for: they
// keep one run of an exercise to minutes, not days.
const (
	MaxStrategyRuns = 20         // RestartBandit: ε-greedy and softmax runs together
	MaxBanditPulls  = 1_000_000  // RestartBandit.Pulls
	MaxArms         = 16         // RestartBandit.Arms
	MaxSARSAEpisode = 1_000_000  // RestartSARSA.Episodes
	MaxEvalMazes    = 100_000    // RestartSARSA.Mazes
	MaxStepsPer     = 10_000_000 // RestartSARSA.StepsPerEpisode and StepsPerMaze
)

// DefaultSize is the side of the exercises' mazes: 5×5.
const DefaultSize = 5

// SettingError is a setting of RestartBandit or RestartSARSA out of its
// range: bad input of kind fault.ErrInvalid. Its message names the settings by their fields, in lower case
// with words joined by hyphens ("pulls", "steps-per-maze"; "epsilon" and
// "tau" for RestartBandit's lists); Message lets a front end name them in
// its own words, as the command line names them by its flags.
type SettingError struct {
	msg string // the message, each setting's name written {name}
}

// settingErrorf returns a SettingError; format names a setting as {name}.
func settingErrorf(format string, args ...any) *SettingError {
	return &SettingError{fmt.Sprintf(format, args...)}
}

// Error returns the message, each setting named by its field.
func (e *SettingError) Error() string {
	return e.Message(func(setting string) string { return setting })
}

// Unwrap returns fault.ErrInvalid: a SettingError is a user's bad input,
// which front ends show as it is (fault.Is).
func (e *SettingError) Unwrap() error { return fault.ErrInvalid }

// Message returns the message, each setting named by name(setting).
func (e *SettingError) Message(name func(setting string) string) string {
	var b strings.Builder
	s := e.msg
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s, '}')
		if i < 0 || j < i {
			break
		}
		b.WriteString(s[:i])
		b.WriteString(name(s[i+1 : j]))
		s = s[j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// checkSize reports a maze size n that no n×n board has.
func checkSize(n int) error {
	return maze.Board{Rows: n, Cols: n}.Validate()
}

// problem checks settings with validate and returns the search problem
// of the exercises: an n×n board with the default start and goal.
func problem(n int, validate func() error) (search.Problem, error) {
	if err := validate(); err != nil {
		return search.Problem{}, err
	}
	b := maze.Board{Rows: n, Cols: n}
	g, err := graph.Compile(b)
	if err != nil {
		return search.Problem{}, err
	}
	return search.Problem{Graph: g, Start: b.Index(maze.DefaultStart(b)), Goal: b.Index(maze.DefaultGoal(b))}, nil
}

// ci95 returns the 95% confidence interval of the mean of e as
// [low, high], nil for fewer than 2 values.
func ci95(e stats.Estimate) []float64 {
	if e.N() < 2 {
		return nil
	}
	lo, hi := e.CI95()
	return []float64{lo, hi}
}

// sharedProgress turns the steps of concurrent runs into one count, and
// reports it to progress, never concurrently.
type sharedProgress struct {
	mu       sync.Mutex
	done     int
	total    int
	progress func(done, total int)
}

// step returns the callback a run calls after each of its steps, nil
// without a progress callback.
func (p *sharedProgress) step() func(done, total int) {
	if p.progress == nil {
		return nil
	}
	return func(int, int) {
		p.mu.Lock()
		p.done++
		p.progress(p.done, p.total)
		p.mu.Unlock()
	}
}

package render

import "rjm/exercise"

// NewExercise returns the JSON view of an exercise's final maze: the
// exercise's name and seed with the solve view of the maze (see NewSolve),
// or, for an exercise that does not evaluate its maze, the maze alone.
func NewExercise(name string, seed uint64, res *exercise.Result) any {
	if res.Solved == nil {
		id, _ := res.Maze.ID()
		return map[string]any{"exercise": name, "seed": seed, "id": id, "maze": res.Maze.String(), "jumps": res.Maze.JSON().Jumps}
	}
	return struct {
		Exercise string `json:"exercise"`
		Seed     uint64 `json:"seed"`
		Solve
	}{name, seed, NewSolve(res.Maze, res.Solved)}
}

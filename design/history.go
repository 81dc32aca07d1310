package design

import "rjm/maze"

// History is a maze and the edits that made it, for undo and redo: a new
// edit drops the edits undone. The zero value is not usable: make one
// with NewHistory.
type History struct {
	past   []*maze.Maze // the mazes before each edit, oldest first
	cur    *maze.Maze
	future []*maze.Maze // the mazes undone, the next redo last
}

// NewHistory returns the history of a design that starts from m.
func NewHistory(m *maze.Maze) *History { return &History{cur: m.Clone()} }

// Maze returns the current maze; the caller must not change it.
func (h *History) Maze() *maze.Maze { return h.cur }

// Do makes edit e (see Apply) and returns the new maze; an edit that
// cannot be made changes nothing.
func (h *History) Do(e Edit) (*maze.Maze, error) {
	m, err := Apply(h.cur, e)
	if err != nil {
		return nil, err
	}
	h.past = append(h.past, h.cur)
	h.cur, h.future = m, nil
	return m, nil
}

// Undo takes the last edit back and reports whether there was one.
func (h *History) Undo() bool {
	if len(h.past) == 0 {
		return false
	}
	h.future = append(h.future, h.cur)
	h.cur, h.past = h.past[len(h.past)-1], h.past[:len(h.past)-1]
	return true
}

// Redo makes the last edit undone again and reports whether there was
// one.
func (h *History) Redo() bool {
	if len(h.future) == 0 {
		return false
	}
	h.past = append(h.past, h.cur)
	h.cur, h.future = h.future[len(h.future)-1], h.future[:len(h.future)-1]
	return true
}

// CanUndo and CanRedo report whether Undo and Redo have an edit to take.
func (h *History) CanUndo() bool { return len(h.past) > 0 }

// CanRedo reports whether Redo has an edit to make again.
func (h *History) CanRedo() bool { return len(h.future) > 0 }

package analysis

import "fmt"

// BookPuzzle says why a maze of features f is not one a book prints (nil
// when it is): a book promises every puzzle is solvable, with one shortest
// solution (the par its key shows) and no black holes. book.FromList and
// the workbench's book list (design.CheckBookEntry) both ask it.
func BookPuzzle(f *Features) error {
	switch {
	case !f.Solvable:
		return fmt.Errorf("the goal cannot be reached from the start")
	case !f.Unique:
		return fmt.Errorf("%d shortest solutions of %d moves: a book's puzzle has one (the par the key shows)", f.ShortestPaths, f.GoalDepth)
	case f.BlackHoles > 0 && f.HolesByState:
		return fmt.Errorf("%d black holes (cells that, arrived at some way, leave no way to the goal; %s): a book's puzzle has none", f.BlackHoles, f.BlackHoleSize())
	case f.BlackHoles > 0:
		return fmt.Errorf("%d black holes (cells from which the goal cannot be reached): a book's puzzle has none", f.BlackHoles)
	}
	return nil
}

package maze

// Dir is a jump direction. The rook directions are Up, Down, Left and
// Right, written U, D, L and R in solutions (the assignment's web page
// gives "RDLRUDRLRLUDLDRRUDD"). The four diagonal directions serve the
// Queen Jumping Maze and, with Left and Right, the six straight lines of
// the hexagonal and triangular tilings (see docs/variants.md).
type Dir uint8

// The directions, in the order the solver tries them. The rook directions
// come first and keep their values.
const (
	Up Dir = iota
	Down
	Left
	Right
	UpLeft
	UpRight
	DownLeft
	DownRight
	numDirs
)

// NumDirs is the number of directions: Dir values are 0..NumDirs-1.
const NumDirs = int(numDirs)

var (
	// dirLetters: the rook letters, and for the diagonals the digit that
	// points that way on a numeric keypad (7 = up-left, 9 = up-right,
	// 1 = down-left, 3 = down-right), so that every direction has one
	// unambiguous character.
	dirLetters = [numDirs]byte{'U', 'D', 'L', 'R', '7', '9', '1', '3'}
	dirCompass = [numDirs]string{"N", "S", "W", "E", "NW", "NE", "SW", "SE"}
	dirNames   = [numDirs]string{"up", "down", "left", "right", "up-left", "up-right", "down-left", "down-right"}
	dirDelta   = [numDirs][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	dirOpp     = [numDirs]Dir{Down, Up, Right, Left, DownRight, DownLeft, UpRight, UpLeft}
)

// Letter returns the direction's one-character code: U, D, L or R for the
// rook directions (the papers' solution letters), and for the diagonals the
// numeric-keypad digit pointing that way (7 up-left, 9 up-right, 1
// down-left, 3 down-right). Solutions on boards with diagonal moves are
// printed in compass codes instead (see Compass and Board.Notation).
func (d Dir) Letter() byte { return dirLetters[d] }

// Compass returns the direction as a compass point with north up: N, S,
// W, E, NW, NE, SW or SE, as Loyd's and Abbott's puzzles spell moves.
func (d Dir) Compass() string { return dirCompass[d] }

// String returns the direction's name in lower case, as the papers'
// footnotes spell solutions ("down, right, left, ..."); diagonals are
// "up-left", "up-right", "down-left" and "down-right".
func (d Dir) String() string { return dirNames[d] }

// Opposite returns the reverse direction: the U-turn of Abbott's rule.
func (d Dir) Opposite() Dir { return dirOpp[d] }

// Diagonal reports whether d is one of the four diagonal directions.
func (d Dir) Diagonal() bool { return d >= UpLeft }

// ParseDir parses a direction from its letter (U, D, L, R, 7, 9, 1, 3),
// its compass code (N, S, W, E, NW, NE, SW, SE) or its name, in any case.
func ParseDir(s string) (Dir, bool) {
	for d := Dir(0); d < numDirs; d++ {
		if eqFold(s, string(dirLetters[d])) || eqFold(s, dirCompass[d]) || eqFold(s, dirNames[d]) {
			return d, true
		}
	}
	return 0, false
}

func eqFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// Move is one jump: the direction taken and the cell it lands on.
type Move struct {
	Dir Dir
	To  int // cell index
}

// Delta returns the steps in rows and in columns of one cell in
// direction d on a square grid (Up is -1, 0).
func (d Dir) Delta() (dr, dc int) { return dirDelta[d][0], dirDelta[d][1] }

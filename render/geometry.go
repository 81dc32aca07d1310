package render

import (
	"math"

	"rjm/maze"
)

// Point is a position on a drawing, in cell units: x grows to the right
// and y downwards, as the rows of a maze do.
type Point struct{ X, Y float64 }

// Shape is one cell as drawn: its outline (corners in order around it)
// and the point its number is centred on.
type Shape struct {
	Corners []Point
	Center  Point
}

// Geometry is where every cell of a board lies on a drawing, in cell
// units (a square cell is 1 wide): one geometry serves every back end, the
// SVG, PNG and PDF pictures and the web player.
type Geometry struct {
	Shapes        []Shape // by cell index; nil Corners for an absent cell
	Width, Height float64
	// Size is the height of the smallest square that fits inside a cell,
	// for choosing a font size: 1 on squares, less on hexagons and
	// triangles.
	Size float64
}

// NewGeometry lays out the cells of b: squares in rows; pointy-topped
// hexagons with every second row (the even rows counting from 1) shifted
// half a cell right; triangles alternately pointing up and down, (r,c)
// 1-based pointing up when r+c is even (see maze.Tiling).
func NewGeometry(b maze.Board) Geometry {
	n := b.Rows * b.Cols
	g := Geometry{Shapes: make([]Shape, n)}
	switch b.Variant.Tiling {
	case maze.Hex:
		h := 2 / math.Sqrt(3) // height of a hexagon 1 wide
		g.Width, g.Height, g.Size = float64(b.Cols)+0.5, h+float64(b.Rows-1)*0.75*h, 0.6
		if b.Rows == 1 {
			g.Width = float64(b.Cols)
		}
		for i := range n {
			r, c := i/b.Cols, i%b.Cols
			x := float64(c) + 0.5 + 0.5*float64(r%2)
			y := h/2 + float64(r)*0.75*h
			g.Shapes[i] = Shape{Center: Point{x, y}, Corners: []Point{
				{x, y - h/2}, {x + 0.5, y - h/4}, {x + 0.5, y + h/4},
				{x, y + h/2}, {x - 0.5, y + h/4}, {x - 0.5, y - h/4},
			}}
		}
	case maze.Triangle:
		t := math.Sqrt(3) / 2 // height of a triangle of side 1
		g.Width, g.Height, g.Size = float64(b.Cols+1)/2, float64(b.Rows)*t, 0.38
		for i := range n {
			r, c := i/b.Cols, i%b.Cols
			x0, y0 := float64(c)/2, float64(r)*t
			if (r+c)%2 == 0 { // pointing up
				g.Shapes[i] = Shape{Center: Point{x0 + 0.5, y0 + 2*t/3},
					Corners: []Point{{x0 + 0.5, y0}, {x0 + 1, y0 + t}, {x0, y0 + t}}}
			} else {
				g.Shapes[i] = Shape{Center: Point{x0 + 0.5, y0 + t/3},
					Corners: []Point{{x0, y0}, {x0 + 1, y0}, {x0 + 0.5, y0 + t}}}
			}
		}
	default:
		g.Width, g.Height, g.Size = float64(b.Cols), float64(b.Rows), 1
		for i := range n {
			x, y := float64(i%b.Cols), float64(i/b.Cols)
			g.Shapes[i] = Shape{Center: Point{x + 0.5, y + 0.5},
				Corners: []Point{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}}
		}
	}
	for i := range n {
		if b.Kind(i) == maze.Absent {
			g.Shapes[i].Corners = nil
		}
	}
	return g
}

// Edge returns the side that cells a and b share, and false when they
// share none (a wall is drawn on it).
func (g Geometry) Edge(a, b int) (p, q Point, ok bool) {
	var common []Point
	for _, u := range g.Shapes[a].Corners {
		for _, v := range g.Shapes[b].Corners {
			if math.Abs(u.X-v.X) < 1e-9 && math.Abs(u.Y-v.Y) < 1e-9 {
				common = append(common, u)
			}
		}
	}
	if len(common) != 2 {
		return Point{}, Point{}, false
	}
	return common[0], common[1], true
}

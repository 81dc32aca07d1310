package web

import (
	"testing"

	"rjm/design"
)

// FuzzDecodeDesign checks that any body POST /api/design accepts is
// within the workbench's caps: a maze (or a seeded ID's recipe) of at
// most MaxDesignSide rows and columns with an ID, a known edit, and a
// maze to compare with of the same caps; or two versions to compare,
// alone, within the same caps.
func FuzzDecodeDesign(f *testing.F) {
	seedCorpus(f, "design")
	f.Fuzz(func(t *testing.T, body []byte) {
		in, err := decodeDesign(body)
		if err != nil {
			return
		}
		switch {
		case in.compare != nil:
			ms, err := in.compare.Mazes()
			if err != nil || in.maze != nil || in.spec != nil || in.edit != nil || in.from != nil {
				t.Fatalf("accepted compare %+v with %v, a maze %v, a spec %v, an edit %v, from %v", in.compare, err, in.maze, in.spec, in.edit, in.from)
			}
			for _, m := range ms {
				if design.CheckSize(m.Rows, m.Cols) != nil || m.Validate() != nil {
					t.Fatalf("accepted version %v", m)
				}
			}
		case in.spec != nil:
			if checkSpec(*in.spec) != nil {
				t.Fatalf("spec %v passed past the caps", in.spec)
			}
		case in.maze == nil:
			t.Fatal("accepted without a maze")
		default:
			if design.CheckSize(in.maze.Rows, in.maze.Cols) != nil || in.maze.Validate() != nil {
				t.Fatalf("accepted maze %v", in.maze)
			}
			if _, err := in.maze.ID(); err != nil {
				t.Fatalf("accepted a maze without an ID: %v", err)
			}
		}
		if in.from != nil && design.CheckSize(in.from.Rows, in.from.Cols) != nil {
			t.Fatalf("accepted from %v", in.from)
		}
		if in.edit != nil && (in.edit.Op < design.SetJump || in.edit.Op > design.ToggleWall) {
			t.Fatalf("accepted edit %+v", in.edit)
		}
	})
}

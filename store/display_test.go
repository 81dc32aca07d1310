package store

import (
	"path/filepath"
	"testing"
)

func TestDisplay(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/var/lib/rjm/rjm.db", "/var/lib/rjm/rjm.db"},
		{"postgres://rjm:secret@db.example/rjm", "postgres://rjm:xxxxx@db.example/rjm"},
		{"postgresql://rjm@db.example/rjm?sslmode=disable", "postgresql://rjm@db.example/rjm?sslmode=disable"},
	} {
		if got := Display(tc.in); got != tc.want {
			t.Errorf("Display(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data")
	if got := DefaultPath(); got != filepath.Join("/data", "rjm", "rjm.db") {
		t.Errorf("with XDG_DATA_HOME: %q", got)
	}
	t.Setenv("XDG_DATA_HOME", "relative") // not absolute: ignored, as the spec says
	t.Setenv("HOME", "/home/ann")
	if got := DefaultPath(); got != filepath.Join("/home/ann", ".local", "share", "rjm", "rjm.db") {
		t.Errorf("with HOME: %q", got)
	}
}

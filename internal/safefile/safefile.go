// Package safefile writes files whole or not at all.
package safefile

import (
	"io"
	"os"
	"path/filepath"
)

// Write writes the file path through write, atomically: into a temporary
// file in the same directory, renamed to path only once complete, so that
// an interrupted or failed write leaves the old file (or none), never a
// truncated one. The file is readable by all (0644).
func Write(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// WriteBytes writes data to the file path atomically, as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

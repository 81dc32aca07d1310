// Package safefile writes files whole or not at all.
package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes the file path through write, atomically: into a temporary
// file in the same directory, renamed to path only once complete, so that
// an interrupted or failed write leaves the old file (or none), never a
// truncated one. The file is readable by all (0644).
// Errors name path, never the temporary file.
func Write(path string, write func(io.Writer) error) error {
	f, err := create(path)
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
		err = named("write", path, err)
	}
	return err
}

// named returns err as a PathError of path, whatever file or link it
// named (never the temporary file), and "is a folder" for a folder.
func named(op, path string, err error) error {
	if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
		return &fs.PathError{Op: op, Path: path, Err: ErrFolder}
	}
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return &fs.PathError{Op: op, Path: path, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: op, Path: path, Err: le.Err}
	}
	return err
}

// ErrFolder is the error of a write to a path that is a folder.
var ErrFolder = errors.New("is a folder, not a file")

// create makes the temporary file beside path.
func create(path string) (*os.File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, &fs.PathError{Op: "create", Path: path, Err: pe.Err}
	}
	return f, err
}

// Check reports whether the file path can be written, as Write would
// write it, without writing it: for long work whose result goes there, to
// fail before the work rather than after.
func Check(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &fs.PathError{Op: "write", Path: path, Err: ErrFolder}
	}
	f, err := create(path)
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteBytes writes data to the file path atomically, as Write does.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
}

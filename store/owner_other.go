//go:build !unix

package store

import (
	"fmt"
	"io/fs"
)

// ownerOf: files have no owner to keep here.
func ownerOf(fi fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// chown does nothing here.
func chown(path string, uid, gid int) error { return nil }

// processUser names this process's user: not known here.
func processUser() string { return "this user" }

// fileOwner names the mode of the file fi describes.
func fileOwner(fi fs.FileInfo) string { return fmt.Sprintf("mode %04o", fi.Mode().Perm()) }

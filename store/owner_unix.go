//go:build unix

package store

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// ownerOf returns the owner and group of the file fi describes.
func ownerOf(fi fs.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// chown gives path the owner and group, unless they are -1 or already
// its own.
func chown(path string, uid, gid int) error {
	if uid < 0 {
		return nil
	}
	if fi, err := os.Stat(path); err == nil {
		if u, g, ok := ownerOf(fi); ok && u == uid && g == gid {
			return nil
		}
	}
	return os.Chown(path, uid, gid)
}

// processUser names this process's user and group.
func processUser() string { return fmt.Sprintf("uid %d, gid %d", os.Geteuid(), os.Getegid()) }

// fileOwner names the owner, group and mode of the file fi describes.
func fileOwner(fi fs.FileInfo) string {
	if uid, gid, ok := ownerOf(fi); ok {
		return fmt.Sprintf("owner uid %d, gid %d, mode %04o", uid, gid, fi.Mode().Perm())
	}
	return fmt.Sprintf("mode %04o", fi.Mode().Perm())
}

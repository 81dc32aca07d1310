package cli

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"
)

// fileWords is what happened to a file, by the error the system gave,
// in rjm's words (the system's own, "not a directory", would come
// after the os package's operation, "open", as Go words it).
var fileWords = []struct {
	err  error
	text string
}{
	{fs.ErrNotExist, "there is no such file or folder"},
	{syscall.ENOTDIR, "a folder on its path is a file"},
	{syscall.EISDIR, "it is a folder, not a file"},
	{fs.ErrPermission, "permission denied"},
	{fs.ErrExist, "it exists already"},
	{syscall.ENOSPC, "the disk is full"},
	{syscall.EROFS, "the file system is read-only"},
	{syscall.ENAMETOOLONG, "the name is too long"},
}

// fileOps is what rjm was doing, by the os package's operation.
var fileOps = map[string]string{
	"open": "cannot open", "openat": "cannot open", "stat": "cannot read", "lstat": "cannot read",
	"read": "cannot read", "write": "cannot write", "mkdir": "cannot make the folder",
	"rename": "cannot rename", "remove": "cannot remove", "unlinkat": "cannot remove",
	"readdirent": "cannot read the folder", "create": "cannot create", "createtemp": "cannot create", "close": "cannot finish writing", "sync": "cannot finish writing",
}

// FileWords returns msg, the text of err, with the text of the first
// *fs.PathError in err's chain ("open out/x.pdf: not a directory") put
// in rjm's words ("cannot open out/x.pdf: a folder on its path is a
// file"), so that a file's error says what rjm could not do to which
// file and why, not the operation of Go's os package.
func FileWords(msg string, err error) string {
	pe, ok := errors.AsType[*fs.PathError](err)
	if !ok || !strings.Contains(msg, pe.Error()) {
		return msg
	}
	op, ok := fileOps[pe.Op]
	if !ok {
		op = "cannot use"
	}
	why := pe.Err.Error()
	for _, w := range fileWords {
		if errors.Is(pe.Err, w.err) {
			why = w.text
			break
		}
	}
	return strings.Replace(msg, pe.Error(), op+" "+pe.Path+": "+why, 1)
}

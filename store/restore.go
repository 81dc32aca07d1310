package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rjm/fault"
)

// The faults of a store's file that an operator fixes, named by /readyz
// and the log: the file missing, not this process's to read and write,
// or not a store of this site.
var (
	ErrMissing    = errors.New("missing")
	ErrPermission = errors.New("permission denied")
	ErrNotAStore  = errors.New("not a store of this site")
)

// accessFault says why this process cannot use the SQLite file path as a
// store, in words an operator acts on — the file missing, or not readable
// and writable by this process's user (its owner and mode named) — or
// nil when it can open the file for reading and writing. SQLite's own
// error for both is "unable to open database file (14)".
func accessFault(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fault.New(fault.ErrInvalid, path, "%w: no store at this path", ErrMissing)
	}
	if err != nil {
		return fmt.Errorf("the store %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err == nil {
		f.Close()
		return nil
	}
	if errors.Is(err, fs.ErrPermission) {
		return fault.New(fault.ErrInvalid, path, "%w: this process (%s) cannot read and write the store (%s): give the file to the server's user (rjm restore keeps the owner and mode of the file it replaces)",
			ErrPermission, processUser(), fileOwner(fi))
	}
	return nil // another fault (a read-only file system): SQLite's to name
}

// Restore puts the SQLite backup at backup in place of the store at path,
// atomically: the backup is copied beside path (same file system), checked
// to be a store of this site (and its schema brought up to date), given
// the owner, group and mode of the file it replaces (see ownerFor), and
// renamed over path. A
// server running on path sees another file before its next call and
// follows it (see OpenSQLite): it is safe with one server on the file;
// with several, stop them first (docs/deploy.md). backup itself is only
// read.
func Restore(ctx context.Context, backup, path string) error {
	if IsPostgres(path) {
		return fault.Invalid("", "a PostgreSQL database is restored with pg_restore (see docs/deploy.md)")
	}
	if _, err := os.Stat(backup); err != nil {
		return fault.In("", err)
	}
	uid, gid, mode, err := ownerFor(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".restore.*")
	if err != nil {
		return fmt.Errorf("restoring %s to %s: %w", backup, path, err)
	}
	defer os.Remove(tmp.Name())
	src, err := os.Open(backup)
	if err != nil {
		tmp.Close()
		return fault.In("", err)
	}
	_, err = io.Copy(tmp, src)
	src.Close()
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("restoring %s to %s: %w", backup, path, err)
	}
	// A store of this site, brought up to this program's schema, its log
	// checkpointed into it and closed: nothing left beside it.
	s, err := openSQLite(ctx, tmp.Name(), true)
	if err != nil {
		var fe *fault.Error
		if errors.As(err, &fe) {
			return fault.Invalid(backup, "%w: not restored", ErrNotAStore)
		}
		return fmt.Errorf("restoring %s: %w", backup, err)
	}
	if _, err := s.s.w.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		s.Close()
		return fmt.Errorf("restoring %s: %w", backup, err)
	}
	if err := s.Close(); err != nil {
		return fmt.Errorf("restoring %s: %w", backup, err)
	}
	for _, side := range []string{"-wal", "-shm"} {
		os.Remove(tmp.Name() + side)
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		return fmt.Errorf("restoring %s to %s: %w", backup, path, err)
	}
	if err := chown(tmp.Name(), uid, gid); err != nil {
		return fault.New(fault.ErrInvalid, path, "cannot give the restored store the owner of the store it replaces (uid %d, gid %d): run rjm restore as root or as that user (%v)", uid, gid, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("restoring %s to %s: %w", backup, path, err)
	}
	return nil
}

// ownerFor returns the owner, group and mode a store at path must have:
// those of the file there; but when there is none, or root owns it (a
// restore by cp as root leaves such a file, which the service's user
// cannot open), the owner and group of its directory, which the server
// writes its log files in (systemd's StateDirectory gives it to the
// service's user), and mode 0600.
func ownerFor(path string) (uid, gid int, mode fs.FileMode, err error) {
	mode = 0o600
	fi, err := os.Stat(path)
	switch {
	case err == nil:
		mode = fi.Mode().Perm()
		if u, g, ok := ownerOf(fi); ok && u != 0 {
			return u, g, mode, nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return 0, 0, 0, fault.In("", err)
	}
	if fi, err = os.Stat(filepath.Dir(path)); err != nil {
		return 0, 0, 0, fault.In("", err)
	}
	uid, gid, ok := ownerOf(fi)
	if !ok {
		return -1, -1, mode, nil // no owner to keep here
	}
	if uid == 0 {
		mode = 0o600 // root's store, root's only
	}
	return uid, gid, mode, nil
}

// BackupName is the name of a backup made at t in a directory of
// backups: rjm-YYYYMMDDTHHMMSSZ.db, which sorts by time.
func BackupName(t time.Time) string {
	return "rjm-" + t.UTC().Format("20060102T150405Z") + ".db"
}

// isBackupName reports whether name is a BackupName (or one made unique
// by a suffix: see BackupInto).
func isBackupName(name string) bool {
	return strings.HasPrefix(name, "rjm-") && strings.HasSuffix(name, ".db") && len(name) >= len("rjm-20060102T150405Z.db")
}

// BackupInto backs up the store at path (see Backup) into the directory
// dir under a new BackupName of now — never one that exists: a second
// backup in the same second gets a suffix — and then, when keep > 0,
// removes the oldest backups of that directory beyond the newest keep.
// It returns the backup's path.
func BackupInto(ctx context.Context, path, dir string, keep int, now time.Time) (string, error) {
	if keep < 0 {
		return "", fault.Invalid("--keep", "%d: want 0 (keep every backup) or more", keep)
	}
	name := BackupName(now)
	dest := filepath.Join(dir, name)
	for k := 2; ; k++ {
		if _, err := os.Lstat(dest); errors.Is(err, fs.ErrNotExist) {
			break
		}
		dest = filepath.Join(dir, strings.TrimSuffix(name, ".db")+fmt.Sprintf("-%d.db", k))
	}
	if err := Backup(ctx, path, dest); err != nil {
		return "", err
	}
	if keep == 0 {
		return dest, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return dest, fmt.Errorf("rotating the backups in %s: %w", dir, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && isBackupName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(backupKey(a), backupKey(b)) })
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil {
			return dest, fmt.Errorf("rotating the backups in %s: %w", dir, err)
		}
		names = names[1:]
	}
	return dest, nil
}

// backupKey sorts backup names by time, then by their suffix's number.
func backupKey(name string) string {
	stem := strings.TrimSuffix(strings.TrimPrefix(name, "rjm-"), ".db")
	t, n, _ := strings.Cut(stem, "-")
	return t + fmt.Sprintf("%08s", n)
}

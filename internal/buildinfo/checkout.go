package buildinfo

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

// A build without version control information and without Commit (the
// GOFLAGS of a machine may say -buildvcs=false, and `go run` never
// stamps a commit) still names its commit when it runs beside its
// source: the git checkout holding this file's source, as the compiler
// recorded its path, is read at run time (HEAD, the ref it names, loose
// or packed, a worktree's common directory). That is the checkout's
// commit when the program started, which is the build's for `go run`
// and a build just made; Version says "checked out", not "built", so
// that nobody takes it for a stamp. An installed binary built with
// -trimpath or on another machine finds no checkout and says "commit
// unknown": stamp it (docs/deploy.md, Building).

// checkoutCommit returns the commit of the git checkout of this
// package's source, or "" when there is none to read.
func checkoutCommit() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	return gitHead(filepath.Dir(file))
}

var commitRE = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)

// gitHead returns the commit HEAD names in the git checkout holding dir
// (dir or a parent with .git), or "".
func gitHead(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			gitDir := filepath.Join(d, ".git")
			if !fi.IsDir() { // a worktree: "gitdir: PATH"
				b, err := os.ReadFile(gitDir)
				if err != nil {
					return ""
				}
				p, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
				if !ok {
					return ""
				}
				if !filepath.IsAbs(p) {
					p = filepath.Join(d, p)
				}
				gitDir = p
			}
			return headOf(gitDir)
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// headOf reads HEAD in the git directory gitDir.
func headOf(gitDir string) string {
	b, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	head := strings.TrimSpace(string(b))
	ref, ok := strings.CutPrefix(head, "ref: ")
	if !ok {
		if commitRE.MatchString(head) {
			return head // detached
		}
		return ""
	}
	common := gitDir
	if c, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common = strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
	}
	for _, g := range []string{gitDir, common} {
		if b, err := os.ReadFile(filepath.Join(g, filepath.FromSlash(ref))); err == nil {
			if c := strings.TrimSpace(string(b)); commitRE.MatchString(c) {
				return c
			}
		}
	}
	f, err := os.Open(filepath.Join(common, "packed-refs"))
	if err != nil {
		return ""
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		if c, name, ok := strings.Cut(lines.Text(), " "); ok && name == ref && commitRE.MatchString(c) {
			return c
		}
	}
	return ""
}

// Package buildinfo says which build of rjm is running, for rjm --version
// and the web server's health check.
package buildinfo

import "runtime/debug"

// Commit is the commit rjm was built from, for builds without version
// control information (a git worktree, or -buildvcs=false): set it with
// go build -ldflags "-X rjm/internal/buildinfo.Commit=$(git rev-parse HEAD)".
var Commit string

// Version describes the build: the module version, or the commit it was
// built from (marked "+changes" when the tree had uncommitted changes),
// and the Go release.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return versionOrCheckout(info, Commit, checkoutCommit)
}

// versionOrCheckout is versionOf, with the checkout's commit (read by
// checkout) when the build records none and commit is "".
func versionOrCheckout(info *debug.BuildInfo, commit string, checkout func() string) string {
	if rev, _ := revision(info, commit); rev == "" {
		if c := checkout(); c != "" {
			v := info.Main.Version
			if v == "" || v == "(devel)" {
				v = "(devel)"
			}
			return v + ", commit " + c[:12] + " checked out (not stamped by the build), " + info.GoVersion
		}
	}
	return versionOf(info, commit)
}

// versionOf describes the build info, with commit as the commit when it
// records none.
func versionOf(info *debug.BuildInfo, commit string) string {
	v := info.Main.Version
	rev, dirty := revision(info, commit)
	switch {
	case (v == "" || v == "(devel)") && rev != "":
		v = "commit " + rev[:min(12, len(rev))] + dirty
	case v == "" || v == "(devel)":
		v = "(devel, commit unknown: build with -buildvcs=true in a git clone, or -ldflags \"-X rjm/internal/buildinfo.Commit=$(git rev-parse HEAD)\")"
	case rev != "":
		v += ", commit " + rev[:min(12, len(rev))] + dirty
	}
	return v + ", " + info.GoVersion
}

// revision returns the commit the build info records (commit when it
// records none) and "+changes" when the tree had uncommitted changes.
func revision(info *debug.BuildInfo, commit string) (rev, dirty string) {
	rev = commit
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+changes"
		}
	}
	return rev, dirty
}

// Short describes the build in a word, for records such as a gradebook:
// the module version, else the commit (its first 12 digits, "+changes"
// when the tree had uncommitted changes), else "devel".
func Short() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return shortOf(info, Commit)
}

// shortOf is Short for the build info, with commit as the commit when it
// records none.
func shortOf(info *debug.BuildInfo, commit string) string {
	rev, dirty := revision(info, commit)
	switch v := info.Main.Version; {
	case v != "" && v != "(devel)":
		return v
	case rev != "":
		return rev[:min(12, len(rev))] + dirty
	}
	return "devel"
}

package buildinfo

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// --version names the version and the commit from the build info.
func TestVersionOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.modified", Value: "true"}}
	for _, tc := range []struct {
		info   debug.BuildInfo
		commit string
		want   string
	}{
		{debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "", "commit 0123456789ab+changes, go1.26"},
		{debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "v1.2.0"}, Settings: vcs[:1]}, "", "v1.2.0, commit 0123456789ab, go1.26"},
		{debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}}, "fedcba9876543210", "commit fedcba987654, go1.26"},
		{debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}}, "", "(devel, commit unknown"},
	} {
		if got := versionOf(&tc.info, tc.commit); !strings.HasPrefix(got, tc.want) {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// A gradebook's version is a word: the version, else the commit.
func TestShortOf(t *testing.T) {
	vcs := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.modified", Value: "true"}}
	for _, tc := range []struct {
		info   debug.BuildInfo
		commit string
		want   string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs}, "", "0123456789ab+changes"},
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs[:1]}, "", "v1.2.0"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "fedcba9876543210", "fedcba987654"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "devel"},
	} {
		if got := shortOf(&tc.info, tc.commit); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// A build that records no commit names its checkout's: HEAD read through
// a worktree's .git file, its common directory, a loose ref or a packed
// one, or a detached HEAD; nothing when there is no checkout.
func TestCheckoutCommit(t *testing.T) {
	const a, b = "0123456789abcdef0123456789abcdef01234567", "89abcdef0123456789abcdef0123456789abcdef"
	root := t.TempDir()
	write := func(p, text string) {
		t.Helper()
		p = filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main/.git/HEAD", "ref: refs/heads/main\n")
	write("main/.git/refs/heads/main", a+"\n")
	write("main/.git/packed-refs", "# pack-refs with: peeled fully-peeled sorted\n"+b+" refs/heads/i54\n")
	write("main/.git/worktrees/i54/HEAD", "ref: refs/heads/i54\n")
	write("main/.git/worktrees/i54/commondir", "../..\n")
	write("wt/i54/.git", "gitdir: "+filepath.Join(root, "main/.git/worktrees/i54")+"\n")
	write("detached/.git/HEAD", b+"\n")
	os.MkdirAll(filepath.Join(root, "main/web/static"), 0o755)
	os.MkdirAll(filepath.Join(root, "wt/i54/internal/buildinfo"), 0o755)
	os.MkdirAll(filepath.Join(root, "none"), 0o755)
	for dir, want := range map[string]string{
		"main/web/static":           a, // a loose ref, from a folder below the root
		"wt/i54/internal/buildinfo": b, // a worktree, its ref packed in the common directory
		"detached":                  b,
		"none":                      "",
	} {
		if got := gitHead(filepath.Join(root, dir)); got != want {
			t.Errorf("%s: %q, want %q", dir, got, want)
		}
	}
	info := &debug.BuildInfo{GoVersion: "go1.26", Main: debug.Module{Version: "(devel)"}}
	if got, want := versionOrCheckout(info, "", func() string { return a }), "(devel), commit 0123456789ab checked out (not stamped by the build), go1.26"; got != want {
		t.Errorf("no stamp, a checkout: %q, want %q", got, want)
	}
	if got := versionOrCheckout(info, b, func() string { return a }); !strings.Contains(got, "commit 89abcdef0123") || strings.Contains(got, "checked out") {
		t.Errorf("a stamped commit: %q, want it, not the checkout's", got)
	}
	if got := versionOrCheckout(info, "", func() string { return "" }); !strings.Contains(got, "commit unknown") {
		t.Errorf("no stamp, no checkout: %q", got)
	}
}

package buildinfo

import (
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

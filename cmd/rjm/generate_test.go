package main

import (
	"slices"
	"strings"
	"testing"

	"rjm/generate/generatetest"
)

// Bad generation settings get generate.Settings' message, the one the
// server's POST /api/generate gives for the same settings (web's
// TestGenerateMessagesAsCommandLine), after the flag it is at when the
// command line knows it ("--method: ").
func TestGenerateMessagesAsServer(t *testing.T) {
	for _, tc := range generatetest.Bad {
		args := append([]string{"generate"}, tc.Flags...)
		out, errs, code := rjmRun(t, "", args...)
		msg := strings.TrimPrefix(errs, "rjm: ")
		if where, rest, ok := strings.Cut(msg, ": "); ok && strings.HasPrefix(where, "--") && slices.Contains(tc.Flags, where) {
			msg = rest
		}
		if code != 2 || out != "" || msg != tc.Message+"\n" {
			t.Errorf("%v: status %d, stdout %q, stderr %q, want %q", args, code, out, errs, tc.Message)
		}
	}
}

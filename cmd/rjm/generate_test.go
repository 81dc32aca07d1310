package main

import (
	"testing"

	"rjm/generate/generatetest"
)

// Bad generation settings get generate.Settings' message, the one the
// server's POST /api/generate gives for the same settings (web's
// TestGenerateMessagesAsCommandLine).
func TestGenerateMessagesAsServer(t *testing.T) {
	for _, tc := range generatetest.Bad {
		args := append([]string{"generate"}, tc.Flags...)
		out, errs, code := rjmRun(t, "", args...)
		if code != 2 || out != "" || errs != "rjm: "+tc.Message+"\n" {
			t.Errorf("%v: status %d, stdout %q, stderr %q, want %q", args, code, out, errs, tc.Message)
		}
	}
}

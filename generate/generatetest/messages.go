// Package generatetest holds what the front ends' tests share about
// generation settings: bad settings that the command line and the server
// must answer with the same message, generate.Settings'.
package generatetest

// BadSettings is one bad recipe as each front end takes it.
type BadSettings struct {
	Flags   []string // the flags of rjm generate
	Body    string   // the body of POST /api/generate
	Message string   // the error both give
}

// Bad lists settings that both front ends take, within the server's caps,
// so that the two must give the same message.
var Bad = []BadSettings{
	{[]string{"--method", "guess"}, `{"method": "guess"}`,
		`unknown method "guess" (want one of hill, first-choice, restarts, uphill, anneal)`},
	{[]string{"--iterations", "-5"}, `{"iterations": -5}`,
		"iterations -5 out of range 0..1000000000"},
	{[]string{"--method", "first-choice", "--iterations", "1000000001"}, `{"method": "first-choice", "iterations": 1000000001}`,
		"iterations 1000000001 out of range 0..1000000000"},
	{[]string{"--energy", "fun"}, `{"energy": "fun"}`,
		`unknown energy "fun" (want depth, design, weighted:TERM=W,... or priority:TERM>TERM>...)`},
	{[]string{"--rows", "1", "--cols", "1"}, `{"rows": 1, "cols": 1}`,
		"size 1x1: a maze needs at least 2 cells"},
	{[]string{"--size", "3", "--variant", "loops"}, `{"rows": 3, "variant": "loops"}`,
		"size 3x3: loops need at least 4 rows and 4 columns"},
}

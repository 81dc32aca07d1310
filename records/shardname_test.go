package records_test

import (
	"fmt"
	"testing"

	"rjm/fault"
	"rjm/records"
)

// A shard is named I/N: the sub-trees numbered I modulo N.
func ExampleParseShard() {
	fmt.Println(records.ParseShard("3/64"))
	_, _, err := records.ParseShard("64/64")
	fmt.Println(err)
	// Output:
	// 3 64 <nil>
	// "64/64": want I/N with 0 ≤ I < N ≤ 1048576, e.g. 3/64
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		i, n int
		ok   bool
	}{
		{"0/1", 0, 1, true}, {"1/2", 1, 2, true}, {"1048575/1048576", 1048575, 1048576, true},
		{"1/1", 0, 0, false}, {"-1/2", 0, 0, false}, {"0/0", 0, 0, false}, {"0/1048577", 0, 0, false},
		{"3", 0, 0, false}, {"a/b", 0, 0, false}, {"", 0, 0, false}, {"1/2/3", 0, 0, false},
	} {
		i, n, err := records.ParseShard(tc.in)
		if (err == nil) != tc.ok || i != tc.i || n != tc.n {
			t.Errorf("%q: %d/%d, %v", tc.in, i, n, err)
		}
		if err != nil && !fault.Is(err) {
			t.Errorf("%q: %v is not a *fault.Error", tc.in, err)
		}
	}
}

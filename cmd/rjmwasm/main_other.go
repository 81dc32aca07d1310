//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"

	"rjm/design"
)

// Built for this machine, rjmwasm answers its standard input's lines as
// the WebAssembly build does, for comparing the two.
func main() {
	if err := lines(design.NewBench(nil), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rjmwasm:", err)
		os.Exit(1)
	}
}

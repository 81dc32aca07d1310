// Command rjm generates, solves and analyses Rook Jumping Mazes.
//
// Run "rjm help" for the commands; every command takes --help.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

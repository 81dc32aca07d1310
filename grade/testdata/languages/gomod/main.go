// A correct representation program in Go, built as a module.
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	n := 0
	for n < 5 || n > 10 {
		fmt.Print("Rook Jumping Maze size (5-10)? ")
		if !in.Scan() {
			os.Exit(1)
		}
		n, _ = strconv.Atoi(strings.TrimSpace(in.Text()))
	}
	for r := range n {
		row := make([]string, n)
		for c := range n {
			j := 0
			if r != n-1 || c != n-1 {
				j = 1 + rand.IntN(max(r, n-1-r, c, n-1-c))
			}
			row[c] = strconv.Itoa(j)
		}
		fmt.Println(strings.Join(row, " "))
	}
}

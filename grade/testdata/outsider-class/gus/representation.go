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
			far := max(r, n-1-r, c, n-1-c)
			jump := 1 + rand.IntN(far)
			if r == n-1 && c == n-1 {
				jump = 0
			}
			row[c] = strconv.Itoa(jump)
		}
		fmt.Println(strings.Join(row, " "))
	}
}

package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// Defect: the step picks a cell by an index from 0 to len(cells) inclusive
// (rand.IntN(len(cells)+1)), one past the last, so a run panics with an index
// out of range after a few dozen iterations.

const n = 5

type cell struct{ r, c int }

func far(r, c int) int { return max(r, n-1-r, c, n-1-c) }

func depths(m [n][n]int) [n][n]int {
	var d [n][n]int
	for r := range n {
		for c := range n {
			d[r][c] = -1
		}
	}
	d[0][0] = 0
	queue := []cell{{0, 0}}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		j := m[x.r][x.c]
		if j == 0 {
			continue
		}
		for _, y := range []cell{{x.r - j, x.c}, {x.r + j, x.c}, {x.r, x.c - j}, {x.r, x.c + j}} {
			if y.r >= 0 && y.r < n && y.c >= 0 && y.c < n && d[y.r][y.c] < 0 {
				d[y.r][y.c] = d[x.r][x.c] + 1
				queue = append(queue, y)
			}
		}
	}
	return d
}

func energy(m [n][n]int) int {
	g := depths(m)[n-1][n-1]
	if g < 0 {
		return 1000000
	}
	return -g
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	iterations := 0
	for iterations <= 0 {
		fmt.Print("Iterations? ")
		if !in.Scan() {
			os.Exit(1)
		}
		iterations, _ = strconv.Atoi(strings.TrimSpace(in.Text()))
	}
	var m [n][n]int
	var cells []cell
	for r := range n {
		for c := range n {
			if r == n-1 && c == n-1 {
				continue
			}
			m[r][c] = 1 + rand.IntN(far(r, c))
			cells = append(cells, cell{r, c})
		}
	}
	e := energy(m)
	best, bestE := m, e
	for range iterations {
		x := cells[rand.IntN(len(cells)+1)]
		old := m[x.r][x.c]
		j := 1 + rand.IntN(far(x.r, x.c)-1)
		if j >= old {
			j++
		}
		m[x.r][x.c] = j
		if e2 := energy(m); e2 <= e {
			e = e2
			if e <= bestE {
				best, bestE = m, e
			}
		} else {
			m[x.r][x.c] = old
		}
	}
	d := depths(best)
	for r := range n {
		for c := range n {
			if c > 0 {
				fmt.Print(" ")
			}
			fmt.Print(best[r][c])
		}
		fmt.Println()
	}
	fmt.Println()
	fmt.Println("Moves from start:")
	for r := range n {
		for c := range n {
			if c > 0 {
				fmt.Print(" ")
			}
			if d[r][c] < 0 {
				fmt.Print("--")
			} else {
				fmt.Printf("%2d", d[r][c])
			}
		}
		fmt.Println()
	}
	fmt.Println()
	fmt.Println(bestE)
}

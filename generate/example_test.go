package generate_test

import (
	"context"
	"fmt"
	"strings"

	"rjm/generate"
	"rjm/maze"
	"rjm/search"
)

// A seeded ID names a maze: the same ID always gives the same maze.
func ExampleRun() {
	spec, err := generate.ParseSpec("5x5,method=hill,iterations=5000,energy=depth#7", generate.Spec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := generate.Run(context.Background(), spec, nil)
	b, _ := generate.Run(context.Background(), spec, nil)
	fmt.Println(a.Maze.Equal(b.Maze), a.Energy == b.Energy, spec)
	// Output:
	// true true 5x5,method=hill,iterations=5000,energy=depth#7
}

// Read is the one entry for input: maze text, JSON, a maze ID or a seeded
// ID, whose maze it generates.
func ExampleRead() {
	m, f, err := generate.Read(context.Background(), []byte("5x5,method=hill,iterations=5000,energy=depth#7"), maze.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := m.ID()
	fmt.Println(f, id)
	// Output:
	// seeded ID 5x5:4222132334131244231333140
}

// ReadFile reads a maze file in any form; ReadFrom reads a stream, such
// as standard input, naming it in its errors.
func ExampleReadFile() {
	m, f, err := generate.ReadFile(context.Background(), "../examples/figure1.txt", maze.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := m.ID()
	fmt.Println(f, id)
	_, _, err = generate.ReadFrom(context.Background(), strings.NewReader("1 x G\n"), "standard input", maze.ParseOptions{})
	fmt.Println(err)
	// Output:
	// text 5x5:3413133302312234233341432
	// standard input: line 1, column 3: "x" is not a jump number, G, X, * or .
}

// A batch streams its mazes in order, maze k from seed Spec.Seed+k, on all
// cores; the same batch comes out whatever the number of workers.
func ExampleBatch() {
	spec := generate.Default()
	spec.Seed, spec.Iterations = 1, 2000
	b := generate.Batch{Spec: spec, Count: 3}
	err := b.Run(context.Background(), func(k int, r *generate.Result) error {
		fmt.Println(k, r.Features.GoalDepth, r.SeededID())
		return nil
	})
	fmt.Println(err)
	// Output:
	// 0 9 5x5,goal=random,method=uphill,iterations=2000,p=0.005,energy=design#1
	// 1 8 5x5,goal=random,method=uphill,iterations=2000,p=0.005,energy=design#2
	// 2 10 5x5,goal=random,method=uphill,iterations=2000,p=0.005,energy=design#3
	// <nil>
}

// Settings are a recipe as a user gives it: what is left out is the
// default, and a bad setting is an error that names it, the same for every
// front end.
func ExampleSettings_Spec() {
	spec, err := generate.Settings{Size: 7, Energy: "depth", Seed: 42, Settings: search.Settings{Method: "hill", Iterations: 1000}}.Spec()
	fmt.Println(spec, err)
	_, err = generate.Settings{Size: 40}.Spec()
	fmt.Println(err)
	_, err = generate.Settings{Settings: search.Settings{Method: "uphill", P: 1.5}}.Spec()
	fmt.Println(err)
	// Output:
	// 7x7,goal=random,method=hill,iterations=1000,energy=depth#42 <nil>
	// size 40x40: rows and columns must be 1 to 32
	// uphill probability 1.5 out of range 0..1
}

// A front end whose flags hold the defaults says which settings the user
// gave; one given as zero is taken, not the default. Without Given, a
// zero setting is the board's default.
func ExampleSettings_Spec_given() {
	flags := map[string]bool{"p": true}
	s := generate.Settings{Size: 5, Settings: search.Settings{Method: "uphill", P: 0}, Seed: 7, Given: func(name string) bool { return flags[name] }}
	spec, _ := s.Spec()
	fmt.Println(spec)
	spec, _ = generate.Settings{Variant: maze.Variant{Torus: true}, Seed: 7}.Spec()
	fmt.Println(spec.Method, spec.Iterations)
	// Output:
	// 5x5,goal=random,method=uphill,iterations=25000,p=0,energy=design#7
	// anneal 200000
}

// The test builds the engine and runs it under Node: it runs on the
// machine that builds, not in WebAssembly.

//go:build !(js && wasm)

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"rjm/analysis"
	"rjm/design"
	"rjm/graph"
	"rjm/maze"
	"rjm/rng"
	"rjm/web"
)

// skipUnlessCI skips the test, except under CI=true, where it fails.
func skipUnlessCI(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatal(why + ", and CI=true builds and runs the workbench's engine")
	}
	t.Skip(why)
}

// requests are the test's requests: 1,000 random legal mazes over every
// rule (the plain board and each variant, 2 to 8 rows and columns), each
// asked as the page's engine asks (the prediction after), and one in ten
// also with an edit of a random kind and its prediction asked for.
func requests(t *testing.T) (lines [][]byte, mazes []*maze.Maze) {
	t.Helper()
	variants := []string{""}
	for _, v := range maze.VariantNames {
		variants = append(variants, v[0])
	}
	r := rng.NewRand(55)
	ops := []string{"jump", "start", "goal", "kind", "wall"}
	kinds := []string{"open", "blocked", "pass-over", "absent"}
	for k := range 1000 {
		v, err := maze.ParseVariant(variants[k%len(variants)])
		if err != nil {
			t.Fatal(err)
		}
		// A size the rule takes (loops need 4 rows and columns, …).
		var b maze.Board
		var m *maze.Maze
		for try := 0; m == nil; try++ {
			b = maze.Board{Rows: 2 + r.IntN(7), Cols: 2 + r.IntN(7), Variant: v}
			if m, err = maze.Random(b, maze.DefaultStart(b), maze.DefaultGoal(b), r); try == 100 {
				t.Fatalf("%v: no board of 2 to 8 rows and columns: %v", v, err)
			}
		}
		id, err := m.ID()
		if err != nil {
			t.Fatal(err)
		}
		mazes = append(mazes, m)
		line, _ := json.Marshal(design.Request{Maze: id, Later: true})
		lines = append(lines, line)
		if k%10 == 0 {
			e := design.EditRequest{Op: ops[r.IntN(len(ops))], Cell: [2]int{1 + r.IntN(b.Rows), 1 + r.IntN(b.Cols)},
				Jump: 1 + r.IntN(m.JumpLimit()), Kind: kinds[r.IntN(len(kinds))]}
			e.Other = [2]int{e.Cell[0], 1 + (e.Cell[1] % b.Cols)}
			line, _ := json.Marshal(design.Request{Maze: id, Edit: &e})
			lines = append(lines, line)
			line, _ = json.Marshal(design.Request{Predict: id})
			lines = append(lines, line)
		}
	}
	// Twenty pairs of versions to compare (design.Request.Compare): a
	// maze and the same with one jump changed, and one of two boards,
	// refused.
	for k := range 20 {
		m := mazes[k*50]
		c := m.Clone()
		for i := range c.Jumps {
			if i != c.Goal && c.Open(i) && c.Legal(i, c.Jumps[i]%c.JumpLimit()+1) {
				c.Jumps[i] = c.Jumps[i]%c.JumpLimit() + 1
				break
			}
		}
		b := must(c.ID())
		if k == 19 {
			b = "9x9:" + strings.Repeat("1", 80) + "0"
		}
		line, _ := json.Marshal(design.Request{Compare: &design.CompareRequest{A: must(m.ID()), B: b}})
		lines = append(lines, line)
	}
	return lines, mazes
}

// TestWasmMatchesNative builds the engine for the page (web.BuildWasm,
// the server's own build, GOOS=js GOARCH=wasm) and runs it under Node
// with Go's wasm_exec_node.js beside the same engine built for this
// machine: every answer to the requests above must be the same, and the
// features of every maze those of analysis.Analyze (what rjm analyze
// reports). The predictions, from 200 simulated novices and a lognormal
// model, may differ in the last bits of a float64 (Go's assembly math on
// this machine against its pure Go in WebAssembly): they must agree to
// 1e-12, and so to the second the page shows. The build is held to its
// budget (web.MaxWasmGzip, gzipped as sent).
func TestWasmMatchesNative(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine for js/wasm and runs 1,100 requests under Node")
	}
	if _, err := exec.LookPath("go"); err != nil {
		skipUnlessCI(t, "no go on the PATH")
	}
	if out, err := exec.Command("go", "tool", "dist", "list").Output(); err != nil || !bytes.Contains(out, []byte("js/wasm")) {
		skipUnlessCI(t, "this Go toolchain does not build js/wasm")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		skipUnlessCI(t, "no node on the PATH to run the engine")
	}
	dir := t.TempDir()
	module, err := web.BuildWasm(context.Background(), "../..", dir)
	if err != nil {
		t.Fatal(err)
	}
	var w web.Wasm
	if err := w.Load(module); err != nil {
		t.Fatal(err)
	}
	if w.GzipSize() > web.MaxWasmGzip {
		t.Errorf("the engine is %d bytes gzipped, over its budget of %d", w.GzipSize(), web.MaxWasmGzip)
	}
	fi, _ := os.Stat(module)
	t.Logf("the engine: %d bytes, %d gzipped", fi.Size(), w.GzipSize())

	lines, mazes := requests(t)
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	root := strings.TrimSpace(string(must(exec.Command("go", "env", "GOROOT").Output())))
	cmd := exec.Command(node, filepath.Join(root, "lib", "wasm", "wasm_exec_node.js"), module, "-lines")
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the engine under node: %v: %s", err, stderr.Bytes())
	}
	var native bytes.Buffer
	if err := lines_(input, &native); err != nil {
		t.Fatal(err)
	}
	got, want := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")), bytes.Split(bytes.TrimSuffix(native.Bytes(), []byte("\n")), []byte("\n"))
	if len(got) != len(lines) || len(want) != len(lines) {
		t.Fatalf("%d answers from WebAssembly, %d native, to %d requests", len(got), len(want), len(lines))
	}
	answered, errs := 0, 0
	for k := range lines {
		if !bytes.Equal(got[k], want[k]) && !sameBut(t, got[k], want[k]) {
			t.Errorf("request %s:\nWebAssembly %.300s\nnative      %.300s", lines[k], got[k], want[k])
		}
		var r reply
		if err := json.Unmarshal(got[k], &r); err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Error != "":
			errs++
		case r.Answer != nil:
			answered++
		}
	}
	// Every maze's features are analysis.Analyze's, as rjm analyze --json
	// writes them.
	k := 0
	for i, m := range mazes {
		var r struct {
			Answer struct {
				View struct {
					Features json.RawMessage `json:"features"`
				} `json:"view"`
			} `json:"answer"`
		}
		if err := json.Unmarshal(got[k], &r); err != nil {
			t.Fatal(err)
		}
		f := analysis.Analyze(graph.MustCompile(m.Board), m)
		wantF, _ := json.Marshal(f)
		if !bytes.Equal(r.Answer.View.Features, wantF) {
			t.Errorf("maze %d (%s): the page's features\n%.300s\nwant analysis.Analyze's\n%.300s", i, lines[k], r.Answer.View.Features, wantF)
		}
		k++
		if i%10 == 0 {
			k += 2
		}
	}
	// The comparisons, last: each the versions and Differ's cells, the
	// last refused.
	for k := len(lines) - 20; k < len(lines); k++ {
		var r reply
		var q design.Request
		if json.Unmarshal(got[k], &r) != nil || json.Unmarshal(lines[k], &q) != nil {
			t.Fatalf("request %s: %s", lines[k], got[k])
		}
		if k == len(lines)-1 {
			if !strings.Contains(r.Error, "version A is a") {
				t.Errorf("two boards compared: %.200s", got[k])
			}
			continue
		}
		if r.Versions == nil {
			t.Fatalf("request %s: %.200s", lines[k], got[k])
		}
		a, b := must(maze.ParseID(q.Compare.A)), must(maze.ParseID(q.Compare.B))
		if want := design.Differ(a, b); fmt.Sprint(r.Versions.Differ) != fmt.Sprint(want) || r.Versions.A.View.ID != q.Compare.A || r.Versions.B.View.ID != q.Compare.B {
			t.Errorf("request %s: differ %v (want %v), versions %s and %s", lines[k], r.Versions.Differ, want, r.Versions.A.View.ID, r.Versions.B.View.ID)
		}
	}
	if answered < 1000 || errs == 0 {
		t.Errorf("%d answers and %d refused edits: the requests do not try both", answered, errs)
	}
	t.Logf("%d requests (%d answered, %d refused), the same from WebAssembly (%s) and natively (%s/%s)", len(lines), answered, errs, "js/wasm", runtime.GOOS, runtime.GOARCH)
}

// lines_ answers input natively, as the engine does.
func lines_(input []byte, w *bytes.Buffer) error {
	return lines(design.NewBench(nil), bytes.NewReader(input), w)
}

// sameBut reports whether two answers differ only in their predictions'
// floats, by at most 1e-12 relatively.
func sameBut(t *testing.T, a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return close_(x, y, "")
}

func close_(x, y any, key string) bool {
	switch x := x.(type) {
	case map[string]any:
		y, ok := y.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if !close_(v, y[k], k) {
				return false
			}
		}
		return true
	case []any:
		y, ok := y.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !close_(x[i], y[i], key) {
				return false
			}
		}
		return true
	case float64:
		y, ok := y.(float64)
		if !ok {
			return false
		}
		if key == "seconds" || key == "low" || key == "high" {
			return math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y)) && math.Round(x) == math.Round(y)
		}
		return x == y
	}
	return fmt.Sprint(x) == fmt.Sprint(y)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

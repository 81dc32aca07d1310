package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rjm/records"
)

// rjm records prints the proven maximum; --json gives max_depth, count and
// an example ID; a checkpoint resumes, and refuses other settings.
func TestRecordsCommand(t *testing.T) {
	out, errs, code := rjmRun(t, "", "records", "--rows", "3", "--cols", "4", "--json")
	var j struct {
		MaxDepth *int   `json:"max_depth"`
		Count    string `json:"count"`
		Example  string `json:"example"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.MaxDepth == nil || *j.MaxDepth != 8 || j.Count != "1" || j.Example != "3x4:311112221110" {
		t.Fatalf("status %d, stderr %q\n%s", code, errs, out)
	}
	solved, _, _ := rjmRun(t, "", "solve", "--id", j.Example)
	if !strings.Contains(solved, "Shortest solution: 8 moves") {
		t.Errorf("the example is not 8 moves deep:\n%s", solved)
	}
	ckpt := filepath.Join(t.TempDir(), "c")
	first, _, _ := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt)
	again, errs, code := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt)
	if code != 0 || again != first || !strings.Contains(errs, "finished sub-trees") {
		t.Errorf("resumed: status %d, stderr %q\n%s\nwant\n%s", code, errs, again, first)
	}
	data, _ := os.ReadFile(ckpt)
	if err := os.WriteFile(ckpt, data[:len(data)-7], 0o644); err != nil { // a line cut short
		t.Fatal(err)
	}
	if again, _, code := rjmRun(t, "", "records", "--size", "4", "--checkpoint", ckpt); code != 0 || again != first {
		t.Errorf("after a cut line: status %d\n%s", code, again)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--unique", "--checkpoint", ckpt); code != 2 || !strings.Contains(errs, "other settings") {
		t.Errorf("other settings: status %d, %q", code, errs)
	}
	listed, _, code := rjmRun(t, "", "records", "--size", "4", "--list", "10", "--json")
	var l struct {
		Mazes  []string `json:"mazes"`
		Listed bool     `json:"listed"`
	}
	if code != 0 || json.Unmarshal([]byte(listed), &l) != nil || !l.Listed || len(l.Mazes) == 0 {
		t.Errorf("--list: status %d\n%s", code, listed)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "9"); code != 2 || !strings.Contains(errs, "81 cells") {
		t.Errorf("too large: status %d, %q", code, errs)
	}
}

// rjm records answers Ctrl-C and SIGTERM within half a second of the
// processor time of each of its two threads (stopCPU) on 7×7,
// where one sub-tree takes minutes, keeps its checkpoint (the sub-trees
// under way are searched again), and a run with the same checkpoint goes
// on from it.
func TestRecordsSignals(t *testing.T) {
	waitsOnChildren(t)
	bin := buildRJM(t)
	ckpt := filepath.Join(t.TempDir(), "c")
	args := []string{"records", "--size", "7", "--checkpoint", ckpt}
	for _, tc := range []struct {
		sig    os.Signal
		status int
	}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
		_, errs, code, cpu := signalled(t, bin, tc.sig, 1500*time.Millisecond, args...)
		if code != tc.status || cpu > stopCPU || !strings.Contains(errs, "run again with --checkpoint") {
			t.Errorf("%v: status %d, %v of processor time after the signal, stderr %q", tc.sig, code, cpu, errs)
		}
		data, err := os.ReadFile(ckpt)
		if err != nil || !strings.HasPrefix(string(data), `{"board":"7x7"`) {
			t.Errorf("%v: checkpoint %q, %v", tc.sig, data, err)
		}
	}
	// On 6×6, whose sub-trees take milliseconds, the sub-trees finished
	// before the signal are kept, and the resumed run ends with the
	// answer of one whole run.
	six := filepath.Join(t.TempDir(), "six")
	cmd := exec.Command(bin, "records", "--size", "6", "--json", "--checkpoint", six)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(six); strings.Count(string(data), "\n") >= 3 {
			break
		}
	}
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	data, _ := os.ReadFile(six)
	kept := strings.Count(string(data), "\n") - 1
	out, errs, code2 := rjmRun(t, "", "records", "--size", "6", "--json", "--checkpoint", six)
	var j struct {
		MaxDepth int    `json:"max_depth"`
		Count    string `json:"count"`
	}
	if code != 130 || kept < 1 || code2 != 0 || !strings.Contains(errs, fmt.Sprintf("holds %d finished sub-trees", kept)) || json.Unmarshal([]byte(out), &j) != nil || j.MaxDepth != 32 || j.Count != "38472" {
		t.Errorf("6×6: status %d with %d sub-trees kept, then %d: %q\n%s", code, kept, code2, errs, out)
	}
}

// rjm records --list N keeps memory proportional to the mazes it lists,
// not to N: the 17 record classes of 5×5 take as little memory under
// --list 100000 as under --list 100.
func TestRecordsListMemory(t *testing.T) {
	waitsOnChildren(t)
	bin := buildRJM(t)
	rss := func(n string) int64 {
		cmd := exec.Command(bin, "records", "--size", "5", "--list", n)
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), "Record mazes up to turns and mirrors: 17") {
			t.Fatalf("--list %s: %v\n%s", n, err, out)
		}
		return cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	}
	small, large := rss("100"), rss("100000")
	t.Logf("max RSS: --list 100 %d KB, --list 100000 %d KB", small, large)
	if float64(large) > 1.5*float64(small) {
		t.Errorf("max RSS %d KB at --list 100000, %d KB at --list 100", large, small)
	}
}

// rjm records --shard I/N run as separate processes, each writing its
// file with --out, and rjm records merge give the answer of one process:
// maximum, count, example, classes and floors proven empty, for several
// N; merge refuses a missing shard, a shard of other settings and a
// file that is not a shard, naming it. 6×6 with RJM_LONG=1.
func TestRecordsShards(t *testing.T) {
	waitsOnChildren(t)
	bin := buildRJM(t)
	dir := t.TempDir()
	type answer struct {
		MaxDepth int      `json:"max_depth"`
		Count    string   `json:"count"`
		Example  string   `json:"example"`
		Mazes    []string `json:"mazes"`
		Empty    []int    `json:"floors_empty"`
	}
	runJSON := func(args ...string) answer {
		t.Helper()
		out, err := exec.Command(bin, args...).Output()
		var a answer
		if err != nil || json.Unmarshal(out, &a) != nil {
			t.Fatalf("rjm %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return a
	}
	boards := [][]string{{"--rows", "3", "--cols", "5"}, {"--size", "4"}}
	ns := []int{2, 3}
	if os.Getenv("RJM_LONG") != "" {
		ns = []int{1, 2, 3, 8}
		boards = append(boards, []string{"--rows", "4", "--cols", "5"}, []string{"--size", "5"}, []string{"--size", "6"})
	}
	for _, board := range boards {
		common := append(slices.Clone(board), "--list", "100000", "--json", "--workers", "1", "--uphill", "0")
		whole := runJSON(append([]string{"records"}, common...)...)
		for _, n := range ns {
			var names []string
			var procs []*exec.Cmd
			for i := range n {
				name := filepath.Join(dir, fmt.Sprintf("%s-%d-of-%d.json", strings.Join(board, ""), i, n))
				args := append([]string{"records", "--shard", fmt.Sprintf("%d/%d", i, n), "--out", name}, common...)
				cmd := exec.Command(bin, args...)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				procs, names = append(procs, cmd), append(names, name)
			}
			for _, p := range procs {
				if err := p.Wait(); err != nil {
					t.Fatalf("%v: %v", p.Args, err)
				}
			}
			merged := runJSON(append([]string{"records", "merge", "--json"}, names...)...)
			slices.Sort(merged.Mazes)
			slices.Sort(whole.Mazes)
			if merged.MaxDepth != whole.MaxDepth || merged.Count != whole.Count || merged.Example != whole.Example ||
				!slices.Equal(merged.Mazes, whole.Mazes) || !slices.Equal(merged.Empty, whole.Empty) {
				t.Errorf("%v in %d shards: %+v\nwhole: %+v", board, n, merged, whole)
			}
			if n == 3 {
				_, errs, code := rjmRun(t, "", append([]string{"records", "merge"}, names[0], names[2])...)
				if code != 2 || !strings.Contains(errs, "shard 1/3 is missing") || strings.Count(errs, "\n") != 1 {
					t.Errorf("a missing shard: status %d, %q", code, errs)
				}
			}
		}
	}
	other := filepath.Join(dir, "other.json")
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--unique", "--at-most", "12", "--shard", "1/2", "--out", other); code != 0 {
		t.Fatalf("a unique shard: %d %q", code, errs)
	}
	first := filepath.Join(dir, "--size4-0-of-2.json")
	if _, errs, code := rjmRun(t, "", "records", "merge", first, other); code != 2 || !strings.Contains(errs, "other.json is a shard of other settings") {
		t.Errorf("other settings: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "records", "merge", first, "records_test.go"); code != 2 || !strings.Contains(errs, "records_test.go is not a shard file") {
		t.Errorf("not a shard: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--shard", "2/2"); code != 2 || !strings.Contains(errs, "--shard") {
		t.Errorf("--shard 2/2: status %d, %q", code, errs)
	}
}

// rjm records --at-least L is exact from L up and says when no maze
// reaches L; --at-most U deepens from U and says which floors it proved
// empty.
func TestRecordsFloors(t *testing.T) {
	out, errs, code := rjmRun(t, "", "records", "--size", "5", "--at-least", "22")
	if code != 0 || !strings.Contains(out, "no maze reaches 22") {
		t.Errorf("above the maximum: status %d, %q\n%s", code, errs, out)
	}
	out, _, code = rjmRun(t, "", "records", "--size", "5", "--at-least", "18")
	if code != 0 || !strings.Contains(out, "Maximum goal depth: 21\nMazes reaching it: 34") || !strings.Contains(out, "from 18 up") {
		t.Errorf("below the maximum: status %d\n%s", code, out)
	}
	out, _, code = rjmRun(t, "", "records", "--size", "5", "--at-most", "23")
	if code != 0 || !strings.Contains(out, "Maximum goal depth: 21\nMazes reaching it: 34") || !strings.Contains(out, "Floors proven empty (no maze reaches them): 23, 22") {
		t.Errorf("--at-most 23: status %d\n%s", code, out)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "5", "--at-least", "9", "--at-most", "8"); code != 2 || !strings.Contains(errs, "--at-least: 9 is above --at-most 8") {
		t.Errorf("L > U: status %d, %q", code, errs)
	}
}

// --estimate prints records.EstimateFloor's estimate: all sub-trees
// sampled estimate the floor's branches exactly.
func TestRecordsEstimate(t *testing.T) {
	out, errs, code := rjmRun(t, "", "records", "--size", "4", "--at-least", "5", "--estimate", "1000000", "--json")
	var v struct {
		Sampled, Subtrees int
		Nodes             int64
		Branches          float64
		Found             int `json:"max_depth_found"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Fatalf("status %d, %q, stderr %q", code, out, errs)
	}
	if v.Sampled != v.Subtrees || v.Sampled < 2 || v.Branches != float64(v.Nodes) || v.Found < 5 {
		t.Errorf("estimate %+v: want every sub-tree sampled and its branches exact", v)
	}
	// --budget measures: on 4×5's floor 17 every sub-tree ends within
	// 2^20 branches (the floor's branches, exactly); --probes alone
	// estimates without a sample.
	out, errs, code = rjmRun(t, "", "records", "--rows", "4", "--cols", "5", "--at-least", "17", "--budget", "1048576", "--json")
	var b struct {
		Left           int `json:"subtrees_left"`
		Exact, Sampled int
		Budget         int64
		ExactBranches  float64 `json:"exact_branches"`
		AtLeast        float64 `json:"at_least"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &b) != nil {
		t.Fatalf("--budget: status %d, %q, stderr %q", code, out, errs)
	}
	whole, _, _ := rjmRun(t, "", "records", "--rows", "4", "--cols", "5", "--at-least", "17", "--json")
	var w struct{ Nodes float64 }
	if json.Unmarshal([]byte(whole), &w) != nil || b.Exact != b.Left || b.Sampled != 0 || b.ExactBranches != w.Nodes || b.AtLeast != w.Nodes {
		t.Errorf("--budget 2^20 on 4×5: %+v, the floor's branches %g", b, w.Nodes)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--at-least", "5", "--budget", "-1"); code != 2 || !strings.Contains(errs, "--budget: -1") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--budget -1: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--list", "-1"); code != 2 || !strings.HasPrefix(errs, "rjm: --list: -1") || strings.Count(errs, "\n") != 1 {
		t.Errorf("--list -1: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "4", "--probes", "3"); code != 2 || !strings.Contains(errs, "--at-least L") {
		t.Errorf("--probes without a floor: status %d, %q", code, errs)
	}
	text, _, code := rjmRun(t, "", "records", "--size", "4", "--at-least", "5", "--estimate", "2")
	if code != 0 || !strings.Contains(text, "Sample of 2 sub-trees") || !strings.Contains(text, "Estimate for the floor") {
		t.Errorf("text: status %d, %q", code, text)
	}
}

// --within K searches sub-tree K alone in parts, its answer that
// sub-tree's row: with --checkpoint it is saved there, and the whole
// search from that checkpoint skips it and gives the whole answer; the
// same sub-tree again, and --within without a floor, are refused in one
// line with status 2.
func TestRecordsWithin(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if _, errs, code := rjmRun(t, "", "records", "--size", "5", "--at-least", "18", "--out", whole); code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	f, err := records.ReadShardFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for _, st := range f.Subtrees {
		if st.MaxDepth == 21 {
			k = st.Index
			break
		}
	}
	if k < 0 {
		t.Fatalf("no sub-tree of 5×5 reaches 21: %+v", f.Subtrees)
	}
	ckpt := filepath.Join(dir, "5x5.ckpt")
	out, errs, code := rjmRun(t, "", "records", "--size", "5", "--at-least", "18", "--within", strconv.Itoa(k), "--checkpoint", ckpt, "--json")
	var v struct {
		MaxDepth int    `json:"max_depth"`
		Count    string `json:"count"`
		Within   []int  `json:"within"`
	}
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.MaxDepth != 21 || v.Count != f.Subtrees[k].Count || !slices.Equal(v.Within, []int{k}) ||
		!strings.Contains(errs, fmt.Sprintf("sub-tree %d saved in %s", k, ckpt)) {
		t.Fatalf("--within %d: status %d, %v, %+v (want count %s); stderr %q", k, code, err, v, f.Subtrees[k].Count, errs)
	}
	out, errs, code = rjmRun(t, "", "records", "--size", "5", "--at-least", "18", "--checkpoint", ckpt)
	if code != 0 || !strings.Contains(out, "Maximum goal depth: 21\nMazes reaching it: 34") || !strings.Contains(errs, "holds 1 finished sub-tree; skipping them") {
		t.Errorf("the whole search from the checkpoint: status %d, %q\n%s", code, errs, out)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "5", "--at-least", "18", "--within", strconv.Itoa(k), "--checkpoint", ckpt); code != 2 || !strings.Contains(errs, fmt.Sprintf("--within: %s already holds sub-tree %d at floor 18", ckpt, k)) || strings.Count(errs, "\n") != 1 {
		t.Errorf("again: status %d, %q", code, errs)
	}
	if _, errs, code := rjmRun(t, "", "records", "--size", "5", "--within", "3"); code != 2 || !strings.Contains(errs, "--within: needs the floor") || strings.Count(errs, "\n") != 1 {
		t.Errorf("without a floor: status %d, %q", code, errs)
	}
	for _, bad := range [][]string{{"--within", ""}, {"--within", "1", "--reach"}} {
		args := append([]string{"records", "--size", "5", "--at-least", "18"}, bad...)
		if _, errs, code := rjmRun(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: status %d, %q", bad, code, errs)
		}
	}
	// The text says whose answer it is: the sub-tree's, not the board's.
	text, _, _ := rjmRun(t, "", "records", "--size", "5", "--at-least", "18", "--within", strconv.Itoa(k))
	if !strings.HasPrefix(text, fmt.Sprintf("Sub-tree %d of 5×5, start (1,1), goal (5,5), among its legal mazes:\nIts maximum goal depth (the board's may be more): 21\n", k)) {
		t.Errorf("--within %d says:\n%s", k, text)
	}
}

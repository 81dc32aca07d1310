package grade_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rjm/grade"
)

// burner is a C program that does a fixed amount of work: argv[1] rounds
// of a loop the compiler keeps.
const burner = `#include <stdlib.h>
int main(int argc, char **argv) {
	volatile unsigned long x = 0;
	unsigned long n = strtoul(argv[1], 0, 10);
	for (unsigned long i = 0; i < n; i++) x += i * i;
	return 0;
}
`

// A correct program that needs 6 s of CPU time alone passes on a machine
// whose both cores are kept busy, under the CPU limit scaled from rjm's
// own runs (a fixed 10 s limit failed a 5 s Python descent, which took
// 7.2 s of CPU time beside other work, in 2 runs of 3); a runaway still
// stops at the limit. Long: RJM_LONG=1 (several minutes of CPU time).
func TestSlowCorrectProgramPassesOnABusyMachine(t *testing.T) {
	if os.Getenv("RJM_LONG") != "1" {
		t.Skip("long: set RJM_LONG=1 to run")
	}
	needs(t, "cc")
	dir := t.TempDir()
	src := filepath.Join(dir, "burn.c")
	if err := os.WriteFile(src, []byte(burner), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cc", "-O1", "-o", filepath.Join(dir, "burn"), src).CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	// The rounds that take 6 s of CPU time alone, from a run of 2e8
	// (the machine may already be busy: the least of three runs).
	cpu := func(rounds uint64) time.Duration {
		cmd := exec.Command(filepath.Join(dir, "burn"), fmt.Sprint(rounds))
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	least := time.Hour
	for range 3 {
		least = min(least, cpu(2e8))
	}
	rounds := uint64(6 * float64(time.Second) / float64(least) * 2e8)
	// Both cores kept busy while the grading runs.
	ctx, stop := context.WithCancel(context.Background())
	var busy []*exec.Cmd
	defer func() {
		stop()
		for _, b := range busy {
			b.Wait()
		}
	}()
	for range 2 {
		b := exec.CommandContext(ctx, "sh", "-c", "while :; do :; done")
		if err := b.Start(); err != nil {
			t.Fatal(err)
		}
		busy = append(busy, b)
	}
	run := fmt.Sprintf("#!/bin/sh\n%s %d\nexec %s hill-descent\n", filepath.Join(dir, "burn"), rounds, goStudent)
	student := folder(t, map[string]string{"run": run})
	s := grade.Settings{Command: []string{"sh", "./run"}, Dir: student, Runs: 3, Seed: 1, Workers: 2}
	r, err := grade.Run(context.Background(), "hill-descent", s, nil)
	if err != nil {
		t.Fatal(err)
	}
	ck, _ := r.Check("time")
	if ck.State != grade.Passed {
		t.Errorf("time %s: %s\n%s", ck.State, ck.Message, r.Text())
	}
	t.Logf("%d rounds (%v alone for 2e8): %s", rounds, least, ck.Message)
	loop := folder(t, map[string]string{"run": "#!/bin/sh\nwhile :; do :; done\n"})
	r, err = grade.Run(context.Background(), "hill-descent", grade.Settings{Command: []string{"sh", "./run"}, Dir: loop, Runs: 3, Seed: 1, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ck, _ := r.Check("time"); ck.State != grade.Failed || !strings.Contains(ck.Message, "the CPU limit") && !strings.Contains(ck.Message, "wall-clock limit") {
		t.Errorf("a runaway: time %s: %s", ck.State, ck.Message)
	}
}

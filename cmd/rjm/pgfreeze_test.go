package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeFrozenPostgres: with its PostgreSQL frozen (every process of
// the cluster stopped with SIGSTOP), the real server answers a play and
// /readyz 503 within its store deadline (--store-timeout) and a moment,
// never hangs; once the cluster runs again, it is ready and stores plays
// without a restart. It belongs to the PostgreSQL suite (it runs when
// $RJM_POSTGRES_DSN is set, as .ci/run sets it) and starts a throwaway
// cluster of its own, which it may freeze.
func TestServeFrozenPostgres(t *testing.T) {
	if testing.Short() || os.Getenv("RJM_POSTGRES_DSN") == "" {
		t.Skip("the PostgreSQL suite runs when $RJM_POSTGRES_DSN is set")
	}
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	if len(bins) == 0 {
		t.Skip("no PostgreSQL server installed")
	}
	sort.Strings(bins)
	bin := bins[len(bins)-1]
	dir, err := os.MkdirTemp("", "rjm-pgfreeze")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	as := func(name string, args ...string) *exec.Cmd {
		if os.Geteuid() == 0 {
			return exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(bin, name)}, args...)...)
		}
		return exec.Command(filepath.Join(bin, name), args...)
	}
	if os.Geteuid() == 0 {
		exec.Command("chown", "postgres", dir).Run()
	}
	if out, err := as("initdb", "-D", dir+"/data", "-A", "trust", "-U", "rjm").CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	port := 20000 + rand.IntN(20000)
	if out, err := as("pg_ctl", "-D", dir+"/data", "-l", dir+"/log", "-w", "-o",
		fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, dir), "start").CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
	pids := clusterPIDs(t, dir+"/data")
	defer func() {
		signalAll(pids(), syscall.SIGCONT)
		as("pg_ctl", "-D", dir+"/data", "-m", "immediate", "stop").Run()
	}()
	dsn := fmt.Sprintf("postgres://rjm@127.0.0.1:%d/postgres?sslmode=disable", port)
	const deadline = time.Second
	_, url := startServer(t, dsn, "--store-timeout", deadline.String())
	body := `{"maze":"` + figure1ID + `","moves":"D","seconds":1}`
	if code, _, b := postPlay(t, url, withToken(t, url, body, "")); code != 201 {
		t.Fatalf("a play: %d %s", code, b)
	}
	signed := withToken(t, url, body, "") // the key is read already
	signalAll(pids(), syscall.SIGSTOP)
	start := time.Now()
	code, retry, b := postPlay(t, url, signed)
	took := time.Since(start)
	// The cluster stays stopped until the answers are in: a 503 is the
	// store's deadline at work (without it, no answer would come before
	// the client's own 10 s). How long it took is logged, not bounded:
	// a busy machine stretches it.
	t.Logf("a play with PostgreSQL frozen: %d after %v (deadline %v)", code, took, deadline)
	if code != 503 || retry == "" {
		t.Errorf("a play with PostgreSQL frozen: %d Retry-After %q after %v (deadline %v): %s", code, retry, took, deadline, b)
	}
	start = time.Now()
	if code, _, _ := getWithin(t, url+"readyz", 10*time.Second); code != 503 {
		t.Errorf("/readyz with PostgreSQL frozen: %d after %v", code, time.Since(start))
	}
	signalAll(pids(), syscall.SIGCONT)
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		if code, _, _ := getWithin(t, url+"readyz", 10*time.Second); code == 200 {
			break
		}
		if time.Now().After(end) {
			t.Fatal("/readyz never ready again after the cluster ran again")
		}
	}
	if code, _, b := postPlay(t, url, withToken(t, url, body, "")); code != 201 {
		t.Errorf("a play after the cluster ran again: %d %s", code, b)
	}
}

// clusterPIDs returns a function listing the postmaster of the cluster in
// data and its children.
func clusterPIDs(t *testing.T, data string) func() []int {
	b, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	master, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	return func() []int {
		pids := []int{master}
		procs, _ := filepath.Glob("/proc/[0-9]*/stat")
		for _, p := range procs {
			s, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			// pid (comm) state ppid ...
			f := strings.Fields(string(s[strings.LastIndexByte(string(s), ')')+1:]))
			if len(f) > 1 && f[1] == strconv.Itoa(master) {
				pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
				pids = append(pids, pid)
			}
		}
		return pids
	}
}

func signalAll(pids []int, sig syscall.Signal) {
	for _, p := range pids {
		syscall.Kill(p, sig)
	}
}

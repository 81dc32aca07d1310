package grade

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// pidNamespace returns the clone flags and ID maps of a run in a PID
// namespace of its own, nil when the kernel refuses them (tried once) or
// noNamespace is set.
func pidNamespace() *syscall.SysProcAttr {
	if noNamespace {
		return nil
	}
	return namespaceAttr()
}

// noNamespace makes runs go without a PID namespace, for the tests of the
// child subreaper.
var noNamespace = false

var namespaceAttr = sync.OnceValue(func() *syscall.SysProcAttr {
	var a *syscall.SysProcAttr
	if os.Geteuid() == 0 {
		a = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWPID}
	} else {
		uid, gid := os.Getuid(), os.Getgid()
		a = &syscall.SysProcAttr{
			Cloneflags:  syscall.CLONE_NEWPID | syscall.CLONE_NEWUSER,
			UidMappings: []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}},
			GidMappings: []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}},
		}
	}
	cmd := exec.Command("/bin/sh", "-c", "exit 0")
	cmd.SysProcAttr = a
	if cmd.Run() != nil {
		return nil
	}
	return a
})

// Isolation names how a run's processes are kept together: "PID
// namespace" or "process group and child subreaper".
func Isolation() string {
	if pidNamespace() != nil {
		return "PID namespace"
	}
	return "process group and child subreaper"
}

// sandboxAttr returns the process attributes of a run: a session (and so
// a process group) of its own, without a controlling terminal, killed if
// rjm dies, in a PID namespace where it can be.
func sandboxAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Setsid: true, Pdeathsig: syscall.SIGKILL}
	if ns := pidNamespace(); ns != nil {
		a.Cloneflags, a.UidMappings, a.GidMappings = ns.Cloneflags, ns.UidMappings, ns.GidMappings
	}
	return a
}

// killRun kills a run's processes: its process group, and its program,
// which in a PID namespace takes every process of the namespace with it.
func killRun(pid int) error {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	return syscall.Kill(pid, syscall.SIGKILL)
}

// The child subreaper, when runs have no PID namespace: orphans of a run
// become rjm's children, which reapOrphans kills and collects. tracked
// holds the runs' programs, which their own Wait collects.
var (
	trackMu   sync.Mutex
	tracked   = map[int]bool{}
	subreaper sync.Once
)

// startTries is how many times startTracked tries a start the kernel
// refuses for the moment (EAGAIN: no process to spare on a loaded
// machine), waiting 50 ms, then twice as long each time (1.55 s in all).
const startTries = 6

// startTracked starts a run's command, made by mk, its writes confined to
// dirs, and returns it; call release once it has ended. A start refused
// with EAGAIN is tried again, with a new command from mk, so that a run's
// verdict does not depend on the machine's load.
func startTracked(mk func() *exec.Cmd, dirs []string, cgroup string) (cmd *exec.Cmd, release func(), err error) {
	if pidNamespace() == nil {
		subreaper.Do(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
	}
	retried(func() bool {
		cmd = mk()
		release, err = startOne(cmd, dirs, cgroup)
		return !errors.Is(err, syscall.EAGAIN)
	})
	return cmd, release, err
}

// retried calls try until it reports done, up to startTries times,
// waiting 50 ms before the second try and twice as long before each next.
func retried(try func() (done bool)) {
	wait := 50 * time.Millisecond
	for n := 1; !try() && n < startTries; n++ {
		time.Sleep(wait)
		wait *= 2
	}
}

// startOne starts cmd confined to dirs and tracks it (a variable, so that
// a test can make the kernel refuse).
var startOne = func(cmd *exec.Cmd, dirs []string, cgroup string) (release func(), err error) {
	trackMu.Lock()
	defer trackMu.Unlock()
	release, err = startConfined(cmd, dirs, cgroup)
	if err != nil {
		return nil, err
	}
	tracked[cmd.Process.Pid] = true
	return release, nil
}

func untrack(pid int) {
	trackMu.Lock()
	delete(tracked, pid)
	trackMu.Unlock()
}

// reapOrphans kills and collects rjm's children that are no run's
// program: the orphans of runs, reparented to rjm as their subreaper.
func reapOrphans() {
	if pidNamespace() != nil {
		return
	}
	trackMu.Lock()
	defer trackMu.Unlock()
	for _, pid := range children(os.Getpid()) {
		if tracked[pid] {
			continue
		}
		_ = syscall.Kill(pid, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(pid, &ws, 0, nil)
	}
}

// children returns the children of a process, of all its threads.
func children(pid int) []int {
	base := "/proc/" + strconv.Itoa(pid) + "/task/"
	tasks, err := os.ReadDir(base)
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile(base + t.Name() + "/children")
		if err != nil {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// processTree returns a process and its descendants, breadth first,
// stopping after limit+1 of them.
func processTree(pid, limit int) []int {
	var out []int
	queue := []int{pid}
	for len(queue) > 0 && len(out) <= limit {
		p := queue[0]
		queue = queue[1:]
		out = append(out, p)
		queue = append(queue, children(p)...)
	}
	return out
}

// descendants counts a process and its descendants, stopping at limit+1.
func descendants(pid, limit int) int { return len(processTree(pid, limit)) }

// watchEvery is how often a run's processes are counted.
const watchEvery = 20 * time.Millisecond

// watch counts the processes of the run whose program is pid until stop
// is closed, and calls over once, and kills them, when they are more
// than limit.
func watch(pid, limit int, stop <-chan struct{}, over func()) {
	t := time.NewTicker(watchEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if descendants(pid, limit) > limit {
				over()
				_ = killRun(pid)
				return
			}
		}
	}
}

// lingered reports whether a run's process group still has a process
// after its program ended.
func lingered(pid int) bool {
	return syscall.Kill(-pid, 0) == nil
}

// countUserProcs returns the processes of rjm's user, so that a limit on
// the user's processes (RLIMIT_NPROC) leaves a run its own share.
func countUserProcs() int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	uid := os.Getuid()
	n := 0
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		if fi, err := os.Stat("/proc/" + e.Name()); err == nil {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) == uid {
				n++
			}
		}
	}
	return n
}

// The kernel's bound on a run's processes. The process watcher stops a
// run with more than Settings.Processes processes, but on a loaded machine
// a fork bomb can outgrow it, and as root RLIMIT_NPROC does not apply. So
// where rjm may make one, every run gets a pids cgroup of its own whose
// pids.max (twice the limit, and 16) the kernel enforces; its shell moves
// itself in before anything else (limitScript), and what is left in it is
// killed when the run ends.

// pidsRoot returns the folder under which rjm may make pids cgroups
// (cgroup v1's pids controller, or a v2 hierarchy with it), or "".
var pidsRoot = sync.OnceValue(func() string {
	for _, dir := range []string{"/sys/fs/cgroup/pids", "/sys/fs/cgroup"} {
		probe := filepath.Join(dir, "rjm-grade-probe-"+strconv.Itoa(os.Getpid()))
		if os.Mkdir(probe, 0o755) != nil {
			continue
		}
		_, err := os.Stat(filepath.Join(probe, "pids.max"))
		_ = os.Remove(probe)
		if err == nil {
			removeStaleCgroups(dir)
			return dir
		}
	}
	return ""
})

// removeStaleCgroups removes the empty pids cgroups under root that an
// rjm killed outright (SIGKILL) left behind: those whose rjm process has
// ended.
func removeStaleCgroups(root string) {
	dirs, _ := filepath.Glob(filepath.Join(root, "rjm-grade-*-*"))
	for _, dir := range dirs {
		f := strings.Split(filepath.Base(dir), "-")
		if len(f) != 4 {
			continue
		}
		if pid, err := strconv.Atoi(f[2]); err == nil && pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
			_ = os.Remove(dir) // only an empty cgroup can go
		}
	}
}

var cgroupSeq atomic.Int64

// newPidsCgroup makes a run's pids cgroup with room for procs processes
// and returns its folder, or "" where the machine allows none.
func newPidsCgroup(procs int) string {
	root := pidsRoot()
	if root == "" {
		return ""
	}
	dir := filepath.Join(root, fmt.Sprintf("rjm-grade-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if os.Mkdir(dir, 0o755) != nil {
		return ""
	}
	if os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(2*procs+16)), 0o644) != nil {
		_ = os.Remove(dir)
		return ""
	}
	return dir
}

// pidsMaxReached reports whether the kernel refused a fork in the pids
// cgroup dir because it held pids.max processes: a fork bomb can reach
// that before the process watcher has counted past the limit.
func pidsMaxReached(dir string) bool {
	if dir == "" {
		return false
	}
	data, err := os.ReadFile(filepath.Join(dir, "pids.events"))
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(data)) {
		if n, ok := strings.CutPrefix(strings.TrimSpace(line), "max "); ok {
			return n != "0"
		}
	}
	return false
}

// removePidsCgroup kills what is left in a run's pids cgroup and removes
// it.
func removePidsCgroup(dir string) {
	if dir == "" {
		return
	}
	for range 50 {
		data, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
		for _, f := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(f); err == nil {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		if os.Remove(dir) == nil {
			return
		}
		reapOrphans()
		time.Sleep(20 * time.Millisecond)
	}
}

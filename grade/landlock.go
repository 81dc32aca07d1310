package grade

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock keeps a run's writes inside its scratch copy: the thread that
// starts the program restricts itself (landlock_restrict_self applies to
// the calling thread and what it starts) and then ends with its goroutine,
// never running anything else. Where the kernel has no Landlock, the
// scratch copy and the working folder are the only protection.

// landlockABI returns the kernel's Landlock ABI version, 0 without one.
var landlockABI = sync.OnceValue(func() int {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0
	}
	return int(v)
})

// WritesConfined reports whether a run's writes outside its scratch copy
// are refused (the kernel has Landlock).
func WritesConfined() bool { return landlockABI() > 0 }

// writeAccess is every right to change the file system Landlock ABI abi
// knows.
func writeAccess(abi int) uint64 {
	a := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM)
	if abi >= 2 {
		a |= unix.LANDLOCK_ACCESS_FS_REFER
	}
	if abi >= 3 {
		a |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	return a
}

// startConfined starts cmd from a thread that may write only beneath dirs
// (the scratch copy, and for a build the toolchains' caches, and to the devices of /dev, such as /dev/null and a terminal). The
// thread lives until release is called, after the run: the program's
// parent-death signal (SysProcAttr.Pdeathsig) follows the thread that
// started it.
func startConfined(cmd *exec.Cmd, dirs []string, cgroup string) (release func(), err error) {
	abi := landlockABI()
	if abi == 0 {
		return func() {}, cmd.Start()
	}
	errc := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		// The thread is never unlocked: it ends with this goroutine, and
		// its restrictions with it.
		runtime.LockOSThread()
		if err := confineThread(dirs, cgroup, abi); err != nil {
			errc <- err
			return
		}
		errc <- cmd.Start()
		<-done
	}()
	if err := <-errc; err != nil {
		close(done)
		return nil, err
	}
	return func() { close(done) }, nil
}

func confineThread(dirs []string, cgroup string, abi int) error {
	all := writeAccess(abi)
	attr := unix.LandlockRulesetAttr{Handled_access_fs: all}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return os.NewSyscallError("landlock_create_ruleset", errno)
	}
	defer unix.Close(int(fd))
	allow := func(path string, access uint64) error {
		f, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			return os.NewSyscallError("open", err)
		}
		defer unix.Close(f)
		rule := unix.LandlockPathBeneathAttr{Allowed_access: access, Parent_fd: int32(f)}
		if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, fd, unix.LANDLOCK_RULE_PATH_BENEATH, uintptr(unsafe.Pointer(&rule)), 0, 0, 0); errno != 0 {
			return os.NewSyscallError("landlock_add_rule", errno)
		}
		return nil
	}
	for _, dir := range dirs {
		if err := allow(dir, all); err != nil {
			return err
		}
	}
	dev := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE)
	if abi >= 3 {
		dev |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if err := allow("/dev", dev); err != nil {
		return err
	}
	if cgroup != "" {
		// The run's shell moves itself into its pids cgroup; its
		// pids.max stays out of the program's reach.
		if err := allow(filepath.Join(cgroup, "cgroup.procs"), dev); err != nil {
			return err
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return os.NewSyscallError("prctl", err)
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, fd, 0, 0); errno != 0 {
		return os.NewSyscallError("landlock_restrict_self", errno)
	}
	return nil
}

package web

import (
	"runtime"
	"syscall"
	"time"
)

// Niceness of the heavy work's threads, added to the process's own: the
// operating system gives the threads that answer the cheap pages the
// cores first. Only a generation, long, is niced: see bound.go.
const (
	generationNice = 5
	workNice       = 0
)

// lowPriority runs f on a thread of its own at the given niceness above
// the process's (at most 19), waits
// for it and returns the CPU time the thread used. The thread ends with
// f (its goroutine exits locked to it), so no other goroutine ever runs
// at that priority. A panic in f is raised again in the caller's
// goroutine, where the server's guard sees it.
func lowPriority(nice int, f func()) time.Duration {
	done := make(chan any, 1)
	var cpu time.Duration
	go func() {
		defer func() { done <- recover() }()
		runtime.LockOSThread() // not unlocked: the thread ends with the goroutine
		tid := syscall.Gettid()
		// The raw getpriority answers 20 - niceness.
		if p, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid); err == nil {
			syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(19, 20-p+nice))
		}
		start := threadCPU()
		defer func() { cpu = threadCPU() - start }()
		f()
	}()
	if v := <-done; v != nil {
		panic(v)
	}
	return cpu
}

// cpuMeasured: threadCPU measures.
const cpuMeasured = true

// threadCPU is the CPU time the calling thread has used.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

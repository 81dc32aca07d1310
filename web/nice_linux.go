package web

import (
	"runtime"
	"syscall"
)

// generationNice is the scheduling niceness of a generation's thread: the
// operating system gives the threads that answer the cheap pages the
// cores first.
const generationNice = 10

// lowPriority runs f on a thread of its own at niceness generationNice,
// and waits for it. The thread ends with f (its goroutine exits locked to
// it), so no other goroutine ever runs at that priority. A panic in f is
// raised again in the caller's goroutine, where the server's guard sees
// it.
func lowPriority(f func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		runtime.LockOSThread() // not unlocked: the thread ends with the goroutine
		syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), generationNice)
		f()
	}()
	if v := <-done; v != nil {
		panic(v)
	}
}

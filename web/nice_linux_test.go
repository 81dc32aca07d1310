package web

import (
	"syscall"
	"testing"
)

// lowPriority's thread runs at the niceness asked for above the caller's.
func TestLowPriorityNiceness(t *testing.T) {
	var got int
	lowPriority(generationNice, func() {
		p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if err != nil {
			t.Skip(err)
		}
		got = 20 - p
	})
	p, _ := syscall.Getpriority(syscall.PRIO_PROCESS, 0)
	if want := min(19, 20-p+generationNice); got != want {
		t.Errorf("niceness %d, want %d", got, want)
	}
}

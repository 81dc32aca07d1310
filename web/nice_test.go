package web

import "testing"

// lowPriority runs f and raises its panic in the caller's goroutine.
func TestLowPriority(t *testing.T) {
	ran := false
	lowPriority(workNice, func() { ran = true })
	if !ran {
		t.Fatal("f did not run")
	}
	defer func() {
		if v := recover(); v != "bug" {
			t.Errorf("recovered %v, want the panic of f", v)
		}
	}()
	lowPriority(workNice, func() { panic("bug") })
}

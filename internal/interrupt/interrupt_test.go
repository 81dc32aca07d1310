package interrupt

import (
	"context"
	"errors"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A Read blocked on input that never comes returns as soon as the
// context is done (the pipe's writer stays open: without the context,
// the read would never end).
func TestReaderCancelled(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	start := time.Now()
	_, err := io.ReadAll(Reader(ctx, r))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v after %v", err, time.Since(start))
	}
}

// With a live context the reader passes every byte through, whatever the
// sizes of the reads.
func TestReaderPassesThrough(t *testing.T) {
	want := strings.Repeat("0123456789", 10_000)
	rd := Reader(context.Background(), io.MultiReader(strings.NewReader(want[:7]), strings.NewReader(want[7:])))
	var got strings.Builder
	buf := make([]byte, 3)
	for {
		n, err := rd.Read(buf[:1+got.Len()%3])
		got.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got.String() != want {
		t.Fatalf("got %d bytes, want %d", got.Len(), len(want))
	}
}

func TestStatus(t *testing.T) {
	if Status(syscall.SIGINT) != 130 || Status(syscall.SIGTERM) != 143 {
		t.Fatal("want 130 and 143")
	}
}

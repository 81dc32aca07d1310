package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// A token is valid for its maze within TokenLife, and for nothing else.
func TestCheckToken(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	const maze = "5x5:3413133302312234233341432"
	tok := newToken(key, maze, now)
	if _, err := checkToken(key, tok, maze, now.Add(TokenLife-time.Second)); err != nil {
		t.Errorf("a fresh token: %v", err)
	}
	id1, _ := checkToken(key, tok, maze, now)
	if id2, _ := checkToken(key, newToken(key, maze, now), maze, now); id1 == id2 {
		t.Error("two tokens with one ID")
	}
	for _, c := range []struct {
		name, token, maze string
		at                time.Time
		says              string
	}{
		{"expired", tok, maze, now.Add(TokenLife + time.Second), "expired"},
		{"from the future", tok, maze, now.Add(-time.Hour), "expired"},
		{"another maze", tok, "3x3:111101110", now, "another maze"},
		{"another key", newToken([]byte("another key, 32 bytes long......"), maze, now), maze, now, "not a token"},
		{"forged", strings.Replace(tok, "1.A", "1.B", 1), maze, now, "not a token"},
		{"empty", "", maze, now, "not a token"},
		{"garbage", "1.%%.%%", maze, now, "not a token"},
	} {
		if _, err := checkToken(key, c.token, c.maze, c.at); !errors.Is(err, errToken) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.says)
		}
	}
}

// spellings returns the 16 spellings of a raw base64url segment whose last
// character carries 4 unused bits (the canonical one, with them zero,
// first): what a lenient decoder reads as one value.
func spellings(seg string) []string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, seg[len(seg)-1])
	var out []string
	for low := range 16 {
		out = append(out, seg[:len(seg)-1]+string(alphabet[last&0x30|low]))
	}
	return out
}

// A token has one spelling: of the 16 × 16 ways to write its two
// segments' spare bits (and its segments broken by a line), only the one
// issued is accepted, and its ID is the same whatever the spelling.
func TestTokenOneSpelling(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	const maze = "5x5:3413133302312234233341432"
	tok := newToken(key, maze, now)
	parts := strings.Split(tok, ".")
	if len(parts[1]) != 38 || len(parts[2]) != 22 {
		t.Fatalf("segments of %d and %d characters, want 38 and 22 (4 spare bits each)", len(parts[1]), len(parts[2]))
	}
	id, err := checkToken(key, tok, maze, now)
	if err != nil {
		t.Fatal(err)
	}
	accepted := 0
	for _, body := range spellings(parts[1]) {
		for _, mac := range spellings(parts[2]) {
			got, err := checkToken(key, "1."+body+"."+mac, maze, now)
			if err == nil {
				accepted++
				if got != id {
					t.Errorf("spelling %s.%s: ID %q, want %q", body, mac, got, id)
				}
			}
		}
	}
	if accepted != 1 {
		t.Errorf("%d of 256 spellings accepted, want 1", accepted)
	}
	for _, bad := range []string{
		"1." + parts[1][:10] + "\n" + parts[1][10:] + "." + parts[2],
		"1." + parts[1][:10] + "\r\n" + parts[1][10:] + "." + parts[2],
		"1." + parts[1] + "." + parts[2][:5] + "\n" + parts[2][5:],
	} {
		if _, err := checkToken(key, bad, maze, now); err == nil {
			t.Errorf("a token with a line break accepted: %q", bad)
		}
	}
}

// A freed slot goes to the network served least recently, and no one
// network holds more than perNet slots.
func TestSlotsFair(t *testing.T) {
	s := newSlots(2, 1, 4)
	ctx := context.Background()
	if ok, _ := s.acquire(ctx, "flood", 0); !ok {
		t.Fatal("a free slot refused")
	}
	if ok, _ := s.acquire(ctx, "flood", 0); ok {
		t.Fatal("one network took both slots")
	}
	if ok, _ := s.acquire(ctx, "honest", 0); !ok {
		t.Fatal("the slot no network may fill was refused to another network")
	}
	// Both slots taken: the flood waits first, then the honest client.
	got := make(chan string, 2)
	var wg sync.WaitGroup
	for _, n := range []string{"flood", "honest"} {
		wg.Go(func() {
			if ok, _ := s.acquire(ctx, n, 5*time.Second); ok {
				got <- n
			}
		})
		time.Sleep(20 * time.Millisecond)
	}
	if ok, _ := s.acquire(ctx, "flood", time.Second); ok {
		t.Error("a second waiter of one network was queued")
	}
	s.release("honest") // the honest client's slot is freed: it goes to the honest waiter (the flood holds its one)
	if n := <-got; n != "honest" {
		t.Errorf("the freed slot went to %s", n)
	}
	s.release("flood")
	if n := <-got; n != "flood" {
		t.Errorf("the next freed slot went to %s", n)
	}
	wg.Wait()
	if used, waiting := s.inUse(); used != 2 || waiting != 0 {
		t.Errorf("%d used, %d waiting", used, waiting)
	}
}

// A waiter gives up after its wait; the queue has a bound.
func TestSlotsWaitBounded(t *testing.T) {
	s := newSlots(1, 1, 1)
	ctx := context.Background()
	s.acquire(ctx, "a", 0)
	if ok, waited := s.acquire(ctx, "b", 50*time.Millisecond); ok || waited < 50*time.Millisecond {
		t.Errorf("a waiter past its wait: %v after %v", ok, waited)
	}
	// b waits (until cancelled: however slow the machine, it is still
	// waiting when c comes), and c finds the queue full.
	bctx, cancel := context.WithCancel(ctx)
	done := make(chan bool)
	go func() {
		ok, _ := s.acquire(bctx, "b", time.Hour)
		done <- ok
	}()
	for _, waiting := s.inUse(); waiting == 0; _, waiting = s.inUse() {
		time.Sleep(time.Millisecond)
	}
	if ok, waited := s.acquire(ctx, "c", time.Second); ok || waited != 0 {
		t.Errorf("a waiter past the queue's bound: %v after %v", ok, waited)
	}
	cancel()
	if <-done {
		t.Error("a cancelled waiter got a slot")
	}
}

// One cause of error is logged once per period, with the count of those
// not logged.
func TestErrLogOncePerPeriod(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	e := newErrLog(func() time.Time { return now })
	var b bytes.Buffer
	l := slog.New(slog.NewTextHandler(&b, nil))
	for i := range 100 {
		e.log(l, fmt.Sprintf("req-%d", i), "store unavailable", errors.New("disk full"))
	}
	e.log(l, "req-100", "store unavailable", errors.New("locked"))
	now = now.Add(ErrorLogPeriod)
	e.log(l, "req-101", "store unavailable", errors.New("disk full"))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "request=req-0 ") || !strings.Contains(lines[1], "request=req-100 ") ||
		!strings.Contains(lines[2], "request=req-101 ") || !strings.Contains(lines[2], "not_logged_since=99") {
		t.Errorf("log:\n%s", b.String())
	}
}

// stalled is a sink that blocks until released.
type stalled struct{ release chan struct{} }

func (s stalled) Write(p []byte) (int, error) { <-s.release; return len(p), nil }

// A LogWriter never blocks on a stalled sink: past its queue it drops and
// counts.
func TestLogWriterDrops(t *testing.T) {
	sink := stalled{make(chan struct{})}
	w := NewLogWriter(sink, 10)
	done := make(chan struct{})
	go func() {
		for range 100 {
			w.Write([]byte("line\n"))
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Write blocked on a stalled sink")
	}
	if d := w.Dropped(); d < 89 || d > 90 {
		t.Errorf("%d dropped of 100 with a queue of 10", d)
	}
	close(sink.release)
	w.Close()
}

// FuzzCheckToken: no input panics, and only the tokens made by the key
// for the maze pass.
func FuzzCheckToken(f *testing.F) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	const maze = "5x5:3413133302312234233341432"
	f.Add(newToken(key, maze, now))
	f.Add("1.AAAA.BBBB")
	f.Fuzz(func(t *testing.T, token string) {
		if _, err := checkToken(key, token, maze, now); err == nil {
			// A valid token must carry the key's signature of its body.
			_, rest, _ := strings.Cut(token, ".")
			body, mac, _ := strings.Cut(rest, ".")
			payload, _ := b64.DecodeString(body)
			if b64.EncodeToString(sign(key, payload)) != mac {
				t.Fatalf("%q passed without the key's signature", token)
			}
		}
	})
}

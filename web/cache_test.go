package web

import (
	"strconv"
	"testing"
)

// The cache keeps at most its size, forgetting the least recently used.
func TestLRU(t *testing.T) {
	c := newLRU[int](3)
	for i := range 3 {
		c.put(strconv.Itoa(i), i)
	}
	c.get("0") // 0 is now the most recently used; 1 the least
	c.put("3", 3)
	if _, ok := c.get("1"); ok {
		t.Error("1 was kept past the size")
	}
	for _, k := range []string{"0", "2", "3"} {
		if v, ok := c.get(k); !ok || strconv.Itoa(v) != k {
			t.Errorf("get(%s) = %d, %v", k, v, ok)
		}
	}
	c.put("2", 20)
	if v, _ := c.get("2"); v != 20 || c.len() != 3 {
		t.Errorf("after replacing 2: %d, len %d", v, c.len())
	}
}

// A sized cache keeps at most its bytes, its keys' counted, and never a
// value larger than them.
func TestSizedLRU(t *testing.T) {
	c := newSizedLRU(100, 13, func(s string) int { return len(s) })
	c.put("a", "1234")
	c.put("b", "1234")
	c.put("c", "1234") // 15 bytes with the keys: a goes
	if _, ok := c.get("a"); ok || c.len() != 2 {
		t.Errorf("a kept past the bytes, len %d", c.len())
	}
	c.put("big", "12345678901")
	if _, ok := c.get("big"); ok || c.len() != 2 {
		t.Errorf("a value over the bound was kept, len %d", c.len())
	}
	c.put("b", "1")
	c.put("d", "12345") // 5 + 2 + 6 = 13: all kept
	if c.len() != 3 {
		t.Errorf("len %d, want 3", c.len())
	}
}

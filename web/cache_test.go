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

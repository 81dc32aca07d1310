package web

import (
	"container/list"
	"sync"
)

// lru is a cache of at most max values by key, and when it has a size
// function of at most maxBytes of them, forgetting the least recently
// used first, safe for concurrent use. It bounds what the site keeps of
// work it can redo: pages that are pure functions of their URL and what
// is computed once per maze.
type lru[V any] struct {
	mu       sync.Mutex
	max      int
	maxBytes int
	size     func(V) int // nil: no byte bound
	bytes    int
	evicted  int64
	order    *list.List // of *entry[V], the most recently used first
	index    map[string]*list.Element
}

type entry[V any] struct {
	key   string
	value V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, order: list.New(), index: map[string]*list.Element{}}
}

// newSizedLRU is an lru of at most max values and maxBytes bytes, a
// value's bytes as size says.
func newSizedLRU[V any](max, maxBytes int, size func(V) int) *lru[V] {
	c := newLRU[V](max)
	c.maxBytes, c.size = maxBytes, size
	return c
}

// get returns the value of key and whether there is one.
func (c *lru[V]) get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.index[key]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*entry[V]).value, true
	}
	var zero V
	return zero, false
}

// put keeps value for key, forgetting the least recently used values
// while the cache is over its bounds. With a byte bound, the key's bytes
// count with the value's; a value larger than the bound is not kept.
func (c *lru[V]) put(key string, value V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	if c.size != nil {
		if n = c.size(value) + len(key); n > c.maxBytes {
			return
		}
	}
	if e, ok := c.index[key]; ok {
		c.bytes -= c.sizeOf(key, e.Value.(*entry[V]).value)
		e.Value.(*entry[V]).value = value
		c.order.MoveToFront(e)
	} else {
		c.index[key] = c.order.PushFront(&entry[V]{key, value})
	}
	c.bytes += n
	for c.order.Len() > c.max || (c.size != nil && c.bytes > c.maxBytes) {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.index, last.Value.(*entry[V]).key)
		c.bytes -= c.sizeOf(last.Value.(*entry[V]).key, last.Value.(*entry[V]).value)
		c.evicted++
	}
}

func (c *lru[V]) sizeOf(key string, v V) int {
	if c.size == nil {
		return 0
	}
	return c.size(v) + len(key)
}

// stats returns the bytes kept (with a byte bound) and the values
// evicted so far.
func (c *lru[V]) stats() (bytes int, evicted int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, c.evicted
}

// len returns the number of values kept.
func (c *lru[V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// remove forgets key's value, if any.
func (c *lru[V]) remove(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.index[key]; ok {
		c.order.Remove(e)
		delete(c.index, key)
		if c.size != nil {
			c.bytes -= c.sizeOf(key, e.Value.(*entry[V]).value)
		}
	}
}

package web

import (
	"container/list"
	"sync"
)

// lru is a cache of at most max values by key, forgetting the least
// recently used first, safe for concurrent use. It bounds what the site
// keeps of work it can redo: pages that are pure functions of their URL
// and what is computed once per maze.
type lru[V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *entry[V], the most recently used first
	index map[string]*list.Element
}

type entry[V any] struct {
	key   string
	value V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, order: list.New(), index: map[string]*list.Element{}}
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

// put keeps value for key, forgetting the least recently used value when
// the cache is full.
func (c *lru[V]) put(key string, value V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.index[key]; ok {
		e.Value.(*entry[V]).value = value
		c.order.MoveToFront(e)
		return
	}
	c.index[key] = c.order.PushFront(&entry[V]{key, value})
	if c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.index, last.Value.(*entry[V]).key)
	}
}

// len returns the number of values kept.
func (c *lru[V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

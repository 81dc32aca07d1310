package incremental

import "math/bits"

// Kept distances over states. A change of a cell off the kept solution
// (see state_solution.go) is mostly a step a hill descent takes sideways,
// accepted or not, and then it changes the distances to the goal of a
// dozen states or so (7×7), against about 150 that a search finds. The
// design energy's evaluator puts such a change into the kept distances
// (curDist) instead of searching, and takes it back before the next try
// unless it is accepted, as graph.DepthTracker.TryDistances does on
// cells. It gives up past a few changed distances (searchFrom), since
// the changes that open a shortcut move most of them. Changes on the
// solution mostly cut it or shorten it and change most distances; they
// are searched. An accepted change leaves the kept search's queue out of
// order, and the next search starts from the goal rather than from a
// kept layer (keeping the queue in order, or restarting from it out of
// order, cost more).
//
// The update (tryDistances) is the usual one for a graph whose moves
// change at a few nodes (here the states of the changed cell): first the
// states that no longer have a move one nearer the goal onto a state
// that keeps its distance rise, found nearest first from the cell's
// states (raised, their distance -1 for now); then every raised state and
// every state of the cell takes the best distance its moves give it, and
// the falls spread from there to the predecessors, nearest first (a
// queue of buckets by distance, as Dijkstra's). Only states whose
// distance changes are written; the number of reaching cells follows
// them.

// tryDistances puts the change in place (tryChange) into the kept
// distances, remembering every distance it changes, and updates the
// kept reaching cells. It gives up, changing nothing, when more than
// limit distances would change.
func (e *stateEval) tryDistances(limit int) bool {
	sg, spc, dist, live, ins, tc := e.sg, int32(e.spc), e.curDist, e.live, e.in, e.tc
	if e.kgen++; e.kgen == 0 {
		clear(e.cmark)
		clear(e.lmark)
		e.kgen = 1
	}
	gen, cmark, lmark := e.kgen, e.cmark, e.lmark
	logS, logD := e.logS[:0], e.logD[:0]
	// The states of tc that reach the goal, nearest first.
	first := e.first[:0]
	for parts := sg.Parts(int(tc)); parts != 0; parts &= parts - 1 {
		s := tc*spc + int32(bits.TrailingZeros16(parts))
		cmark[s] = gen
		if d := dist[s]; d > 0 {
			x := len(first)
			first = append(first, s)
			for ; x > 0 && dist[first[x-1]] > d; x-- {
				first[x] = first[x-1]
			}
			first[x] = s
		}
	}
	e.first = first
	// Rises, level by level: a state rises when none of its moves lands
	// one nearer the goal on a state that keeps its distance. The
	// candidates are tc's states and the predecessors of raised states one
	// farther, in order of distance (q, at the levels lv).
	q, lv, raised := e.rq[:0], e.rlv[:0], e.raised[:0]
	k, head := 0, 0
	for k < len(first) || head < len(q) {
		var u, d int32
		if head < len(q) && (k == len(first) || lv[head] <= dist[first[k]]) {
			u, d = q[head], lv[head]
			head++
		} else {
			u = first[k]
			d = dist[u]
			k++
		}
		if e.best(u) <= uint32(d) {
			continue // a move one nearer (or more: tc's state falls, see below)
		}
		if len(logS) >= limit {
			e.rq, e.rlv, e.raised = q, lv, raised
			e.logS, e.logD = logS, logD
			e.undoLog()
			return false
		}
		lmark[u] = gen
		logS, logD = append(logS, u), append(logD, d)
		dist[u] = -1
		raised = append(raised, u)
		// The entries of π(u), then (k == n, when there is one) the
		// tried cell's.
		in := ins[u]
		list := in.list(live)
		for k, end := 0, in.entries(); k < end; k++ {
			c, allow, skip := in.entry(list, k, tc)
			if skip {
				continue
			}
			for a := allow; a != 0; a &= a - 1 {
				if p := c*spc + int32(bits.TrailingZeros16(a)); dist[p] == d+1 && cmark[p] != gen {
					cmark[p] = gen
					q, lv = append(q, p), append(lv, d+1)
				}
			}
		}
	}
	e.rq, e.rlv, e.raised = q, lv, raised
	// Now the best distances the moves of the raised states and of tc's
	// give them (seeds), then the falls spread, nearest first.
	bk := e.bk
	e.logS, e.logD = logS, logD
	e.lo, e.hi = int32(len(bk)), -1
	ok := true
	for _, u := range raised {
		if ok = e.seed(u, gen, limit); !ok {
			break
		}
	}
	for parts := sg.Parts(int(tc)); ok && parts != 0; parts &= parts - 1 {
		ok = e.seed(tc*spc+int32(bits.TrailingZeros16(parts)), gen, limit)
	}
	logS, logD = e.logS, e.logD
	lo, hi := e.lo, e.hi
	for t := lo; ok && t <= hi; t++ {
		for x := 0; ok && x < len(bk[t]); x++ {
			u := bk[t][x]
			if dist[u] != t {
				continue // it fell further after it was queued
			}
			// The entries of π(u), then (k == n, when there is one) the
			// tried cell's.
			in := ins[u]
			list := in.list(live)
			for k, end := 0, in.entries(); ok && k < end; k++ {
				c, allow, skip := in.entry(list, k, tc)
				if skip {
					continue
				}
				for a := allow; a != 0; a &= a - 1 {
					p := c*spc + int32(bits.TrailingZeros16(a))
					if uint32(t+1) >= uint32(dist[p]) {
						continue
					}
					if lmark[p] != gen {
						if len(logS) >= limit {
							ok = false
							break
						}
						lmark[p] = gen
						logS, logD = append(logS, p), append(logD, dist[p])
					}
					dist[p] = t + 1
					b := append(bk[t+1], p)
					bk[t+1] = b[:len(b)-1+landed(ins[p])] // see seed
					hi = max(hi, t+1)
				}
			}
		}
	}
	for t := lo; t <= hi; t++ {
		bk[t] = bk[t][:0]
	}
	e.logS, e.logD = logS, logD
	if !ok {
		e.undoLog()
		return false
	}
	// The reaching cells with the change.
	for x, s := range logS {
		if (dist[s] >= 0) != (logD[x] >= 0) {
			e.flipReach(s)
		}
	}
	return true
}

// seed gives state u the distance its moves give it when that is nearer
// (see tryDistances), false when that would log more than limit
// distances.
func (e *stateEval) seed(u int32, gen uint32, limit int) bool {
	t := e.best(u)
	if t >= uint32(e.curDist[u]) {
		return true
	}
	if e.lmark[u] != gen {
		if len(e.logS) >= limit {
			return false
		}
		e.lmark[u] = gen
		e.logS, e.logD = append(e.logS, u), append(e.logD, e.curDist[u])
	}
	e.curDist[u] = int32(t)
	// Only a state something lands on passes its fall on: the others are
	// not queued, without a branch (as in stateEval.search).
	b := append(e.bk[t], u)
	e.bk[t] = b[:len(b)-1+landed(e.in[u])]
	e.lo, e.hi = min(e.lo, int32(t)), max(e.hi, int32(t))
	return true
}

// keptUnique reports whether the kept solution stays the unique shortest
// one when the change in place, off it, is in the kept distances and
// leaves the goal depth D as it is. The solution's states keep their
// distances (one nearer would make a shorter solution) and their moves,
// so a second shortest solution must leave the kept one at a state u for
// a state one move nearer the goal than u: one whose distance changed
// (logS), since none did before.
func (e *stateEval) keptUnique() bool {
	s, sg := &e.sol, e.sg
	for _, w := range e.logS {
		dw := e.curDist[w]
		k := int32(s.D) - 1 - dw // the index of the solution's state one farther
		if dw < 0 || k < 0 {
			continue
		}
		u := s.states[k]
		c, bit := int32(sg.Cell(int(u))), uint16(1)<<uint(sg.Part(int(u)))
		for _, m := range e.in[w].list(e.live) {
			if m.cell == c && m.allow&bit != 0 {
				return false
			}
		}
	}
	return true
}

// best returns the distance state u's moves (with the change in place)
// give it by the kept distances: one more than its nearest successor's
// (^0: none reaches the goal).
func (e *stateEval) best(u int32) uint32 {
	sg := e.sg
	c := sg.Cell(int(u))
	m := e.mv[c]
	forbid := sg.Forbidden(int(u))
	// Without branches on the distances, which a predictor cannot
	// guess: -1 (none) is the largest uint32, and so is the forbidden
	// move's.
	near := ^uint32(0)
	for x, d := range m.Dir {
		dv := uint32(e.curDist[m.To[x]])
		if d == forbid {
			dv = ^uint32(0)
		}
		near = min(near, dv)
	}
	if near == ^uint32(0) {
		return near
	}
	return near + 1
}

// flipReach counts state s in or out of the kept reaching cells.
func (e *stateEval) flipReach(s int32) {
	c := e.sg.Cell(int(s))
	had := e.curBack[c]
	e.curBack[c] ^= 1 << uint(e.sg.Part(int(s)))
	switch {
	case had == 0:
		e.curReach++
	case e.curBack[c] == 0:
		e.curReach--
	}
}

// undoLog takes back the distances in the log (and nothing else).
func (e *stateEval) undoLog() {
	for x := len(e.logS) - 1; x >= 0; x-- {
		e.curDist[e.logS[x]] = e.logD[x]
	}
	e.logS, e.logD = e.logS[:0], e.logD[:0]
}

// undoDistances takes back what tryDistances changed.
func (e *stateEval) undoDistances() {
	for x, s := range e.logS {
		if (e.curDist[s] >= 0) != (e.logD[x] >= 0) {
			e.flipReach(s)
		}
	}
	e.undoLog()
}

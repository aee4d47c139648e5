package bleu

import "slices"

// This file counts long hypotheses with n-gram tables, and chooses
// between them and lists of positions (ngram_positional.go).

// finishLong is finish for a segment whose hypothesis words have dense
// ids (c.width == 0), with lists of positions (finishPositional) or
// with n-gram tables: both count any segment, at different speeds.
func (c *ngramCounter) finishLong(st *segmentStats, positional bool) {
	st.matches[0] = c.clipped(0, c.nWords)
	order := len(st.matches)
	if order < 2 {
		return
	}
	if positional {
		c.finishPositional(st)
		return
	}
	// Hypothesis positions whose word occurs in a reference.
	live := slices.Grow(c.hypLive[:0], len(c.hypIDs))[:len(c.hypIDs)]
	n := 0
	for i, id := range c.hypIDs {
		live[n] = int32(i)
		n += b2i(c.refMax[id] > 0)
	}
	live = live[:n]
	c.hypCur = append(c.hypCur[:0], c.hypIDs...)
	c.refCur = append(c.refCur[:0], c.refIDs...)
	for k := 1; k < order; k++ {
		if len(live) < 2 || len(c.refLive) < 2 {
			break
		}
		// The n-grams of order k+1 come from live positions, and their
		// keys hold ids of order k: a table for each order, no larger
		// than the order's live positions need, stays closer in cache
		// than one for all orders.
		c.table.reset(len(live))
		start := c.nextID
		live = c.countHyp(live, k)
		c.countRefs(k, start)
		st.matches[k] = c.clipped(start, c.nextID)
		// Keep the positions whose new n-gram some reference has.
		n := 0
		for _, i := range live {
			live[n] = i
			n += b2i(c.refMax[c.hypCur[i]] > 0)
		}
		live = live[:n]
	}
	c.hypLive = live
}

// ngramTable maps (prefix id, last word id) to a dense n-gram id, by open
// addressing with linear probing. It starts with room for longChunk keys
// at most and grows as keys come (see "Memory of long segments").
type ngramTable struct {
	stampTable[ngramSlot]
	used int // keys of this generation
}

// slot returns the first slot to probe for key: the top bits of a
// Fibonacci hash, which spreads the small ids of a key well.
func (t *ngramTable) slot(key uint64) uint64 {
	return (key * 0x9E3779B97F4A7C15) >> t.shift
}

// insert returns the id of (prefix, w), numbering it in c if new.
func (t *ngramTable) insert(prefix, w uint32, c *ngramCounter) uint32 {
	key := uint64(prefix)<<32 | uint64(w)
	for i := t.slot(key); ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			if 2*(t.used+1) > int(t.mask+1) {
				t.grow()
				return t.insert(prefix, w, c)
			}
			t.used++
			id := c.nextID
			c.nextID++
			*e = ngramSlot{key: key, stamp: t.gen, val: id}
			return id
		}
		if e.key == key {
			return e.val
		}
	}
}

// lookup returns the id of (prefix, w), or noID.
func (t *ngramTable) lookup(prefix, w uint32) uint32 {
	key := uint64(prefix)<<32 | uint64(w)
	for i := t.slot(key); ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		// A hit and an empty slot both end the search: one predictable
		// branch, and a conditional move for the result.
		hit := (e.key^key)|uint64(e.stamp^t.gen) == 0
		v := noID
		if hit {
			v = e.val
		}
		if b2i(hit)|b2i(e.stamp != t.gen) != 0 {
			return v
		}
	}
}

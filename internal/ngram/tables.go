package ngram

import (
	"math/bits"
	"slices"

	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts long hypotheses with n-gram tables, and chooses
// between them and lists of positions (positional.go).

// finishLong is finish for a segment whose hypothesis words have dense
// ids (c.width == 0), with lists of positions (finishPositional) or
// with n-gram tables: both count any segment, at different speeds.
func (c *Counter) finishLong(st *Segment, positional bool) {
	st.Matches[0] = c.clipped(0, c.nWords)
	order := len(st.Matches)
	if order < 2 {
		return
	}
	if positional {
		c.finishPositional(st)
		return
	}
	// Hypothesis positions whose word occurs in a reference.
	words := len(c.hypIDs)/64 + 1
	live := slices.Grow(c.hypLive[:0], words)[:words]
	clear(live)
	n := 0
	for i, id := range c.hypIDs {
		hit := swar.B2I(c.refMax[id] > 0)
		live[i>>6] |= uint64(hit) << (i & 63)
		n += hit
	}
	c.hypCur = append(c.hypCur[:0], c.hypIDs...)
	c.refCur = append(c.refCur[:0], c.refIDs...)
	// The ids of each order's n-grams start after the words' (whose
	// counts are done with) and replace the order before's, whose counts
	// are cleared: the count slices grow with the most distinct n-grams
	// of an order, not with their sum.
	start := c.nWords
	// distinct bounds the distinct n-grams of the order before.
	distinct := int(c.nWords)
	for k := 1; k < order; k++ {
		if n < 2 || c.refLiveN < 2 {
			break
		}
		// The n-grams of order k+1 come from the live positions whose
		// successor is live too, and their keys hold ids of order k: a
		// table for each order, no larger than its positions need, stays
		// closer in cache than one for all orders. Their distinct keys
		// are no more than the positions, nor than the keys that the
		// distinct n-grams of order k and the words make: room for as
		// many, at most, with no need to grow.
		n = adjacent(live)
		if int64(distinct)*int64(c.nWords) < int64(n) {
			distinct *= int(c.nWords)
		} else {
			distinct = n
		}
		c.table.reset(distinct, c.seed0)
		clear(c.hypCnt[start:c.nextID])
		clear(c.refMax[start:c.nextID])
		c.nextID = start
		c.needCounts(int(start) + distinct)
		c.countHyp(live, k)
		distinct = int(c.nextID - start)
		c.countRefs(k, start)
		st.Matches[k] = c.clipped(start, c.nextID)
		n = c.keepMatched(live)
	}
	c.hypLive = live
}

// keepMatched keeps, in place, the hypothesis positions of live whose
// n-gram of the current order some reference has, and returns how many
// there are.
func (c *Counter) keepMatched(live []uint64) int {
	n := 0
	for x, w := range live {
		keep := w
		for ; w != 0; w &= w - 1 {
			b := bits.TrailingZeros64(w)
			if c.refMax[c.hypCur[x<<6|b]] == 0 {
				keep &^= 1 << b
			}
		}
		live[x] = keep
		n += bits.OnesCount64(keep)
	}
	return n
}

// adjacent keeps, in place, the positions of the set live (a bit each)
// whose successor is in it too, where an n-gram one word longer can
// occur, and returns how many there are.
func adjacent(live []uint64) int {
	n := 0
	for x := range live {
		next := uint64(0)
		if x+1 < len(live) {
			next = live[x+1] << 63
		}
		live[x] &= live[x]>>1 | next
		n += bits.OnesCount64(live[x])
	}
	return n
}

// span returns the bits of word x of a set of positions that are in
// [from, to).
func span(x, from, to int) uint64 {
	lo, hi := max(from-x<<6, 0), min(to-x<<6, 64)
	if hi <= lo {
		return 0
	}
	return ^uint64(0) >> (64 - (hi - lo)) << lo
}

// ngramTable maps (prefix id, last word id) to a dense n-gram id, by open
// addressing with linear probing. It is made for one order at a time,
// with room for as many keys as the order can have (see finishLong): it
// never grows.
type ngramTable struct {
	slots []ngramSlot
	size  uint64 // len(slots)
	seed  uint64 // the counter's word hash seed, odd: slot's multiplier
}

// ngramSlot is a key and its id plus one; 0 marks an empty slot. It is
// 12 bytes: the table of a long segment's order is its largest buffer.
type ngramSlot struct{ prefix, w, val uint32 }

// reset empties the table and makes room for n keys: at a load of a
// quarter to a half (a power of two), and for more than longChunk keys,
// of four fifths at most (n bounds the keys, which in a huge segment are
// often fewer, and its table is its largest buffer). Its hash is keyed
// by seed from then on.
func (t *ngramTable) reset(n int, seed uint64) {
	t.seed = seed
	size := tableSize(n)
	if n > longChunk {
		size = n + n/4
	}
	if size > cap(t.slots) {
		// Written now, not on first use: a table probed before it is
		// stored into would map the shared zero page and then fault
		// again, flushing other threads' TLBs, on each page's first store.
		t.slots = make([]ngramSlot, size)
		clear(t.slots)
	} else {
		t.slots = t.slots[:size]
		clear(t.slots)
	}
	t.size = uint64(size)
}

// slot returns the first slot to probe for (prefix, w): a multiply-shift
// hash by the table's seed, a random odd multiplier, scaled to the
// table's size by its top bits. The ids of a key are numbered in the
// order first seen, so text can be crafted whose n-grams share a slot
// under a fixed multiplier; under a random one, any two keys share a slot
// with a probability of about 2/size.
func (t *ngramTable) slot(prefix, w uint32) uint64 {
	hi, _ := bits.Mul64((uint64(prefix)<<32|uint64(w))*t.seed, t.size)
	return hi
}

// insert returns the id of (prefix, w), numbering it in c if new.
func (t *ngramTable) insert(prefix, w uint32, c *Counter) uint32 {
	for i := t.slot(prefix, w); ; {
		e := &t.slots[i]
		if e.val == 0 {
			id := c.nextID
			c.nextID++
			*e = ngramSlot{prefix, w, id + 1}
			return id
		}
		if e.prefix == prefix && e.w == w {
			return e.val - 1
		}
		if i++; i == t.size {
			i = 0
		}
	}
}

// lookup returns the id of (prefix, w), or noID.
func (t *ngramTable) lookup(prefix, w uint32) uint32 {
	for i := t.slot(prefix, w); ; {
		e := &t.slots[i]
		// A hit and an empty slot both end the search (an empty slot's
		// val - 1 is noID, whatever its key): one predictable branch.
		if swar.B2I((e.prefix^prefix)|(e.w^w) == 0)|swar.B2I(e.val == 0) != 0 {
			return e.val - 1
		}
		if i++; i == t.size {
			i = 0
		}
	}
}

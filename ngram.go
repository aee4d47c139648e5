package bleu

import (
	"math/bits"
	"strings"
)

// This file counts and clips n-grams, the hot path of BLEU.
//
// Words are interned into integer ids by a vocabulary that lives as long as
// the counter (bounded: it is dropped and rebuilt when it grows past
// maxVocab). Within one segment, every distinct n-gram of the hypothesis gets
// a dense id: unigrams are numbered first, and an n-gram of order k > 1 is
// identified by the pair (id of its first k-1 words, id of its last word),
// looked up in an open-addressing table. Reference n-grams are only looked
// up, never inserted: an n-gram absent from the hypothesis cannot match,
// and neither can any longer n-gram that extends it. Counts live in slices
// indexed by the dense ids, reused from segment to segment, so a segment
// whose words were seen before allocates nothing.

// noID marks a word or n-gram that does not occur in the hypothesis.
const noID = ^uint32(0)

// maxVocab bounds the vocabulary; past it the vocabulary starts afresh at
// the next segment, so memory does not grow with the corpus.
const maxVocab = 1 << 20

// ngramCounter computes the sufficient statistics of one segment. It is not
// safe for concurrent use.
type ngramCounter struct {
	vocab map[string]uint32 // word -> global id
	// local maps a global word id to the segment's dense id when
	// stamp[id] == gen.
	local []uint32
	stamp []uint32
	gen   uint32

	table ngramTable

	hypIDs   []uint32 // dense unigram ids of the hypothesis words
	refWords []uint32 // dense unigram ids of a reference's words, or noID
	cur      []uint32 // ids of the n-grams of the current order, by position
	hypCnt   []int32  // hypothesis count by dense n-gram id
	refMax   []int32  // clip: max count over references, by dense id
	refCnt   []int32  // count in the current reference, by dense id
	touched  []uint32 // ids counted in the current reference
	// distinct[orderStart[k]:orderStart[k+1]] are the distinct hypothesis
	// n-grams of order k+1.
	distinct   []uint32
	orderStart []int
	nextID     uint32
}

// segmentStats are the sufficient statistics of one segment.
type segmentStats struct {
	hypLen, refLen int
	matches        []int64 // clipped matches by order, index 0 = unigrams
	totals         []int64
}

// begin starts a segment with hypothesis words hyp: it sets st's totals
// and hypothesis length and counts the hypothesis n-grams of orders
// 1..len(st.matches). It keeps none of the strings it is given.
func (c *ngramCounter) begin(st *segmentStats, hyp []string) {
	order := len(st.matches)
	c.startSegment()
	for k := range order {
		st.matches[k] = 0
		st.totals[k] = int64(max(0, len(hyp)-k))
	}
	st.hypLen = len(hyp)
	st.refLen = -1
	c.hypIDs = c.hypIDs[:0]
	for _, w := range hyp {
		c.hypIDs = append(c.hypIDs, c.internHyp(w))
	}
	c.table.reset(len(hyp) * (order - 1))
	c.countHyp(order)
}

// addRef counts the words of one reference of the segment begun: it keeps
// the maximum count of every hypothesis n-gram over the references and the
// closest reference length. only says that this is the segment's only
// reference.
func (c *ngramCounter) addRef(st *segmentStats, ref []string, only bool) {
	if closerRef(st.hypLen, st.refLen, len(ref)) {
		st.refLen = len(ref)
	}
	c.countRef(ref, len(st.matches), only)
}

// finish sets st's clipped matches once every reference has been added.
func (c *ngramCounter) finish(st *segmentStats) {
	for k := range st.matches {
		var m int64
		for _, id := range c.distinct[c.orderStart[k]:c.orderStart[k+1]] {
			m += int64(min(c.hypCnt[id], c.refMax[id]))
		}
		st.matches[k] = m
	}
}

// startSegment prepares the per-segment state.
func (c *ngramCounter) startSegment() {
	if c.vocab == nil || len(c.vocab) > maxVocab {
		c.vocab = make(map[string]uint32)
		c.local = c.local[:0]
		c.stamp = c.stamp[:0]
	}
	c.gen++
	if c.gen == 0 {
		// The stamps wrapped around: forget them all.
		clear(c.stamp)
		c.gen = 1
	}
	clear(c.hypCnt[:c.nextID])
	clear(c.refMax[:c.nextID])
	c.nextID = 0
	c.distinct = c.distinct[:0]
	c.orderStart = c.orderStart[:0]
}

// internHyp returns the dense segment id of hypothesis word w, creating it
// (and the word's global id) as needed.
func (c *ngramCounter) internHyp(w string) uint32 {
	g, ok := c.vocab[w]
	if !ok {
		g = uint32(len(c.local))
		// Clone: w may share memory with a large segment or a scratch buffer.
		c.vocab[strings.Clone(w)] = g
		c.local = append(c.local, 0)
		c.stamp = append(c.stamp, 0)
	}
	if c.stamp[g] != c.gen {
		c.stamp[g] = c.gen
		c.local[g] = c.newID()
	}
	return c.local[g]
}

// lookupRef returns the dense id of reference word w, or noID when w is
// not in the hypothesis.
func (c *ngramCounter) lookupRef(w string) uint32 {
	g, ok := c.vocab[w]
	if !ok || c.stamp[g] != c.gen {
		return noID
	}
	return c.local[g]
}

// newID allocates a dense n-gram id with zeroed counts.
func (c *ngramCounter) newID() uint32 {
	id := c.nextID
	c.nextID++
	if int(id) >= len(c.hypCnt) {
		c.hypCnt = append(c.hypCnt, 0)
		c.refMax = append(c.refMax, 0)
		c.refCnt = append(c.refCnt, 0)
		c.hypCnt = c.hypCnt[:cap(c.hypCnt)]
		c.refMax = c.refMax[:cap(c.refMax)]
		c.refCnt = c.refCnt[:cap(c.refCnt)]
	}
	return id
}

// countHyp counts the hypothesis n-grams of every order, numbering the
// distinct ones.
func (c *ngramCounter) countHyp(order int) {
	ids := c.hypIDs
	c.cur = append(c.cur[:0], ids...)
	for k := range order {
		c.orderStart = append(c.orderStart, len(c.distinct))
		n := len(ids) - k // n-grams of order k+1
		if n <= 0 {
			continue
		}
		if k > 0 {
			for i := range n {
				c.cur[i] = c.table.insert(c.cur[i], ids[i+k], c)
			}
		}
		for _, id := range c.cur[:n] {
			if c.hypCnt[id] == 0 {
				c.distinct = append(c.distinct, id)
			}
			c.hypCnt[id]++
		}
	}
	c.orderStart = append(c.orderStart, len(c.distinct))
}

// countRef counts the n-grams of one reference that occur in the
// hypothesis and raises refMax to their counts. With only one reference
// the counts go to refMax directly.
func (c *ngramCounter) countRef(ref []string, order int, only bool) {
	words := c.refWords[:0]
	for _, w := range ref {
		words = append(words, c.lookupRef(w))
	}
	c.refWords = words
	// ids[i] is the id of the n-gram of the current order at position i;
	// c.cur is free now that the hypothesis is counted.
	ids := append(c.cur[:0], words...)
	c.cur = ids
	cnt := c.refCnt
	if only {
		cnt = c.refMax
	}
	c.touched = c.touched[:0]
	for k := range order {
		n := len(ids) - k
		if n <= 0 {
			break
		}
		live := false
		for i := range n {
			id := ids[i]
			if k > 0 && id != noID {
				if w := words[i+k]; w == noID {
					id = noID
				} else {
					id = c.table.lookup(id, w)
				}
				ids[i] = id
			}
			if id == noID {
				continue
			}
			live = true
			if !only && cnt[id] == 0 {
				c.touched = append(c.touched, id)
			}
			cnt[id]++
		}
		if !live {
			// No n-gram of this order occurs in the hypothesis, so no
			// longer one does.
			break
		}
	}
	if !only {
		for _, id := range c.touched {
			c.refMax[id] = max(c.refMax[id], cnt[id])
			cnt[id] = 0
		}
	}
}

// ngramTable maps (prefix id, last word id) to a dense n-gram id, by open
// addressing with linear probing. A slot is in use when its stamp equals
// the table's generation, so resetting it costs nothing.
type ngramTable struct {
	keys  []uint64
	vals  []uint32
	stamp []uint32
	gen   uint32
	mask  uint64
}

// reset empties the table and makes room for n insertions at a load factor
// of at most one half.
func (t *ngramTable) reset(n int) {
	size := 16
	if n > 4 {
		size = 1 << bits.Len(uint(2*n))
	}
	if size > len(t.keys) {
		t.keys = make([]uint64, size)
		t.vals = make([]uint32, size)
		t.stamp = make([]uint32, size)
		t.gen = 0
	}
	// Use only the part of the table this segment needs: slots whose stamp
	// is old are free, wherever they are, and a small segment after a
	// large one stays in cache.
	t.mask = uint64(size - 1)
	t.gen++
	if t.gen == 0 {
		clear(t.stamp)
		t.gen = 1
	}
}

func hashKey(k uint64) uint64 {
	k *= 0x9E3779B97F4A7C15
	return k ^ (k >> 29)
}

// insert returns the id of (prefix, w), allocating one from c if new.
func (t *ngramTable) insert(prefix, w uint32, c *ngramCounter) uint32 {
	key := uint64(prefix)<<32 | uint64(w)
	for i := hashKey(key) & t.mask; ; i = (i + 1) & t.mask {
		if t.stamp[i] != t.gen {
			id := c.newID()
			t.stamp[i], t.keys[i], t.vals[i] = t.gen, key, id
			return id
		}
		if t.keys[i] == key {
			return t.vals[i]
		}
	}
}

// lookup returns the id of (prefix, w), or noID.
func (t *ngramTable) lookup(prefix, w uint32) uint32 {
	key := uint64(prefix)<<32 | uint64(w)
	for i := hashKey(key) & t.mask; ; i = (i + 1) & t.mask {
		if t.stamp[i] != t.gen {
			return noID
		}
		if t.keys[i] == key {
			return t.vals[i]
		}
	}
}

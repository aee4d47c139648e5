package bleu

import (
	"hash/maphash"
	"math/bits"
)

// This file counts and clips n-grams, the hot path of BLEU.
//
// Nothing outlives a segment but reusable buffers: there is no vocabulary
// growing with the corpus. Within one segment, every distinct n-gram of the
// hypothesis gets a dense id. Words are numbered first, through a small
// hash table of the hypothesis words (which stays in the cache, unlike a
// corpus-wide map); an n-gram of order k > 1 is
// identified by the pair (id of its first k-1 words, id of its last word),
// looked up in an open-addressing table. Reference n-grams are only looked
// up, never inserted: an n-gram absent from the hypothesis cannot match,
// and neither can any longer n-gram that extends it. Counts live in slices
// indexed by the dense ids, reused from segment to segment, so a segment
// whose words were seen before allocates nothing.

// noID marks a word or n-gram that does not occur in the hypothesis.
const noID = ^uint32(0)

// ngramCounter computes the sufficient statistics of one segment. It is not
// safe for concurrent use.
type ngramCounter struct {
	seed  maphash.Seed
	words wordTable  // hypothesis word -> dense id
	table ngramTable // (prefix id, word id) -> dense n-gram id

	hypIDs   []uint32 // dense unigram ids of the hypothesis words
	refWords []uint32 // dense unigram ids of a reference's words, or noID
	live     []int32  // positions of a reference that still match
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
// 1..len(st.matches). The words must stay valid and unchanged until the
// segment is finished.
func (c *ngramCounter) begin(st *segmentStats, hyp []string) {
	order := len(st.matches)
	c.startSegment(len(hyp))
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

// startSegment prepares the per-segment state for a hypothesis of n
// words.
func (c *ngramCounter) startSegment(n int) {
	if c.words.slots == nil {
		c.seed = maphash.MakeSeed()
	}
	c.words.reset(n)
	clear(c.hypCnt[:c.nextID])
	clear(c.refMax[:c.nextID])
	c.nextID = 0
	c.distinct = c.distinct[:0]
	c.orderStart = c.orderStart[:0]
}

// internHyp returns the dense id of hypothesis word w, creating it as
// needed. w must stay valid until the segment is finished.
func (c *ngramCounter) internHyp(w string) uint32 {
	t := &c.words
	h := maphash.String(c.seed, w)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			id := c.newID()
			*e = wordSlot{key: h, stamp: t.gen, val: id, word: w}
			return id
		}
		if e.key == h && e.word == w {
			return e.val
		}
	}
}

// lookupRef returns the dense id of reference word w, or noID when w is
// not in the hypothesis.
func (c *ngramCounter) lookupRef(w string) uint32 {
	t := &c.words
	h := maphash.String(c.seed, w)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			return noID
		}
		if e.key == h && e.word == w {
			return e.val
		}
	}
}

// wordTable maps the hypothesis words of a segment to their dense ids, by
// open addressing on a 64-bit hash, confirmed by comparing the words. A
// slot is in use when its stamp is the table's generation, so emptying the
// table costs nothing.
type wordTable struct{ stampTable[wordSlot] }

type wordSlot struct {
	key   uint64
	stamp uint32
	val   uint32
	word  string
}

// stampTable is the storage of an open-addressing table whose slots
// carry a stamp: a slot is in use when its stamp equals gen, so emptying
// the table costs nothing.
type stampTable[S any] struct {
	slots []S
	gen   uint32
	mask  uint64
}

// reset empties the table and makes room for n keys at a load factor of at
// most one half. It uses only the part of the slots that n needs: slots
// whose stamp is old are free wherever they are, and a small segment after
// a large one stays in cache.
func (t *stampTable[S]) reset(n int) {
	size := tableSize(n)
	if size > len(t.slots) {
		t.slots = make([]S, size)
		t.gen = 0
	}
	t.mask = uint64(size - 1)
	t.gen++
	if t.gen == 0 {
		// The stamps wrapped around: start again from clean slots.
		clear(t.slots)
		t.gen = 1
	}
}

// tableSize returns the power of two, at least 16, that holds n keys at a
// load factor of at most one half.
func tableSize(n int) int {
	if n <= 8 {
		return 16
	}
	return 1 << bits.Len(uint(2*n-1))
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
	cnt := c.refCnt
	if only {
		cnt = c.refMax
	}
	c.touched = c.touched[:0]
	// words[i] is the id of the reference's i-th word, or noID; live lists
	// the positions where an n-gram of the current order occurs in the
	// hypothesis, and ids[i] is that n-gram's id. Only live positions can
	// start a longer match, so each order looks at fewer positions.
	words := c.refWords[:0]
	live := c.live[:0]
	for i, w := range ref {
		id := c.lookupRef(w)
		words = append(words, id)
		if id != noID {
			live = append(live, int32(i))
			if !only && cnt[id] == 0 {
				c.touched = append(c.touched, id)
			}
			cnt[id]++
		}
	}
	ids := append(c.cur[:0], words...)
	for k := 1; k < order && len(live) > 0; k++ {
		n := 0
		for _, i := range live {
			j := int(i) + k
			if j >= len(words) {
				break // positions are in order: the rest run off the end too
			}
			w := words[j]
			if w == noID {
				continue
			}
			id := c.table.lookup(ids[i], w)
			if id == noID {
				continue
			}
			ids[i] = id
			live[n] = i
			n++
			if !only && cnt[id] == 0 {
				c.touched = append(c.touched, id)
			}
			cnt[id]++
		}
		live = live[:n]
	}
	c.refWords, c.live, c.cur = words, live, ids
	if !only {
		for _, id := range c.touched {
			c.refMax[id] = max(c.refMax[id], cnt[id])
			cnt[id] = 0
		}
	}
}

// ngramTable maps (prefix id, last word id) to a dense n-gram id, by open
// addressing with linear probing. A slot is in use when its stamp equals
// the table's generation, so emptying it costs nothing.
type ngramTable struct{ stampTable[ngramSlot] }

type ngramSlot struct {
	key   uint64
	stamp uint32
	val   uint32
}

func hashKey(k uint64) uint64 {
	k *= 0x9E3779B97F4A7C15
	return k ^ (k >> 29)
}

// insert returns the id of (prefix, w), allocating one from c if new.
func (t *ngramTable) insert(prefix, w uint32, c *ngramCounter) uint32 {
	key := uint64(prefix)<<32 | uint64(w)
	for i := hashKey(key) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			id := c.newID()
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
	for i := hashKey(key) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			return noID
		}
		if e.key == key {
			return e.val
		}
	}
}

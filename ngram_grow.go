package bleu

import (
	"math/bits"
	"slices"
)

// Memory of long segments
//
// A long segment (c.width == 0) is counted in memory that grows with its
// distinct words and n-grams, not with its length: its words are keyed
// and looked up longChunk at a time, the word table grows as distinct
// words come (at a load of one half at most), the n-gram table as
// distinct n-grams come, and the count slices as ids are numbered. What
// grows with the length is a few 4-byte ids a word (hypIDs, hypCur,
// hypLive; refIDs, refCur, refLive) and the tokens themselves (see
// tokenBound).

// longChunk is how many words of a long segment are keyed at once, and
// the most words the word table has room for before it grows.
const longChunk = 1 << 16

// numberHypLong is numberHyp for a long segment: its hypothesis words hyp,
// usually substrings of text, are numbered longChunk at a time, the word
// table growing as needed and the count slices with it.
func (c *ngramCounter) numberHypLong(hyp []string, text string) {
	c.nLong = 0
	ids := slices.Grow(c.hypIDs[:0], len(hyp))[:len(hyp)]
	for from := 0; from < len(hyp); {
		// At most as many words as the table has room for as new ones, at
		// a load of one half: a text of few distinct words never grows it.
		room := int(c.words.mask+1)/2 - int(c.nextID)
		if room < min(longChunk/8, len(hyp)-from) {
			c.growWords()
			continue
		}
		n := min(longChunk, len(hyp)-from, room)
		c.needCounts(int(c.nextID) + n)
		c.numberWords(ids[from:from+n], hyp[from:from+n], text)
		from += n
	}
	c.hypIDs = ids
}

// needCounts makes the count slices at least n long, keeping their counts.
func (c *ngramCounter) needCounts(n int) {
	if n = max(1, n); n <= len(c.hypCnt) {
		return
	}
	n = max(n, len(c.hypCnt)+len(c.hypCnt)/2)
	grow := func(s []int32) []int32 { return append(s, make([]int32, n-len(s))...) }
	c.hypCnt, c.refMax, c.refCnt = grow(c.hypCnt), grow(c.refMax), grow(c.refCnt)
}

// growWords doubles the part of the word table in use, moving the words of
// the segment to their new slots (and their long words with them).
func (c *ngramCounter) growWords() {
	t := &c.words
	old, gen := t.slots[:t.mask+1], t.gen
	size := 2 * len(old)
	slots := make([]wordSlot, size)
	var long []string
	if c.nLong > 0 {
		long = make([]string, size)
	}
	mask := uint64(size - 1)
	for i := range old {
		e := &old[i]
		if e.stamp != gen {
			continue
		}
		j := hashKey(e.a, e.b, e.n, c.seed0) & mask
		for slots[j].stamp != 0 {
			j = (j + 1) & mask
		}
		slots[j] = *e
		slots[j].stamp = 1
		if e.n > 16 {
			long[j] = c.longWords[i]
		}
	}
	t.slots, t.gen, t.mask = slots, 1, mask
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	if long != nil {
		c.longWords = long
	}
}

// reset empties the table and makes room for n keys, or longChunk.
func (t *ngramTable) reset(n int) {
	t.stampTable.reset(min(n, longChunk))
	t.used = 0
}

// grow doubles the part of the table in use, moving the keys of this
// generation to their new slots.
func (t *ngramTable) grow() {
	old, gen := t.slots[:t.mask+1], t.gen
	size := 2 * len(old)
	t.slots, t.gen, t.mask = make([]ngramSlot, size), 1, uint64(size-1)
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	for _, e := range old {
		if e.stamp != gen {
			continue
		}
		i := t.slot(e.key)
		for t.slots[i].stamp != 0 {
			i = (i + 1) & t.mask
		}
		t.slots[i] = ngramSlot{key: e.key, stamp: 1, val: e.val}
	}
}

type ngramSlot struct {
	key   uint64
	stamp uint32
	val   uint32
}

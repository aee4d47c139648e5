package ngram

import (
	"math/bits"
	"slices"

	"github.com/go-bleu/bleu/internal/swar"
)

// Memory of long segments
//
// A long segment (c.width == 0) is counted in about 8 bytes a word,
// hypothesis and references together, plus a share per distinct word and
// n-gram. Its tokens come a piece of text at a time (see "Tokens a piece
// at a time" in internal/tokenize's pieces.go) and are keyed and looked up longChunk
// at a time; what is kept of each is two 4-byte ids (hypIDs, hypCur;
// refIDs, refCur) and a bit (hypLive, refLive). The word table grows as
// distinct words come, at a load of three quarters at most. The n-gram
// table is made for one order at a time, with room for no more keys than
// the order can have (finishLong), and the ids of each order reuse the
// count slices of the order before. BenchmarkLongLine measures it all:
// 9 to 27 bytes a token for lines of a million tokens a side, natural
// text included.

// longChunk is how many words of a long segment are keyed at once, and
// the most words the word table has room for before it grows.
const longChunk = 1 << 16

// longStart is the most words the word table of a long segment starts
// with room for: it grows with the distinct words (AddHypWords).
const longStart = longChunk / 8

// BeginLong starts a long segment (c.width == 0) of about n hypothesis
// words, which AddHypWords numbers, then EndHyp ends. pieces says that
// the words come a piece of text at a time (see "Tokens a piece at a
// time" in internal/tokenize's pieces.go): those not in the text then do not outlive the call
// that numbers them, so the long ones kept are copied.
func (c *Counter) BeginLong(n int, pieces bool) {
	c.seed()
	// Room for longStart words, or as many as the table already has
	// room for: a segment like the one before does not grow it again.
	c.words.reset(min(n, max(longStart, len(c.words.slots)/2)))
	c.clearCounts()
	c.width, c.nLong, c.pieces = 0, 0, pieces
	c.hypIDs = slices.Grow(c.hypIDs[:0], n)
}

// AddHypWords numbers and counts the hypothesis words words of a long
// segment, usually substrings of text, after those numbered before:
// longChunk at a time, the word table growing as needed and the count
// slices with it.
func (c *Counter) AddHypWords(words []string, text string) {
	for from := 0; from < len(words); {
		// At most as many words as the table has room for as new ones, at
		// a load of three quarters (a long segment's table is large, and
		// most of its lookups are hits): a text of few distinct words
		// never grows it.
		room := int(c.words.mask+1)*3/4 - int(c.nextID)
		if room < min(longStart, len(words)-from) {
			c.growWords()
			continue
		}
		n := min(longChunk, len(words)-from, room)
		c.needCounts(int(c.nextID) + n)
		base := len(c.hypIDs)
		ids := slices.Grow(c.hypIDs, n)[:base+n]
		c.numberWords(ids[base:], words[from:from+n], text)
		c.hypIDs = ids
		from += n
	}
}

// EndHyp ends the hypothesis of a long segment: it sets st's totals and
// hypothesis length, and readies c for the references.
func (c *Counter) EndHyp(st *Segment) {
	setTotals(st, len(c.hypIDs))
	c.nWords = c.nextID
	c.refIDs = c.refIDs[:0]
	c.refLive = c.refLive[:0]
	c.refLiveN = 0
	c.refEnd = c.refEnd[:0]
}

// BeginRef starts a reference of about n words, which AddRefWords looks
// up a piece at a time, then EndRef counts; only says that it is the
// segment's only reference. (AddRef takes a reference in one piece.)
func (c *Counter) BeginRef(n int, only bool) {
	if c.width > 0 {
		c.refBit = slices.Grow(c.refBit[:0], n+maxShort)
		return
	}
	c.only = only
	c.refBase = len(c.refIDs)
	c.refIDs = slices.Grow(c.refIDs, n+1)
	c.refLive = slices.Grow(c.refLive, n/64+2)
}

// AddRefWords looks up the reference words ref, usually substrings of
// text, in the hypothesis, after those looked up before, and for a long
// segment counts those it has: longChunk at a time (see "Memory of long
// segments"). The words need not outlive the call.
func (c *Counter) AddRefWords(ref []string, text string) {
	if c.width > 0 {
		base := len(c.refBit)
		c.refBit = slices.Grow(c.refBit, len(ref))[:base+len(ref)]
		c.refBits(c.refBit[base:], ref, text)
		return
	}
	cnt := c.refCounts()
	for from := 0; from < len(ref); from += longChunk {
		chunk := ref[from:min(from+longChunk, len(ref))]
		rb := slices.Grow(c.refBit[:0], len(chunk))[:len(chunk)]
		c.refBits(rb, chunk, text)
		c.refBit = rb
		base := len(c.refIDs)
		ids := slices.Grow(c.refIDs, len(chunk))[:base+len(chunk)]
		live := c.growLive(len(ids))
		n := c.refLiveN
		for i, b := range rb {
			// The slot holds id+1, and a miss gives 0: noID.
			id := uint32(b) - 1
			p := base + i
			ids[p] = id
			// Without branches: a reference word is in the hypothesis or
			// not about as often as not.
			hit := swar.B2I(id != noID)
			live[p>>6] |= uint64(hit) << (p & 63)
			n += hit
			cnt[id&-uint32(hit)] += int32(hit)
		}
		c.refIDs, c.refLiveN = ids, n
	}
}

// growLive makes refLive, with its new bits clear, long enough for the
// positions up to n (and the one after), and returns it.
func (c *Counter) growLive(n int) []uint64 {
	if words, old := n/64+1, len(c.refLive); words > old {
		c.refLive = slices.Grow(c.refLive, words-old)[:words]
		clear(c.refLive[old:])
	}
	return c.refLive
}

// EndRef ends the reference looked up by AddRefWords, counting its
// n-grams where the hypothesis is counted with sets of positions, and
// keeps the closest reference length in st.
func (c *Counter) EndRef(st *Segment) {
	if c.width > 0 {
		c.endRefBits(st)
		return
	}
	if n := len(c.refIDs) - c.refBase; CloserRef(st.HypLen, st.RefLen, n) {
		st.RefLen = n
	}
	c.refEnd = append(c.refEnd, len(c.refIDs))
	c.refIDs = append(c.refIDs, noID)
	c.growLive(len(c.refIDs))
	if !c.only {
		c.mergeRef(0, c.nWords)
	}
}

// endRefBits is EndRef where the hypothesis is counted with sets of
// positions: refBit holds the slots of the reference's words.
func (c *Counter) endRefBits(st *Segment) {
	rb := c.refBit
	n := len(rb)
	if CloserRef(st.HypLen, st.RefLen, n) {
		st.RefLen = n
	}
	if c.width > 1 {
		c.matchWide(rb)
		return
	}
	pad := min(len(c.used), maxShort) - 1 // as addRefShort's
	rb = slices.Grow(rb, pad)[:n+pad]
	clear(rb[n:])
	c.refBit = rb
	c.matchShort(rb)
}

// refCounts returns the slice that counts a reference's n-grams by id:
// refMax itself for a segment's only reference, refCnt (grown to the
// length of the others) for one of several.
func (c *Counter) refCounts() []int32 {
	if c.only {
		return c.refMax
	}
	if n := len(c.hypCnt); len(c.refCnt) < n {
		c.refCnt = append(c.refCnt, make([]int32, n-len(c.refCnt))...)
	}
	return c.refCnt
}

// needCounts makes the count slices hypCnt and refMax at least n long,
// keeping their counts.
func (c *Counter) needCounts(n int) {
	if n = max(1, n); n <= len(c.hypCnt) {
		return
	}
	n = max(n, len(c.hypCnt)+len(c.hypCnt)/2)
	grow := func(s []int32) []int32 { return append(s, make([]int32, n-len(s))...) }
	// refCnt grows only for segments of several references (refCounts).
	c.hypCnt, c.refMax = grow(c.hypCnt), grow(c.refMax)
}

// growWords doubles the part of the word table in use, moving the words of
// the segment to their new slots (and their long words with them).
func (c *Counter) growWords() {
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

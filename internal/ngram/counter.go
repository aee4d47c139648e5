package ngram

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// noID marks a word or n-gram that does not occur in the hypothesis.
const noID = ^uint32(0)

// Counter computes the sufficient statistics of one segment. It is not
// safe for concurrent use.
type Counter struct {
	seed0 uint64     // word hash seed, random per counter
	words wordTable  // hypothesis word -> dense id
	table ngramTable // (prefix id, word id) -> dense n-gram id

	// longWords[i] is the hypothesis word in slot i of words if it is
	// longer than 16 bytes (such words are compared, not only their keys);
	// other entries are stale.
	longWords []string

	hypIDs []uint32 // dense word ids of the hypothesis words
	hypCur []uint32 // by position: id of the n-gram of the current order
	// hypLive has a bit for each hypothesis position whose n-gram of the
	// current order occurs in some reference (a bit, not a list of
	// positions: the sets of a long segment are its largest buffers but
	// for the ids).
	hypLive []uint64
	// refIDs holds the word ids of every reference of the segment, each
	// followed by a noID separator; words not in the hypothesis are noID.
	refIDs []uint32
	refCur []uint32 // parallel to refIDs: id of the current order's n-gram
	// refLive has a bit for each position in refIDs whose n-gram of the
	// current order occurs in the hypothesis, refLiveN of them; refEnd[r]
	// is where reference r ends in refIDs, at its separator.
	refLive  []uint64
	refLiveN int
	refEnd   []int

	// Scratch of finishPositional: the hypothesis positions of each word
	// (in posList, where posSpan says by word id) and a list being
	// filtered.
	posSpan         []posSpan
	posList, posBuf []int32

	hypCnt []int32 // hypothesis count by dense id
	refMax []int32 // clip: max count over the references, by dense id
	refCnt []int32 // count in the current reference, by dense id (refCounts)
	nextID uint32
	nWords uint32 // distinct hypothesis words: ids [0, nWords)
	only   bool   // the segment has a single reference
	// pieces says that the hypothesis words of a long segment come a
	// piece of text at a time (BeginLong); refBase is where the ids of
	// the reference being added start in refIDs.
	pieces  bool
	refBase int

	// A hypothesis of at most 64*maxWidth words is counted with sets of its
	// positions instead, width words of bits to a set (see "Short
	// hypotheses"); width is 0 for the others.
	width  int
	nLong  int      // hypothesis words longer than 16 bytes
	keys   []wkey   // keys of the words of a text
	refBit []uint64 // by reference position: the word's positions (width 1)
	free   []uint64 // by order: hypothesis positions not yet matched
	used   []uint64 // by order: positions matched in some reference
	// Wider sets: the set of the hypothesis word of id i is sets[o:o+width]
	// for the offset o = (i+1)*(width+1), sets[:width] is empty, refSet
	// holds the offset of each reference word's set, and m is scratch
	// space.
	sets   []uint64
	refSet []int32
	m      []uint64
}

// Begin starts a segment with hypothesis words hyp, usually substrings of
// text: it sets st's totals and hypothesis length and numbers the
// hypothesis words. The words must stay valid and unchanged until the
// segment is finished.
func (c *Counter) Begin(st *Segment, hyp []string, text string) {
	order := len(st.Matches)
	setTotals(st, len(hyp))
	if len(hyp) > 64*maxWidth || (len(hyp) > maxShort && order > 64) {
		c.BeginLong(len(hyp), false)
		c.AddHypWords(hyp, text)
		c.EndHyp(st)
		return
	}
	c.seed()
	c.pieces = false
	if len(hyp) <= maxShort && len(c.words.slots) == 0 {
		// A first table, a quarter full at most: a Stats that scores a
		// single segment (Config.Sentence) allocates half as much, and
		// one that scores more grows it at the next segment.
		c.words.reset(2 * len(hyp))
	} else if len(hyp) <= maxShort {
		c.words.reset(4 * len(hyp)) // at most an eighth full: fewer collisions
	} else {
		c.words.reset(2 * len(hyp)) // a quarter
	}
	c.clearCounts()
	if c.width = (len(hyp) + 63) / 64; c.width <= 1 {
		c.width = 1
		c.beginShort(hyp, text, order)
		return
	}
	c.numberHyp(hyp, text, len(hyp))
	c.beginWide(order)
}

// setTotals sets st's totals and hypothesis length for a hypothesis of n
// words, its matches to 0 and its reference length to none yet.
func setTotals(st *Segment, n int) {
	if order := len(st.Matches); order == 4 {
		*(*[4]int64)(st.Matches) = [4]int64{}
		*(*[4]int64)(st.Totals) = [4]int64{int64(n), int64(max(0, n-1)), int64(max(0, n-2)), int64(max(0, n-3))}
	} else {
		for k := range order {
			st.Matches[k] = 0
			st.Totals[k] = int64(max(0, n-k))
		}
	}
	st.HypLen = n
	st.RefLen = -1
}

// seed gives c its word hash seed, random per counter, on first use.
func (c *Counter) seed() {
	if c.seed0 == 0 {
		c.seed0 = rand.Uint64() | 1
	}
}

// clearCounts clears the counts of the segment before, if it had any.
func (c *Counter) clearCounts() {
	clear(c.hypCnt[:c.nextID])
	clear(c.refMax[:c.nextID])
	c.nextID = 0
}

// numberHyp gives the hypothesis words hyp, usually substrings of text,
// their dense ids (in hypIDs, from 0 to nextID) and counts them (in
// hypCnt), after making the count slices at least need long.
func (c *Counter) numberHyp(hyp []string, text string, need int) {
	// (Index 0 exists even for an empty hypothesis: misses add 0 there.)
	if need = max(1, need); need > len(c.hypCnt) {
		c.hypCnt = make([]int32, need)
		c.refMax = make([]int32, need)
	}
	c.nLong = 0
	ids := slices.Grow(c.hypIDs[:0], len(hyp))[:len(hyp)]
	c.numberWords(ids, hyp, text)
	c.hypIDs = ids
}

// numberWords sets ids[p] to the dense id of hypothesis word words[p],
// usually a substring of text, numbering the new ones, and counts them.
// The word table has room for them, and the count slices for their ids.
func (c *Counter) numberWords(ids []uint32, words []string, text string) {
	keys := c.keysOf(words, text)
	for p := 0; ; p++ {
		p, c.nextID = c.words.number(ids, c.hypCnt, keys, p, c.nextID, c.seed0)
		if p == len(keys) {
			return
		}
		id := c.numberLong(keys[p], words[p])
		c.hypCnt[id]++
		ids[p] = id
	}
}

// AddRef counts the words of one reference of the segment begun, usually
// substrings of text, and keeps the closest reference length; only says
// that this is the segment's only reference. The words need not outlive
// the call.
func (c *Counter) AddRef(st *Segment, ref []string, text string, only bool) {
	if c.width > 0 && CloserRef(st.HypLen, st.RefLen, len(ref)) {
		st.RefLen = len(ref)
	}
	switch c.width {
	case 0:
	case 1:
		c.addRefShort(ref, text)
		return
	default:
		c.addRefWide(ref, text)
		return
	}
	c.BeginRef(len(ref), only)
	c.AddRefWords(ref, text)
	c.EndRef(st)
}

// Finish counts the n-grams of order 2 and above and sets st's clipped
// matches, once every reference has been added.
func (c *Counter) Finish(st *Segment) {
	if c.width == 1 {
		for k, u := range c.used {
			st.Matches[k] = int64(bits.OnesCount64(u))
		}
		return
	}
	if c.width > 0 {
		// The matches of each order are the positions taken (in used,
		// width words an order).
		for k := range st.Matches {
			var m int
			for _, u := range c.used[k*c.width : (k+1)*c.width] {
				m += bits.OnesCount64(u)
			}
			st.Matches[k] = int64(m)
		}
		return
	}
	c.finishLong(st, len(st.Matches) > 1 && c.positional())
}

// MaxSetWords is the most words of a hypothesis counted with sets of its
// positions ("Short hypotheses"); a longer one is counted by Counter's
// long-segment regime, which also takes its words a piece of text at a time
// (BeginLong).
const MaxSetWords = 64 * maxWidth

// Bytes returns the bytes of c's largest buffers, which grow with the
// words of a segment: the ids of its words, 4 bytes each.
func (c *Counter) Bytes() int {
	return 4 * (cap(c.hypIDs) + cap(c.hypCur) + cap(c.refIDs) + cap(c.refCur))
}

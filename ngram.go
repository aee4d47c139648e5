package bleu

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
	"unsafe"
)

// This file counts and clips n-grams, the hot path of BLEU.
//
// Nothing outlives a segment but reusable buffers: there is no vocabulary
// growing with the corpus. Within one segment, the hypothesis words go
// into a small hash table (which stays in the cache, unlike a corpus-wide
// map), keyed by their own bytes (see keysOf), and every reference word
// is looked up in it. What the table holds depends on the length of the
// hypothesis:
//
//   - Up to 64 words (nearly every segment of word-tokenized text), each
//     hypothesis word has the set of its positions as the bits of a
//     uint64, and n-grams are matched and clipped by bit operations on
//     those sets, with no n-gram ever hashed: see "Short hypotheses".
//   - Up to 64*maxWidth words (256; typical of the char tokenizer), the
//     same with sets of several words of bits, found by each word's dense
//     id (numbered as below).
//   - Beyond, every distinct hypothesis word gets a dense id. Where the
//     references' words occur in the hypothesis only a few times each
//     (documents of natural text up to 16,384 words), n-grams are matched
//     by filtering lists of hypothesis positions: see "Positions instead
//     of n-gram tables". Otherwise an n-gram of order k > 1 is
//     identified by the pair (id of its first k-1 words, id of its last
//     word), which an open-addressing table numbers in turn; counts live
//     in slices indexed by the ids. Its cost grows with the words, not
//     with their product, however long or repetitive the segment.
//
// The buffers are reused from segment to segment, so a segment whose words
// were seen before allocates nothing. The hypothesis totals need no
// counting: a text of n words has n-k+1 n-grams of order k.
//
// With tables, the orders are counted one after the other, for the
// hypothesis and the references together, and only where a match is
// still possible: an n-gram of order k occurs in a text only if both of
// its (k-1)-grams do. So the n-gram of order k at a hypothesis position is
// counted only when the (k-1)-grams at that position and the next occur in
// some reference, and one at a reference position is looked up only when
// the (k-1)-grams there occur in the hypothesis.

// noID marks a word or n-gram that does not occur in the hypothesis.
const noID = ^uint32(0)

// ngramCounter computes the sufficient statistics of one segment. It is not
// safe for concurrent use.
type ngramCounter struct {
	seed0 uint64     // word hash seed, random per counter
	words wordTable  // hypothesis word -> dense id
	table ngramTable // (prefix id, word id) -> dense n-gram id

	// longWords[i] is the hypothesis word in slot i of words if it is
	// longer than 16 bytes (such words are compared, not only their keys);
	// other entries are stale.
	longWords []string

	hypIDs []uint32 // dense word ids of the hypothesis words
	hypCur []uint32 // by position: id of the n-gram of the current order
	// hypLive lists, in order, the hypothesis positions whose n-gram of the
	// current order occurs in some reference.
	hypLive []int32
	// refIDs holds the word ids of every reference of the segment, each
	// followed by a noID separator; words not in the hypothesis are noID.
	refIDs []uint32
	refCur []uint32 // parallel to refIDs: id of the current order's n-gram
	// refLive lists, reference after reference, the positions in refIDs
	// whose n-gram of the current order occurs in the hypothesis;
	// liveEnd[r] is the end of reference r's part.
	refLive []int32
	liveEnd []int

	// Scratch of finishPositional: the hypothesis positions of each word
	// (in posList, where posSpan says by word id) and a list being
	// filtered.
	posSpan         []posSpan
	posList, posBuf []int32

	hypCnt []int32 // hypothesis count by dense id
	refMax []int32 // clip: max count over the references, by dense id
	refCnt []int32 // count in the current reference, by dense id
	nextID uint32
	nWords uint32 // distinct hypothesis words: ids [0, nWords)
	only   bool   // the segment has a single reference

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

// segmentStats are the sufficient statistics of one segment.
type segmentStats struct {
	hypLen, refLen int
	matches        []int64 // clipped matches by order, index 0 = unigrams
	totals         []int64
}

// begin starts a segment with hypothesis words hyp, usually substrings of
// text: it sets st's totals and hypothesis length and numbers the
// hypothesis words. The words must stay valid and unchanged until the
// segment is finished.
func (c *ngramCounter) begin(st *segmentStats, hyp []string, text string) {
	order := len(st.matches)
	if n := int64(len(hyp)); order == 4 {
		*(*[4]int64)(st.matches) = [4]int64{}
		*(*[4]int64)(st.totals) = [4]int64{n, max(0, n-1), max(0, n-2), max(0, n-3)}
	} else {
		for k := range order {
			st.matches[k] = 0
			st.totals[k] = max(0, n-int64(k))
		}
	}
	st.hypLen = len(hyp)
	st.refLen = -1

	if c.seed0 == 0 {
		c.seed0 = rand.Uint64() | 1
	}
	switch {
	case len(hyp) <= maxShort && len(c.words.slots) == 0:
		// A first table, a quarter full at most: a Stats that scores a
		// single segment (Config.Sentence) allocates half as much, and
		// one that scores more grows it at the next segment.
		c.words.reset(2 * len(hyp))
	case len(hyp) <= maxShort:
		c.words.reset(4 * len(hyp)) // at most an eighth full: fewer collisions
	case len(hyp) <= 64*maxWidth:
		c.words.reset(2 * len(hyp)) // a quarter
	default:
		// A half, for memory's sake; past longChunk words the table
		// grows with the distinct words (numberHypLong), not the words.
		c.words.reset(min(len(hyp), longChunk))
	}
	// The counts of the segment before, if it had any.
	clear(c.hypCnt[:c.nextID])
	clear(c.refMax[:c.nextID])
	c.nextID = 0
	switch c.width = (len(hyp) + 63) / 64; {
	case c.width <= 1:
		c.width = 1
		c.beginShort(hyp, text, order)
		return
	case c.width <= maxWidth && order <= 64:
		c.numberHyp(hyp, text, len(hyp))
		c.beginWide(order)
		return
	}
	c.width = 0
	c.numberHypLong(hyp, text)
	c.nWords = c.nextID
	c.refIDs = c.refIDs[:0]
	c.refLive = c.refLive[:0]
	c.liveEnd = c.liveEnd[:0]
}

// numberHyp gives the hypothesis words hyp, usually substrings of text,
// their dense ids (in hypIDs, from 0 to nextID) and counts them (in
// hypCnt), after making the count slices at least need long.
func (c *ngramCounter) numberHyp(hyp []string, text string, need int) {
	// (Index 0 exists even for an empty hypothesis: misses add 0 there.)
	if need = max(1, need); need > len(c.hypCnt) {
		c.hypCnt = make([]int32, need)
		c.refMax = make([]int32, need)
		c.refCnt = make([]int32, need)
	}
	c.nLong = 0
	ids := slices.Grow(c.hypIDs[:0], len(hyp))[:len(hyp)]
	c.numberWords(ids, hyp, text)
	c.hypIDs = ids
}

// numberWords sets ids[p] to the dense id of hypothesis word words[p],
// usually a substring of text, numbering the new ones, and counts them.
// The word table has room for them, and the count slices for their ids.
func (c *ngramCounter) numberWords(ids []uint32, words []string, text string) {
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

// addRef counts the words of one reference of the segment begun, usually
// substrings of text, and keeps the closest reference length; only says
// that this is the segment's only reference. The words need not outlive
// the call.
func (c *ngramCounter) addRef(st *segmentStats, ref []string, text string, only bool) {
	if closerRef(st.hypLen, st.refLen, len(ref)) {
		st.refLen = len(ref)
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
	c.only = only
	cnt := c.refCnt
	if only {
		cnt = c.refMax
	}
	base := len(c.refIDs)
	ids := slices.Grow(c.refIDs, len(ref)+1)[:base+len(ref)+1]
	live := slices.Grow(c.refLive, len(ref))
	n := len(live)
	live = live[:n+len(ref)]
	// longChunk words at a time (see "Memory of long segments").
	for from := 0; from < len(ref); from += longChunk {
		chunk := ref[from:min(from+longChunk, len(ref))]
		rb := slices.Grow(c.refBit[:0], len(chunk))[:len(chunk)]
		c.refBits(rb, chunk, text)
		c.refBit = rb
		for i, b := range rb {
			// The slot holds id+1, and a miss gives 0: noID.
			id := uint32(b) - 1
			ids[base+from+i] = id
			// Without branches: a reference word is in the hypothesis or
			// not about as often as not.
			hit := b2i(id != noID)
			live[n] = int32(base + from + i)
			n += hit
			cnt[id&-uint32(hit)] += int32(hit)
		}
	}
	ids[base+len(ref)] = noID
	c.refIDs, c.refLive = ids, live[:n]
	c.liveEnd = append(c.liveEnd, n)
	if !only {
		c.mergeRef(0, c.nWords)
	}
}

// Short hypotheses
//
// A hypothesis of at most 64 words has its positions in the bits of a
// uint64, and the word table gives each hypothesis word the set of
// positions where it occurs. For a reference position j, the hypothesis
// positions where the n-gram of order k starting at j occurs are then
//
//	M(k, j) = bits(ref[j]) & bits(ref[j+1])>>1 & ... & bits(ref[j+k-1])>>(k-1)
//
// with no n-gram ever hashed. Equal n-grams occur at equal sets of
// positions and different ones at disjoint sets, so clipping is a matter
// of taking one position of the set for each occurrence in the reference,
// while there are any left: free(k) holds the positions not taken yet,
// and a reference occurrence takes the lowest position of M(k, j) &
// free(k). The positions taken for an n-gram are its lowest min(h, r),
// for h occurrences in the hypothesis and r in the reference; over several
// references the taken sets of an n-gram are prefixes of one another, so
// their union has max over the references of min(h, r) positions: sacreBLEU's
// clipped count. The matches of order k are the size of that union.

// maxShort is the longest hypothesis whose sets of positions are one
// word of bits.
const maxShort = 64

// beginShort numbers no ids: it gives each hypothesis word its positions.
func (c *ngramCounter) beginShort(hyp []string, text string, order int) {
	c.nLong = 0
	keys := c.keysOf(hyp, text)
	for p := 0; ; p++ {
		p = c.words.addPositions(keys, p, c.seed0)
		if p == len(keys) {
			break
		}
		c.slotLong(keys[p], hyp[p]).bits |= 1 << uint(p)
	}
	// Grown only when short, and for the default order cleared with four
	// stores: slices.Grow and clear (or a clearing loop, which the
	// compiler turns into clear) are calls, a few dozen instructions a
	// segment.
	if cap(c.used) < order || cap(c.free) < order {
		c.used, c.free = make([]uint64, order), make([]uint64, order)
	}
	c.used, c.free = c.used[:order], c.free[:order]
	if order == 4 {
		*(*[4]uint64)(c.used) = [4]uint64{}
	} else {
		clear(c.used)
	}
}

// addPositions adds the positions of the words of keys, from position p
// on, to their slots, until a word longer than 16 bytes (which slotLong
// adds); it returns that word's position, or len(keys). keys has at most
// 64 words.
//
// The loop makes no call and reads no field of the counter, whose every
// field it would reload after each store: the compiler keeps nearly all
// of its values in registers (the 128-bit product of the hash takes two).
//
// On amd64 the loop is in assembly (probeAddPositions), where all of them
// are.
func (t *wordTable) addPositions(keys []wkey, p int, seed uint64) int {
	return probeAddPositions(keys, p, unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32, seed)
}

// addPositionsGo is addPositions's loop, for the table of slots slots,
// byte mask mask and stamp g (shifted as in nstamp).
func addPositionsGo(keys []wkey, p int, slots unsafe.Pointer, mask uintptr, g, seed uint64) int {
	for ; p < len(keys); p++ {
		k := &keys[p]
		if k.n > 16 {
			return p
		}
		a, b := k.a, k.b
		ns := uint64(k.n) | g // as in positions
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// A new word (an empty slot, where live is 0) and a word seen
			// before (where live is all ones) both end the search: one
			// predictable branch. For the latter the key stored is the one
			// already there.
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				e.a, e.b = a, b
				e.setNStamp(ns)
				e.bits = e.bits&live | 1<<uint(p&63)
				break
			}
		}
	}
	return len(keys)
}

// number sets ids[p] to the dense id of the word of keys[p], from
// position p on, numbering new words from next, and counts the words in
// cnt, until a word longer than 16 bytes (which numberLong numbers); it
// returns that word's position, or len(keys), and the next id. It is a
// loop of its own for the same reason as addPositions.
func (t *wordTable) number(ids []uint32, cnt []int32, keys []wkey, p int, next uint32, seed uint64) (int, uint32) {
	slots, mask, g := unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32
	ids = ids[:len(keys)]
	for ; p < len(keys); p++ {
		k := &keys[p]
		if k.n > 16 {
			return p, next
		}
		a, b := k.a, k.b
		ns := uint64(k.n) | g // as in positions
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// As in addPositionsGo: a new word and one seen before both end
			// the search. A new one takes the id next (its slot holding
			// next+1).
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				bits := e.bits&live | (uint64(next)+1)&^live
				next += uint32(^live & 1)
				e.a, e.b = a, b
				e.setNStamp(ns)
				e.bits = bits
				id := uint32(bits) - 1
				ids[p] = id
				cnt[id]++
				break
			}
		}
	}
	return len(keys), next
}

// positions sets pos[j] to the bits of the slot of the word of keys[j]
// (its positions in a short hypothesis), or 0 when the hypothesis does not
// have it. Words longer than 16 bytes are matched on their keys only: the
// caller compares them (refBits). It is a loop of its own for the same
// reason as addPositions.
func (t *wordTable) positions(pos []uint64, keys []wkey, seed uint64) {
	slots, mask, g := unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32
	// In pieces of asmPiece words (a long reference of a short
	// hypothesis).
	for len(keys) > asmPiece {
		probePositions(pos[:asmPiece], keys[:asmPiece], slots, mask, g, seed)
		pos, keys = pos[asmPiece:], keys[asmPiece:]
	}
	probePositions(pos[:len(keys)], keys, slots, mask, g, seed)
}

// positionsGo is positions's loop (probePositions on amd64), for the table
// of slots slots, byte mask mask and stamp g (shifted as in nstamp).
func positionsGo(pos []uint64, keys []wkey, slots unsafe.Pointer, mask uintptr, g, seed uint64) {
	pos = pos[:len(keys)]
	for j := range keys {
		k := &keys[j]
		a, b := k.a, k.b
		// A slot of this word holds ns in its length and stamp, which one
		// comparison of 8 bytes tests together.
		ns := uint64(k.n) | g
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// live is all ones for a slot of this segment (one of a stamp
			// other than gen is empty), which ends the search on a hit; an
			// empty slot ends it with live 0: one predictable branch, and
			// a mask for the result.
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				pos[j] = e.bits & live
				break
			}
		}
	}
}

// slotShift is log2 of the size of a wordSlot.
const slotShift = 5

// The index is out of range, and the build fails, if a wordSlot is not
// 1<<slotShift bytes.
var _ = [1]struct{}{}[unsafe.Sizeof(wordSlot{})-1<<slotShift]

// byteMask is t.mask in bytes: the loops that probe the table with it keep
// the offset of a slot, with no bounds test (an offset masked by it is
// below the size of the slots, see reset) and no index to scale.
func (t *wordTable) byteMask() uintptr {
	return uintptr(t.mask) << slotShift
}

// slotLong returns the slot of hypothesis word w, longer than 16 bytes,
// of key k, filling a new one if w is new (with bits zero). Long
// words are compared, not only their keys, and kept out of the hot loops.
func (c *ngramCounter) slotLong(k wkey, w string) *wordSlot {
	t := &c.words
	c.nLong++
	for i := k.hash(c) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			*e = wordSlot{a: k.a, b: k.b, n: k.n, stamp: t.gen}
			c.setLong(i, w)
			return e
		}
		if e.a == k.a && e.b == k.b && e.n == k.n && c.longWords[i] == w {
			return e
		}
	}
}

// setLong records w as the long word of slot i. longWords grows only when
// a segment has such a word: a huge segment of short words needs none.
func (c *ngramCounter) setLong(i uint64, w string) {
	if int(i) >= len(c.longWords) {
		// Keep the long words of this segment recorded so far.
		lw := make([]string, len(c.words.slots))
		copy(lw, c.longWords)
		c.longWords = lw
	}
	c.longWords[i] = w
}

// findLong returns the slot of reference word w, longer than 16 bytes, of
// key k, or nil when w is not in the hypothesis.
func (c *ngramCounter) findLong(k wkey, w string) *wordSlot {
	t := &c.words
	for i := k.hash(c) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			return nil
		}
		if e.a == k.a && e.b == k.b && e.n == k.n && c.longWords[i] == w {
			return e
		}
	}
}

// refBits sets dst[j] to the bits of the slot of reference word ref[j]
// (usually a substring of text), or to 0 where the hypothesis does not
// have that word. dst has len(ref) entries.
func (c *ngramCounter) refBits(dst []uint64, ref []string, text string) {
	keys := c.keysOf(ref, text)
	c.words.positions(dst, keys, c.seed0)
	if c.nLong > 0 {
		// Long words matched on their keys only: compare them.
		for j, k := range keys {
			if k.n > 16 {
				dst[j] = 0
				if e := c.findLong(k, ref[j]); e != nil {
					dst[j] = e.bits
				}
			}
		}
	}
}

// addRefShort counts the n-grams of one reference of a short hypothesis.
func (c *ngramCounter) addRefShort(ref []string, text string) {
	order := len(c.used)
	// Zeros after the end stand for the positions that n-grams running
	// past it would need.
	pad := min(order, maxShort) - 1
	if cap(c.refBit) < len(ref)+pad {
		c.refBit = slices.Grow(c.refBit[:0], len(ref)+pad)
	}
	rb := c.refBit[:len(ref)+pad]
	c.refBits(rb[:len(ref)], ref, text)
	for j := len(ref); j < len(rb); j++ {
		rb[j] = 0
	}
	c.refBit = rb
	if order == 4 {
		f0, f1, f2, f3 := match4(rb)
		used := c.used[:4]
		used[0] |= ^f0
		used[1] |= ^f1
		used[2] |= ^f2
		used[3] |= ^f3
		return
	}
	// Orders beyond 64 have no n-grams in a short hypothesis.
	free := c.free[:min(order, maxShort)]
	for k := range free {
		free[k] = ^uint64(0)
	}
	for j := range len(ref) {
		m := ^uint64(0)
		for k := range free {
			m &= rb[j+k] >> uint(k)
			x := m & free[k]
			free[k] ^= x & -x
		}
	}
	for k, f := range free {
		c.used[k] |= ^f
	}
}

// match4 is the matching of addRefShort for sacreBLEU's default order,
// unrolled into four independent chains: rb holds the positions of the
// reference words, then three empty sets, and match4 returns the positions
// left free, by order. Each window of four sets is read through a
// pointer, with no bounds test (the compiler's slicing of windows cost
// more than the matching); carrying sets over from one word to the next
// instead ran out of registers. With BMI1 on amd64 the loop is in
// assembly (match4BMI), for up to asmPiece sets.
func match4(rb []uint64) (f0, f1, f2, f3 uint64) {
	if hasBMI1 && len(rb) <= asmPiece {
		return match4BMI(rb)
	}
	return match4Go(rb)
}

// match4Go is match4's loop.
func match4Go(rb []uint64) (f0, f1, f2, f3 uint64) {
	f0, f1, f2, f3 = ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)
	p := unsafe.Pointer(unsafe.SliceData(rb[:3]))
	for range len(rb) - 3 {
		w := (*[4]uint64)(p)
		p = unsafe.Add(p, 8)
		m := w[0]
		x := m & f0
		f0 ^= x & -x
		m &= w[1] >> 1
		x = m & f1
		f1 ^= x & -x
		m &= w[2] >> 2
		x = m & f2
		f2 ^= x & -x
		m &= w[3] >> 3
		x = m & f3
		f3 ^= x & -x
	}
	return f0, f1, f2, f3
}

// maxWidth is the most words of bits to a set of hypothesis positions.
// The work per reference word grows with the width, and longer
// hypotheses are counted with tables, which are faster from about 200
// words on: with 16 words (1,024 positions), segments of 400 to 1,000
// words took 30–40% longer, and 460-character char segments 50%
// (BenchmarkCorpusDocs).
const maxWidth = 4

// beginWide is beginShort for sets of c.width words, once numberHyp has
// numbered the words. Each set is followed by a zero word, which lets
// addRefWide shift sets without bounds tests.
func (c *ngramCounter) beginWide(order int) {
	w := c.width
	stride := w + 1
	n := (int(c.nextID) + 1) * stride
	sets := slices.Grow(c.sets[:0], n)[:n]
	clear(sets)
	for p, id := range c.hypIDs {
		sets[(int(id)+1)*stride+p/64] |= 1 << uint(p%64)
	}
	c.sets = sets
	c.used = slices.Grow(c.used[:0], order*w)[:order*w]
	c.free = slices.Grow(c.free[:0], order*w)[:order*w]
	c.m = slices.Grow(c.m[:0], w)[:w]
	clear(c.used)
}

// addRefWide is addRefShort for sets of c.width words.
func (c *ngramCounter) addRefWide(ref []string, text string) {
	w := c.width
	order := len(c.used) / w // at most 64 (see begin)
	rs := slices.Grow(c.refSet[:0], len(ref)+order-1)[:len(ref)+order-1]
	// A slot holds id+1, and a miss gives 0: the offset of the empty set.
	rb := slices.Grow(c.refBit[:0], len(ref))[:len(ref)]
	c.refBits(rb, ref, text)
	c.refBit = rb
	for j, b := range rb {
		rs[j] = int32(b) * int32(w+1)
	}
	clear(rs[len(ref):]) // the empty set
	c.refSet = rs
	if w == 2 && order == 4 {
		c.matchWide2(rs[:len(ref)+3])
		return
	}
	free := c.free
	for i := range free {
		free[i] = ^uint64(0)
	}
	sets, m := c.sets, c.m
	for j := range len(ref) {
		copy(m, sets[rs[j]:])
		for k := 0; ; {
			// Take the lowest free position of m, without branches: none
			// is the mask of the words below x having no position.
			f := free[k*w:][:len(m)]
			none := ^uint64(0)
			for x, v := range m {
				y := v & f[x]
				f[x] ^= y & -y & none
				none &= uint64(b2i(y != 0)) - 1
			}
			if k++; k == order {
				break
			}
			// m &= the set of word j+k shifted down by k positions.
			set := sets[rs[j+k]:][:len(m)+1]
			r := uint(k)
			var any uint64
			for x := range m {
				m[x] &= set[x]>>r | set[x+1]<<(64-r)
				any |= m[x]
			}
			if any == 0 {
				break // no longer n-gram can match either
			}
		}
	}
	for i := range free {
		c.used[i] |= ^free[i]
	}
}

// matchWide2 is the matching of addRefWide for sets of two words and
// order 4, the commonest case of the char tokenizer, unrolled so that the
// free positions stay in registers. rs holds the offsets of the sets of
// the reference words, then three of the empty set.
func (c *ngramCounter) matchWide2(rs []int32) {
	sets := c.sets
	// Free positions by order (1 to 4) and word (0 and 1).
	f10, f11, f20, f21 := ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)
	f30, f31, f40, f41 := ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)
	for j := range len(rs) - 3 {
		// The second word of a set shifted down takes nothing from the
		// zero word after it.
		s := sets[rs[j]:][:2]
		m0, m1 := s[0], s[1]
		y0, y1 := m0&f10, m1&f11
		f10 ^= y0 & -y0
		f11 ^= y1 & -y1 & (uint64(b2i(y0 != 0)) - 1)
		s = sets[rs[j+1]:][:2]
		m0 &= s[0]>>1 | s[1]<<63
		m1 &= s[1] >> 1
		y0, y1 = m0&f20, m1&f21
		f20 ^= y0 & -y0
		f21 ^= y1 & -y1 & (uint64(b2i(y0 != 0)) - 1)
		s = sets[rs[j+2]:][:2]
		m0 &= s[0]>>2 | s[1]<<62
		m1 &= s[1] >> 2
		y0, y1 = m0&f30, m1&f31
		f30 ^= y0 & -y0
		f31 ^= y1 & -y1 & (uint64(b2i(y0 != 0)) - 1)
		s = sets[rs[j+3]:][:2]
		m0 &= s[0]>>3 | s[1]<<61
		m1 &= s[1] >> 3
		y0, y1 = m0&f40, m1&f41
		f40 ^= y0 & -y0
		f41 ^= y1 & -y1 & (uint64(b2i(y0 != 0)) - 1)
	}
	u := c.used[:8]
	u[0] |= ^f10
	u[1] |= ^f11
	u[2] |= ^f20
	u[3] |= ^f21
	u[4] |= ^f30
	u[5] |= ^f31
	u[6] |= ^f40
	u[7] |= ^f41
}

// mergeRef raises refMax to the current reference's counts for the ids in
// [from, to) and clears those counts.
func (c *ngramCounter) mergeRef(from, to uint32) {
	mx, cnt := c.refMax[from:to], c.refCnt[from:to]
	for i := range cnt {
		mx[i] = max(mx[i], cnt[i])
		cnt[i] = 0
	}
}

// finish counts the n-grams of order 2 and above and sets st's clipped
// matches, once every reference has been added.
func (c *ngramCounter) finish(st *segmentStats) {
	if c.width == 1 {
		for k, u := range c.used {
			st.matches[k] = int64(bits.OnesCount64(u))
		}
		return
	}
	if c.width > 0 {
		// The matches of each order are the positions taken (in used,
		// width words an order).
		for k := range st.matches {
			var m int
			for _, u := range c.used[k*c.width : (k+1)*c.width] {
				m += bits.OnesCount64(u)
			}
			st.matches[k] = int64(m)
		}
		return
	}
	c.finishLong(st, len(st.matches) > 1 && c.positional())
}

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

// Positions instead of n-gram tables
//
// Where the words of the references occur in the hypothesis only a few
// times each, the n-grams are matched without numbering them. For a
// reference position j, the hypothesis positions where the n-gram of
// order k starting at j occurs are those where its (k-1)-gram occurs and
// which are followed, k-1 words on, by reference word j+k-1: a short list,
// filtered order after order from the positions of the bigram, which
// are those of word j followed by word j+1 (or of word j+1 preceded by
// word j, the shorter list of the two). Equal n-grams occur at equal
// lists and different ones at disjoint lists (as the sets of "Short
// hypotheses"), so the lowest position of its list stands for the
// n-gram: its hypothesis count is the list's length, and its reference
// counts are kept by that position. The work is the lists' lengths, which
// for natural text grow with the segment (the commonest words occur more
// often in a longer one): positional weighs it against the tables' work,
// which is linear.

// positionalWork is the most list entries per word, and the most
// occurrences per distinct hypothesis word, for which positional takes
// lists: measured with BenchmarkLongWays, documents of words need 0.5 to
// 4 entries a word and are faster by lists, and char tokens counted the
// token way, whose characters recur 5 to 20 times, are faster by tables
// from about 8.
const positionalWork = 8

// maxPositional is the longest hypothesis counted by finishPositional:
// beyond, its counts by position outgrow the processor's caches.
// Documents of 10,000 words were still faster by lists; of 21,000 and
// 40,000 words, they took about 20% longer.
const maxPositional = 1 << 14

// positional reports whether the segment's hypothesis is short enough
// and the references' words occur in it rarely enough for
// finishPositional. A hypothesis whose words recur too often on average
// is left to the tables without weighing the lists.
func (c *ngramCounter) positional() bool {
	if len(c.hypIDs) > maxPositional || len(c.hypIDs) > positionalWork*int(c.nWords) {
		return false
	}
	var work int
	for _, j := range c.refLive {
		if next := c.refIDs[j+1]; next != noID {
			work += int(min(c.hypCnt[c.refIDs[j]], c.hypCnt[next]))
		}
	}
	return work <= positionalWork*(len(c.hypIDs)+len(c.refIDs))
}

// posSpan is where a word's positions are in ngramCounter.posList.
type posSpan struct{ lo, hi int32 }

// posSentinel pads the hypothesis's ids for finishPositional: it is no
// word's id and not noID, which refIDs holds.
const posSentinel = noID - 1

// finishPositional is finish for orders 2 and above, by lists of
// positions (see "Positions instead of n-gram tables"). The counts of the
// n-grams of order k+1 whose lowest hypothesis position is p are at
// nWords + (k-1)*len(hyp) + p in hypCnt, refCnt and refMax.
func (c *ngramCounter) finishPositional(st *segmentStats) {
	order, h, nw := len(st.matches), len(c.hypIDs), int(c.nWords)
	c.needCounts(nw + (order-1)*h)
	// The positions of each word, in order: word id i's are
	// posList[posSpan[i].lo:posSpan[i].hi].
	spans := slices.Grow(c.posSpan[:0], nw)[:nw]
	at := int32(0)
	for i, n := range c.hypCnt[:nw] {
		spans[i] = posSpan{at, at}
		at += n
	}
	list := slices.Grow(c.posList[:0], h)[:h]
	for p, id := range c.hypIDs {
		sp := &spans[id]
		list[sp.hi] = int32(p)
		sp.hi++
	}
	// Ids past the end, so that a list's positions need no bounds test.
	ids := c.hypIDs
	for range order - 1 {
		ids = append(ids, posSentinel)
	}
	c.hypIDs = ids[:h]
	buf := slices.Grow(c.posBuf[:0], h)[:h]
	hc, cnt := c.hypCnt, c.refCnt
	if c.only {
		cnt = c.refMax
	}
	end := nw + (order-1)*h
	// And past the references' end, for the same reason.
	refs := c.refIDs
	for range order - 1 {
		refs = append(refs, noID)
	}
	c.refIDs = refs[:len(c.refIDs)]
	from := 0
	for _, to := range c.liveEnd {
		for _, j := range c.refLive[from:to] {
			// The hypothesis positions of the bigram at j: those of its
			// first word followed by its second, or those of its second
			// preceded by its first, whichever are fewer. A reference's
			// last word is followed by noID, as is a word the hypothesis
			// lacks.
			w, next := refs[j], refs[j+1]
			if next == noID {
				continue
			}
			sa, sb := spans[w], spans[next]
			if sa.hi-sa.lo == 1 || sb.hi-sb.lo == 1 {
				// The commonest case: a word of the bigram occurs once in
				// the hypothesis, so each of the n-grams at j can occur
				// at one position only, p, and is matched there without
				// branches. (When the second word's one position is 0,
				// p = 0 does not match either.)
				p := int(list[sa.lo])
				if sa.hi-sa.lo != 1 {
					p = max(int(list[sb.lo])-1, 0)
				}
				// Word j is at p (or not, when p comes from the second
				// word); the loop matches words j+1 on.
				m := b2i(ids[p] == w)
				if order == 4 {
					// Unrolled: the three orders' matches do not wait
					// for one another's stores.
					r := refs[j+1 : j+4]
					m1 := int32(m & b2i(ids[p+1] == r[0]))
					m2 := m1 & int32(b2i(ids[p+2] == r[1]))
					m3 := m2 & int32(b2i(ids[p+3] == r[2]))
					i := nw + p
					hc[i] |= m1
					cnt[i] += m1
					hc[i+h] |= m2
					cnt[i+h] += m2
					hc[i+2*h] |= m3
					cnt[i+2*h] += m3
					continue
				}
				for k, i := 1, nw+p; k < order; k, i = k+1, i+h {
					m &= b2i(ids[p+k] == refs[int(j)+k])
					hc[i] |= int32(m)
					cnt[i] += int32(m)
				}
				continue
			}
			n := 0
			if sa.hi-sa.lo <= sb.hi-sb.lo {
				a := list[sa.lo:sa.hi]
				for _, p := range a {
					buf[n] = p
					n += b2i(ids[int(p)+1] == next)
				}
			} else {
				b := list[sb.lo:sb.hi]
				if b[0] == 0 {
					b = b[1:] // no bigram ends at position 0
				}
				for _, q := range b {
					buf[n] = q - 1
					n += b2i(ids[int(q)-1] == w)
				}
			}
			if n == 0 {
				continue
			}
			// The counts of order k+1 start at base.
			for k, base := 1, nw; ; {
				first := int(buf[0])
				hc[base+first] = int32(n)
				cnt[base+first]++
				if k++; k == order {
					break
				}
				base += h
				next = refs[int(j)+k]
				if n == 1 {
					// The commonest case: one position left.
					if ids[first+k] != next {
						break
					}
					continue
				}
				m := 0
				for _, p := range buf[:n] {
					buf[m] = p
					m += b2i(ids[int(p)+k] == next)
				}
				if n = m; n == 0 {
					break
				}
			}
		}
		from = to
		if !c.only {
			c.mergeRef(uint32(nw), uint32(end))
		}
	}
	for k := 1; k < order; k++ {
		base := uint32(nw + (k-1)*h)
		st.matches[k] = c.clipped(base, base+uint32(h))
	}
	// The next segment's begin clears these counts.
	c.nextID = uint32(end)
	c.posSpan, c.posList, c.posBuf = spans, list, buf
}

// countHyp numbers and counts the hypothesis n-grams of order k+1 at the
// live positions whose successor is live too, and returns those positions.
func (c *ngramCounter) countHyp(live []int32, k int) []int32 {
	live = adjacent(live)
	ids, cur := c.hypIDs, c.hypCur
	for _, i := range live {
		id := c.table.insert(cur[i], ids[int(i)+k], c)
		if int(id) >= len(c.hypCnt) {
			c.needCounts(int(id) + 1) // as the distinct n-grams come
		}
		c.hypCnt[id]++
		cur[i] = id
	}
	return live
}

// countRefs counts, reference by reference, the n-grams of order k+1
// that occur in the hypothesis, whose ids start at start, and keeps in
// refLive the positions where they occur.
func (c *ngramCounter) countRefs(k int, start uint32) {
	ids, cur, live := c.refIDs, c.refCur, c.refLive
	cnt := c.refCnt
	if c.only {
		cnt = c.refMax
	}
	n, from := 0, 0
	for r, end := range c.liveEnd {
		// The separators after each reference keep a position's successor
		// from being live across a boundary.
		for _, j := range adjacent(live[from:end]) {
			id := c.table.lookup(cur[j], ids[int(j)+k])
			hit := b2i(id != noID)
			cur[j] = id
			live[n] = j
			n += hit
			cnt[id&-uint32(hit)] += int32(hit)
		}
		from = end
		c.liveEnd[r] = n
		if !c.only {
			c.mergeRef(start, c.nextID)
		}
	}
	c.refLive = live[:n]
}

// adjacent keeps, in place, the positions of live whose successor is in
// live too: where an n-gram one word longer can occur.
func adjacent(live []int32) []int32 {
	n := 0
	for t := 0; t+1 < len(live); t++ {
		live[n] = live[t]
		n += b2i(live[t+1] == live[t]+1)
	}
	return live[:n]
}

// b2i is 1 for true and 0 for false; the compiler makes it a SETcc, and
// the loops above use it to keep their outcomes out of branches.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// clipped returns the clipped matches of the ids in [from, to).
func (c *ngramCounter) clipped(from, to uint32) int64 {
	var m int64
	h, r := c.hypCnt[from:to], c.refMax[from:to]
	for i := range h {
		m += int64(min(h[i], r[i]))
	}
	return m
}

// numberLong returns the dense id of hypothesis word w, longer than 16
// bytes, of key k, numbering it if new; its slot holds id+1, as number's
// do. The shorter words go through number's loop.
func (c *ngramCounter) numberLong(k wkey, w string) uint32 {
	e := c.slotLong(k, w)
	if e.bits == 0 {
		e.bits = uint64(c.nextID) + 1
		c.nextID++
	}
	return uint32(e.bits) - 1
}

// wkey is the key of a word (see keysOf) with its length.
type wkey struct {
	a, b uint64
	n    uint32
}

// hash returns the slot hash of k under c's seed.
func (k wkey) hash(c *ngramCounter) uint64 {
	return hashKey(k.a, k.b, k.n, c.seed0)
}

// hashKey is the slot hash of the key (a, b) of a word of n bytes. One
// seed for both halves leaves the table's loops a register more.
func hashKey(a, b uint64, n uint32, seed uint64) uint64 {
	return mix(a^seed^uint64(n), b^seed)
}

// keysOf returns the keys of words, usually substrings of text, in a
// buffer of c's valid until the next call.
//
// For words of up to 16 bytes, the key (a, b) and the length determine
// the word: a holds its first 8 bytes, zero-padded, and b its last 8 bytes
// when it is longer than 8 (and 0 otherwise). Longer words have a hash in
// a and need comparing. Words of up to 16 bytes within text, when text
// has 16 bytes, take their keys from keysInText; the others, from
// wordKeySlow, which keysInText leaves to this loop so that its own
// loop makes no call (and keeps its values in registers).
func (c *ngramCounter) keysOf(words []string, text string) []wkey {
	if cap(c.keys) < len(words) {
		c.keys = slices.Grow(c.keys[:0], len(words))
	}
	keys := c.keys[:len(words)]
	c.keys = keys
	fast := len(text) >= 16
	i := 0
	for {
		if fast {
			i += keysInText(keys[i:], words[i:], text)
		}
		if i >= len(words) {
			return keys
		}
		w := words[i]
		a, b := wordKeySlow(w, c.seed0)
		keys[i] = wkey{a, b, uint32(len(w))}
		i++
	}
}

// keyMask[n] holds, for a word of n bytes (1 to 16), the masks of its key
// (see keysOf) on 8 bytes read from its start and from its last 8 bytes,
// and where the latter start: a table, because computing them costs
// about ten instructions a word in a loop bound by instructions.
var keyMask = func() (t [17]struct{ a, b, d uint64 }) {
	for n := 1; n <= 16; n++ {
		t[n].a = ^uint64(0) >> (64 - 8*min(n, 8))
		if n > 8 {
			t[n].b, t[n].d = ^uint64(0), uint64(n-8)
		}
	}
	return t
}()

// keysInText sets the keys of words in keys, as many as lie within text
// and have 1 to 16 bytes, until one does not; it returns how many it set.
// text has at least 16 bytes.
//
// A word's bytes are read from text, in bounds: 8 from its start (or
// from 8 bytes before the end of text, shifted, for a word that ends
// there) and, for a word of more than 8 bytes, its last 8. A word that
// starts 16 bytes or more before the end of text, nearly every word, is
// in text with all those bytes: one test.
func keysInText(keys []wkey, words []string, text string) int {
	base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	lim := uintptr(len(text))
	keys = keys[:len(words)]
	for x, w := range words {
		n := len(w)
		p := unsafe.Pointer(unsafe.StringData(w))
		// Where w starts in text, if it does: comparing addresses is
		// safe. A word just before text in memory has an offset that
		// wraps around to near 2^64, which fails the tests below.
		off := uintptr(p) - base
		if uint(n-1) >= 16 {
			return x
		}
		m := &keyMask[n]
		var a, b uint64
		switch {
		case off <= lim-16:
		case off > lim-uintptr(n):
			return x
		case off > lim-8:
			// The word ends within the last 8 bytes of text, and has
			// fewer than 8 bytes: read those 8 bytes, and shift.
			k := off - (lim - 8)
			a = loadLE(unsafe.Add(p, -int(k))) >> (k * 8 & 63) & m.a
			keys[x] = wkey{a, 0, uint32(n)}
			continue
		}
		a = loadLE(p) & m.a
		b = loadLE(unsafe.Add(p, m.d)) & m.b
		keys[x] = wkey{a, b, uint32(n)}
	}
	return len(words)
}

// loadLE returns the 8 bytes at p as a little-endian word, as load64
// does: one load where the processor allows unaligned ones, and the same
// key on big-endian processors as wordKeySlow's (a plain *(*uint64)(p)
// would fault on some processors and swap the bytes on others).
func loadLE(p unsafe.Pointer) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(p)[:])
}

// wordKeySlow is the key of keysOf for a word read on its own.
//
//go:noinline
func wordKeySlow(s string, seed uint64) (a, b uint64) {
	n := len(s)
	switch {
	case n < 4:
		for i := n - 1; i >= 0; i-- {
			a = a<<8 | uint64(s[i])
		}
	case n <= 8:
		a = uint64(load32(s, 0)) | uint64(load32(s, n-4)>>(8*(8-n)))<<32
	case n <= 16:
		a, b = load64(s, 0), load64(s, n-8)
	default:
		// 16 bytes at a time, the last 16 overlapping the others.
		h := seed
		for i := 0; i < n-16; i += 16 {
			h = mix(load64(s, i)^seed, load64(s, i+8)^h)
		}
		a, b = mix(load64(s, n-16)^seed, load64(s, n-8)^h), load64(s, n-8)
	}
	return a, b
}

// mix folds the 128-bit product of a and b.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// load32 reads a little-endian word at s[i:]; the compiler makes it a
// single load. (load64 is in utf8.go.)
func load32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// wordTable maps the hypothesis words of a segment to their dense ids, by
// open addressing on a 64-bit hash, confirmed by comparing keys (and the
// words, when longer than 16 bytes).
type wordTable struct{ stampTable[wordSlot] }

// nstamp returns e's length and stamp as one word, which the compiler
// reads with one load.
func (e *wordSlot) nstamp() uint64 {
	return uint64(e.n) | uint64(e.stamp)<<32
}

// setNStamp sets e's length and stamp from one word as nstamp returns it,
// which the compiler stores at once.
func (e *wordSlot) setNStamp(ns uint64) {
	e.n, e.stamp = uint32(ns), uint32(ns>>32)
}

// A wordSlot is 32 bytes (1<<slotShift), two to a cache line.
type wordSlot struct {
	a, b  uint64 // the word's key (see keysOf)
	n     uint32 // its length
	stamp uint32
	// bits holds the word's positions in a short hypothesis, or its dense
	// id plus one in a longer one.
	bits uint64
}

// stampTable is the storage of an open-addressing table whose slots
// carry a stamp: a slot is in use when its stamp equals gen, so emptying
// the table costs nothing.
type stampTable[S any] struct {
	slots []S
	gen   uint32
	mask  uint64
	shift uint // 64 - log2(len of the part in use)
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
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
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

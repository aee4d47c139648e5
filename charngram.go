package bleu

import (
	"math/bits"
	"slices"
	"unicode/utf8"
)

// This file counts the n-grams of the char tokenizer without tokens.
//
// The char tokenizer makes every character that is not whitespace a token
// of its own, so a hypothesis has as many tokens as characters, five times
// as many as with 13a, and the ways of ngram.go (a string and a hashed
// word key per token, sets of positions several words wide) spend most of
// their time on them. But a segment uses few distinct characters, so here
// nothing is hashed and no token is made:
//
//   - Each character gets a small id: the hypothesis's characters are
//     numbered from 1 in order of appearance, at most maxCharID of them,
//     and a reference character that is not in the hypothesis gets 0. A
//     table indexed by the code point (or, for a character above U+FFFF, a
//     number among the surrogates given per segment) holds the ids,
//     stamped with the segment so that it is never cleared. A text becomes
//     a string of ids, whitespace dropped, in one pass over its bytes.
//   - Unigrams are counted by id. The hypothesis's distinct bigrams are
//     numbered from 1 in a table indexed by their two ids; its trigrams in
//     one indexed by the number of their first two characters' bigram and
//     their last id; its 4-grams likewise from the trigram numbers. The
//     tables are arrays, stamped too. A reference n-gram gets the number
//     of the same n-gram of the hypothesis, or 0 when there is none: its
//     prefix's number or its last id is then 0, and it falls on an entry
//     that no hypothesis n-gram has, whose stamp is old.
//   - Each order is one pass over the positions, counting occurrences by
//     number, first for the hypothesis, then for each reference (number 0
//     counts what does not match). The clipped matches are then the sum
//     over the hypothesis's numbers of the smaller of its count and the
//     largest count in one reference.
//
// A segment is counted the other way when the order is above 4, when the
// hypothesis has more than maxCharHyp characters or more than maxCharID
// distinct ones, or has more than charAstralIDs distinct characters above
// U+FFFF.

const (
	// maxCharHyp is the longest hypothesis, in characters, counted here:
	// the numbers of its n-grams then have 10 bits, and with an id's 6
	// bits they index tables of 2^16 entries.
	maxCharHyp  = 1<<charNumBits - 1
	charNumBits = 10
	charNumMask = 1<<charNumBits - 1

	// minCharHyp is the longest hypothesis, in characters, counted the
	// other way: its sets of positions are single words, which is as fast,
	// and it needs none of the tables here.
	minCharHyp = maxShort

	// charIDBits is the size of a character id, 0 standing for none.
	charIDBits = 6
	maxCharID  = 1<<charIDBits - 1

	// charGenBits is the size of the segment stamps: they share a uint32
	// with a number.
	charGenBits = 32 - charNumBits
	charGenMask = 1<<charGenBits - 1

	// charAstralIDs is the number of surrogates, which are not characters,
	// for the characters above U+FFFF in one segment.
	charAstralIDs = 0xE000 - 0xD800
)

// charCounter is the scratch space of the char tokenizer's counting. It
// is not safe for concurrent use.
type charCounter struct {
	gen uint32 // the segment's stamp, charGenBits bits, not 0
	// The id of the character of code point u in the segment stamped gen,
	// as gen<<8 | id: ascii[u] for ASCII, wide[u] for the others (made at
	// the first).
	ascii  [utf8.RuneSelf]uint32
	wide   *[1 << 16]uint32
	nextID uint32
	// astral numbers the characters above U+FFFF of the segment, among
	// the surrogates.
	astral map[rune]uint16

	hyp, ref []uint8 // the texts as ids

	// The numbers of bigrams, trigrams and 4-grams, as gen<<charNumBits |
	// number, indexed by (id of the first character or number of the
	// prefix) <<charIDBits | id of the last character. They grow with the
	// longest hypothesis.
	bi, tri, quad []uint32
	// Numbers by position, of the text being counted: of the n-grams of
	// the order before.
	nums []uint16
	// By order and number (by id for order 1): the counts of the
	// hypothesis, of the current reference and the largest in one
	// reference.
	hc, rc, rmax [4][]int32
	// How many numbers (ids for order 1) each order has, 0 included.
	count [4]int
}

// segment counts one segment whose texts have been normalized, into st.
// It returns false, having changed nothing in st, when the segment is one
// to count the other way (see above).
func (c *charCounter) segment(st *segmentStats, hyp string, refs []string) bool {
	order := len(st.matches)
	if order > 4 || len(hyp) <= minCharHyp {
		return false
	}
	c.gen = (c.gen + 1) & charGenMask
	if c.gen == 0 {
		// The stamps wrapped around: start again from clean tables.
		c.ascii = [len(c.ascii)]uint32{}
		if c.wide != nil {
			clear(c.wide[:])
		}
		clear(c.bi)
		clear(c.tri)
		clear(c.quad)
		c.gen = 1
	}
	c.nextID = 1
	clear(c.astral)
	var ok bool
	if c.hyp, ok = c.text(c.hyp[:0], hyp, true); !ok {
		return false
	}
	n := len(c.hyp)
	if n <= minCharHyp || n > maxCharHyp || c.nextID > maxCharID+1 {
		return false
	}
	c.size(n)
	c.begin(order)
	refLen := -1
	for _, r := range refs {
		if c.ref, ok = c.text(c.ref[:0], r, false); !ok {
			c.clearCounts(order)
			return false
		}
		if closerRef(n, refLen, len(c.ref)) {
			refLen = len(c.ref)
		}
		c.countRef(order, len(refs) == 1)
	}
	st.hypLen, st.refLen = n, refLen
	for k := range order {
		st.totals[k] = int64(max(0, n-k))
		rm := c.rmax[k][:c.count[k]]
		if len(refs) == 1 {
			rm = c.rc[k][:c.count[k]]
		}
		st.matches[k] = int64(clipped(c.hc[k][:len(rm)], rm))
	}
	c.clearCounts(order)
	return true
}

// size makes the tables and counts big enough for a hypothesis of n
// characters. They only grow: a new table is all stale.
func (c *charCounter) size(n int) {
	if c.bi == nil {
		c.bi = make([]uint32, 1<<(2*charIDBits))
	}
	// The numbers of n-grams are at most n.
	if need := (n + 1) << charIDBits; len(c.tri) < need {
		size := 1 << bits.Len(uint(need-1))
		c.tri, c.quad = make([]uint32, size), make([]uint32, size)
	}
	if need := max(maxCharID, n) + 1; len(c.hc[0]) < need {
		for k := range c.hc {
			c.hc[k], c.rc[k], c.rmax[k] = make([]int32, need), make([]int32, need), make([]int32, need)
		}
	}
}

// clipped returns the sum of the smaller of h[i] and r[i] for i > 0.
func clipped(h, r []int32) int32 {
	var m int32
	r = r[:len(h)]
	for i := 1; i < len(h); i++ {
		m += min(h[i], r[i])
	}
	return m
}

// clearCounts leaves the counts zero for the next segment.
func (c *charCounter) clearCounts(order int) {
	for k := range order {
		clear(c.hc[k][:c.count[k]])
		clear(c.rc[k][:c.count[k]])
		clear(c.rmax[k][:c.count[k]])
	}
}

// text appends to dst the ids of the characters of s that are not
// whitespace, numbering new ones if hyp. It reports false when s is not
// valid UTF-8 or has too many distinct characters above U+FFFF; the
// caller checks the number of ids.
func (c *charCounter) text(dst []uint8, s string, hyp bool) ([]uint8, bool) {
	// At most one id a byte: room for them all saves append's checks.
	dst = slices.Grow(dst, len(s))
	buf, k := dst[:len(dst)+len(s)], len(dst)
	ids, gen := &c.ascii, c.gen
	next := c.nextID
	i := 0
	for i < len(s) {
		// Eight ASCII bytes at a time.
		for i+8 <= len(s) {
			x := load64(s, i)
			if x&swarHigh != 0 {
				break
			}
			dst := (*[8]uint8)(buf[k : k+8])
			if hyp {
				var n int
				n, next = hypBlock(x, dst, ids, gen, next)
				k += n
			} else {
				k += refBlock(x, dst, ids, gen)
			}
			i += 8
		}
		if i >= len(s) {
			break
		}
		b := s[i]
		var r rune
		var w int
		switch {
		case b < utf8.RuneSelf:
			r, w = rune(b), 1
		case b&0xE0 == 0xC0 && b >= 0xC2 && i+1 < len(s) && s[i+1]&0xC0 == 0x80:
			// Two bytes, the commonest case of European text.
			r, w = rune(b&0x1F)<<6|rune(s[i+1]&0x3F), 2
		default:
			if r, w = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && w == 1 {
				return dst, false
			}
		}
		i += w
		if isPySpace(r) {
			continue
		}
		if r > 0xFFFF {
			u, ok := c.astral[r]
			if !ok {
				if len(c.astral) == charAstralIDs {
					return dst, false
				}
				if c.astral == nil {
					c.astral = make(map[rune]uint16)
				}
				u = uint16(0xD800 + len(c.astral))
				c.astral[r] = u
			}
			r = rune(u)
		}
		e := c.id(r)
		switch v := *e; {
		case v>>8 == gen:
			buf[k] = uint8(v)
		case hyp:
			*e = gen<<8 | next&0xFF
			buf[k] = uint8(next)
			next++
		default:
			buf[k] = 0
		}
		k++
	}
	c.nextID = next
	return buf[:k], true
}

// id returns the entry of the id of the character of code point r (or
// surrogate, for astral characters).
func (c *charCounter) id(r rune) *uint32 {
	if r < utf8.RuneSelf {
		return &c.ascii[r]
	}
	if c.wide == nil {
		c.wide = new([1 << 16]uint32)
	}
	return &c.wide[uint16(r)]
}

// begin counts the hypothesis n-grams of orders up to order.
func (c *charCounter) begin(order int) {
	h, gen := c.hyp, c.gen
	n := len(h)
	// Index 0 is where the references count their n-grams that the
	// hypothesis lacks.
	c.count = [4]int{int(c.nextID), 1, 1, 1}
	countIDs(h, c.hc[0])
	if order < 2 || n < 2 {
		return
	}
	c.nums = slices.Grow(c.nums[:0], n)[:n-1]
	c.count[1] = int(numberHyp(c.bi, h[:n-1], h[1:], c.nums, c.hc[1], gen))
	for k := 2; k < order && k < n; k++ {
		tab := c.tri
		if k == 3 {
			tab = c.quad
		}
		nums := c.nums[:n-k]
		c.count[k] = int(numberHyp(tab, nums, h[k:], nums, c.hc[k], gen))
	}
}

// countIDs counts the ids of a text by id.
func countIDs(t []uint8, cnt []int32) {
	cnt = cnt[:maxCharID+1]
	for _, id := range t {
		cnt[id&maxCharID]++
	}
}

// numberHyp numbers the hypothesis n-grams of the entries of tab at
// prefix[p]<<charIDBits | last[p], counts them in cnt and sets nums[p] to
// their numbers (nums may be prefix). It returns the next number.
func numberHyp[P uint8 | uint16](tab []uint32, prefix []P, last []uint8, nums []uint16, cnt []int32, gen uint32) uint32 {
	next := uint32(1)
	genHi := gen << charNumBits
	last, nums = last[:len(prefix)], nums[:len(prefix)]
	for p, x := range prefix {
		i := uint32(x)<<charIDBits | uint32(last[p])
		// The number stored, if the stamp is the segment's. Without
		// branches: whether an n-gram is new is hard to predict.
		num := tab[i] ^ genHi
		isNew := uint32(b2i(num > charNumMask))
		num = num&(isNew-1) | next&-isNew
		next += isNew
		tab[i] = genHi | num
		nums[p] = uint16(num)
		cnt[num]++
	}
	return next
}

// numberRef gives the reference n-grams of the entries of tab at
// prefix[p]<<charIDBits | last[p] the numbers of the hypothesis's (0 for
// none), counts them in cnt and sets nums[p] to them (nums may be prefix).
func numberRef[P uint8 | uint16](tab []uint32, prefix []P, last []uint8, nums []uint16, cnt []int32, gen uint32) {
	genHi := gen << charNumBits
	last, nums = last[:len(prefix)], nums[:len(prefix)]
	for p, x := range prefix {
		num := tab[uint32(x)<<charIDBits|uint32(last[p])] ^ genHi
		// 0 if the stamp is not the segment's: not in the hypothesis.
		// Without branches: that is hard to predict.
		num &= -uint32(b2i(num <= charNumMask))
		nums[p] = uint16(num)
		cnt[num]++
	}
}

// countRef counts the n-grams of the reference in c.ref and, if it is not
// the segment's only one, raises the largest counts.
func (c *charCounter) countRef(order int, only bool) {
	r, gen := c.ref, c.gen
	m := len(r)
	countIDs(r, c.rc[0])
	if order >= 2 && m >= 2 {
		c.nums = slices.Grow(c.nums[:0], m)[:m-1]
		numberRef(c.bi, r[:m-1], r[1:], c.nums, c.rc[1], gen)
		for k := 2; k < order && k < m; k++ {
			tab := c.tri
			if k == 3 {
				tab = c.quad
			}
			nums := c.nums[:m-k]
			numberRef(tab, nums, r[k:], nums, c.rc[k], gen)
		}
	}
	if only {
		return
	}
	for k := range order {
		rc, rm := c.rc[k][:c.count[k]], c.rmax[k][:c.count[k]]
		for i, v := range rc {
			rm[i] = max(rm[i], v)
		}
		clear(rc)
	}
}

// hypBlock writes to dst the ids of the eight ASCII bytes of x (the first
// in the low bits) that are not whitespace, numbering new characters from
// next, and returns how many it wrote and the next id.
func hypBlock(x uint64, dst *[8]uint8, ids *[utf8.RuneSelf]uint32, gen, next uint32) (int, uint32) {
	j := 0
	for range 8 {
		b := uint8(x)
		x >>= 8
		keep := int(charKeep[b&0x7F])
		v := ids[b&0x7F]
		// Without branches: a third of a hypothesis's characters are new.
		id := v & 0xFF
		isNew := b2i(v>>8 != gen) & keep
		if isNew != 0 {
			id = next
		}
		next += uint32(isNew)
		// A whitespace byte may get a stale id here: it is never read.
		ids[b&0x7F] = gen<<8 | id&0xFF
		dst[j&7] = uint8(id)
		j += keep
	}
	return j, next
}

// refBlock writes to dst the ids of the eight ASCII bytes of x (the first
// in the low bits) that are not whitespace, 0 for those not in the
// hypothesis, and returns how many it wrote.
func refBlock(x uint64, dst *[8]uint8, ids *[utf8.RuneSelf]uint32, gen uint32) int {
	j := 0
	for range 8 {
		b := uint8(x)
		x >>= 8
		v := ids[b&0x7F]
		// 0 if the stamp is not the segment's, without branches.
		id := v & 0xFF & -uint32(b2i(v>>8 == gen))
		dst[j&7] = uint8(id)
		j += int(charKeep[b&0x7F])
	}
	return j
}

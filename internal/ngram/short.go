package ngram

import (
	"slices"
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
)

// This file counts hypotheses of at most 64 words, whose positions are
// the bits of a word.

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
func (c *Counter) beginShort(hyp []string, text string, order int) {
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

// refBits sets dst[j] to the bits of the slot of reference word ref[j]
// (usually a substring of text), or to 0 where the hypothesis does not
// have that word. dst has len(ref) entries.
func (c *Counter) refBits(dst []uint64, ref []string, text string) {
	// longChunk words at a time: the keys of a long reference would take
	// 24 bytes a word.
	for len(ref) > longChunk {
		c.refBits(dst[:longChunk], ref[:longChunk], text)
		dst, ref = dst[longChunk:], ref[longChunk:]
	}
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
func (c *Counter) addRefShort(ref []string, text string) {
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
	c.matchShort(rb)
}

// matchShort counts the n-grams of one reference of a short hypothesis,
// whose words' positions rb holds (refBits), then min(order, maxShort)-1
// empty sets.
func (c *Counter) matchShort(rb []uint64) {
	order := len(c.used)
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
	for j := range len(rb) - len(free) + 1 {
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
// assembly (match4BMI), for up to cpu.AsmPiece sets.
func match4(rb []uint64) (f0, f1, f2, f3 uint64) {
	if cpu.HasBMI1 && len(rb) <= cpu.AsmPiece {
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

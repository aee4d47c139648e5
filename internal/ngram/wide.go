package ngram

import (
	"slices"

	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts hypotheses of up to maxWidth words of positions.

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
func (c *Counter) beginWide(order int) {
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
func (c *Counter) addRefWide(ref []string, text string) {
	rb := slices.Grow(c.refBit[:0], len(ref))[:len(ref)]
	c.refBits(rb, ref, text)
	c.refBit = rb
	c.matchWide(rb)
}

// matchWide counts the n-grams of one reference of a hypothesis counted
// with sets of c.width words, whose words' slots hold rb (refBits).
func (c *Counter) matchWide(rb []uint64) {
	w, n := c.width, len(rb)
	order := len(c.used) / w // at most 64 (see begin)
	rs := slices.Grow(c.refSet[:0], n+order-1)[:n+order-1]
	// A slot holds id+1, and a miss gives 0: the offset of the empty set.
	for j, b := range rb {
		rs[j] = int32(b) * int32(w+1)
	}
	clear(rs[n:]) // the empty set
	c.refSet = rs
	if w == 2 && order == 4 {
		c.matchWide2(rs[:n+3])
		return
	}
	free := c.free
	for i := range free {
		free[i] = ^uint64(0)
	}
	sets, m := c.sets, c.m
	for j := range n {
		copy(m, sets[rs[j]:])
		for k := 0; ; {
			// Take the lowest free position of m, without branches: none
			// is the mask of the words below x having no position.
			f := free[k*w:][:len(m)]
			none := ^uint64(0)
			for x, v := range m {
				y := v & f[x]
				f[x] ^= y & -y & none
				none &= uint64(swar.B2I(y != 0)) - 1
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
func (c *Counter) matchWide2(rs []int32) {
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
		f11 ^= y1 & -y1 & (uint64(swar.B2I(y0 != 0)) - 1)
		s = sets[rs[j+1]:][:2]
		m0 &= s[0]>>1 | s[1]<<63
		m1 &= s[1] >> 1
		y0, y1 = m0&f20, m1&f21
		f20 ^= y0 & -y0
		f21 ^= y1 & -y1 & (uint64(swar.B2I(y0 != 0)) - 1)
		s = sets[rs[j+2]:][:2]
		m0 &= s[0]>>2 | s[1]<<62
		m1 &= s[1] >> 2
		y0, y1 = m0&f30, m1&f31
		f30 ^= y0 & -y0
		f31 ^= y1 & -y1 & (uint64(swar.B2I(y0 != 0)) - 1)
		s = sets[rs[j+3]:][:2]
		m0 &= s[0]>>3 | s[1]<<61
		m1 &= s[1] >> 3
		y0, y1 = m0&f40, m1&f41
		f40 ^= y0 & -y0
		f41 ^= y1 & -y1 & (uint64(swar.B2I(y0 != 0)) - 1)
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
func (c *Counter) mergeRef(from, to uint32) {
	mx, cnt := c.refMax[from:to], c.refCounts()[from:to]
	for i := range cnt {
		mx[i] = max(mx[i], cnt[i])
		cnt[i] = 0
	}
}

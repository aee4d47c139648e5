package chrf

import "math/bits"

// The shortest segments, and texts of up to 128 items that sorting
// cannot take (sorted.go), are counted with bit sets instead of a hash
// table per order: for hypothesis position i, M[i] has bit j set when the
// reference's n-gram at j equals the hypothesis's at i, and H[i] bit k
// when the hypothesis's n-gram at k does. Order 1 takes them from each
// item's positions; order n from order n-1, as
//
//	M_n[i] = M_1[i] & (M_{n-1}[i+1] >> 1)
//
// (an n-gram matches at j when its first item does and the rest matches
// at j+1), and likewise H. The hypothesis's count of the n-gram at i is
// popcount(H[i]), the reference's popcount(M[i]), and i is the n-gram's
// first occurrence when H[i] has no bit below i: summing min(hyp, ref)
// over first occurrences is sacreBLEU's clipped match count. A position
// costs a few word operations per order and reference, without a branch
// on the data.

// maxBitsLen is the longest text (in items) counted with bit sets.
const maxBitsLen = 128

// set128 is a set of positions below 128.
type set128 struct{ lo, hi uint64 }

// and returns a ∩ (b >> 1): a's positions j whose j+1 is in b.
func (a set128) andNext(b set128) set128 {
	return set128{a.lo & (b.lo>>1 | b.hi<<63), a.hi & (b.hi >> 1)}
}

func (a set128) count() int { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// below reports whether a has a position below i.
func (a set128) below(i int) bool {
	if i < 64 {
		return a.lo&(1<<i-1) != 0
	}
	return a.lo != 0 || a.hi&(1<<(i-64)-1) != 0
}

func (a *set128) add(i int) {
	if i < 64 {
		a.lo |= 1 << i
	} else {
		a.hi |= 1 << (i - 64)
	}
}

// bitsFit reports whether every text laid out by off is short enough for
// the bit sets.
func bitsFit(off []int) bool {
	for k := 1; k < len(off); k++ {
		if off[k]-off[k-1] > maxBitsLen {
			return false
		}
	}
	return true
}

// bitOrders writes the statistics of orders 1 to nmax (order indexes o0
// to o0+nmax-1) of items laid out by off against each reference into
// c.rows, as order would, with bit sets; every text must fit (bitsFit).
func (c *counter) bitOrders(o0, nmax int, items []uint32, off []int, ntexts int) {
	hl := off[1] - off[0]
	// Each hypothesis item's number, and the positions of each number in
	// the hypothesis and in each reference: masks[k*nc+code].
	c.tab.reset(hl)
	codes := grow(c.codes, hl)
	for i := range hl {
		key := uint64(items[off[0]+i])
		if key < smallKeys {
			codes[i] = c.tab.internSmall(key)
		} else {
			codes[i] = c.tab.intern(key)
		}
	}
	nc := int(c.tab.next)
	masks := grow(c.masks, nc*ntexts)
	clear(masks)
	for i, code := range codes {
		masks[code].add(i)
	}
	for k := 1; k < ntexts; k++ {
		m := masks[k*nc : (k+1)*nc]
		for j, it := range items[off[k]:off[k+1]] {
			var id uint32
			var ok bool
			if key := uint64(it); key < smallKeys {
				id, ok = c.tab.lookupSmall(key)
			} else {
				id, ok = c.tab.lookup(key)
			}
			if ok {
				m[id].add(j)
			}
		}
	}
	// sets[k*hl+i] is H[i] (k = 0) or reference k's M[i]; first[k*hl+i]
	// is its order-1 set.
	sets := grow(c.sets, 2*ntexts*hl)
	first := sets[ntexts*hl:]
	for k := range ntexts {
		for i, code := range codes {
			first[k*hl+i] = masks[k*nc+int(code)]
		}
	}
	copy(sets[:ntexts*hl], first)
	w := c.p.width()
	matched := true // some reference matched an n-gram of the last order
	for n := 1; n <= nmax; n++ {
		o := o0 + n - 1
		hypLen := max(0, hl-n+1)
		if n > 1 && matched && ntexts == 2 {
			// One reference: order n's sets and the match count in one
			// pass.
			match, refLen := c.bitsPair(sets, first, hl, hypLen), max(0, off[2]-off[1]-n+1)
			r := c.rows[3*o : 3*o+3]
			r[0] = 0
			if refLen > 0 {
				r[0] = int64(hypLen)
			}
			r[1], r[2] = int64(refLen), match
			matched = match > 0
			continue
		}
		if n > 1 && matched {
			// Order n from order n-1, in place: position i reads i+1,
			// not yet updated.
			for k := range ntexts {
				s, f := sets[k*hl:(k+1)*hl], first[k*hl:(k+1)*hl]
				for i := range hypLen {
					s[i] = f[i].andNext(s[i+1])
				}
			}
		}
		any := false
		h := sets[:hl]
		for k := 1; k < ntexts; k++ {
			var match int64
			if matched {
				m := sets[k*hl : (k+1)*hl]
				for i := range hypLen {
					if !h[i].below(i) {
						match += int64(min(h[i].count(), m[i].count()))
					}
				}
			}
			any = any || match > 0
			refLen := max(0, off[k+1]-off[k]-n+1)
			r := c.rows[(k-1)*w+3*o : (k-1)*w+3*o+3]
			r[0] = 0
			if refLen > 0 {
				r[0] = int64(hypLen)
			}
			r[1] = int64(refLen)
			r[2] = match
		}
		// With no match at order n there is none at higher orders.
		matched = any
	}
	c.codes, c.masks, c.sets = codes, masks, sets
}

// bitsPair makes order n's sets of the hypothesis and one reference from
// order n-1's, in place, and returns the clipped match count of the
// hypLen positions that have an n-gram.
func (c *counter) bitsPair(sets, first []set128, hl, hypLen int) int64 {
	h, hf := sets[:hl], first[:hl]
	m, mf := sets[hl:2*hl], first[hl:2*hl]
	var match int64
	for i := range hypLen {
		hi := hf[i].andNext(h[i+1])
		mi := mf[i].andNext(m[i+1])
		h[i], m[i] = hi, mi
		if !hi.below(i) {
			match += int64(min(hi.count(), mi.count()))
		}
	}
	return match
}

package chrf

import "math/bits"

// With one reference, the character orders of a text of any length are
// counted at once by sorting: each character of the hypothesis gets a
// number 1..D (the reference's characters the number of theirs in the
// hypothesis, or D+1 when it has none), and each position of either text
// the key of the nmax characters starting there, b = bits.Len(D+1) bits a
// character, the first highest, 0 past the text's end, and the text in
// the lowest bit. The keys are exact (nmax·b+1 ≤ 64), so after one sort
// the n-grams of every order n are runs of keys equal in their top n
// characters, and one scan counts each run's hypothesis and reference
// positions: a run adds min(hyp, ref) to the match count of its order,
// sacreBLEU's clipped count. A key has an n-gram of order n when its
// n-th character is not 0.

// minSortedLen is the fewest characters, hypothesis and reference
// together, that are counted by sorting rather than with bit sets.
const minSortedLen = 64

// sortedOrders writes the statistics of orders 1 to nmax (order indexes
// o0 to o0+nmax-1) of the hypothesis and the one reference laid out by
// off into c.rows, as order would, and reports whether it could: not when
// the keys would not fit in 64 bits.
func (c *counter) sortedOrders(o0, nmax int, items []uint32, off []int) bool {
	hl, rl := off[1]-off[0], off[2]-off[1]
	if hl+rl == 0 || !fitsLanes(nmax, hl, rl) {
		return false
	}
	c.tab.reset(hl)
	codes := grow(c.codes, hl+rl)
	for i, it := range items[off[0]:off[1]] {
		if key := uint64(it); key < smallKeys {
			codes[i] = c.tab.internSmall(key) + 1
		} else {
			codes[i] = c.tab.intern(key) + 1
		}
	}
	absent := c.tab.next + 1
	b := bits.Len32(absent)
	if nmax*b+1 > 64 {
		c.codes = codes
		return false
	}
	for j, it := range items[off[1]:off[2]] {
		var id uint32
		var ok bool
		if key := uint64(it); key < smallKeys {
			id, ok = c.tab.lookupSmall(key)
		} else {
			id, ok = c.tab.lookup(key)
		}
		codes[hl+j] = absent
		if ok {
			codes[hl+j] = id + 1
		}
	}
	keys := grow(c.keys, hl+rl)
	top := uint(b*(nmax-1) + 1)
	for t, span := range [2][2]int{{0, hl}, {hl, hl + rl}} {
		var k uint64
		for i := span[1] - 1; i >= span[0]; i-- {
			k = (k>>uint(b))&^1 | uint64(codes[i])<<top
			keys[i] = k | uint64(t)
		}
	}
	tmp := grow(c.tmp, len(keys))
	c.keys, c.tmp = keys, tmp
	match := c.countRuns(radixSort(keys, tmp, nmax*b), nmax, b)
	for n := 1; n <= nmax; n++ {
		o := o0 + n - 1
		hypLen, refLen := max(0, hl-n+1), max(0, rl-n+1)
		r := c.rows[3*o : 3*o+3]
		r[0] = 0
		if refLen > 0 {
			r[0] = int64(hypLen)
		}
		r[1], r[2] = int64(refLen), match[n]
	}
	c.codes = codes
	return true
}

// countRuns returns, for each order n from 1 to nmax, the sum over runs of
// keys (sorted, b bits a character) equal in their top n characters of
// min(hypothesis keys, reference keys) among those with an n-gram of
// order n; match[n] is order n's. The counts of all orders are lanes of
// lane bits in a word (fitsLanes), updated without a branch: a key adds 1
// to the lanes of its orders, a change in the top n characters closes the
// runs of orders n and up, their lanes' minimum added to the match lanes.
func (c *counter) countRuns(keys []uint64, nmax, b int) []int64 {
	if c.lanesFor != [2]int{nmax, b} {
		c.lanesFor = [2]int{nmax, b}
		unused := 64 - 1 - nmax*b
		all := uint64(1)<<(lane*nmax) - 1
		for z := range 65 {
			// z leading zeros of the xor of two keys: they share
			// (z-unused)/b characters; z trailing zeros of a key
			// (without its text bit): it lacks z/b characters.
			shared := min(nmax, max(0, z-unused)/b)
			c.closeAt[z] = all &^ (uint64(1)<<(lane*shared) - 1)
			has := max(0, nmax-z/b)
			c.incAt[z] = laneOnes & (uint64(1)<<(lane*has) - 1)
		}
	}
	const high = laneOnes << (lane - 1)
	var hc, rc, mc uint64
	prev := keys[0]
	for _, k := range keys {
		closed := c.closeAt[bits.LeadingZeros64(k^prev)]
		ge := ((hc | high) - rc) & high >> (lane - 1) * (1<<lane - 1) // lanes where hc ≥ rc
		mc += (rc&ge | hc&^ge) & closed
		hc &^= closed
		rc &^= closed
		inc := c.incAt[bits.TrailingZeros64(k>>1)]
		side := k & 1
		hc += inc * (1 - side)
		rc += inc * side
		prev = k
	}
	ge := ((hc | high) - rc) & high >> (lane - 1) * (1<<lane - 1)
	mc += rc&ge | hc&^ge
	match := grow(c.match, nmax+1)
	for n := 1; n <= nmax; n++ {
		match[n] = int64(mc >> (lane * (n - 1)) & (1<<lane - 1))
	}
	c.match = match
	return match
}

// lane is the width in bits of an order's count in countRuns: counts below
// 1<<(lane-1), the top bit of a lane kept free for the comparison.
const lane = 10

// laneOnes has a 1 at the bottom of each of the 6 lanes.
const laneOnes = 1 | 1<<lane | 1<<(2*lane) | 1<<(3*lane) | 1<<(4*lane) | 1<<(5*lane)

// fitsLanes reports whether countRuns can count nmax orders of texts of
// hl and rl characters.
func fitsLanes(nmax, hl, rl int) bool {
	return nmax <= 6 && hl < 1<<(lane-1) && rl < 1<<(lane-1)
}

// radixSort sorts keys by their bits 1 to nbits (bit 0 is ignored), a
// byte at a time, least significant first, with tmp as scratch space of
// the same length, and returns the sorted slice: keys or tmp.
func radixSort(keys, tmp []uint64, nbits int) []uint64 {
	for shift := uint(1); shift < uint(1+nbits); shift += 8 {
		var count [256]int32
		for _, k := range keys {
			count[byte(k>>shift)]++
		}
		var sum int32
		for d, n := range count {
			count[d] = sum
			sum += n
		}
		for _, k := range keys {
			d := byte(k >> shift)
			tmp[count[d]] = k
			count[d]++
		}
		keys, tmp = tmp, keys
	}
	return keys
}

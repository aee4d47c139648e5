package chrf

import "math/bits"

// The character orders of a hypothesis and a reference of up to 32,767
// characters each (and the word orders, the words numbered alike) are
// counted at once by sorting, several references one at a time. Each
// character of the hypothesis gets a number 1..D, a reference's
// character the number of the same character in the hypothesis, or 0
// when it has none. Orders 1 and 2 are counted
// directly, by number and by bigram rank (each distinct bigram of the
// hypothesis numbered in a table of (D+1)² slots).
//
// The higher orders are counted by sorting: each position whose bigram
// both texts have, and which has a third character, gets a key of its
// bigram's rank (16 bits) followed by the next nmax-2 characters (8 bits
// each: D ≤ 255, see sortable; a pair of more is renumbered by
// mergeUnshared if it can), the first highest, 0 past the text's
// end, and the text in the lowest bit. The keys are exact, so once
// sorted the n-grams of every order n ≥ 2 are runs of keys equal in their
// top n characters, the rank counting as two, and one scan counts each
// run's hypothesis and reference positions: a run adds min(hyp, ref) to
// the match count of its order, sacreBLEU's clipped count. A key counts
// as having an n-gram of order n when a character from its n-th on is not
// 0: the 0s at its end are past the text's end. A 0 before a key's last
// character other than 0 is a reference's character that the hypothesis
// lacks; no hypothesis's key is in a run of that order with it, so it
// adds nothing.
//
// The keys are put in order of (bigram rank, third character) by two
// passes of a counting sort, which leaves runs of one trigram, mostly of
// one or two keys, each then sorted by insertion; a run of more keys than
// minCountedRun (a long text, or a character repeated at length) is put
// in order of its fourth character first (sortLongRuns).
//
// A bigram that each text has once, about a third of the positions of
// real text, gets no key: the n-grams that begin with it are at one
// position of each text, so they match up to the order where the two
// texts' next characters first differ, a leading-zeros count of the xor
// of their tails (refKeys).

// minSortedLen bounds the segments counted with bit sets rather than by
// sorting: those of at most minSortedLen characters, hypothesis and
// references together, for each reference.
const minSortedLen = 16

// maxBigramSlots bounds the bigram table, (D+1)² slots of 4 bytes: a text
// of more distinct characters is counted with the hash table.
const maxBigramSlots = 1 << 16

// sortedOrders writes the statistics of orders 1 to nmax (order indexes
// o0 to o0+nmax-1) of the hypothesis's items against one reference's
// into row (the reference's in c.rows), as order would, and reports
// whether it could: not when the counts would not fit runMatches's lanes
// or the hypothesis has more distinct characters than sortable allows,
// even with those the reference lacks merged (mergeUnshared).
func (c *counter) sortedOrders(row []int64, o0, nmax int, hyp, ref []uint32) bool {
	hl, rl := len(hyp), len(ref)
	if hl+rl == 0 || !fitsLanes(nmax, hl, rl) {
		return false
	}
	c.tab.reset(hl)
	codes := grow(c.codes, hl+rl)
	c.codes = codes
	// counts: each character's count in the hypothesis, then in the
	// reference (hl+1 each: d ≤ hl).
	counts := grow(c.counts, 2*(hl+1))
	c.counts = counts
	clear(counts)
	hc, rc := counts[:hl+1], counts[hl+1:]
	d := c.numberHyp(codes[:hl], hyp, hc)
	c.numberRef(codes[hl:], ref, rc)
	if !sortable(d) {
		if d = c.mergeUnshared(codes, hl, d); d == 0 {
			return false
		}
	}
	c.sortedCodes(row, o0, nmax, codes, hl, d)
	return true
}

// sortedRefs is sortedOrders for each reference in turn, the characters
// laid out in c.runes, and reports whether it could count them all.
func (c *counter) sortedRefs(nrefs int) bool {
	w := c.p.width()
	hyp := c.runes[c.roff[0]:c.roff[1]]
	for j := range nrefs {
		if !c.sortedOrders(c.rows[j*w:], 0, c.p.nc, hyp, c.runes[c.roff[j+1]:c.roff[j+2]]) {
			return false
		}
	}
	return true
}

// sortedWordRefs is sortedWords for each reference in turn, the words
// laid out in c.toks, and reports whether it could count them all.
func (c *counter) sortedWordRefs(nrefs int) bool {
	w, hl := c.p.width(), c.toff[1]
	for j := range nrefs {
		codes := c.toks[:c.toff[2]]
		if j > 0 { // the hypothesis's words, then the reference's
			c.pair = append(append(c.pair[:0], c.toks[:hl]...), c.toks[c.toff[j+1]:c.toff[j+2]]...)
			codes = c.pair
		}
		if !c.sortedWords(c.rows[j*w:], codes, hl) {
			return false
		}
	}
	return true
}

// numberHypGo is numberHyp in Go: it numbers the hypothesis's items 1..d
// into codes, counts each number in hc, and returns d.
func (c *counter) numberHypGo(codes, items []uint32, hc []int32) int {
	t := &c.tab
	small, gen, next := t.small, t.gen, t.next
	for i, it := range items {
		var x uint32
		if it < smallKeys {
			// internSmall without a branch: whether a character is new
			// is not predictable.
			s := &small[it]
			fresh := uint32(0)
			if s.gen != gen {
				fresh = 1
			}
			x = s.val&^-fresh | next&-fresh
			*s = smallSlot{val: x, gen: gen}
			next += fresh
		} else {
			t.next = next
			x = t.intern(uint64(it))
			next = t.next
		}
		codes[i] = x + 1
		hc[x+1]++
	}
	t.next = next
	return int(next)
}

// numberRefGo is numberRef in Go: it gives each of a reference's items
// the number of the same item in the hypothesis (numberHyp), 0 when it
// has none, into codes, and counts each number in rc.
func (c *counter) numberRefGo(codes, items []uint32, rc []int32) {
	t := &c.tab
	small, gen := t.small, t.gen
	for j, it := range items {
		var x uint32
		if it < smallKeys {
			s := small[it]
			x = (s.val + 1) & -b2u(s.gen == gen)
		} else if id, ok := t.lookup(uint64(it)); ok {
			x = id + 1
		}
		codes[j] = x
		rc[x]++
	}
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint32 {
	var x uint32
	if b {
		x = 1
	}
	return x
}

// sortable reports whether sortedCodes can count d distinct items: the
// bigram table has room, and a number fits a key's 8 bits.
func sortable(d int) bool {
	return (d+1)*(d+1) <= maxBigramSlots
}

// sortedWords is sortedOrders for the word orders, whose items are
// numbered already (appendWords): codes the hypothesis's hl words, then
// one reference's.
func (c *counter) sortedWords(row []int64, codes []uint32, hl int) bool {
	rl := len(codes) - hl
	d := int(c.words.n)
	if hl+rl == 0 || !fitsLanes(c.p.nw, hl, rl) {
		return false
	}
	counts := grow(c.counts, 2*(hl+1))
	c.counts = counts
	clear(counts)
	hc, rc := counts[:hl+1], counts[hl+1:]
	for _, x := range codes[:hl] {
		hc[x]++
	}
	for _, x := range codes[hl:] {
		rc[x]++
	}
	if !sortable(d) {
		// Renumbered in c.pair: codes may be c.toks, which the next
		// reference needs as it is.
		c.pair = append(c.pair[:0], codes...)
		codes = c.pair
		if d = c.mergeUnshared(codes, hl, d); d == 0 {
			return false
		}
	}
	c.sortedCodes(row, c.p.nc, c.p.nw, codes, hl, d)
	return true
}

// mergeUnshared renumbers the items of a hypothesis of more distinct
// items than sortable allows (d, numbered 1..d in codes[:hl] and counted
// in c.counts, one reference's after them as sortedCodes takes them),
// so that they may fit: the items the reference has keep numbers of
// their own, 1..s in the same order, and every item it lacks shares the
// number s+1. The counts are merged alike. It returns the new number of
// distinct items, s+1, or 0, leaving codes and counts as they were, if
// that is still too many.
//
// No match is lost or made: an n-gram with an item the reference lacks
// matches nothing, whichever of those items it has, and the counts of
// n-grams are counts of positions.
func (c *counter) mergeUnshared(codes []uint32, hl, d int) int {
	hc, rc := c.counts[:hl+1], c.counts[hl+1:]
	shared := 0
	for x := 1; x <= d; x++ {
		shared += int(b2u(rc[x] > 0))
	}
	lacked := uint32(shared + 1)
	if !sortable(int(lacked)) {
		return 0
	}
	remap := grow(c.remap, d+1)
	c.remap = remap
	remap[0] = 0 // a reference's item that the hypothesis lacks
	var lackedN int32
	next := uint32(1)
	for x := 1; x <= d; x++ {
		if rc[x] == 0 {
			remap[x] = lacked
			lackedN += hc[x]
			continue
		}
		// next ≤ x: the counts move down, each read before it is written.
		remap[x] = next
		hc[next], rc[next] = hc[x], rc[x]
		next++
	}
	hc[lacked], rc[lacked] = lackedN, 0
	clear(hc[lacked+1 : d+1])
	clear(rc[lacked+1 : d+1])
	for i, x := range codes {
		codes[i] = remap[x]
	}
	return int(lacked)
}

// sortedCodes is sortedOrders once the items are numbered: codes the
// hypothesis's (hl of them, 1..d) then the reference's (0 for one the
// hypothesis lacks), c.counts each number's count in the hypothesis (hl+1
// of them) then in the reference; row is the reference's in c.rows.
func (c *counter) sortedCodes(row []int64, o0, nmax int, codes []uint32, hl, d int) {
	rl := len(codes) - hl
	hc, rc := c.counts[:hl+1], c.counts[hl+1:]
	var match [7]int64 // by order; fitsLanes: nmax ≤ 6
	match[1] = sumMin(hc[:d+1], rc[:d+1])
	if nmax >= 2 {
		var ranks int
		match[2], ranks = c.bigrams(codes, hl, d, nmax >= 3)
		if nmax >= 3 {
			lanes := c.higherOrders(codes, hl, d, nmax, ranks)
			for o := 3; o < len(match); o++ {
				match[o] = int64(lanes >> (lane * (o - 3)) & (1<<lane - 1))
			}
		}
	}
	for n := 1; n <= nmax; n++ {
		o := o0 + n - 1
		hypLen, refLen := max(0, hl-n+1), max(0, rl-n+1)
		r := row[3*o : 3*o+3]
		r[0] = 0
		if refLen > 0 {
			r[0] = int64(hypLen)
		}
		r[1], r[2] = int64(refLen), match[n]
	}
}

// bigrams numbers the bigrams of the hypothesis 1..ranks, leaves in
// c.bigram the number of the bigram at each position (0 for none, or one
// the hypothesis lacks) and, if info (for the higher orders), in
// c.bigramInfo each number's keys, and returns the clipped match count
// of order 2.
func (c *counter) bigrams(codes []uint32, hl, d int, info bool) (match int64, ranks int) {
	w := uint32(d + 1)
	size := int(w * w)
	if len(c.slots) < size {
		// Doubling, as the distinct characters of the texts seen grow
		// one by one.
		n := 1024
		for n < size {
			n *= 2
		}
		c.slots = newTable[uint32](n)
		c.slotGen = 0
	}
	c.slotGen++
	if c.slotGen == 1<<16 {
		clear(c.slots)
		c.slotGen = 1
	}
	rank := grow(c.bigram, len(codes))
	c.bigram = rank
	counts := grow(c.counts, 2*(hl+1))
	c.counts = counts
	clear(counts)
	hc, rc := counts[:hl+1], counts[hl+1:]
	slots := c.slots[:size]
	next := hypBigrams(rank[:hl], codes[:hl], slots, hc, w, c.slotGen<<16)
	refBigrams(rank[hl:], codes[hl:], slots, rc, w, c.slotGen<<16)
	if !info {
		return sumMin(hc[:next], rc[:next]), int(next) - 1
	}
	bi := grow(c.bigramInfo, int(next))
	c.bigramInfo = bi
	bi[0] = bigramInfo{}
	match = bigramKeys(bi, hc, rc)
	return match, int(next) - 1
}

// hypBigramsGo is hypBigrams in Go: it numbers the bigrams of the
// hypothesis's codes from 1 in slots (generation gen, (d+1)² of them, w
// = d+1), writes each position's number to rank (0 for the last), counts
// them in hc, and returns the next number.
func hypBigramsGo(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32 {
	next := uint32(1)
	if len(codes) == 0 {
		return next
	}
	rank = rank[:len(codes)]
	for i := 0; i+1 < len(codes); i++ {
		// Without a branch: whether the bigram is new is not predictable.
		s := &slots[codes[i]*w+codes[i+1]]
		v, fresh := *s&0xffff, b2u(*s&^0xffff != gen)
		v = v&^-fresh | next&-fresh
		*s = gen | v
		next += fresh
		rank[i] = v
		hc[v]++
	}
	rank[len(codes)-1] = 0
	return next
}

// refBigramsGo is refBigrams in Go: it writes to rank the number of the
// bigram at each position of a reference's codes in the hypothesis's
// slots (hypBigrams), 0 where the hypothesis lacks it and for the last,
// and counts them in rc.
func refBigramsGo(rank, codes, slots []uint32, rc []int32, w, gen uint32) {
	if len(codes) == 0 {
		return
	}
	rank = rank[:len(codes)]
	for j := 0; j+1 < len(codes); j++ {
		// A code of 0 (a character the hypothesis lacks) has no slot of
		// the hypothesis's: slots (0, x) and (x, 0) are never written.
		s := slots[codes[j]*w+codes[j+1]]
		r := s & 0xffff & -b2u(s&^0xffff == gen)
		rank[j] = r
		rc[r]++
	}
	rank[len(codes)-1] = 0
}

// minCountedRun is the fewest keys of one trigram that sortLongRuns puts
// in order of their fourth character before insertionSort takes them,
// and maxInsertionRun the most of one 4-gram that it leaves to
// insertionSort.
const (
	minCountedRun   = 24
	maxInsertionRun = 64
)

// higherOrders returns the clipped match counts of orders 3 to nmax, in
// lanes as runMatches returns them (0 in the lanes of higher orders):
// those of the bigrams each text has once from their tails (refKeys), the
// others' by sorting the keys of the positions whose bigram (numbered
// 1..ranks in c.bigram) both texts have, with c.bigramInfo as bigrams
// leaves it. The keys are put in order of (bigram, third character) by
// two passes of a counting sort, which leaves runs of the same trigram,
// most of one or two keys, to sort by insertion.
func (c *counter) higherOrders(codes []uint32, hl, d, nmax, ranks int) uint64 {
	if hl < 3 || len(codes)-hl < 3 {
		return 0 // no trigram in one text
	}
	rank, info := c.bigram, c.bigramInfo[:ranks+1]
	// The last two positions of a text have no third character, so no
	// key: keys then counts the keys of each bigram.
	info[rank[hl-2]].keys -= min(info[rank[hl-2]].keys, 1)
	info[rank[len(codes)-2]].keys -= min(info[rank[len(codes)-2]].keys, 1)
	t := c.lanes[nmax]
	if t == nil {
		t = newLaneTables(nmax)
		c.lanes[nmax] = t
	}
	keys := grow(c.keys, len(codes))
	c.keys = keys
	info[rank[hl-2]].tail = 0 // no third character
	byThird := &c.byThird
	clear(byThird[:d+1])
	mask := tailMask(nmax)
	n := hypKeys(keys, codes[:hl], rank[:hl], info, byThird, mask)
	n, lanes := refKeys(keys, n, codes[hl:], rank[hl:], info, byThird, t, mask)
	keys = keys[:n]
	if n == 0 {
		return lanes
	}
	tmp := grow(c.tmp, n)
	sorted := grow(c.sorted, n)
	c.tmp, c.sorted = tmp, sorted
	var sum int32
	for x, m := range byThird[:d+1] {
		byThird[x] = sum
		sum += m
	}
	for _, k := range keys {
		x := uint8(k >> (1 + tailBits - 8))
		tmp[byThird[x]] = k
		byThird[x]++
	}
	// A reference's key whose third character the hypothesis lacks (0)
	// has no match past order 2: those keys, first in tmp, are dropped.
	z := byThird[0]
	for _, k := range tmp[:z] {
		info[k>>rankShift].keys--
	}
	tmp, sorted = tmp[z:], sorted[:n-int(z)]
	if len(sorted) == 0 {
		return lanes
	}
	sum = 0
	longest := int32(0)
	for r := range info {
		m := info[r].keys
		info[r].keys = sum
		sum += m
		longest = max(longest, m)
	}
	for _, k := range tmp {
		r := k >> rankShift
		sorted[info[r].keys] = k
		info[r].keys++
	}
	if longest > minCountedRun {
		sortLongRuns(sorted, tmp, d)
	}
	insertionSort(sorted)
	// A lane's two counts together are at most the text's length: no
	// carry into the next lane.
	return lanes + runMatches(sorted, t)
}

// The layout of a key: the bigram's number in bits 33 to 48, the next
// characters in bits 1 to 32, 8 bits each, the first highest, and the
// text in bit 0.
const (
	tailBits  = 32           // four characters
	rankShift = 1 + tailBits // where the bigram's number starts
	maxTail   = tailBits / 8 // characters after the bigram: nmax ≤ 6
)

// tailMask returns the mask of the nmax-2 characters after a bigram in a
// key's tailBits.
func tailMask(nmax int) uint64 {
	return (1<<tailBits - 1) &^ (1<<(8*(maxTail-(nmax-2))) - 1)
}

// bigramInfo is what sorted.go knows of a bigram of the hypothesis.
type bigramInfo struct {
	// keys is the number of keys of the bigram, its count in both texts
	// if they both have it, more than once between them, else 0; then
	// where its keys go in sorted order. Of a bigram a reference has, 0
	// keys means that each text has it once.
	keys int32
	tail uint64 // the hypothesis's characters after it (hypKeys)
}

// sumMinGo is sumMin in Go: it returns the sum of min(hc[x], rc[x]) for x
// from 1 (0 counts what the hypothesis lacks) to len(hc)-1, rc having as
// many counts at least: the clipped match count of the items or bigrams
// that hc and rc count.
func sumMinGo(hc, rc []int32) int64 {
	var match int64
	for x := 1; x < len(hc); x++ {
		match += int64(min(hc[x], rc[x]))
	}
	return match
}

// bigramKeysGo is bigramKeys in Go: it sets the keys of info[1:], the
// bigrams numbered 1..len(info)-1 (their counts in hc and rc, hc's at
// least 1), as bigramInfo says, and returns the clipped match count of
// order 2, the sum of their min(hc, rc).
func bigramKeysGo(info []bigramInfo, hc, rc []int32) int64 {
	var match int64
	for r := 1; r < len(info); r++ {
		h, f := hc[r], rc[r]
		match += int64(min(h, f))
		one := b2u(h|f == 1) // h ≥ 1
		info[r].keys = (h + f) & -min(f, 1) & (int32(one) - 1)
	}
	return match
}

// hypKeysGo is hypKeys in Go: it writes to keys the keys (see the overview) of the positions of
// the hypothesis, codes and rank its characters and bigrams, that have a
// third character and a bigram the reference has, more than once between
// them (keys in info not 0), counts them by third character in byThird,
// and returns how many. It leaves in info's tail the characters after
// each bigram (mask, tailMask's), as in a key: refKeys reads those of the
// bigrams each text has once.
func hypKeysGo(keys []uint64, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, mask uint64) int {
	e := len(codes)
	rank = rank[:e]
	// k: the characters from p on, the first highest; k1 and k2 from p+1
	// and p+2.
	k1 := uint64(codes[e-1]) << (tailBits - 8) & mask
	k := (k1>>8 | uint64(codes[e-2])<<(tailBits-8)) & mask
	n := 0
	for p := e - 3; p >= 0; p-- {
		k2 := k1
		k1 = k
		k = (k>>8 | uint64(codes[p])<<(tailBits-8)) & mask
		r := rank[p]
		keys[n] = uint64(r)<<rankShift | k2<<1
		bi := &info[r]
		bi.tail = k2
		ok := min(bi.keys, 1)
		n += int(ok)
		byThird[uint8(codes[p+2])] += ok
	}
	return n
}

// refKeysGo is refKeys in Go, hypKeysGo for the reference: it writes the
// keys from n on, but for the bigrams each text has once (no keys): the
// n-grams that begin with such a bigram are in no other text's position,
// so they match as far as the characters after the bigram agree with the
// hypothesis's (tail), and refKeys returns their match counts as lanes,
// with the new n. A position whose bigram the hypothesis lacks has number
// 0, whose info has no keys and no tail, which matches nothing.
func refKeysGo(keys []uint64, n int, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, t *laneTables, mask uint64) (int, uint64) {
	e := len(codes)
	rank = rank[:e]
	k1 := uint64(codes[e-1]) << (tailBits - 8) & mask
	k := (k1>>8 | uint64(codes[e-2])<<(tailBits-8)) & mask
	var lanes uint64
	for p := e - 3; p >= 0; p-- {
		k2 := k1
		k1 = k
		k = (k>>8 | uint64(codes[p])<<(tailBits-8)) & mask
		r := rank[p]
		keys[n] = uint64(r)<<rankShift | k2<<1 | 1
		bi := &info[r]
		ok := min(bi.keys, 1)
		once := uint64(ok) - 1
		lanes += t.sameAt[bits.LeadingZeros64(bi.tail^k2)&127] & t.hasAt[bits.TrailingZeros64(bi.tail)&127] & once
		n += int(ok)
		byThird[uint8(codes[p+2])] += ok
	}
	return n, lanes
}

// insertionSort sorts keys, which are in order of the bits above the
// characters after the third, by insertion: the keys of one trigram. A
// key out of order with those before is most often in a run of two or
// three, so its first two steps are made without a branch, on the last
// two keys held in registers: reading back keys just stored would wait
// on the stores.
func insertionSort(keys []uint64) {
	if len(keys) < 2 {
		return
	}
	// a and b are keys[i-2] and keys[i-1]: every key before them is at
	// most a.
	a, b := min(keys[0], keys[1]), max(keys[0], keys[1])
	for i := 2; i < len(keys); i++ {
		k := keys[i]
		b, k = min(b, k), max(b, k)
		a, b = min(a, b), max(a, b)
		keys[i-2] = a
		if i >= 3 && keys[i-3] > a {
			j := i - 2
			for j > 0 && keys[j-1] > a {
				keys[j] = keys[j-1]
				j--
			}
			keys[j] = a
		}
		a, b = b, k
	}
	keys[len(keys)-2], keys[len(keys)-1] = a, b
}

// laneTables are runMatches's and refKeys's tables for nmax orders.
type laneTables struct {
	// closeAt[z], for z leading zeros of the xor of two keys, has ones
	// in the lanes of the orders whose runs differ; incAt[z], for z
	// trailing zeros of a key without its text bit, has a 1 at the bottom
	// of the lanes of the orders it has an n-gram of. 128 entries, for
	// indexes masked by 127 instead of checked.
	closeAt, incAt [128]uint64
	// For the characters after a bigram (nmax-2 of them, as in a key
	// but alone): sameAt[z], for z leading zeros of the xor of two,
	// has a 1 at the bottom of the lanes of the orders from 3 up to which
	// they agree; hasAt[z], for z trailing zeros of a hypothesis's, of
	// the orders from 3 it has.
	sameAt, hasAt [128]uint64
}

func newLaneTables(nmax int) *laneTables {
	t := new(laneTables)
	orders := func(from, to int) uint64 { // lanes of orders from..to, but 1 and 2
		from = max(from, 3)
		if to < from {
			return 0
		}
		return laneOnes & (uint64(1)<<(lane*(to-2)) - 1) &^ (uint64(1)<<(lane*(from-3)) - 1)
	}
	for z := range 65 {
		// Two keys of z leading zeros in their xor share two characters
		// (their bigram) and (z-31)/8 more, unless z < 31: their bigrams
		// differ. A key with z trailing zeros past its text bit lacks
		// z/8 of the 4 characters after its bigram.
		shared := 0
		if z >= 64-rankShift {
			shared = min(nmax, 2+(z-(64-rankShift))/8)
		}
		t.closeAt[z] = orders(shared+1, nmax) * (1<<lane - 1) // whole lanes
		t.incAt[z] = orders(1, min(nmax, 2+maxTail-min(z/8, maxTail)))
		// Tails alone, in the low tailBits.
		same := min(nmax-2, max(0, z-(64-tailBits))/8)
		t.sameAt[z] = orders(3, 2+same)
		t.hasAt[z] = orders(3, 2+min(nmax-2, maxTail-min(z/8, maxTail)))
	}
	return t
}

// runMatchesGo is runMatches in Go: it returns, in the lane of each order n, the sum over runs of
// keys (sorted, with t for their orders) equal in their top n characters
// of min(hypothesis keys, reference keys) among those with an n-gram of
// order n. The counts of all orders are lanes of
// lane bits in a word (fitsLanes), updated without a branch: a key adds 1
// to the lanes of its orders, a change in the top n characters closes the
// runs of orders n and up, their lanes' minimum added to the match lanes.
func runMatchesGo(keys []uint64, t *laneTables) uint64 {
	closeAt, incAt := &t.closeAt, &t.incAt
	var hc, rc, mc uint64
	prev := keys[0]
	for _, k := range keys {
		closed := closeAt[bits.LeadingZeros64(k^prev)&127]
		// ge: the lanes where hc ≥ rc, but for their top bit, which is 0
		// in both.
		ge := ((hc | high) - rc) & high
		ge -= ge >> (lane - 1)
		mc += (rc&ge | hc&^ge) & closed
		hc &^= closed
		rc &^= closed
		inc := incAt[bits.TrailingZeros64(k>>1)&127]
		ref := -(k & 1)
		hc += inc &^ ref
		rc += inc & ref
		prev = k
	}
	ge := ((hc | high) - rc) & high
	ge -= ge >> (lane - 1)
	return mc + (rc&ge | hc&^ge)
}

// lane is the width in bits of an order's count in runMatches: counts below
// 1<<(lane-1), the top bit of a lane kept free for the comparison. The
// lanes are those of orders 3 to 6, from the lowest bits up: orders 1
// and 2 are counted apart (sortedCodes).
const lane = 16

// laneOnes has a 1 at the bottom of each of the 4 lanes, and high at the
// top.
const (
	laneOnes = 1 | 1<<lane | 1<<(2*lane) | 1<<(3*lane)
	high     = laneOnes << (lane - 1)
)

// fitsLanes reports whether runMatches can count nmax orders of texts of
// hl and rl characters.
func fitsLanes(nmax, hl, rl int) bool {
	return nmax <= 6 && hl < 1<<(lane-1) && rl < 1<<(lane-1)
}

// sortLongRuns sorts in part each run of keys of one trigram (in keys,
// in order of bigram and third character) of more than minCountedRun
// keys, with tmp as scratch space of the same length and d the number of
// characters: insertionSort, left with the rest, takes time quadratic in
// a run's keys, and a long text repeats its common trigrams. It compares
// keys minCountedRun/2 apart, every minCountedRun/2 keys: a run of
// minCountedRun keys or more holds such a pair.
func sortLongRuns(keys, tmp []uint64, d int) {
	const step = minCountedRun / 2
	var count [256]int32
	for i := 0; i+step < len(keys); i += step {
		top := keys[i] >> trigramShift
		if keys[i+step]>>trigramShift != top {
			continue
		}
		start, end := i, i+step+1
		for start > 0 && keys[start-1]>>trigramShift == top {
			start--
		}
		for end < len(keys) && keys[end]>>trigramShift == top {
			end++
		}
		if end-start > minCountedRun {
			sortRun(keys[start:end], tmp[start:end], count[:d+1])
		}
		i = end - step // on from the run's end
	}
}

// sortRun puts a run of keys of one trigram in order of the character
// after it (its fourth; 0 to d, count's length) by counting, leaving runs
// of one 4-gram, or sorts it by radix if one 4-gram has more than
// maxInsertionRun keys (a character repeated at length). tmp is scratch
// space of run's length.
func sortRun(run, tmp []uint64, count []int32) {
	clear(count)
	for _, k := range run {
		count[uint8(k>>(trigramShift-8))]++
	}
	var sum, most int32
	for c, n := range count {
		count[c] = sum
		sum += n
		most = max(most, n)
	}
	if most > maxInsertionRun {
		if s := radixSort(run, tmp, trigramShift-1); &s[0] != &run[0] {
			copy(run, s)
		}
		return
	}
	for _, k := range run {
		c := uint8(k >> (trigramShift - 8))
		tmp[count[c]] = k
		count[c]++
	}
	copy(run, tmp)
}

// trigramShift is where a key's bigram and third character start: the
// bits below are the characters after them, and the text.
const trigramShift = rankShift - 8

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

package ja

// MeCab 0.996's analysis of one line (tokenizer.cpp's lookup, viterbi.cpp's
// viterbi and connect), reproduced step for step: which nodes are proposed
// at each byte offset, in which order, and the Viterbi search with MeCab's
// strict "<" over its linked lists, so that ties go where MeCab sends them.

import "math"

// maxGroupingSize is MeCab's DEFAULT_MAX_GROUPING_SIZE: a run of characters
// of one category is proposed as a single unknown word only if it has at
// most 1+24 characters.
const maxGroupingSize = 24

// node is a word in the lattice: the surface s[begin:end], its entry and,
// once connected, the cost of the best path to it and its predecessor.
type node struct {
	begin, end  int32
	left, right uint16
	wcost       int16
	prev        int32 // best predecessor (index in lattice.nodes)
	enext       int32 // next node ending where this one ends, or -1
	cost        int64
}

// lattice is the scratch space of one analysis, reused across lines.
type lattice struct {
	nodes []node
	// endHead[i] is the last node connected that ends at byte offset i (the
	// head of MeCab's end_node_list[i]), or -1.
	endHead []int32
	path    []int32
	// runEnd[b], when not 0, is where the run of compatible characters
	// that follows the character at byte b ends, and runLen[b] the number of
	// characters in it after that one (at most 255). A run is scanned once:
	// MeCab rescans it from every character, which is quadratic in its
	// length (bounded there by its 65,535-byte window).
	runEnd []int32
	runLen []uint8
	// whole keeps every node of the line (no cut): the tests' reference.
	whole bool
	// The scratch space of compact (compact.go): the nodes' new indices,
	// their numbers of children kept and a child; done is the offset up to
	// which endHead is cleared, and next the number of nodes at which
	// compact runs again.
	remap, kids, child []int32
	done, next         int
}

// analyze appends to dst the surfaces of MeCab's best path through s.
func (l *lattice) analyze(d *dictionary, dst []string, s string) []string {
	n := len(s)
	if n == 0 {
		return dst
	}
	l.nodes = append(l.nodes[:0], node{prev: -1, enext: -1}) // BOS
	if cap(l.endHead) < n+1 {
		l.endHead = make([]int32, n+1)
	}
	l.endHead = l.endHead[:n+1]
	for i := range l.endHead {
		l.endHead[i] = -1
	}
	if cap(l.runEnd) < n+1 {
		l.runEnd, l.runLen = make([]int32, n+1), make([]uint8, n+1)
	}
	l.runEnd, l.runLen = l.runEnd[:n+1], l.runLen[:n+1]
	clear(l.runEnd)
	l.endHead[0] = 0
	reach := 0 // the furthest end of a node made so far
	l.done, l.next = 0, minCompact
	for pos := 0; pos < n; pos++ {
		if l.endHead[pos] < 0 {
			continue
		}
		if reach == pos && pos > 0 && l.nodes[l.endHead[pos]].enext < 0 && !l.whole {
			dst = l.cut(dst, s, pos)
		}
		if len(l.nodes) >= l.next && !l.whole {
			dst = l.compact(dst, s, pos, reach)
			l.next = max(2*len(l.nodes), minCompact)
		}
		k0 := len(l.nodes)
		l.lookup(d, s, pos)
		// MeCab prepends each new node to its list, so it connects them
		// last proposed first.
		for k := len(l.nodes) - 1; k >= k0; k-- {
			r := &l.nodes[k]
			r.cost, r.prev = l.best(d, pos, r.left, r.wcost)
			r.enext = l.endHead[r.end]
			l.endHead[r.end] = int32(k)
			reach = max(reach, int(r.end))
		}
	}
	// EOS connects to the nodes ending at the last offset where any does.
	pos := n
	for l.endHead[pos] < 0 {
		pos--
	}
	_, last := l.best(d, pos, 0, 0)
	l.path = l.path[:0]
	for k := last; k > 0; k = l.nodes[k].prev {
		l.path = append(l.path, k)
	}
	for i := len(l.path) - 1; i >= 0; i-- {
		nd := &l.nodes[l.path[i]]
		dst = append(dst, s[nd.begin:nd.end])
	}
	return dst
}

// cut is called at offset pos where every path of the lattice passes
// through one node: it is the only node ending at pos and none made so far
// ends beyond pos. The best path's part up to that node is then decided
// (every later cost is its cost plus the same amounts, and the nodes after
// pos and their order do not depend on the nodes before), so cut appends
// its surfaces to dst and forgets the nodes before, leaving that node as
// the lattice's first, in BOS's place. The nodes held are thus those since
// the last such offset, not those of the whole line: a long line of
// ordinary text takes a few bytes of lattice per byte, not hundreds.
func (l *lattice) cut(dst []string, s string, pos int) []string {
	k := l.endHead[pos]
	l.path = l.path[:0]
	for j := k; j > 0; j = l.nodes[j].prev {
		l.path = append(l.path, j)
	}
	for i := len(l.path) - 1; i >= 0; i-- {
		nd := &l.nodes[l.path[i]]
		dst = append(dst, s[nd.begin:nd.end])
	}
	kept := l.nodes[k]
	kept.prev, kept.enext = -1, -1
	l.nodes = append(l.nodes[:0], kept)
	l.endHead[pos] = 0
	return dst
}

// best returns the cheapest connection of a node with the given left id and
// word cost to the nodes ending at pos, and that node: the first of equal
// ones in MeCab's list order (last connected first).
//
// MeCab starts from a best cost of 2^31-1 and fails on longer paths
// ("too long sentence"); here the costs are 64-bit and never fail.
func (l *lattice) best(d *dictionary, pos int, left uint16, wcost int16) (int64, int32) {
	bestCost, bestNode := int64(math.MaxInt64), int32(-1)
	row := d.matrix[int(left)*numContextIDs : int(left+1)*numContextIDs]
	for j := l.endHead[pos]; j >= 0; {
		ln := &l.nodes[j]
		c := ln.cost + int64(row[ln.right]) + int64(wcost)
		if c < bestCost {
			bestCost, bestNode = c, j
		}
		j = ln.enext
	}
	return bestCost, bestNode
}

// lookup appends the nodes MeCab proposes at byte offset pos, in the order
// MeCab creates them: it skips SPACE characters, then proposes the
// dictionary words starting there (shortest first), then, unless a word was
// found and the character's category is not INVOKE, unknown words: the run
// of characters of compatible categories if GROUP (and at most 25
// characters long), and the words of 1..LENGTH such characters.
//
// Nodes that would end past the end of s (MeCab makes them when only spaces
// are left; they are never on a path) are not made.
func (l *lattice) lookup(d *dictionary, s string, pos int) {
	n := len(s)
	c, ci, mblen := d.space, charInfo{}, 0
	p := pos
	for p != n {
		ci, mblen = d.charAt(s, p)
		if c.types&ci.types == 0 {
			break
		}
		p += mblen
		c = ci
	}
	begin := p
	k0 := len(l.nodes)
	l.lookupWords(d, s, begin)
	if len(l.nodes) > k0 && !ci.invoke {
		return
	}
	q := begin + mblen
	if q > n {
		return
	}
	groupEnd := -1
	if ci.group {
		g, clen := l.run(d, s, begin, q, ci)
		if clen <= maxGroupingSize {
			l.addUnknown(d, ci.cat, begin, g)
		}
		groupEnd = g
	}
	for i := 1; i <= int(ci.length); i++ {
		if q > n {
			break
		}
		if q == groupEnd {
			continue // as MeCab: no longer words either
		}
		l.addUnknown(d, ci.cat, begin, q)
		f, m := d.charAt(s, q)
		if ci.types&f.types == 0 {
			break
		}
		q += m
	}
	if len(l.nodes) == k0 {
		l.addUnknown(d, ci.cat, begin, q)
	}
}

// run returns the end of the run of characters that follows the character
// s[begin:q] of category information ci, each compatible with (sharing a
// category with) the one before it, and the number of characters in the
// run, as MeCab's seekToOtherType finds them, with runs of more than 255
// characters counted as 255.
func (l *lattice) run(d *dictionary, s string, begin, q int, ci charInfo) (int, int) {
	if e := l.runEnd[begin]; e != 0 {
		return int(e), int(l.runLen[begin])
	}
	n := len(s)
	g, c, k := q, ci, 0
	for g != n {
		f, m := d.charAt(s, g)
		if c.types&f.types == 0 {
			break
		}
		g += m
		k++
		c = f
	}
	// The scan from any character of the run continues exactly as this
	// one did after that character: remember the answer for each.
	l.runEnd[begin], l.runLen[begin] = int32(g), uint8(min(k, 255))
	for b, left := q, k-1; b < g; left-- {
		_, m := d.charAt(s, b)
		l.runEnd[b], l.runLen[b] = int32(g), uint8(min(left, 255))
		b += m
	}
	return g, min(k, 255)
}

// addUnknown appends the unknown words of category cat for s[begin:end].
func (l *lattice) addUnknown(d *dictionary, cat uint8, begin, end int) {
	for _, e := range d.unk[cat] {
		l.nodes = append(l.nodes, node{begin: int32(begin), end: int32(end), left: e.left, right: e.right, wcost: e.cost})
	}
}

// lookupWords appends the dictionary words that are prefixes of s[begin:],
// shortest first, each surface's entries in dictionary order. It walks
// kagome-dict's double array with the six code points of swapAt exchanged
// and stops at a NUL byte, which no word contains.
func (l *lattice) lookupWords(d *dictionary, s string, begin int) {
	da := d.da.Da
	size := len(da)
	p := 0
	for i := begin; i < len(s); {
		rep, adv := s[i:i+1], 1
		if swapLead[s[i]] {
			if r, n := swapAt(s, i); n > 0 {
				rep, adv = r, n
			}
		}
		for j := 0; j < len(rep); j++ {
			b := rep[j]
			if b == 0 {
				return
			}
			q := int(da[p].Base) + int(b)
			if uint(q) >= uint(size) || int(da[q].Check) != p {
				return
			}
			p = q
		}
		i += adv
		t := int(da[p].Base) // + the terminator 0
		if uint(t) < uint(size) && int(da[t].Check) == p && da[t].Base <= 0 {
			first := int(-da[t].Base)
			for k := first; k < first+int(d.count[first]); k++ {
				e := d.entries[k]
				l.nodes = append(l.nodes, node{begin: int32(begin), end: int32(i), left: e.left, right: e.right, wcost: e.cost})
			}
		}
	}
}

// swapLead marks the first bytes of the code points swapAt exchanges.
var swapLead = [256]bool{0xC2: true, 0xE2: true, 0xE3: true, 0xEF: true}

// swapAt returns the UTF-8 encoding of the code point paired with the one at
// s[i] and the length of the latter, if it is one of the six pairs kagome-dict
// and MeCab's dictionary disagree on (see dict.go), or ("", 0).
func swapAt(s string, i int) (string, int) {
	switch s[i] {
	case 0xC2:
		if i+1 < len(s) {
			switch s[i+1] {
			case 0xA2:
				return "\uFFE0", 2 // ¢ → ￠
			case 0xA3:
				return "\uFFE1", 2 // £ → ￡
			case 0xAC:
				return "\uFFE2", 2 // ¬ → ￢
			}
		}
	case 0xE2, 0xE3, 0xEF:
		if i+2 < len(s) && (s[i+1] == 0x80 || s[i+1] == 0x88 || s[i+1] >= 0xBC) {
			switch s[i : i+3] {
			case "\u301C":
				return "\uFF5E", 3
			case "\uFF5E":
				return "\u301C", 3
			case "\u2016":
				return "\u2225", 3
			case "\u2225":
				return "\u2016", 3
			case "\u2212":
				return "\uFF0D", 3
			case "\uFF0D":
				return "\u2212", 3
			case "\uFFE0":
				return "\u00A2", 3
			case "\uFFE1":
				return "\u00A3", 3
			case "\uFFE2":
				return "\u00AC", 3
			}
		}
	}
	return "", 0
}

// charAt returns MeCab's category information for the character at s[p]
// and its length in bytes, decoding as MeCab's utf8_to_ucs2 does: no
// validation, characters outside the BMP (and 5- and 6-byte sequences) all
// code 0, an incomplete sequence one byte of code 0. At the end of s it
// returns what MeCab reads there, the NUL terminator.
func (d *dictionary) charAt(s string, p int) (charInfo, int) {
	if p >= len(s) {
		return d.chars[0], 1
	}
	b0, rest := s[p], len(s)-p
	switch {
	case b0 < 0x80:
		return d.chars[b0], 1
	case rest >= 2 && b0&0xE0 == 0xC0:
		return d.chars[uint16(b0&0x1F)<<6|uint16(s[p+1]&0x3F)], 2
	case rest >= 3 && b0&0xF0 == 0xE0:
		return d.chars[uint16(b0&0x0F)<<12|uint16(s[p+1]&0x3F)<<6|uint16(s[p+2]&0x3F)], 3
	case rest >= 4 && b0&0xF8 == 0xF0:
		return d.chars[0], 4
	case rest >= 5 && b0&0xFC == 0xF8:
		return d.chars[0], 5
	case rest >= 6 && b0&0xFE == 0xFC:
		return d.chars[0], 6
	}
	return d.chars[0], 1
}

package ngram

import (
	"math/bits"
	"slices"

	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts long hypotheses by lists of positions.

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
// lists: measured with BenchmarkLongRegimes, documents of words need 0.5 to
// 4 entries a word and are faster by lists, and char tokens counted by
// this package, whose characters recur 5 to 20 times, are faster by tables
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
func (c *Counter) positional() bool {
	if len(c.hypIDs) > maxPositional || len(c.hypIDs) > positionalWork*int(c.nWords) {
		return false
	}
	var work int
	for x, w := range c.refLive {
		for ; w != 0; w &= w - 1 {
			j := x<<6 | bits.TrailingZeros64(w)
			if next := c.refIDs[j+1]; next != noID {
				work += int(min(c.hypCnt[c.refIDs[j]], c.hypCnt[next]))
			}
		}
	}
	return work <= positionalWork*(len(c.hypIDs)+len(c.refIDs))
}

// posSpan is where a word's positions are in Counter.posList.
type posSpan struct{ lo, hi int32 }

// posSentinel pads the hypothesis's ids for finishPositional: it is no
// word's id and not noID, which refIDs holds.
const posSentinel = noID - 1

// positionLists returns the positions of each hypothesis word, in order
// (word id i's are list[spans[i].lo:spans[i].hi]), and the hypothesis's
// and references' ids with order-1 entries past their ends that match
// nothing (posSentinel and noID), so that the positions of a list need no
// bounds test. The slices are c's, grown.
func (c *Counter) positionLists(order int) (spans []posSpan, list []int32, ids, refs []uint32) {
	h, nw := len(c.hypIDs), int(c.nWords)
	spans = slices.Grow(c.posSpan[:0], nw)[:nw]
	at := int32(0)
	for i, n := range c.hypCnt[:nw] {
		spans[i] = posSpan{at, at}
		at += n
	}
	list = slices.Grow(c.posList[:0], h)[:h]
	for p, id := range c.hypIDs {
		sp := &spans[id]
		list[sp.hi] = int32(p)
		sp.hi++
	}
	ids = c.hypIDs
	for range order - 1 {
		ids = append(ids, posSentinel)
	}
	c.hypIDs = ids[:h]
	refs = c.refIDs
	for range order - 1 {
		refs = append(refs, noID)
	}
	c.refIDs = refs[:len(c.refIDs)]
	return spans, list, ids, refs
}

// finishPositional is finish for orders 2 and above, by lists of
// positions (see "Positions instead of n-gram tables"). The counts of the
// n-grams of order k+1 whose lowest hypothesis position is p are at
// nWords + (k-1)*len(hyp) + p in hypCnt, refMax and refCounts. The
// loop over the references' positions is one function, longer than most,
// so that its slices and counts stay in registers.
func (c *Counter) finishPositional(st *Segment) {
	order, h, nw := len(st.Matches), len(c.hypIDs), int(c.nWords)
	c.needCounts(nw + (order-1)*h)
	spans, list, ids, refs := c.positionLists(order)
	buf := slices.Grow(c.posBuf[:0], h)[:h]
	hc, cnt := c.hypCnt, c.refCounts()
	end := nw + (order-1)*h
	from := 0
	for _, to := range c.refEnd {
		for x := from >> 6; x<<6 < to; x++ {
			bw := c.refLive[x]
			if !c.only {
				bw &= span(x, from, to) // the other references' bits
			}
			for bw != 0 {
				j := x<<6 | bits.TrailingZeros64(bw)
				bw &= bw - 1
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
					m := swar.B2I(ids[p] == w)
					if order == 4 {
						// Unrolled: the three orders' matches do not wait
						// for one another's stores.
						r := refs[j+1 : j+4]
						m1 := int32(m & swar.B2I(ids[p+1] == r[0]))
						m2 := m1 & int32(swar.B2I(ids[p+2] == r[1]))
						m3 := m2 & int32(swar.B2I(ids[p+3] == r[2]))
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
						m &= swar.B2I(ids[p+k] == refs[int(j)+k])
						hc[i] |= int32(m)
						cnt[i] += int32(m)
					}
					continue
				}
				n := bigramPositions(buf, list, ids, sa, sb, w, next)
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
						m += swar.B2I(ids[int(p)+k] == next)
					}
					if n = m; n == 0 {
						break
					}
				}
			}
		}
		from = to + 1
		if !c.only {
			c.mergeRef(uint32(nw), uint32(end))
		}
	}
	for k := 1; k < order; k++ {
		base := uint32(nw + (k-1)*h)
		st.Matches[k] = c.clipped(base, base+uint32(h))
	}
	// The next segment's begin clears these counts.
	c.nextID = uint32(end)
	c.posSpan, c.posList, c.posBuf = spans, list, buf
}

// bigramPositions writes to buf the hypothesis positions of the bigram
// of words w and next, whose positions are list[sa.lo:sa.hi] and
// list[sb.lo:sb.hi], and returns how many there are: the positions of w
// followed by next, or of next preceded by w, whichever are fewer to
// look at. ids is padded as positionLists pads it.
func bigramPositions(buf, list []int32, ids []uint32, sa, sb posSpan, w, next uint32) int {
	n := 0
	if sa.hi-sa.lo <= sb.hi-sb.lo {
		for _, p := range list[sa.lo:sa.hi] {
			buf[n] = p
			n += swar.B2I(ids[int(p)+1] == next)
		}
		return n
	}
	b := list[sb.lo:sb.hi]
	if b[0] == 0 {
		b = b[1:] // no bigram ends at position 0
	}
	for _, q := range b {
		buf[n] = q - 1
		n += swar.B2I(ids[int(q)-1] == w)
	}
	return n
}

// countHyp numbers and counts the hypothesis n-grams of order k+1 at the
// positions of the set live, the count slices having room for an id each.
func (c *Counter) countHyp(live []uint64, k int) {
	ids, cur, cnt := c.hypIDs, c.hypCur, c.hypCnt
	for x, w := range live {
		for ; w != 0; w &= w - 1 {
			i := x<<6 | bits.TrailingZeros64(w)
			id := c.table.insert(cur[i], ids[i+k], c)
			cnt[id]++
			cur[i] = id
		}
	}
}

// countRefs counts, reference by reference, the n-grams of order k+1
// that occur in the hypothesis, whose ids start at start, and keeps in
// refLive the positions where they occur.
func (c *Counter) countRefs(k int, start uint32) {
	ids, cur, live := c.refIDs, c.refCur, c.refLive
	cnt := c.refCounts()
	// The separators after each reference keep a position's successor
	// from being live across a boundary.
	adjacent(live)
	n, from := 0, 0
	for _, to := range c.refEnd {
		for x := from >> 6; x<<6 < to; x++ {
			m := ^uint64(0)
			if !c.only {
				m = span(x, from, to) // the other references' bits
			}
			keep := live[x] &^ m
			for w := live[x] & m; w != 0; w &= w - 1 {
				b := bits.TrailingZeros64(w)
				j := x<<6 | b
				id := c.table.lookup(cur[j], ids[j+k])
				hit := swar.B2I(id != noID)
				cur[j] = id
				keep |= uint64(hit) << b
				n += hit
				cnt[id&-uint32(hit)] += int32(hit)
			}
			live[x] = keep
		}
		from = to + 1
		if !c.only {
			c.mergeRef(start, c.nextID)
		}
	}
	c.refLiveN = n
}

// clipped returns the clipped matches of the ids in [from, to).
func (c *Counter) clipped(from, to uint32) int64 {
	var m int64
	h, r := c.hypCnt[from:to], c.refMax[from:to]
	for i := range h {
		m += int64(min(h[i], r[i]))
	}
	return m
}

package charngram

import (
	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts and matches the char n-grams of a segment with
// several references, by the numbers of the hypothesis's n-grams (see
// the package doc).

// matchByCounts counts the n-grams of the hypothesis c.hyp into c.t for
// the segment stamped g, and matches the references refs against them:
// an n-gram matches as often as it occurs in the hypothesis and in some
// one reference. It returns the matches as match does, and the length of
// the reference closest in length to the hypothesis (the shorter on a
// tie), or false if the segment is to be counted by tokens. Each
// reference's n-grams are counted by their numbers in the hypothesis
// (see countRef); the matches are then, for each n-gram of the
// hypothesis, its count there or its largest count in any one reference,
// whichever is less. The 4-gram entries it leaves in c.t are not as
// match expects them (see countHypCounts). A hypothesis of more than
// maxCharHyp characters, which match cannot count, comes here with one
// reference too, and is counted in c.long (see charLong).
func (c *Counter) matchByCounts(refs []string, g uint32) (got uint64, refLen int, ok bool) {
	m := &c.t.counts
	n := len(c.hyp)
	long := n > maxCharHyp
	var orders [3]charOrder
	var k int
	if !long {
		k = countHypCounts(c.t, c.hyp, g, m)
		l := (n + 4) &^ 3 // numbers up to n-1, rounded up
		for o := range orders {
			orders[o] = charOrder{m.hyp[o+1][:l], m.best[o+1][:l], m.ref[o+1][:l]}
		}
	} else {
		q := c.longQuads(n)
		var next [3]uint32
		if k, next, ok = countHypLong(c.long, c.t, c.hyp, c.gen<<charLongGenShift, m, q[0]); !ok {
			return 0, 0, false
		}
		for o := range orders {
			l := (next[o] + 3) &^ 3 // numbers up to next-1, rounded up
			if o == 2 {
				orders[o] = charOrder{q[0][:l], q[1][:l], q[2][:l]}
			} else {
				orders[o] = charOrder{c.long.hyp[o][:l], c.long.best[o][:l], c.long.ref[o][:l]}
			}
		}
	}
	ids := m.ids[:k]
	refLen = -1
	for i, ref := range refs {
		if c.ref, ok = c.text(c.ref[:0], ref, false); !ok {
			m.clear(ids, &orders, long)
			return 0, 0, false
		}
		if l := len(c.ref); ngram.CloserRef(n, refLen, l) {
			refLen = l
		}
		cur, best := &m.ref, i == 0
		if best {
			cur = &m.best
		}
		switch {
		case len(c.ref) == 0:
		case long:
			cl, c4 := &c.long.ref, orders[2].ref
			if best {
				cl, c4 = &c.long.best, orders[2].best
			}
			countRefLong(c.long, c.t, c.ref, c.gen<<charLongGenShift, &cur[0], cl, c4)
		default:
			c.countRef(g, cur)
		}
		if !best && i < len(refs)-1 {
			m.keepBest(ids, &orders)
		}
	}
	return m.matches(&c.t.uni, ids, &orders, long), refLen, true
}

// countHypCounts is countHyp for several references: it fills t with
// the n-grams of the hypothesis h, of at most maxCharHyp characters, for
// the segment whose stamp is g = gen<<charGenShift, numbering 4-grams as
// bigrams and trigrams are (see charGenShift), by the position where
// they first end; it sets m.hyp's counts of the bigrams, trigrams and
// 4-grams, and m.ids, and returns the number of distinct ids.
func countHypCounts(t *charTables, h []uint8, g uint32, m *charCounts) int {
	t.uni = [len(t.uni)]uint32{}
	k := 0
	// The numbers of the bigram and trigram ending just before.
	var num2, num3 uint32
	for e, id := range h[:min(3, len(h))] {
		x := uint32(id)
		m.ids[k] = id
		k += swar.B2I(t.uni[x] == 0)
		t.uni[x]++
		if e == 0 {
			continue
		}
		// An entry below g | e is an earlier segment's, replaced by that
		// of an n-gram numbered e.
		first := g | uint32(e)
		p := &t.bi[uint16(x<<8|uint32(h[e-1]))]
		*p = max(*p, first) + 1<<charNumBits
		m.hyp[1][*p&charNumMask] = *p >> charNumBits & charNumMask
		if e == 2 {
			q := &t.end[x].tri[num2]
			*q = max(*q, first) + 1<<charNumBits
			m.hyp[2][*q&charNumMask] = *q >> charNumBits & charNumMask
			num3 = *q & charNumMask
		}
		num2 = *p & charNumMask
	}
	if hasCharAsm {
		return countHypCountsTail(t, h, num2, num3, g, m, k)
	}
	return countHypCountsTailGo(t, h, num2, num3, g, m, k)
}

// countHypCountsTailGo is countHypCounts's loop over the positions from 3
// on, with the numbers num2 and num3 of the n-grams ending at position 2
// and the number of distinct ids k so far (countHypCountsTail on amd64).
// It returns the number of distinct ids.
func countHypCountsTailGo(t *charTables, h []uint8, num2, num3, g uint32, m *charCounts, k int) int {
	for e := 3; e < len(h); e++ {
		x := uint32(h[e])
		a := t.uni[x&0xFF]
		m.ids[k&0xFF] = uint8(x)
		k += swar.B2I(a == 0)
		t.uni[x&0xFF] = a + 1
		// As in countHypTailGo, without branches.
		first := uint64(g) | uint64(e)
		v := countNumbered(&t.bi[uint16(x<<8|uint32(h[e-1]))], first, &m.hyp[1])
		row := &t.end[x&0xFF]
		w := countNumbered(&row.tri[num2&charNumMask], first, &m.hyp[2])
		countNumbered(&row.quad[num3&charNumMask], first, &m.hyp[3])
		num2, num3 = uint32(v), uint32(w)
	}
	return k
}

// countNumbered counts one more occurrence in *p, the entry of an n-gram
// numbered as bigrams are, ending at the position of first (see
// countHypTailGo), sets its count in counts by its number, and returns
// the entry.
func countNumbered(p *uint32, first uint64, counts *[maxCharHyp + 1]uint32) uint32 {
	v := uint64(*p)
	d := v - first
	v -= d & uint64(int64(d)>>63)
	v += 1 << charNumBits
	*p = uint32(v)
	counts[v&charNumMask] = uint32(v>>charNumBits) & charNumMask
	return uint32(v)
}

// countRef counts into cur (m.best or m.ref), by their numbers in the
// hypothesis (see charCounts), the n-grams of the reference c.ref, not
// empty, against the hypothesis's entries in c.t, for the segment
// stamped g; the hypothesis has at most maxCharHyp characters (see
// countRefLong for longer ones). It leaves c.t as it is.
func (c *Counter) countRef(g uint32, cur *[4][maxCharHyp + 1]uint32) {
	t, r := c.t, c.ref
	cur[0][charUni(t, uint32(r[0]))]++
	if hasCharAsm && len(r) <= cpu.AsmPiece {
		countRefTail(t, r, g, cur)
		return
	}
	countRefTailGo(t, r, g, [4][]uint32{cur[0][:], cur[1][:], cur[2][:], cur[3][:]})
}

// charUni returns the index in charCounts of the unigram x: x, or
// charNone if the hypothesis in t lacks it.
func charUni(t *charTables, x uint32) uint32 {
	if t.uni[x&0xFF] == 0 {
		return charNone
	}
	return x & 0xFF
}

// countRefTailGo is countRef's loop over the positions of r from 1 on
// (countRefTail on amd64): it counts the n-grams of r by order less 1 in
// c, whose arrays have maxCharHyp+1 counts.
func countRefTailGo(t *charTables, r []uint8, g uint32, c [4][]uint32) {
	uni, c2, c3, c4 := c[0][:256], c[1][:maxCharHyp+1], c[2][:maxCharHyp+1], c[3][:maxCharHyp+1]
	g64 := uint64(g)
	// The numbers of the bigram and trigram ending just before, 0 if the
	// hypothesis lacks them: a trigram or 4-gram whose prefix is
	// numbered 0 falls on an entry that no n-gram of the hypothesis has.
	var num2, num3 uint32
	for e := 1; e < len(r); e++ {
		x := uint32(r[e])
		uni[charUni(t, x)]++
		n2 := seenNum(t.bi[uint16(x<<8|uint32(r[e-1]))], g64) & charNumMask
		c2[n2]++
		row := &t.end[x&0xFF]
		n3 := seenNum(row.tri[num2&charNumMask], g64) & charNumMask
		c3[n3]++
		c4[seenNum(row.quad[num3&charNumMask], g64)&charNumMask]++
		num2, num3 = n2, n3
	}
}

// keepBest keeps in m.best the larger of its counts and m.ref's, and
// clears m.ref, for a hypothesis with the distinct ids ids whose other
// orders' counts are orders.
func (m *charCounts) keepBest(ids []uint8, orders *[3]charOrder) {
	for _, x := range ids {
		m.best[0][x] = max(m.best[0][x], m.ref[0][x])
		m.ref[0][x] = 0
	}
	m.ref[0][charNone] = 0
	for _, o := range orders {
		best := o.best[:len(o.ref)]
		for i, r := range o.ref {
			best[i] = max(best[i], r)
		}
		clear(o.ref)
	}
}

// matches returns the matches, as match does, of the counts in m, for a
// hypothesis with the distinct ids ids, whose unigrams' counts are uni
// and other orders' counts orders, and clears the references' counts
// (and, if long, the hypothesis's in orders: those of charLong and
// Counter.quads).
func (m *charCounts) matches(uni *[256]uint32, ids []uint8, orders *[3]charOrder, long bool) uint64 {
	var got1 uint32
	for _, x := range ids {
		got1 += min(uni[x], max(m.best[0][x], m.ref[0][x]))
		m.best[0][x], m.ref[0][x] = 0, 0
	}
	m.best[0][charNone], m.ref[0][charNone] = 0, 0
	got := uint64(got1)
	for o := range orders {
		got |= uint64(clip(&orders[o])) << (16 * (o + 1))
		if long {
			clear(orders[o].hyp)
		}
	}
	return got
}

// clip returns the sum of min(hyp, max(best, ref)) over the counts of o,
// and clears its best and ref.
func clip(o *charOrder) uint32 {
	if cpu.HasSSE41 {
		// The counts are a multiple of 4 long.
		return clipSum(&o.hyp[0], &o.best[0], &o.ref[0], len(o.hyp))
	}
	return clipSumGo(o.hyp, o.best, o.ref)
}

// clipSumGo is clip's loop (clipSum on amd64): it returns the sum of
// min(hyp[i], max(best[i], ref[i])) and clears best[i] and ref[i], for i
// below len(hyp).
func clipSumGo(hyp, best, ref []uint32) uint32 {
	best, ref = best[:len(hyp)], ref[:len(hyp)]
	var sum uint32
	for i, h := range hyp {
		sum += min(h, max(best[i], ref[i]))
		best[i], ref[i] = 0, 0
	}
	return sum
}

// clear is matches for a segment that is not counted: it clears the
// references' counts, and the hypothesis's in orders if long.
func (m *charCounts) clear(ids []uint8, orders *[3]charOrder, long bool) {
	for _, x := range ids {
		m.best[0][x], m.ref[0][x] = 0, 0
	}
	m.best[0][charNone], m.ref[0][charNone] = 0, 0
	for _, o := range orders {
		clear(o.best)
		clear(o.ref)
		if long {
			clear(o.hyp)
		}
	}
}

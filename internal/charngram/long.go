package charngram

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts the char n-grams of hypotheses longer than
// maxCharHyp characters, in tables of their own (charLong).

// longQuads returns c.quads for a hypothesis of n characters, n+1
// rounded up to a multiple of 4 long, and 0.
func (c *Counter) longQuads(n int) [3][]uint32 {
	l := (n + 4) &^ 3
	if len(c.quads[0]) < l {
		if l > maxCharKeptQuads {
			return [3][]uint32{make([]uint32, l), make([]uint32, l), make([]uint32, l)}
		}
		for i := range c.quads {
			c.quads[i] = make([]uint32, l)
		}
	}
	return [3][]uint32{c.quads[0][:l], c.quads[1][:l], c.quads[2][:l]}
}

// charLong holds the n-grams of a hypothesis of more than maxCharHyp
// characters, which matchByCounts counts, with one reference or several:
// their entries, stamped as charTables's are, hold the numbers of the
// n-grams (see countHypLong), and their counts are apart, by number, as
// in charCounts: those of bigrams and trigrams here, those of 4-grams in
// Counter.quads. The n-grams are indexed as in charTables.
type charLong struct {
	end [256]charLongRow
	bi  [1 << 16]uint32
	// The counts start 1 KiB past a multiple of 4 KiB, for the reason
	// charTables.counts gives: at a multiple, the count of the n-gram
	// numbered i would be a multiple of 4 KiB from the entries whose
	// prefix is numbered i, which the next position loads.
	_              [1024 / 4]uint32
	hyp, best, ref [2][charLongNums]uint32
}

// The counts of charLong must start 1 KiB past a multiple of 4 KiB, and
// the rows at one (see above).
var (
	_ = [1]struct{}{}[unsafe.Offsetof(charLong{}.hyp)%4096-1024]
	_ = [1]struct{}{}[unsafe.Sizeof(charLongRow{})%4096]
)

// charLongRow is charRow for charLong.
type charLongRow struct {
	tri, quad [charLongNums]uint32
}

// countHypLong is countHypCounts for a hypothesis h of more than
// maxCharHyp characters, which numbering by position would overflow: it
// numbers the bigrams and trigrams in l's tables from 1, in the order they
// first appear, and the 4-grams by the position where they first end, for
// the segment whose stamp is g = gen<<charLongGenShift, and counts them
// by number, bigrams and trigrams in l.hyp, 4-grams in quads. It returns
// the number of distinct ids and, for each order, one more than its
// largest number, or false, having left l.hyp and quads 0, if the
// hypothesis has more distinct bigrams or trigrams than charLongNums-1.
func countHypLong(l *charLong, t *charTables, h []uint8, g uint32, m *charCounts, quads []uint32) (k int, next [3]uint32, ok bool) {
	k = countIDs(t, h, m)
	h2, h3 := &l.hyp[0], &l.hyp[1]
	// Positions 1 and 2 end no 4-gram, and 1 no trigram: they are
	// counted before the loop.
	num2, next2 := longNumber(&l.bi[uint16(h[1])<<8|uint16(h[0])], g, 1)
	h2[num2]++
	n2, next2 := longNumber(&l.bi[uint16(h[2])<<8|uint16(h[1])], g, next2)
	h2[n2]++
	num3, next3 := longNumber(&l.end[h[2]].tri[num2], g, 1)
	h3[num3]++
	if hasCharAsm && len(h) <= cpu.AsmPiece {
		next2, next3, ok = countHypLongTail(l, h, n2, num3, next2, next3, g, quads)
	} else {
		next2, next3, ok = countHypLongTailGo(l, h, n2, num3, next2, next3, g, quads)
	}
	if !ok {
		clear(h2[:])
		clear(h3[:])
		clear(quads)
		return k, next, false
	}
	return k, [3]uint32{next2, next3, uint32(len(h))}, true
}

// countHypLongTailGo is countHypLong's loop over the positions from 3
// on, with the numbers num2 and num3 of the bigram and trigram ending at
// position 2 and the next numbers to give (countHypLongTail on amd64).
// It returns the next numbers, or false as soon as one is past
// charLongNums-1 (one too large having been counted at 0). A 4-gram whose
// number is not below len(quads), which cannot be, is refused too.
func countHypLongTailGo(l *charLong, h []uint8, num2, num3, next2, next3, g uint32, quads []uint32) (uint32, uint32, bool) {
	h2, h3 := &l.hyp[0], &l.hyp[1]
	for e := 3; e < len(h); e++ {
		x := uint32(h[e])
		var n2, n3 uint32
		n2, next2 = longNumber(&l.bi[uint16(x<<8|uint32(h[e-1]))], g, next2)
		h2[n2%charLongNums]++
		row := &l.end[x&0xFF]
		n3, next3 = longNumber(&row.tri[num2%charLongNums], g, next3)
		h3[n3%charLongNums]++
		// Numbered by position, as no row is indexed by it.
		n4, _ := longNumber(&row.quad[num3%charLongNums], g, uint32(e))
		if int(n4) >= len(quads) || max(next2, next3) > charLongNums {
			return next2, next3, false
		}
		quads[n4]++
		num2, num3 = n2, n3
	}
	return next2, next3, true
}

// countIDs sets t.uni to the counts of the ids of h, and m.ids to its
// distinct ids, whose number it returns.
func countIDs(t *charTables, h []uint8, m *charCounts) int {
	t.uni = [len(t.uni)]uint32{}
	k := 0
	for _, id := range h {
		m.ids[k&0xFF] = id
		k += swar.B2I(t.uni[id] == 0)
		t.uni[id]++
	}
	return k
}

// longNumber returns the number of the n-gram whose entry in charLong is
// *p, for the segment whose stamp is g, and the next number to give: an
// earlier segment's entry is replaced by the new n-gram's, numbered next.
// Without branches: whether an n-gram is new is hard to predict.
func longNumber(p *uint32, g, next uint32) (uint32, uint32) {
	v := uint64(*p)
	d := v - uint64(g)
	old := uint64(int64(d) >> 63) // all ones for an earlier segment's entry
	v = v&^old | uint64(g|next)&old
	*p = uint32(v)
	return uint32(v) - g, next + uint32(old&1)
}

// countRefLong is countRef for a hypothesis of more than maxCharHyp
// characters, counted in l and t by countHypLong for the segment whose
// stamp is g = gen<<charLongGenShift: it counts the unigrams of the
// reference r in uni, and its bigrams and trigrams by their numbers in
// cur (l.best or l.ref), its 4-grams in c4. It leaves l as it is.
func countRefLong(l *charLong, t *charTables, r []uint8, g uint32, uni *[maxCharHyp + 1]uint32, cur *[2][charLongNums]uint32, c4 []uint32) {
	for _, x := range r {
		uni[charUni(t, uint32(x))]++
	}
	if hasCharAsm && len(r) <= cpu.AsmPiece {
		countRefLongTail(l, r, g, cur, c4)
		return
	}
	countRefLongTailGo(l, r, g, cur, c4)
}

// countRefLongTailGo is countRefLong's loop over the positions of r from
// 1 on, which counts the bigrams, trigrams and 4-grams (countRefLongTail
// on amd64). A 4-gram whose number is not below len(c4), which cannot
// be, is counted at 0.
func countRefLongTailGo(l *charLong, r []uint8, g uint32, cur *[2][charLongNums]uint32, c4 []uint32) {
	c2, c3 := &cur[0], &cur[1]
	g64 := uint64(g)
	// The numbers of the bigram and trigram ending just before, 0 if the
	// hypothesis lacks them: no n-gram of the hypothesis has a prefix
	// numbered 0, and so the trigram and 4-gram that would end at
	// position 1, and the 4-gram at 2, are counted at 0 too.
	var num2, num3 uint32
	for e := 1; e < len(r); e++ {
		x := uint32(r[e])
		n2 := seenNum(l.bi[uint16(x<<8|uint32(r[e-1]))], g64)
		c2[n2%charLongNums]++
		row := &l.end[x&0xFF]
		n3 := seenNum(row.tri[num2%charLongNums], g64)
		c3[n3%charLongNums]++
		n4 := seenNum(row.quad[num3%charLongNums], g64)
		if int(n4) >= len(c4) {
			n4 = 0
		}
		c4[n4]++
		num2, num3 = n2, n3
	}
}

// seenNum returns the entry v of a segment's table less its stamp g (in
// charTables the count and number, in charLong the number), or 0 if the
// entry is an earlier segment's: below g, where the difference borrows.
// It is SEENNUM in kernels_amd64.s.
func seenNum(v uint32, g uint64) uint32 {
	d := uint64(v) - g
	return uint32(d &^ uint64(int64(d)>>63))
}

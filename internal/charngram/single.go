package charngram

import (
	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/swar"
)

// This file counts and matches the char n-grams of a segment with one
// reference (see counter.go).

// countHyp fills t with the n-grams of the hypothesis h, by the position
// where they end, for the segment whose stamp is g = gen<<charGenShift.
func countHyp(t *charTables, h []uint8, g uint32) {
	t.uni = [len(t.uni)]uint32{}
	// The id, and the entries of the bigram and trigram, ending just
	// before: their low bits are the numbers. The loop reads the id again
	// (one register less).
	var id1, num2, num3 uint32
	// The first three positions end fewer orders: they are counted on
	// their own, so that the loop has no tests.
	for e := range min(3, len(h)) {
		id1, num2, num3 = hypStart(t, e, uint32(h[e]), id1, num2, g)
	}
	if hasCharAsm {
		countHypTail(t, h, num2, num3, g)
	} else {
		countHypTailGo(t, h, num2, num3, g)
	}
}

// countHypTailGo is countHyp's loop over the positions from 3 on, with
// the num2 and num3 of the n-grams ending at position 2 (countHypTail on
// amd64).
func countHypTailGo(t *charTables, h []uint8, num2, num3, g uint32) {
	end, g64 := &t.end, uint64(g)
	for e := 3; e < len(h); e++ {
		x := uint32(h[e])
		t.uni[x&0xFF]++
		// An entry below g is one of an earlier segment, which first,
		// that of a new n-gram numbered e, replaces. first is below any
		// entry of the segment (its count is at least 1), so the larger
		// of the two is wanted: v less their difference if negative.
		first := g64 | uint64(e)
		i := uint16(x<<8 | uint32(h[e-1]))
		v := uint64(t.bi[i])
		d := v - first
		v -= d & uint64(int64(d)>>63)
		t.bi[i] = uint32(v) + 1<<charNumBits
		row := &end[x&0xFF]
		w := uint64(row.tri[num2&charNumMask])
		d = w - first
		w -= d & uint64(int64(d)>>63)
		row.tri[num2&charNumMask] = uint32(w) + 1<<charNumBits
		u := uint64(row.quad[num3&charNumMask])
		d = u - g64
		u -= d & uint64(int64(d)>>63)
		row.quad[num3&charNumMask] = uint32(u) + 1
		num2, num3 = uint32(v), uint32(w)
	}
}

// hypStart is the loop of countHyp for the n-grams ending at position e <
// 3 of the hypothesis, which is x: it returns the new id1, num2 and num3.
func hypStart(t *charTables, e int, x, id1, num2, g uint32) (uint32, uint32, uint32) {
	t.uni[x&0xFF]++
	if e == 0 {
		return x, 0, 0
	}
	first := g | uint32(e)
	i := uint16(x<<8 | id1)
	v := max(t.bi[i], first)
	t.bi[i] = v + 1<<charNumBits
	if e == 1 {
		return x, v & charNumMask, 0
	}
	p := &t.end[x&0xFF].tri[num2&charNumMask]
	w := max(*p, first)
	*p = w + 1<<charNumBits
	return x, v & charNumMask, w & charNumMask
}

// match matches the reference r against the hypothesis's n-grams in t,
// using up their counts, for the segment whose stamp is g =
// gen<<charGenShift. It returns the matches of order k+1 in bits 16k to
// 16k+15.
func match(t *charTables, r []uint8, g uint32) uint64 {
	var m uint64
	// As in countHyp, less g. A number 0 stands for an n-gram the
	// hypothesis lacks, whose longer n-grams fall on entries it has not.
	var num2, num3 uint32
	for e := range min(3, len(r)) {
		var got uint64
		got, num2, num3 = refStart(t, r, e, num2, g)
		m += got
	}
	if hasCharAsm && len(r) <= cpu.AsmPiece {
		return m + matchTail(t, r, num2, num3, g)
	}
	return m + matchTailGo(t, r, num2, num3, g)
}

// matchTailGo is match's loop over the positions from 3 on, with the
// num2 and num3 of the n-grams ending at position 2 (matchTail on amd64).
func matchTailGo(t *charTables, r []uint8, num2, num3, g uint32) uint64 {
	var m uint64
	g64 := uint64(g)
	for e := 3; e < len(r); e++ {
		x := uint32(r[e])
		// A character not in the hypothesis has a count of 0.
		a := t.uni[x&0xFF]
		t1 := uint32(swar.B2I(a != 0))
		t.uni[x&0xFF] = a - t1
		m += uint64(t1)
		// An entry below g is not the hypothesis's, one below g +
		// 1<<charNumBits has no count left to take; a-b is what was
		// taken. The compiler makes the ifs conditional moves, as their
		// results feed no load address.
		i := uint16(x<<8 | uint32(r[e-1]))
		a = t.bi[i]
		b := a - 1<<charNumBits
		if a < g+1<<charNumBits {
			b = a
		}
		t.bi[i] = b
		m += uint64(a-b) << (16 - charNumBits)
		v := uint64(a) - g64
		row := &t.end[x&0xFF]
		a = row.tri[num2&charNumMask]
		b = a - 1<<charNumBits
		if a < g+1<<charNumBits {
			b = a
		}
		row.tri[num2&charNumMask] = b
		m += uint64(a-b) << (32 - charNumBits)
		w := uint64(a) - g64
		a = row.quad[num3&charNumMask]
		b = a - 1
		if a <= g {
			b = a
		}
		row.quad[num3&charNumMask] = b
		m += uint64(a-b) << 48
		// 0 for an earlier segment's entry (v or w negative).
		num2 = uint32(v &^ uint64(int64(v)>>63))
		num3 = uint32(w &^ uint64(int64(w)>>63))
	}
	return m
}

// refStart is the loop of match for the n-grams ending at position e < 3
// of the reference r: it returns their matches (as match does) and the
// new num2 and num3.
func refStart(t *charTables, r []uint8, e int, num2, g uint32) (uint64, uint32, uint32) {
	var m uint64
	x := uint32(r[e])
	if t.uni[x] != 0 {
		t.uni[x]--
		m++
	}
	if e == 0 {
		return m, 0, 0
	}
	v, took := take(&t.bi[uint16(x<<8|uint32(r[e-1]))], g)
	m += took << 16
	if e == 1 {
		return m, v, 0
	}
	w, took := take(&t.end[x].tri[num2&charNumMask], g)
	m += took << 32
	return m, v, w
}

// take matches a reference n-gram whose entry (a bigram's or a
// trigram's) is *p against the hypothesis's: it returns the n-gram's
// number, 0 if the hypothesis lacks it, and 1 if an occurrence was left
// to take, else 0.
func take(p *uint32, g uint32) (num uint32, took uint64) {
	v := *p
	if v < g {
		return 0, 0 // an earlier segment's
	}
	if v >= g+1<<charNumBits {
		*p -= 1 << charNumBits
		took = 1
	}
	return v & charNumMask, took
}

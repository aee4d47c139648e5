package bleu

import (
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

// This file counts the n-grams of the char tokenizer without tokens.
//
// The char tokenizer makes every character that is not whitespace a token
// of its own, so a hypothesis has as many tokens as characters, five times
// as many as with 13a, and the ways of ngram.go (a string and a hashed
// word key per token, sets of positions several words wide) spend most of
// their time on them. But a segment uses few distinct characters, so here
// nothing is hashed and no token is made:
//
//   - Each character is a byte, its id: an ASCII character is itself, and
//     the others of the hypothesis are numbered from 0x80 in order of
//     appearance (a reference character that is not in the hypothesis is
//     0xFF). A table indexed by the code point (or, for a character above
//     U+FFFF, a number among the surrogates given per segment) holds their
//     ids, stamped with the segment so that it is never cleared. A text
//     becomes a string of ids, whitespace dropped, in one pass over its
//     bytes that mostly copies them.
//   - The hypothesis's bigrams are in a table indexed by their two ids; its
//     trigrams in one indexed by the number of the bigram of their first
//     two characters and the id of their last; its 4-grams likewise by the
//     trigram's number. An entry, stamped too, holds the count of an
//     n-gram of the hypothesis and, for bigrams and trigrams, its number
//     (the prefix number of the next order). A bigram or trigram is
//     numbered by the position where it first ends: numbers must be
//     distinct, not dense. Unigrams are counted by id. The stamps grow
//     from segment to segment, so an entry below the segment's is an
//     earlier segment's: one comparison, never a branch (whether an
//     n-gram is new is hard to predict). Where its result feeds the
//     address of a load, it is made with arithmetic, as the compiler
//     makes no conditional move there; the loops are bound by the
//     instructions they run, not by the latency of their loads.
//   - One pass over the hypothesis counts all orders, by the position where
//     the n-grams end: the numbers of the bigram and trigram ending just
//     before are all it needs to find the next trigram and 4-gram.
//   - One pass over the reference does the same with lookups: a reference
//     n-gram that the hypothesis lacks has a prefix numbered 0 or a last id
//     the hypothesis lacks, and falls on an entry that no hypothesis n-gram
//     has, whose stamp is older. Clipping: each reference occurrence of an
//     n-gram takes one of the hypothesis's occurrences from its count while
//     any is left, which makes min(h, r) matches.
//
//   - Several references: the clip of an n-gram is then its largest count
//     in any one reference. Counting the hypothesis, its 4-grams are
//     numbered too, and each n-gram's count is set in a small array by
//     its number (a unigram's by its id). A pass over each reference
//     like match's counts its n-grams by their numbers in arrays of their
//     own, without changing the tables: an n-gram the hypothesis lacks is
//     counted at number 0, which no n-gram of the hypothesis has. The
//     matches are, number by number, the least of the hypothesis's count
//     and the largest of the references'. (Where the arrays lie matters:
//     see charTables.counts.)
//   - A hypothesis of more than maxCharHyp characters, which numbering by
//     position would overflow, is counted the same way, with one
//     reference too, in tables of its own (charLong): its bigrams and
//     trigrams are numbered from 1 in the order they first appear, up to
//     charLongNums-1 of each (a document of 16 sentences has fewer than
//     1,600), and the entries hold only numbers.
//
// A segment is counted the other way when the order is above 4, the
// hypothesis has more than maxCharHypLong characters or more distinct
// bigrams or trigrams than charLong numbers, or more than charWideIDs
// distinct non-ASCII characters, or a text has more than charAstralIDs
// distinct characters above U+FFFF or is not valid UTF-8 (which only a
// Normalizer can make it). The tables take about 1.8 MB, so a Stats
// counts the first charTablesAfter bytes of its text the other way too
// (see charReady); those of long hypotheses 4.3 MB more, and so the first
// charLongAfter characters of long hypotheses go the other way.

const (
	// maxCharHyp is the longest hypothesis, in characters, counted here:
	// the numbers and counts of its n-grams then have charNumBits bits.
	maxCharHyp = 1<<charNumBits - 1

	// maxCharHypLong is the longest hypothesis counted here at all (see
	// charLong): the matches are 16 bits an order.
	maxCharHypLong = 1<<16 - 1

	// An entry of the bigram and trigram tables is gen<<charGenShift |
	// count<<charNumBits | number, gen having the other bits; one of the
	// 4-gram table gen<<charGenShift | count, or with several references
	// (countHypCounts) as a trigram's. The number is in the low bits so
	// that the loops need not shift it out.
	charNumBits  = 9
	charNumMask  = 1<<charNumBits - 1
	charGenShift = 2 * charNumBits
	charGenMask  = 1<<(32-charGenShift) - 1

	// The ids of non-ASCII characters: charWideIDs of them for those of
	// the hypothesis, then charNone.
	charWideIDs = 0x7F
	charNone    = 0xFF

	// charAstralIDs is the number of surrogates, which are not characters,
	// for the characters above U+FFFF in one segment.
	charAstralIDs = 0xE000 - 0xD800

	// An entry of charLong's tables is gen<<charLongGenShift | number.
	// charLongNums less 1 is the most distinct bigrams, and trigrams, of a
	// hypothesis counted there: their numbers index rows of the next
	// order.
	charLongGenShift = 16
	charLongNums     = 1 << 11

	// maxCharKeptQuads is the longest charCounter.quads kept from segment
	// to segment: 96 KB for the three.
	maxCharKeptQuads = 1 << 13

	// charLongAfter is how many characters of hypotheses longer than
	// maxCharHyp a charCounter leaves to the token way before it makes
	// charLong: its 4.3 MB take as long to set up (about 0.45 ms for a
	// new Stats, with the collector's work) as 14 KB of such text take
	// the token way, five times as slow after. A corpus of sentences with
	// a long one or two never makes them.
	charLongAfter = 16 << 10
)

// charCounter is the scratch space of the char tokenizer's counting. It
// is not safe for concurrent use.
type charCounter struct {
	gen uint32 // the segment's stamp, not 0
	// wide[u] is the id of the non-ASCII character of code point u in the
	// segment stamped gen, as gen<<8 | id.
	wide   *[1 << 16]uint32
	nextID uint32
	// astral numbers the characters above U+FFFF of the segment, among
	// the surrogates.
	astral map[rune]uint16

	hyp, ref []uint8 // the texts as ids

	t *charTables // made at first use
	// long is made once longText, the characters of the hypotheses of
	// more than maxCharHyp characters seen without it, reaches
	// charLongAfter.
	long     *charLong
	longText int

	// quads holds a hypothesis's 4-grams' counts by number (see
	// charCounts) when it has more than maxCharHyp characters: hyp, best,
	// ref. They are kept for the next segment while they are at most
	// maxCharKeptQuads long.
	quads [3][]uint32
	// prepared holds the references normalized, for Stats.addChars.
	prepared []string
}

// charTables holds the n-grams of a segment's hypothesis: bigrams,
// trigrams and 4-grams (see charGenShift), indexed by the id of the last
// character, then the id of the first character or the number of the
// prefix, and unigrams by id. They are one allocation so that the loops
// need one register for them all. (With the last id in the low bits of
// the indices, the entries an n-gram and its prefixes use would often lie
// a multiple of 4 KiB apart, where the processor takes a load for one
// that has to wait for a store to another.)
type charTables struct {
	end [256]charRow // by the last id; first, where t points, which saves an addition
	bi  [1 << 16]uint32
	uni [256]uint32
	// counts, for several references, has its arrays of 2 KiB start
	// 1 KiB past multiples of 2 KiB from t, itself at a multiple of 4 KiB
	// (the runtime puts objects this large at the start of a page). At a
	// multiple of 4 KiB from the entries of the trigrams and 4-grams whose
	// prefix is numbered i, the count of the n-gram numbered i, stored at
	// one position, would make the loads of those entries at the next
	// wait for the store (the processor matches addresses by their low 12
	// bits first): the en-de set with two references took 36% longer.
	counts charCounts
}

// counts's arrays must start 1 KiB past multiples of 2 KiB (see above).
var _ = [1]struct{}{}[unsafe.Offsetof(charTables{}.counts)%2048-1024]

// charRow holds the trigrams and 4-grams that end with one id, by the
// number of their prefix: together, so that the loops find both from one
// address.
type charRow struct {
	tri, quad [1 << charNumBits]uint32
}

// segment counts one segment, whose texts have been normalized, into st.
// It returns false, having changed nothing in st, when the segment is one
// to count the other way (see above).
func (c *charCounter) segment(st *segmentStats, hyp string, refs []string) bool {
	order := len(st.matches)
	if order > 4 || len(refs) == 0 {
		return false
	}
	if c.t == nil {
		c.wide, c.t = new([1 << 16]uint32), new(charTables)
	}
	c.gen = (c.gen + 1) & charGenMask
	if c.gen == 0 {
		// The stamps wrapped around: start again from clean tables.
		clear(c.wide[:])
		*c.t = charTables{}
		if c.long != nil {
			*c.long = charLong{}
		}
		c.gen = 1
	}
	c.nextID = 0x80
	clear(c.astral)
	var ok bool
	if c.hyp, ok = c.text(c.hyp[:0], hyp, true); !ok {
		return false
	}
	n := len(c.hyp)
	if n > maxCharHypLong {
		return false
	}
	if n > maxCharHyp && c.long == nil {
		if c.longText += n; c.longText < charLongAfter {
			return false
		}
		c.long = new(charLong)
	}
	g := c.gen << charGenShift
	var got uint64
	var refLen int
	switch {
	case len(refs) == 1 && n <= maxCharHyp:
		if c.ref, ok = c.text(c.ref[:0], refs[0], false); !ok {
			return false
		}
		countHyp(c.t, c.hyp, g)
		got, refLen = match(c.t, c.ref, g), len(c.ref)
	default:
		if got, refLen, ok = c.matchByCounts(refs, g); !ok {
			return false
		}
	}
	st.hypLen, st.refLen = n, refLen
	for k := range order {
		st.totals[k] = int64(max(0, n-k))
		st.matches[k] = int64(got >> (16 * k) & 0xFFFF)
	}
	return true
}

// charCounts holds counts of the n-grams of a hypothesis by their
// numbers (a unigram's is its id), by order less 1, for several
// references: hyp the hypothesis's (hyp[0] is not used: unigrams are
// counted in charTables.uni), best the most that any reference before
// the last has, ref the current reference's. A hypothesis of more than
// maxCharHyp characters has the counts of its longer n-grams in charLong
// and charCounter.quads instead. A reference's unigrams outside the
// hypothesis are counted at charNone, and its longer n-grams outside it
// at 0: no n-gram of the hypothesis is numbered 0. Between segments best
// and ref are 0; hyp is set where the segment's numbers are, and
// elsewhere left as earlier segments made it (but those of charLong and
// charCounter.quads are 0).
type charCounts struct {
	hyp, best, ref [4][maxCharHyp + 1]uint32
	// ids holds the distinct ids of the hypothesis.
	ids [256]uint8
}

// charOrder is the counts of one order above 1 for several references,
// as charCounts has them, up to a multiple of 4 past the largest number.
type charOrder struct {
	hyp, best, ref []uint32
}

// matchByCounts counts the n-grams of the hypothesis c.hyp into c.t for
// the segment stamped g, and matches the references refs against them:
// an n-gram matches as often as it occurs in the hypothesis and in some
// one reference. It returns the matches as match does, and the length of
// the reference closest in length to the hypothesis (the shorter on a
// tie), or false if the segment is to be counted the other way. Each
// reference's n-grams are counted by their numbers in the hypothesis
// (see countRef); the matches are then, for each n-gram of the
// hypothesis, its count there or its largest count in any one reference,
// whichever is less. The 4-gram entries it leaves in c.t are not as
// match expects them (see countHypCounts). A hypothesis of more than
// maxCharHyp characters, which match cannot count, comes here with one
// reference too, and is counted in c.long (see charLong).
func (c *charCounter) matchByCounts(refs []string, g uint32) (got uint64, refLen int, ok bool) {
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
		if l := len(c.ref); closerRef(n, refLen, l) {
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

// longQuads returns c.quads for a hypothesis of n characters, n+1
// rounded up to a multiple of 4 long, and 0.
func (c *charCounter) longQuads(n int) [3][]uint32 {
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
		k += b2i(t.uni[x] == 0)
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
		k += b2i(a == 0)
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

// charLong holds the n-grams of a hypothesis of more than maxCharHyp
// characters, which matchByCounts counts, with one reference or several:
// their entries, stamped as charTables's are, hold the numbers of the
// n-grams (see countHypLong), and their counts are apart, by number, as
// in charCounts: those of bigrams and trigrams here, those of 4-grams in
// charCounter.quads. The n-grams are indexed as in charTables.
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
	if hasCharAsm && len(h) <= asmPiece {
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
		k += b2i(t.uni[id] == 0)
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
	if hasCharAsm && len(r) <= asmPiece {
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
// It is SEENNUM in charngram_amd64.s.
func seenNum(v uint32, g uint64) uint32 {
	d := uint64(v) - g
	return uint32(d &^ uint64(int64(d)>>63))
}

// countRef counts into cur (m.best or m.ref), by their numbers in the
// hypothesis (see charCounts), the n-grams of the reference c.ref, not
// empty, against the hypothesis's entries in c.t, for the segment
// stamped g; the hypothesis has at most maxCharHyp characters (see
// countRefLong for longer ones). It leaves c.t as it is.
func (c *charCounter) countRef(g uint32, cur *[4][maxCharHyp + 1]uint32) {
	t, r := c.t, c.ref
	cur[0][charUni(t, uint32(r[0]))]++
	if hasCharAsm && len(r) <= asmPiece {
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
// charCounter.quads).
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
	if hasSSE41 {
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

// text appends to dst the ids of the characters of s that are not
// whitespace, numbering the new non-ASCII ones if hyp. It reports false
// when s is not valid UTF-8 or has too many distinct non-ASCII or astral
// characters.
func (c *charCounter) text(dst []uint8, s string, hyp bool) ([]uint8, bool) {
	// At most one id a byte: room for them all saves append's checks,
	// and eight more for copyASCII's last writes.
	if cap(dst) < len(dst)+len(s)+8 {
		dst = append(make([]uint8, 0, len(dst)+len(s)+8), dst...)
	}
	buf, k := dst[:len(dst)+len(s)+8], len(dst)
	i := 0
	for i < len(s) {
		b := s[i]
		if b < utf8.RuneSelf {
			if hasSSSE3 && len(s) >= 16 && len(s) <= asmPiece {
				var w int
				i, w = copyASCII16(buf[k:], s, i, &charShuf)
				k += w
			} else {
				i, k = copyASCII(buf, k, s, i)
			}
			if i >= len(s) {
				break
			}
			if b = s[i]; b < utf8.RuneSelf {
				buf[k] = b
				k += int(charKeep[b])
				i++
				continue
			}
		}
		// A non-ASCII character: decoded here if it has two bytes (the
		// commonest case of European text) or three (Chinese, Japanese).
		var u uint
		var ok bool
		w := 0
		switch {
		case b < 0xE0 && i+1 < len(s):
			u, ok = rune2(b, s[i+1])
			w = 2
		case b < 0xF0 && i+2 < len(s):
			u, ok = rune3(b, s[i+1], s[i+2])
			w = 3
		}
		r := rune(u)
		if !ok {
			if r, w = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && w == 1 {
				return dst, false
			}
		}
		i += w
		if isPySpace(r) {
			continue
		}
		if r > 0xFFFF {
			u, ok := c.astral[r]
			if !ok {
				if len(c.astral) == charAstralIDs {
					return dst, false
				}
				if c.astral == nil {
					c.astral = make(map[rune]uint16)
				}
				u = uint16(0xD800 + len(c.astral))
				c.astral[r] = u
			}
			r = rune(u)
		}
		e := &c.wide[uint16(r)]
		switch v := *e; {
		case v>>8 == c.gen:
			buf[k] = uint8(v)
		case !hyp:
			buf[k] = charNone
		case c.nextID == 0x80+charWideIDs:
			return dst, false
		default:
			*e = c.gen<<8 | c.nextID
			buf[k] = uint8(c.nextID)
			c.nextID++
		}
		k++
	}
	return buf[:k], true
}

// copyASCII copies to buf from k on the bytes of s from i on that are
// not whitespace, eight at a time while they are ASCII, and returns the
// new i and k: i is then at a non-ASCII byte or the end of s, or s is
// shorter than eight bytes. Eight bytes from k on must be in buf.
//
// It is a function of its own, with few live values, so that k stays in
// a register: in text's loop it was kept on the stack, and each byte
// waited for the store of the last.
func copyASCII(buf []uint8, k int, s string, i int) (int, int) {
	for i < len(s) {
		var x uint64
		n := 8 // the bytes of x to copy
		switch {
		case i+8 <= len(s):
			x = load64(s, i)
		case len(s) >= 8:
			// The last bytes, with spaces, which are dropped, for the
			// bytes past the end.
			n = len(s) - i
			x = load64(s, len(s)-8)>>(64-8*n) | ' '*swarOnes<<(8*n)
		default:
			return i, k
		}
		if hi := x & swarHigh; hi != 0 {
			// The ASCII bytes before the first other one, and spaces.
			n = bits.TrailingZeros64(hi) >> 3
			if n == 0 {
				return i, k
			}
			low := uint64(1)<<(8*n) - 1
			x = x&low | ' '*swarOnes&^low
		}
		// Each byte goes where the next would if it is whitespace. Without
		// branches: whether eight bytes have whitespace is hard to predict.
		// Unrolled by hand, as Go unrolls no loop.
		d := (*[8]uint8)(buf[k : k+8])
		d[0] = uint8(x)
		j := charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		k += int(j)
		i += n
		if n < 8 {
			break
		}
	}
	return i, k
}

// charShuffle is the table of copyASCII16: for the mask m of the bytes
// to keep of eight, pat[m] has their indices in order (the bytes of a
// PSHUFB pattern), and n[m] their number.
type charShuffle struct {
	pat [256]uint64
	n   [256]uint8
}

// charShuf is copyASCII16's table.
var charShuf = func() (t charShuffle) {
	for m := range 256 {
		k := 0
		for b := range 8 {
			if m>>b&1 != 0 {
				t.pat[m] |= uint64(b) << (8 * k)
				k++
			}
		}
		t.n[m] = uint8(k)
	}
	return t
}()

// charKeepID is charKeep for any byte, so that a byte indexes it as it is.
var charKeepID = func() (t [256]uint8) {
	copy(t[:], charKeep[:])
	return t
}()

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
	if hasCharAsm && len(r) <= asmPiece {
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
		t1 := uint32(b2i(a != 0))
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

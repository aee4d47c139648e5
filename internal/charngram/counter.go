package charngram

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/ngram"
)

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

	// maxCharKeptQuads is the longest Counter.quads kept from segment
	// to segment: 96 KB for the three.
	maxCharKeptQuads = 1 << 13

	// charLongAfter is how many characters of hypotheses longer than
	// maxCharHyp a Counter leaves to counting by tokens before it makes
	// charLong: its 4.3 MB take as long to set up (about 0.45 ms for a
	// new Stats, with the collector's work) as 14 KB of such text take
	// counting by tokens, five times as slow after. A corpus of sentences with
	// a long one or two never makes them.
	charLongAfter = 16 << 10
)

// Counter counts the n-grams of the char tokenizer's tokens without
// making them; it keeps its tables from segment to segment. It
// is not safe for concurrent use.
type Counter struct {
	// warm is the text, in bytes, seen by Ready, up to TablesAfter, from
	// which the tables are used.
	warm int

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

// TablesAfter is how much text, in bytes, a Stats counts with the
// char tokenizer before it uses its own counter (counter.go): its tables
// (1.8 MB) take as long to set up (80–600 µs, with the collector's work)
// as 3 to 20 KB of text take counting by tokens, which is 5 times as slow
// after. So a Stats that scores a sentence or a few never makes them, and
// one that scores a corpus makes them early; AddCorpus and Sentences,
// which see all their text at once, use them from the start when each
// goroutine has this much to count.
const TablesAfter = 16 << 10

// Ready reports whether c is to count a segment of texts hyp and refs
// (and tells the caller to count it by tokens if not): whether the text
// counted so far, the segment's included, has reached TablesAfter.
func (c *Counter) Ready(hyp string, refs []string) bool {
	if c.warm >= TablesAfter {
		return true
	}
	n := len(hyp)
	for _, r := range refs {
		n += len(r)
	}
	c.warm += min(n, TablesAfter)
	return c.warm >= TablesAfter
}

// SkipWarmUp makes c ready from the next segment on, for a caller that
// knows it has TablesAfter bytes of text or more to count.
func (c *Counter) SkipWarmUp() { c.warm = TablesAfter }

// SkipLongWarmUp makes c count hypotheses longer than MaxShortHyp
// characters from the first (see charLongAfter), as tests do.
func (c *Counter) SkipLongWarmUp() { c.longText = charLongAfter }

// Warm reports whether c has seen TablesAfter bytes of text (see Ready).
func (c *Counter) Warm() bool { return c.warm >= TablesAfter }

// TablesMade reports whether c has made its tables.
func (c *Counter) TablesMade() bool { return c.t != nil }

// MaxShortHyp is the longest hypothesis, in characters, that c counts in
// its tables of every segment; longer ones have tables of their own.
const MaxShortHyp = maxCharHyp

// Segment counts one segment, whose texts have been normalized, into st.
// It returns false, having changed nothing in st, when the segment is one
// to count by tokens (see above).
func (c *Counter) Segment(st *ngram.Segment, hyp string, refs []string) bool {
	order := len(st.Matches)
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
	st.HypLen, st.RefLen = n, refLen
	for k := range order {
		st.Totals[k] = int64(max(0, n-k))
		st.Matches[k] = int64(got >> (16 * k) & 0xFFFF)
	}
	return true
}

// charCounts holds counts of the n-grams of a hypothesis by their
// numbers (a unigram's is its id), by order less 1, for several
// references: hyp the hypothesis's (hyp[0] is not used: unigrams are
// counted in charTables.uni), best the most that any reference before
// the last has, ref the current reference's. A hypothesis of more than
// maxCharHyp characters has the counts of its longer n-grams in charLong
// and Counter.quads instead. A reference's unigrams outside the
// hypothesis are counted at charNone, and its longer n-grams outside it
// at 0: no n-gram of the hypothesis is numbered 0. Between segments best
// and ref are 0; hyp is set where the segment's numbers are, and
// elsewhere left as earlier segments made it (but those of charLong and
// Counter.quads are 0).
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

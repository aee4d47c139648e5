package chrf

import (
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// counter computes the statistics of one segment at a time, as sacreBLEU's
// CHRF._compute_segment_statistics does, in scratch space it keeps: once
// grown to the longest segment, a segment allocates nothing (but for
// lowercasing a text that changes).
//
// sacreBLEU counts the n-grams of each order in a Counter of strings. Here
// the n-grams of one segment are numbered, an order at a time: a unigram
// is numbered by a hash table of its character (or word), an n-gram by the
// table of the pair (number of its first n-1 items, its last item). Equal
// n-grams get equal numbers, so counting and clipping run over small
// dense arrays indexed by number. Memory is proportional to the segment,
// about 50 bytes a character, whatever the orders.
//
// A counter is not safe for concurrent use.
type counter struct {
	p     params
	runes []rune   // the characters counted, of the hypothesis then of each reference
	roff  []int    // text k's characters are runes[roff[k]:roff[k+1]]
	toks  []uint32 // the words, numbered, in the same layout (toff)
	toff  []int
	ids   []uint32 // the number of the n-gram starting at each position, current order
	hypN  []int32  // hypothesis n-grams by number, zero between orders
	refN  []int32  // one reference's n-grams by number, zero between references
	inRef []bool   // whether some reference has the n-gram, false between orders
	tab   table

	fields []string
	words  map[string]uint32
	rows   []int64 // the statistics against each reference, width() apiece
}

// dead is the number of a position whose n-gram cannot match (see tally).
const dead = ^uint32(0)

// puncts is Python's string.punctuation, sacreBLEU's CHRF._PUNCTS.
var puncts = func() (t [utf8.RuneSelf]bool) {
	for _, c := range "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" {
		t[c] = true
	}
	return t
}()

func isPunct(c byte) bool { return c < utf8.RuneSelf && puncts[c] }

// segment writes to out (width() values) the statistics of hyp against the
// best of refs (at least one), all valid UTF-8: the statistics of the
// first reference with the highest F-score, as sacreBLEU keeps them.
func (c *counter) segment(out []int64, hyp string, refs []string) {
	w := c.p.width()
	c.rows = grow(c.rows, w*len(refs))
	c.prepare(hyp, refs)
	ntexts := 1 + len(refs)
	for n := 1; n <= c.p.nc; n++ {
		c.number(n, c.runes, c.roff, ntexts, nil)
		c.tally(n-1, c.roff, n, ntexts)
	}
	for n := 1; n <= c.p.nw; n++ {
		c.number(n, nil, c.toff, ntexts, c.toks)
		c.tally(c.p.nc+n-1, c.toff, n, ntexts)
	}
	best, bestF := 0, -1.0
	for j := range refs {
		if f := c.p.percent(c.rows[j*w : (j+1)*w]); f > bestF {
			best, bestF = j, f
		}
	}
	copy(out[:w], c.rows[best*w:(best+1)*w])
}

// prepare lowercases the texts if asked, and lays out their characters
// (without whitespace unless asked) and their words, numbered.
func (c *counter) prepare(hyp string, refs []string) {
	c.runes, c.roff, c.toks, c.toff = c.runes[:0], append(c.roff[:0], 0), c.toks[:0], append(c.toff[:0], 0)
	if c.p.nw > 0 {
		if c.words == nil {
			c.words = make(map[string]uint32)
		}
		clear(c.words)
	}
	for k := -1; k < len(refs); k++ {
		t := hyp
		if k >= 0 {
			t = refs[k]
		}
		if c.p.lowercase {
			t = py.Lower(t)
		}
		if c.p.nc > 0 {
			c.appendRunes(t)
		}
		c.roff = append(c.roff, len(c.runes))
		if c.p.nw > 0 {
			c.appendWords(t)
		}
		c.toff = append(c.toff, len(c.toks))
	}
	c.ids = grow(c.ids, max(len(c.runes), len(c.toks)))
}

// appendRunes appends the characters of t, but for Python whitespace
// unless whitespace is kept (extract_all_char_ngrams's ”.join(line.split())).
func (c *counter) appendRunes(t string) {
	for i := 0; i < len(t); {
		b := t[i]
		if b < utf8.RuneSelf {
			if c.p.whitespace || py.SpaceAt(t, i) == 0 {
				c.runes = append(c.runes, rune(b))
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(t[i:])
		if c.p.whitespace || !py.IsSpace(r) {
			c.runes = append(c.runes, r)
		}
		i += size
	}
}

// appendWords appends the numbers of the words of t (see splitWords).
func (c *counter) appendWords(t string) {
	c.fields = splitWords(c.fields[:0], t, c.word)
}

// splitWords calls word for each word of t as sacreBLEU's
// CHRF._remove_punctuation splits them: at Python whitespace, and then a
// word of two characters or more loses a last punctuation character, or
// else a first one, to a word of its own. It returns fields, scratch
// space grown to the fields of t.
func splitWords(fields []string, t string, word func(string)) []string {
	fields = py.AppendFields(fields, t)
	for _, f := range fields {
		if _, size := utf8.DecodeRuneInString(f); size == len(f) {
			word(f)
		} else if last := len(f) - 1; isPunct(f[last]) {
			word(f[:last])
			word(f[last:])
		} else if isPunct(f[0]) {
			word(f[:1])
			word(f[1:])
		} else {
			word(f)
		}
	}
	return fields
}

// word appends the number of word w.
func (c *counter) word(w string) {
	id, ok := c.words[w]
	if !ok {
		id = uint32(len(c.words))
		c.words[w] = id
	}
	c.toks = append(c.toks, id)
}

// number numbers the n-grams of order n of every text, items being the
// characters runes or the words toks (already numbers, the unigrams'),
// laid out by off, into c.ids. It returns how many numbers it gave.
func (c *counter) number(n int, runes []rune, off []int, ntexts int, toks []uint32) {
	total := off[ntexts] - off[0]
	if toks != nil && n == 1 {
		copy(c.ids, toks)
		c.setNumbers(len(c.words))
		return
	}
	c.tab.reset(total)
	for k := range ntexts {
		lo, hi := off[k], off[k+1]
		ids := c.ids[lo:hi]
		for i := 0; i+n <= hi-lo; i++ {
			if n > 1 && ids[i] == dead {
				continue // its prefix is on one side only, and so is it
			}
			var last uint32
			if toks != nil {
				last = toks[lo+i+n-1]
			} else {
				last = uint32(runes[lo+i+n-1])
			}
			key := uint64(last)
			if n > 1 {
				key |= uint64(ids[i]) << 32
			}
			ids[i] = c.tab.intern(key)
		}
	}
	c.setNumbers(int(c.tab.next))
}

// setNumbers makes room in the count arrays for n numbers.
func (c *counter) setNumbers(n int) {
	if len(c.hypN) < n {
		c.hypN = make([]int32, n+n/4)
		c.refN = make([]int32, n+n/4)
		c.inRef = make([]bool, n+n/4)
	}
}

// tally writes the statistics of order index o (n-grams of order n,
// numbered in c.ids laid out by off) against each reference into c.rows:
// sacreBLEU's _get_match_statistics, whose hypothesis count is 0 when the
// reference has no n-gram of the order.
//
// It then marks dead the positions whose n-gram the other side does not
// have: the hypothesis's that no reference has, a reference's that the
// hypothesis does not have. No n-gram extending them can match, so the
// next order neither numbers nor counts them (totals are lengths).
func (c *counter) tally(o int, off []int, n int, ntexts int) {
	span := func(k int) []uint32 {
		lo, hi := off[k], off[k+1]
		return c.ids[lo : lo+max(0, hi-lo-n+1)]
	}
	hyp := span(0)
	for _, id := range hyp {
		if id != dead {
			c.hypN[id]++
		}
	}
	w := c.p.width()
	for k := 1; k < ntexts; k++ {
		ref := span(k)
		var match int64
		for i, id := range ref {
			if id == dead {
				continue
			}
			if c.hypN[id] == 0 {
				ref[i] = dead
				continue
			}
			// An occurrence matches while the reference has used fewer
			// of its n-gram than the hypothesis has: min(hyp, ref) in all.
			if c.refN[id] < c.hypN[id] {
				match++
			}
			c.refN[id]++
		}
		for _, id := range ref {
			if id != dead {
				c.refN[id] = 0
				c.inRef[id] = true
			}
		}
		row := c.rows[(k-1)*w+3*o : (k-1)*w+3*o+3]
		row[0] = 0
		if len(ref) > 0 {
			row[0] = int64(len(hyp))
		}
		row[1] = int64(len(ref))
		row[2] = match
	}
	for i, id := range hyp {
		if id != dead && !c.inRef[id] {
			c.hypN[id] = 0
			hyp[i] = dead
		}
	}
	for _, id := range hyp {
		if id != dead {
			c.hypN[id] = 0
			c.inRef[id] = false
		}
	}
}

// grow returns s with length n, reusing its memory when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// table numbers 64-bit keys 0, 1, 2, ... in the order first seen: an
// open-addressing hash table whose slots are emptied all at once by a
// new generation number.
type table struct {
	slots []slot
	mask  uint64
	shift uint
	gen   uint32
	next  uint32 // the next number
}

type slot struct {
	key uint64
	val uint32
	gen uint32 // the slot is empty unless gen equals the table's
}

// reset empties t, with room for n keys.
func (t *table) reset(n int) {
	size, bits := 16, uint(4)
	for size < 2*n {
		size, bits = size*2, bits+1
	}
	if len(t.slots) < size {
		t.slots = make([]slot, size)
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	t.mask, t.shift, t.next = uint64(size-1), 64-bits, 0
}

// intern returns key's number, giving it the next one if it has none.
func (t *table) intern(key uint64) uint32 {
	h := (key * 0x9E3779B97F4A7C15) >> t.shift
	for {
		s := &t.slots[h]
		if s.gen != t.gen {
			*s = slot{key: key, val: t.next, gen: t.gen}
			t.next++
			return s.val
		}
		if s.key == key {
			return s.val
		}
		h = (h + 1) & t.mask
	}
}

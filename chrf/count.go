package chrf

import (
	"math/rand/v2"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/py"
)

// counter computes the statistics of one segment at a time, as sacreBLEU's
// CHRF._compute_segment_statistics does, in scratch space it keeps: once
// grown to the longest segment, a segment allocates nothing.
//
// sacreBLEU counts the n-grams of each order in a Counter of strings. Here
// the hypothesis's n-grams are numbered, an order at a time: a unigram by
// a hash table of its character (or word), an n-gram by the table of the
// pair (number of its first n-1 items, its last item). A reference's
// n-grams are looked up in that table: one the hypothesis lacks cannot
// match, nor can any n-gram it begins, so its position leaves the list of
// live positions that the next orders visit; so does a hypothesis
// position whose n-gram no reference has. Counting
// and clipping run over small dense arrays indexed by number, and totals
// are lengths. Memory is proportional to the segment: about 60 bytes a
// character of hypothesis and references together while it grows
// (BenchmarkLongLine), whatever the orders.
//
// A counter is not safe for concurrent use.
type counter struct {
	p     params
	runes []uint32 // the characters counted, of the hypothesis then of each reference
	roff  []int    // text k's characters are runes[roff[k]:roff[k+1]]
	toks  []uint32 // the words, numbered, in the same layout (toff)
	toff  []int
	pair  []uint32 // the hypothesis's words, then one reference's (sortedWordRefs)
	ids   []uint32 // the number of the n-gram starting at each live position, current order
	pos   []int32  // the live positions, text by text (see order)
	live  []int    // where each text's live positions end in pos
	cells []cell   // by n-gram number
	stamp uint32   // the stamp of the current reference (and order); never 0
	tab   table

	words     wordTable // of the words of low
	low       []byte    // the texts, lowercased if asked, one after the other, then wordPad zeros if words are counted
	lowEnd    []int     // text k ends at low[lowEnd[k]]
	spaceBits []uint64  // appendWords' scratch: whitespace and lead masks
	rows      []int64   // the statistics against each reference, width() apiece

	noBits     bool     // count with the hash table only (for tests)
	noSort     bool     // count without sorting (for tests)
	codes      []uint32 // bit sets' and sorting's scratch (bits.go, sorted.go)
	masks      []set128
	sets       []set128
	keys       []uint64
	tmp        []uint64
	sorted     []uint64
	counts     []int32      // sorted.go's counts by character and by bigram
	bigramInfo []bigramInfo // sorted.go's, by bigram number
	byThird    [256]int32   // by third character: d ≤ 255 (maxBigramSlots)
	bigram     []uint32     // sorted.go's bigram ranks by position
	remap      []uint32     // mergeUnshared's new number of each number
	slots      []uint32     // sorted.go's bigram table: generation<<16 | rank
	slotGen    uint32
	lanes      [7]*laneTables // sorted.go's, by orders
}

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
	// Sorting, a reference at a time, but for the shortest segments
	// (minSortedLen), where bit sets are faster; where sorting cannot,
	// bit sets where they fit, else the hash table.
	switch {
	case c.p.nc == 0:
	case !c.noBits && bitsFit(c.roff) && c.roff[ntexts] <= minSortedLen*len(refs):
		c.bitOrders(0, c.p.nc, c.runes, c.roff, ntexts)
	case !c.noSort && c.sortedRefs(len(refs)):
	case !c.noBits && bitsFit(c.roff):
		c.bitOrders(0, c.p.nc, c.runes, c.roff, ntexts)
	default:
		for n := 1; n <= c.p.nc; n++ {
			c.order(n-1, n, c.runes, c.roff, ntexts)
		}
	}
	switch {
	case c.p.nw == 0:
	case !c.noSort && c.sortedWordRefs(len(refs)):
	case !c.noBits && bitsFit(c.toff):
		c.bitOrders(c.p.nc, c.p.nw, c.toks, c.toff, ntexts)
	default:
		for n := 1; n <= c.p.nw; n++ {
			c.order(c.p.nc+n-1, n, c.toks, c.toff, ntexts)
		}
	}
	best := 0
	if len(refs) > 1 { // with one reference, no F-score to compare
		bestF := -1.0
		for j := range refs {
			if f := c.p.percent(c.rows[j*w : (j+1)*w]); f > bestF {
				best, bestF = j, f
			}
		}
	}
	copy(out[:w], c.rows[best*w:(best+1)*w])
}

// maxKeptScratch bounds the scratch space a counter keeps after a
// segment: a counter grown past it by a very long segment is dropped.
const maxKeptScratch = 32 << 20

// oversized reports whether c's scratch space is past maxKeptScratch
// bytes.
func (c *counter) oversized() bool {
	n := 4*(cap(c.runes)+cap(c.toks)+cap(c.pair)+cap(c.ids)+cap(c.pos)+cap(c.codes)) + 16*(len(c.cells)+len(c.tab.slots)) +
		8*(cap(c.keys)+cap(c.tmp)+cap(c.sorted)+2*cap(c.bigramInfo)) + 4*(cap(c.counts)+cap(c.bigram)+cap(c.remap)+len(c.slots)) +
		32*(len(c.words.slots)+cap(c.words.moved)) + 4*len(c.words.used) + cap(c.low) + 8*cap(c.spaceBits)
	return n > maxKeptScratch
}

// prepare lowercases the texts if asked, and lays out their characters
// (without whitespace unless asked) and their words, numbered.
func (c *counter) prepare(hyp string, refs []string) {
	c.runes, c.roff, c.toks, c.toff = c.runes[:0], append(c.roff[:0], 0), c.toks[:0], append(c.toff[:0], 0)
	if c.p.lowercase || c.p.nw > 0 {
		// All texts, lowercased if asked, in one buffer: the words are
		// offsets into it, and the characters strings into it, which
		// must stay put while it grows.
		c.low, c.lowEnd = c.appendText(c.low[:0], hyp), c.lowEnd[:0]
		c.lowEnd = append(c.lowEnd, len(c.low))
		for _, r := range refs {
			c.low = c.appendText(c.low, r)
			c.lowEnd = append(c.lowEnd, len(c.low))
		}
		if c.p.nw > 0 {
			c.low = append(c.low, make([]byte, wordPad)...)
		}
	}
	for k := -1; k < len(refs); k++ {
		t := hyp
		if k >= 0 {
			t = refs[k]
		}
		if c.p.lowercase {
			a := c.textStart(k + 1)
			t = unsafe.String(unsafe.SliceData(c.low[a:]), c.lowEnd[k+1]-a)
		}
		if c.p.nc > 0 {
			c.appendRunes(t)
		}
		c.roff = append(c.roff, len(c.runes))
	}
	if c.p.nw > 0 {
		c.words.reset()
	}
	for k := 0; k <= len(refs); k++ {
		if c.p.nw > 0 {
			c.appendWords(c.low, c.textStart(k), c.lowEnd[k], k == 0)
		}
		c.toff = append(c.toff, len(c.toks))
	}
	c.ids = grow(c.ids, max(len(c.runes), len(c.toks)))
	c.pos = grow(c.pos, len(c.ids))
	c.setNumbers(max(c.roff[1], c.toff[1]))
}

// appendText appends t to dst, lowercased if asked.
func (c *counter) appendText(dst []byte, t string) []byte {
	if c.p.lowercase {
		return py.AppendLower(dst, t)
	}
	return append(dst, t...)
}

// textStart is where text k (the hypothesis, then the references) starts
// in c.low.
func (c *counter) textStart(k int) int {
	if k == 0 {
		return 0
	}
	return c.lowEnd[k-1]
}

// appendRunesGo is appendRunes in Go: it appends the characters of t, but
// for Python whitespace unless whitespace is kept
// (extract_all_char_ngrams's ”.join(line.split())).
func (c *counter) appendRunesGo(t string) {
	n := len(c.runes)
	runes := slices.Grow(c.runes, len(t))[:n+len(t)] // a rune has a byte or more
	keep := &asciiKept
	if c.p.whitespace {
		keep = &allKept
	}
	for i := 0; i < len(t); {
		b := t[i]
		if b < utf8.RuneSelf {
			runes[n] = uint32(b)
			n += int(keep[b])
			i++
			continue
		}
		i, n = c.appendNonASCII(runes, n, t, i)
	}
	c.runes = runes[:n]
}

// appendNonASCII puts the character at t[i], which is not ASCII, at
// runes[n], and returns the index of the next one and n, moved past it
// unless it is Python whitespace that is dropped.
func (c *counter) appendNonASCII(runes []uint32, n int, t string, i int) (int, int) {
	r, size := utf8.DecodeRuneInString(t[i:])
	runes[n] = uint32(r)
	if c.p.whitespace || !py.IsSpace(r) {
		n++
	}
	return i + size, n
}

// asciiKept is 1 for the ASCII bytes that are not Python whitespace, which
// appendRunes keeps, and allKept 1 for every byte; neither is written to
// after initialization.
var asciiKept, allKept = func() (kept, all [utf8.RuneSelf]uint8) {
	for b := range kept {
		all[b] = 1
		if !py.IsSpace(rune(b)) {
			kept[b] = 1
		}
	}
	return kept, all
}()

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

// cell is what a counter knows of an n-gram of the hypothesis.
type cell struct {
	hypN  int32  // its count in the hypothesis, zero between orders
	refN  int32  // its count in the reference whose stamp is refS
	refS  uint32 // the stamp of the reference refN counts
	inRef uint32 // the stamp of the order when some reference has it
}

// setNumbers makes room in the count arrays for n numbers.
func (c *counter) setNumbers(n int) {
	if len(c.cells) < n {
		c.cells = newTable[cell](n + n/4)
		c.stamp = 0
	}
}

// next returns a new stamp, starting the stamps over when they wrap.
func (c *counter) next() uint32 {
	c.stamp++
	if c.stamp == 0 {
		clear(c.cells)
		c.stamp = 1
	}
	return c.stamp
}

// order writes the statistics of order index o, n-grams of order n of
// items laid out by off, against each reference into c.rows: sacreBLEU's
// _get_match_statistics, whose hypothesis count is 0 when the reference
// has no n-gram of the order. It visits only the live positions, which
// c.pos lists text by text (text k's are pos[off[k]:c.live[k]], in
// order; for n = 1, every position), and leaves there those live for
// order n+1; c.ids holds the numbers of order n-1 at live positions and
// is left with those of order n.
func (c *counter) order(o, n int, items []uint32, off []int, ntexts int) {
	ids, pos := c.ids, c.pos
	if n == 1 {
		c.live = grow(c.live, ntexts)
		for k := range ntexts {
			for i := off[k]; i < off[k+1]; i++ {
				pos[i] = int32(i)
			}
			c.live[k] = off[k+1]
		}
	}
	// The positions where an n-gram no longer fits, at the end.
	for k := range ntexts {
		last := int32(off[k+1] - n)
		for c.live[k] > off[k] && pos[c.live[k]-1] > last {
			c.live[k]--
		}
	}
	orderStamp := c.next()
	hypLen := max(0, off[1]-off[0]-n+1)
	c.tab.reset(hypLen)
	hyp := pos[off[0]:c.live[0]]
	for _, p := range hyp {
		var id uint32
		if n == 1 {
			if key := uint64(items[p]); key < smallKeys {
				id = c.tab.internSmall(key)
			} else {
				id = c.tab.intern(key)
			}
		} else {
			id = c.tab.intern(uint64(ids[p])<<32 | uint64(items[int(p)+n-1]))
		}
		ids[p] = id
		c.cells[id].hypN++
	}
	w := c.p.width()
	for k := 1; k < ntexts; k++ {
		refLen := max(0, off[k+1]-off[k]-n+1)
		stamp := orderStamp
		if k > 1 {
			stamp = c.next()
		}
		var match int64
		kept := off[k]
		for _, p := range pos[off[k]:c.live[k]] {
			var id uint32
			var ok bool
			if n == 1 {
				if key := uint64(items[p]); key < smallKeys {
					id, ok = c.tab.lookupSmall(key)
				} else {
					id, ok = c.tab.lookup(key)
				}
			} else {
				id, ok = c.tab.lookup(uint64(ids[p])<<32 | uint64(items[int(p)+n-1]))
			}
			if !ok {
				continue // dead: the hypothesis has no such n-gram
			}
			ids[p] = id
			pos[kept] = p
			kept++
			cl := &c.cells[id]
			used := cl.refN
			if cl.refS != stamp {
				used = 0
			}
			// An occurrence matches while the reference has used fewer
			// of its n-gram than the hypothesis has: min(hyp, ref) in all.
			if used < cl.hypN {
				match++
			}
			cl.refN, cl.refS, cl.inRef = used+1, stamp, orderStamp
		}
		c.live[k] = kept
		row := c.rows[(k-1)*w+3*o : (k-1)*w+3*o+3]
		row[0] = 0
		if refLen > 0 {
			row[0] = int64(hypLen)
		}
		row[1] = int64(refLen)
		row[2] = match
	}
	kept := off[0]
	for _, p := range hyp {
		cl := &c.cells[ids[p]]
		cl.hypN = 0
		if cl.inRef == orderStamp {
			pos[kept] = p
			kept++
		}
	}
	c.live[0] = kept
}

// grow returns s with length n, reusing its memory when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// newTable returns n zero values whose memory has been written: room for
// a table that is probed before it is stored into. Memory fresh from the
// operating system is mapped on first touch. Were a table's first touch
// a read, the page would map the shared zero page, and the first store
// would fault again to copy it, flushing the TLBs of the CPUs running the
// process's other threads: on a VM, with its interrupts, several times
// the cost of the first.
func newTable[T any](n int) []T {
	s := make([]T, n)
	clear(s)
	return s
}

// table numbers 64-bit keys 0, 1, 2, ... in the order first seen: an
// open-addressing hash table whose slots are emptied all at once by a
// new generation number. Its hash is keyed by a seed drawn on first use
// (see wordTable): keys are characters and numbers in the order first
// seen, which text can be crafted to make collide under a fixed
// multiplier.
type table struct {
	small *[smallKeys]smallSlot // keys below smallKeys, not hashed
	slots []slot
	mask  uint64
	shift uint
	gen   uint32
	next  uint32 // the next number
	seed  uint64 // home's multiplier, random, odd; 0 until the slots are made
}

// smallKeys is the number of keys (unigrams of characters below U+0800, of
// the first numbered words) that a table holds in an array, unhashed.
const smallKeys = 1 << 11

type smallSlot struct{ val, gen uint32 }

type slot struct {
	key uint64
	val uint32
	gen uint32 // the slot is empty unless gen equals the table's
}

// reset empties t, with room for n keys.
func (t *table) reset(n int) {
	size, bits := 16, uint(4)
	for size < 4*n {
		size, bits = size*2, bits+1
	}
	if len(t.slots) < size {
		t.slots = newTable[slot](size)
		if t.seed == 0 {
			t.seed = rand.Uint64() | 1
		}
		if t.small == nil {
			t.small = new([smallKeys]smallSlot)
		}
		clear(t.small[:])
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		clear(t.small[:])
		t.gen = 1
	}
	t.mask, t.shift, t.next = uint64(size-1), 64-bits, 0
}

// internSmall is intern for a key below smallKeys.
func (t *table) internSmall(key uint64) uint32 {
	s := &t.small[key]
	if s.gen != t.gen {
		*s = smallSlot{val: t.next, gen: t.gen}
		t.next++
	}
	return s.val
}

// lookupSmall is lookup for a key below smallKeys.
func (t *table) lookupSmall(key uint64) (uint32, bool) {
	s := &t.small[key]
	return s.val, s.gen == t.gen
}

// home returns the slot where key's probe starts: a multiply-shift hash
// by the seed, a random odd multiplier, under which any two keys share a
// home with a probability of about 2/len(slots).
func (t *table) home(key uint64) uint64 {
	return (key * t.seed) >> t.shift
}

// lookup returns key's number, if it has one.
func (t *table) lookup(key uint64) (uint32, bool) {
	h := t.home(key)
	for {
		s := &t.slots[h]
		if s.gen != t.gen {
			return 0, false
		}
		if s.key == key {
			return s.val, true
		}
		h = (h + 1) & t.mask
	}
}

// intern returns key's number, giving it the next one if it has none.
func (t *table) intern(key uint64) uint32 {
	h := t.home(key)
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

package ngram

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/swar"
)

// This file numbers words: their keys, hashing and the word table.

// addPositions adds the positions of the words of keys, from position p
// on, to their slots, until a word longer than 16 bytes (which slotLong
// adds); it returns that word's position, or len(keys). keys has at most
// 64 words.
//
// The loop makes no call and reads no field of the counter, whose every
// field it would reload after each store: the compiler keeps nearly all
// of its values in registers (the 128-bit product of the hash takes two).
//
// On amd64 the loop is in assembly (probeAddPositions), where all of them
// are.
func (t *wordTable) addPositions(keys []wkey, p int, seed uint64) int {
	return probeAddPositions(keys, p, unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32, seed)
}

// addPositionsGo is addPositions's loop, for the table of slots slots,
// byte mask mask and stamp g (shifted as in nstamp).
func addPositionsGo(keys []wkey, p int, slots unsafe.Pointer, mask uintptr, g, seed uint64) int {
	for ; p < len(keys); p++ {
		k := &keys[p]
		if k.n > 16 {
			return p
		}
		a, b := k.a, k.b
		ns := uint64(k.n) | g // as in positions
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// A new word (an empty slot, where live is 0) and a word seen
			// before (where live is all ones) both end the search: one
			// predictable branch. For the latter the key stored is the one
			// already there.
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				e.a, e.b = a, b
				e.setNStamp(ns)
				e.bits = e.bits&live | 1<<uint(p&63)
				break
			}
		}
	}
	return len(keys)
}

// number sets ids[p] to the dense id of the word of keys[p], from
// position p on, numbering new words from next, and counts the words in
// cnt, until a word longer than 16 bytes (which numberLong numbers); it
// returns that word's position, or len(keys), and the next id. It is a
// loop of its own for the same reason as addPositions.
func (t *wordTable) number(ids []uint32, cnt []int32, keys []wkey, p int, next uint32, seed uint64) (int, uint32) {
	slots, mask, g := unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32
	ids = ids[:len(keys)]
	for ; p < len(keys); p++ {
		k := &keys[p]
		if k.n > 16 {
			return p, next
		}
		a, b := k.a, k.b
		ns := uint64(k.n) | g // as in positions
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// As in addPositionsGo: a new word and one seen before both end
			// the search. A new one takes the id next (its slot holding
			// next+1).
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				bits := e.bits&live | (uint64(next)+1)&^live
				next += uint32(^live & 1)
				e.a, e.b = a, b
				e.setNStamp(ns)
				e.bits = bits
				id := uint32(bits) - 1
				ids[p] = id
				cnt[id]++
				break
			}
		}
	}
	return len(keys), next
}

// positions sets pos[j] to the bits of the slot of the word of keys[j]
// (its positions in a short hypothesis), or 0 when the hypothesis does not
// have it. Words longer than 16 bytes are matched on their keys only: the
// caller compares them (refBits). It is a loop of its own for the same
// reason as addPositions.
func (t *wordTable) positions(pos []uint64, keys []wkey, seed uint64) {
	slots, mask, g := unsafe.Pointer(unsafe.SliceData(t.slots)), t.byteMask(), uint64(t.gen)<<32
	// In pieces of cpu.AsmPiece words (a long reference of a short
	// hypothesis).
	for len(keys) > cpu.AsmPiece {
		probePositions(pos[:cpu.AsmPiece], keys[:cpu.AsmPiece], slots, mask, g, seed)
		pos, keys = pos[cpu.AsmPiece:], keys[cpu.AsmPiece:]
	}
	probePositions(pos[:len(keys)], keys, slots, mask, g, seed)
}

// positionsGo is positions's loop (probePositions on amd64), for the table
// of slots slots, byte mask mask and stamp g (shifted as in nstamp).
func positionsGo(pos []uint64, keys []wkey, slots unsafe.Pointer, mask uintptr, g, seed uint64) {
	pos = pos[:len(keys)]
	for j := range keys {
		k := &keys[j]
		a, b := k.a, k.b
		// A slot of this word holds ns in its length and stamp, which one
		// comparison of 8 bytes tests together.
		ns := uint64(k.n) | g
		for i := uintptr(hashKey(a, b, k.n, seed)) << slotShift & mask; ; i = (i + 1<<slotShift) & mask {
			e := (*wordSlot)(unsafe.Add(slots, i))
			x := e.nstamp() ^ ns
			// live is all ones for a slot of this segment (one of a stamp
			// other than gen is empty), which ends the search on a hit; an
			// empty slot ends it with live 0: one predictable branch, and
			// a mask for the result.
			live := uint64(int64(x>>32-1) >> 63)
			if ((e.a^a)|(e.b^b)|x)&live == 0 {
				pos[j] = e.bits & live
				break
			}
		}
	}
}

// slotShift is log2 of the size of a wordSlot.
const slotShift = 5

// The index is out of range, and the build fails, if a wordSlot is not
// 1<<slotShift bytes.
var _ = [1]struct{}{}[unsafe.Sizeof(wordSlot{})-1<<slotShift]

// byteMask is t.mask in bytes: the loops that probe the table with it keep
// the offset of a slot, with no bounds test (an offset masked by it is
// below the size of the slots, see reset) and no index to scale.
func (t *wordTable) byteMask() uintptr {
	return uintptr(t.mask) << slotShift
}

// slotLong returns the slot of hypothesis word w, longer than 16 bytes,
// of key k, filling a new one if w is new (with bits zero). Long
// words are compared, not only their keys, and kept out of the hot loops.
func (c *Counter) slotLong(k wkey, w string) *wordSlot {
	t := &c.words
	c.nLong++
	for i := k.hash(c) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			*e = wordSlot{a: k.a, b: k.b, n: k.n, stamp: t.gen}
			c.setLong(i, w)
			return e
		}
		if e.a == k.a && e.b == k.b && e.n == k.n && c.longWords[i] == w {
			return e
		}
	}
}

// setLong records w as the long word of slot i. longWords grows only when
// a segment has such a word: a huge segment of short words needs none.
func (c *Counter) setLong(i uint64, w string) {
	if c.pieces {
		// The tokens of a piece that are not substrings of the text (the
		// tokenizer's rewrites) are overwritten by the next piece's.
		w = strings.Clone(w)
	}
	if int(i) >= len(c.longWords) {
		// Keep the long words of this segment recorded so far.
		lw := make([]string, c.words.mask+1)
		copy(lw, c.longWords)
		c.longWords = lw
	}
	c.longWords[i] = w
}

// findLong returns the slot of reference word w, longer than 16 bytes, of
// key k, or nil when w is not in the hypothesis.
func (c *Counter) findLong(k wkey, w string) *wordSlot {
	t := &c.words
	for i := k.hash(c) & t.mask; ; i = (i + 1) & t.mask {
		e := &t.slots[i]
		if e.stamp != t.gen {
			return nil
		}
		if e.a == k.a && e.b == k.b && e.n == k.n && c.longWords[i] == w {
			return e
		}
	}
}

// numberLong returns the dense id of hypothesis word w, longer than 16
// bytes, of key k, numbering it if new; its slot holds id+1, as number's
// do. The shorter words go through number's loop.
func (c *Counter) numberLong(k wkey, w string) uint32 {
	e := c.slotLong(k, w)
	if e.bits == 0 {
		e.bits = uint64(c.nextID) + 1
		c.nextID++
	}
	return uint32(e.bits) - 1
}

// wkey is the key of a word (see keysOf) with its length.
type wkey struct {
	a, b uint64
	n    uint32
}

// hash returns the slot hash of k under c's seed.
func (k wkey) hash(c *Counter) uint64 {
	return hashKey(k.a, k.b, k.n, c.seed0)
}

// hashKey is the slot hash of the key (a, b) of a word of n bytes. One
// seed for both halves leaves the table's loops a register more.
func hashKey(a, b uint64, n uint32, seed uint64) uint64 {
	return mix(a^seed^uint64(n), b^seed)
}

// keysOf returns the keys of words, usually substrings of text, in a
// buffer of c's valid until the next call.
//
// For words of up to 16 bytes, the key (a, b) and the length determine
// the word: a holds its first 8 bytes, zero-padded, and b its last 8 bytes
// when it is longer than 8 (and 0 otherwise). Longer words have a hash in
// a and need comparing. Words of up to 16 bytes within text, when text
// has 16 bytes, take their keys from keysInText; the others, from
// wordKeySlow, which keysInText leaves to this loop so that its own
// loop makes no call (and keeps its values in registers).
func (c *Counter) keysOf(words []string, text string) []wkey {
	if cap(c.keys) < len(words) {
		c.keys = slices.Grow(c.keys[:0], len(words))
	}
	keys := c.keys[:len(words)]
	c.keys = keys
	fast := len(text) >= 16
	i := 0
	for {
		if fast {
			i += keysInText(keys[i:], words[i:], text)
		}
		if i >= len(words) {
			return keys
		}
		w := words[i]
		a, b := wordKeySlow(w, c.seed0)
		keys[i] = wkey{a, b, uint32(len(w))}
		i++
	}
}

// keyMask[n] holds, for a word of n bytes (1 to 16), the masks of its key
// (see keysOf) on 8 bytes read from its start and from its last 8 bytes,
// and where the latter start: a table, because computing them costs
// about ten instructions a word in a loop bound by instructions.
var keyMask = func() (t [17]struct{ a, b, d uint64 }) {
	for n := 1; n <= 16; n++ {
		t[n].a = ^uint64(0) >> (64 - 8*min(n, 8))
		if n > 8 {
			t[n].b, t[n].d = ^uint64(0), uint64(n-8)
		}
	}
	return t
}()

// keysInText sets the keys of words in keys, as many as lie within text
// and have 1 to 16 bytes, until one does not; it returns how many it set.
// text has at least 16 bytes.
//
// A word's bytes are read from text, in bounds: 8 from its start (or
// from 8 bytes before the end of text, shifted, for a word that ends
// there) and, for a word of more than 8 bytes, its last 8. A word that
// starts 16 bytes or more before the end of text, nearly every word, is
// in text with all those bytes: one test.
func keysInText(keys []wkey, words []string, text string) int {
	base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	lim := uintptr(len(text))
	keys = keys[:len(words)]
	for x, w := range words {
		n := len(w)
		p := unsafe.Pointer(unsafe.StringData(w))
		// Where w starts in text, if it does: comparing addresses is
		// safe. A word just before text in memory has an offset that
		// wraps around to near 2^64, which fails the tests below.
		off := uintptr(p) - base
		if uint(n-1) >= 16 {
			return x
		}
		m := &keyMask[n]
		var a, b uint64
		switch {
		case off <= lim-16:
		case off > lim-uintptr(n):
			return x
		case off > lim-8:
			// The word ends within the last 8 bytes of text, and has
			// fewer than 8 bytes: read those 8 bytes, and shift.
			k := off - (lim - 8)
			a = loadLE(unsafe.Add(p, -int(k))) >> (k * 8 & 63) & m.a
			keys[x] = wkey{a, 0, uint32(n)}
			continue
		}
		a = loadLE(p) & m.a
		b = loadLE(unsafe.Add(p, m.d)) & m.b
		keys[x] = wkey{a, b, uint32(n)}
	}
	return len(words)
}

// loadLE returns the 8 bytes at p as a little-endian word, as swar.Load64
// does: one load where the processor allows unaligned ones, and the same
// key on big-endian processors as wordKeySlow's (a plain *(*uint64)(p)
// would fault on some processors and swap the bytes on others).
func loadLE(p unsafe.Pointer) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(p)[:])
}

// wordKeySlow is the key of keysOf for a word read on its own.
//
//go:noinline
func wordKeySlow(s string, seed uint64) (a, b uint64) {
	n := len(s)
	switch {
	case n < 4:
		for i := n - 1; i >= 0; i-- {
			a = a<<8 | uint64(s[i])
		}
	case n <= 8:
		a = uint64(load32(s, 0)) | uint64(load32(s, n-4)>>(8*(8-n)))<<32
	case n <= 16:
		a, b = swar.Load64(s, 0), swar.Load64(s, n-8)
	default:
		// 16 bytes at a time, the last 16 overlapping the others.
		h := seed
		for i := 0; i < n-16; i += 16 {
			h = mix(swar.Load64(s, i)^seed, swar.Load64(s, i+8)^h)
		}
		a, b = mix(swar.Load64(s, n-16)^seed, swar.Load64(s, n-8)^h), swar.Load64(s, n-8)
	}
	return a, b
}

// mix folds the 128-bit product of a and b.
func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// load32 reads a little-endian word at s[i:]; the compiler makes it a
// single load. (swar.Load64 is in internal/swar.)
func load32(s string, i int) uint32 {
	s = s[i : i+4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// wordTable maps the hypothesis words of a segment to their dense ids, by
// open addressing on a 64-bit hash, confirmed by comparing keys (and the
// words, when longer than 16 bytes).
type wordTable struct{ stampTable[wordSlot] }

// nstamp returns e's length and stamp as one word, which the compiler
// reads with one load.
func (e *wordSlot) nstamp() uint64 {
	return uint64(e.n) | uint64(e.stamp)<<32
}

// setNStamp sets e's length and stamp from one word as nstamp returns it,
// which the compiler stores at once.
func (e *wordSlot) setNStamp(ns uint64) {
	e.n, e.stamp = uint32(ns), uint32(ns>>32)
}

// A wordSlot is 32 bytes (1<<slotShift), two to a cache line.
type wordSlot struct {
	a, b  uint64 // the word's key (see keysOf)
	n     uint32 // its length
	stamp uint32
	// bits holds the word's positions in a short hypothesis, or its dense
	// id plus one in a longer one.
	bits uint64
}

// stampTable is the storage of an open-addressing table whose slots
// carry a stamp: a slot is in use when its stamp equals gen, so emptying
// the table costs nothing.
type stampTable[S any] struct {
	slots []S
	gen   uint32
	mask  uint64
	shift uint // 64 - log2(len of the part in use)
}

// reset empties the table and makes room for n keys at a load factor of at
// most one half. It uses only the part of the slots that n needs: slots
// whose stamp is old are free wherever they are, and a small segment after
// a large one stays in cache.
func (t *stampTable[S]) reset(n int) {
	size := tableSize(n)
	if size > len(t.slots) {
		t.slots = make([]S, size)
		clear(t.slots) // written now, as ngramTable.reset says why
		t.gen = 0
	}
	t.mask = uint64(size - 1)
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	t.gen++
	if t.gen == 0 {
		// The stamps wrapped around: start again from clean slots.
		clear(t.slots)
		t.gen = 1
	}
}

// tableSize returns the power of two, at least 16, that holds n keys at a
// load factor of at most one half.
func tableSize(n int) int {
	if n <= 8 {
		return 16
	}
	return 1 << bits.Len(uint(2*n-1))
}

package chrf

import (
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
)

// wordTable numbers the distinct words of a hypothesis 0, 1, 2, ... in
// the order first seen: an open-addressing hash table, which costs less
// than a Go map for the few dozen words of a segment. A word is held by
// its key (wordTable.key) and its place in the caller's buffer, so a slot has
// no pointer and storing one costs no write barrier. A word of up to 16
// bytes is told from any other by its key and length alone; longer words
// are compared byte by byte.
//
// The table is kept at most a quarter full, so that most words find their
// own slot empty or holding them: both cases take one branch-free path.
// It is emptied by clearing the slots its words took, and its memory
// follows the most distinct words of a segment.
//
// Its hashes are keyed by seeds drawn when it is first reset, as
// internal/ngram's word table is: text crafted so that its words share
// a slot under fixed hash constants would make numbering them take time
// quadratic in their number.
type wordTable struct {
	slots []wordSlot   // slots[:1<<(64-shift)] in use
	shift uint         // a key's slot is the top bits of its hash
	used  []uint32     // used[id] is the slot of word id; longer than a quarter of the slots in use
	n     uint32       // words numbered
	moved []wordSlot   // scratch for grow
	seed  uint64       // hash's key, random, odd
	long  maphash.Seed // key's for words over 32 bytes
}

// wordSlot is a slot of a wordTable, empty if n is 0.
type wordSlot struct {
	lo, hi uint64 // key's
	off    int    // the word is buf[off:off+n]
	n      uint32
	id     uint32
}

// minWordBits and maxResetBits bound the size of an emptied table (as
// powers of two): it keeps the size the last segment needed between the
// two.
const (
	minWordBits  = 8
	maxResetBits = 12
)

// reset empties t.
func (t *wordTable) reset() {
	if t.slots == nil {
		t.seed, t.long = rand.Uint64()|1, maphash.MakeSeed()
		t.slots = newTable[wordSlot](1 << minWordBits)
		t.used = make([]uint32, 1<<minWordBits/4+1)
		t.shift = 64 - minWordBits
	}
	for _, i := range t.used[:t.n] {
		t.slots[i].n = 0
	}
	t.n = 0
	if t.shift < 64-maxResetBits {
		t.shift = 64 - minWordBits
	}
}

// key returns the key of the word of n bytes (at least one) at buf[off:],
// which has 32 readable bytes from off: its first eight bytes and its
// next eight, each 0 past the word's end. With n, the key tells a word of
// up to 16 bytes from any other. A longer word's second half is a hash of
// its bytes instead, so that words alike in their first 16 bytes
// (numbers, identifiers, addresses, and words of eight letters or more in
// Cyrillic or Greek) do not all share a slot: long32's, which the
// assembly loops compute too, up to 32 bytes, and maphash's (keyed by
// t.long) past that.
func (t *wordTable) key(buf []byte, off, n int) (lo, hi uint64) {
	m := min(n, 16)
	lo = binary.LittleEndian.Uint64(buf[off:]) & binary.LittleEndian.Uint64(keyMask[16-m:])
	hi = binary.LittleEndian.Uint64(buf[off+8:]) & binary.LittleEndian.Uint64(keyMask[24-m:])
	switch {
	case n > 32:
		hi = maphash.Bytes(t.long, buf[off:off+n])
	case n > 16:
		hi = t.long32(buf, off, n)
	}
	return lo, hi
}

// long32 returns the second half of the key of a word of 17 to 32 bytes
// at buf[off:] (32 readable): a hash of its bytes from the ninth on,
// keyed by t.seed, two folded 128-bit products as wordTable.hash's. Only
// the speed of the table depends on it: two such words of one key are
// compared byte by byte.
func (t *wordTable) long32(buf []byte, off, n int) uint64 {
	w1 := binary.LittleEndian.Uint64(buf[off+8:])
	w2 := binary.LittleEndian.Uint64(buf[off+16:]) & binary.LittleEndian.Uint64(keyMask[32-n:])
	w3 := binary.LittleEndian.Uint64(buf[off+24:]) & binary.LittleEndian.Uint64(keyMask[40-n:])
	h, l := bits.Mul64(w1^t.seed, w2^t.seed^long32K1)
	h, l = bits.Mul64(h^l^w3, t.seed^long32K2)
	return h ^ l
}

// long32K1 and long32K2 set long32's two products apart (odd, below 2^63
// for go_asm.h).
const (
	long32K1 = 0x1E3779B97F4A7C15
	long32K2 = 0x56E8FEB86659FD93
)

// keyMask is 16 bytes of ones, then 16 of zeros: the 16 bytes from
// keyMask[16-n] mask the bytes of the key of a word of n ≤ 16 bytes, and
// those from keyMask[32-n] the bytes 16 to 31 of a word of 17 to 32.
var keyMask = [32]byte{0: 0xFF, 1: 0xFF, 2: 0xFF, 3: 0xFF, 4: 0xFF, 5: 0xFF, 6: 0xFF, 7: 0xFF,
	8: 0xFF, 9: 0xFF, 10: 0xFF, 11: 0xFF, 12: 0xFF, 13: 0xFF, 14: 0xFF, 15: 0xFF}

// hash returns the slot hash of the key (lo, hi) of a word of n bytes
// under t's seed, as internal/ngram's hashKey: the folded 128-bit product
// of the two halves, each xored with the seed (the first with n too). The
// assembly loops (wordcodes_amd64.s) compute the same.
func (t *wordTable) hash(lo, hi uint64, n uint32) uint64 {
	h, l := bits.Mul64(lo^t.seed^uint64(n), hi^t.seed)
	return h ^ l
}

// wordCodesGo is wordCodes in Go: it writes to codes the code of each
// word of the text buf[a:e] (see counter.appendWords), whose whitespace masks
// are masks (as window has them), and returns their number. The words of
// a hypothesis are numbered (id), those of a reference looked up (code).
// codes has room for a word a byte; buf has wordPad readable bytes past e.
func (t *wordTable) wordCodesGo(codes []uint32, masks []uint64, buf []byte, a, e int, hyp bool) int {
	k := 0
	for s, end := nextField(masks, a, e, a); s < e; s, end = nextField(masks, a, e, end) {
		k = t.fieldCodes(codes, k, buf, s, end, hyp)
	}
	return k
}

// fieldCodes writes the codes of the words of the field buf[s:end] to
// codes[k:] and returns the index past them.
func (t *wordTable) fieldCodes(codes []uint32, k int, buf []byte, s, end int, hyp bool) int {
	for n := splitField(buf, s, end); s < end; s, n = s+n, end-s-n {
		lo, hi := t.key(buf, s, n)
		if hyp {
			codes[k] = t.id(buf, s, n, lo, hi) + 1
		} else {
			codes[k] = t.code(buf, s, n, lo, hi)
		}
		k++
	}
	return k
}

// id returns the number of the word buf[off:off+n] (key lo, hi), giving it
// the next one if it has none.
func (t *wordTable) id(buf []byte, off, n int, lo, hi uint64) uint32 {
	if t.n >= 1<<(62-t.shift) { // a quarter full
		t.grow()
	}
	i := uint32(t.hash(lo, hi, uint32(n)) >> t.shift)
	s := &t.slots[i]
	// Whether the word is new is not predictable: a word whose own slot is
	// empty or its own is numbered without a branch.
	empty := b2u(s.n == 0)
	hit := b2u(s.lo == lo) & b2u(s.hi == hi) & b2u(s.n == uint32(n))
	if empty|hit != 0 && n <= 16 {
		id := s.id&^-empty | t.n&-empty
		*s = wordSlot{lo: lo, hi: hi, off: off, n: uint32(n), id: id}
		t.used[t.n] = i // kept only if the word is new
		t.n += empty
		return id
	}
	i = t.find(buf, off, n, lo, hi)
	s = &t.slots[i]
	if s.n == 0 {
		*s = wordSlot{lo: lo, hi: hi, off: off, n: uint32(n), id: t.n}
		t.used[t.n] = i
		t.n++
	}
	return s.id
}

// code returns 1 + the number of the word buf[off:off+n] (key lo, hi), or
// 0 if it has none.
func (t *wordTable) code(buf []byte, off, n int, lo, hi uint64) uint32 {
	i := uint32(t.hash(lo, hi, uint32(n)) >> t.shift)
	s := &t.slots[i]
	empty := b2u(s.n == 0)
	hit := b2u(s.lo == lo) & b2u(s.hi == hi) & b2u(s.n == uint32(n))
	if empty|hit != 0 && n <= 16 {
		return (s.id + 1) & -hit
	}
	s = &t.slots[t.find(buf, off, n, lo, hi)]
	return (s.id + 1) & -b2u(s.n != 0)
}

// find returns the slot of the word buf[off:off+n] (key lo, hi), or the
// empty slot where it goes.
func (t *wordTable) find(buf []byte, off, n int, lo, hi uint64) uint32 {
	mask := uint32(1)<<(64-t.shift) - 1
	w := buf[off : off+n]
	for i := uint32(t.hash(lo, hi, uint32(n)) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.n == 0 || s.lo == lo && s.hi == hi && s.n == uint32(n) && (n <= 16 || string(buf[s.off:s.off+n]) == string(w)) {
			return i
		}
	}
}

// grow doubles the slots in use, keeping the words and their numbers.
func (t *wordTable) grow() {
	t.moved = t.moved[:0]
	for _, i := range t.used[:t.n] {
		t.moved = append(t.moved, t.slots[i])
		t.slots[i].n = 0
	}
	t.shift--
	size := 1 << (64 - t.shift)
	if len(t.slots) < size {
		t.slots = newTable[wordSlot](size)
	}
	if len(t.used) <= size/4 {
		t.used = make([]uint32, size/4+1)
	}
	mask := uint32(size - 1)
	for id, s := range t.moved {
		i := uint32(t.hash(s.lo, s.hi, s.n) >> t.shift)
		for t.slots[i].n != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
		t.used[id] = i
	}
}

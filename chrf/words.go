package chrf

import "github.com/go-bleu/bleu/internal/swar"

// wordTable numbers the distinct words of a hypothesis 0, 1, 2, ... in
// the order first seen: an open-addressing hash table of strings, emptied
// all at once by a new generation number and doubled when half full,
// which costs less than a Go map for the few dozen short words of a
// segment. Its memory follows the most distinct words of a segment. The
// words are pieces of text, held by offset and length: a slot has no
// pointer, so storing one costs no write barrier. text is the caller's and
// must stay unchanged until the next reset.
type wordTable struct {
	text  string     // the hypothesis, set by the caller after reset
	slots []wordSlot // slots[:mask+1] in use
	mask  uint64
	gen   uint32
	n     uint32     // words numbered
	moved []wordSlot // scratch for grow
}

type wordSlot struct {
	hash     uint64
	off, len int // the word is text[off:off+len]
	id       uint32
	gen      uint32 // the slot is empty unless gen equals the table's
}

// word returns the word of s.
func (t *wordTable) word(s *wordSlot) string { return t.text[s.off : s.off+s.len] }

// minWordSlots is the smallest size of an emptied table, maxResetSlots the
// largest: an emptied table keeps the size of the last segment's between
// the two.
const (
	minWordSlots  = 64
	maxResetSlots = 1024
)

// reset empties t.
func (t *wordTable) reset() {
	if t.slots == nil {
		t.slots = make([]wordSlot, minWordSlots)
	}
	t.newGen()
	// The size the last segment needed, unless that was large.
	if t.mask < minWordSlots-1 || t.mask > maxResetSlots-1 {
		t.mask = minWordSlots - 1
	}
	t.n = 0
}

// newGen empties every slot.
func (t *wordTable) newGen() {
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
}

// id returns the number of the word of n bytes at text[off:], giving it
// the next one if it has none; key is wordKey's for it.
func (t *wordTable) id(off, n int, key uint64) uint32 {
	if uint64(t.n)*2 >= t.mask {
		t.grow()
	}
	s := &t.slots[key*0x9E3779B97F4A7C15>>40&t.mask]
	if n <= 8 {
		// Whether the word is new is not predictable: a word whose own
		// slot is empty or its own is numbered without a branch.
		empty := b2u(s.gen != t.gen)
		if empty|b2u(s.hash == key)&b2u(s.len == n) != 0 {
			id := s.id&^-empty | t.n&-empty
			*s = wordSlot{hash: key, off: off, len: n, id: id, gen: t.gen}
			t.n += empty
			return id
		}
	}
	s = t.find(key, t.text[off:off+n])
	if s.gen != t.gen {
		*s = wordSlot{hash: key, off: off, len: n, id: t.n, gen: t.gen}
		t.n++
	}
	return s.id
}

// code returns 1 + w's number, or 0 if it has none; key is wordKey's for
// w.
func (t *wordTable) code(w string, key uint64) uint32 {
	s := &t.slots[key*0x9E3779B97F4A7C15>>40&t.mask]
	if len(w) <= 8 {
		// As in id.
		empty := b2u(s.gen != t.gen)
		hit := b2u(s.gen == t.gen) & b2u(s.hash == key) & b2u(s.len == len(w))
		if empty|hit != 0 {
			return (s.id + 1) & -hit
		}
	}
	s = t.find(key, w)
	return (s.id + 1) & -b2u(s.gen == t.gen)
}

// wordKey returns the key of the word of n bytes at s[off:]: for a word of
// up to 8 bytes, its bytes, little-endian, 0 past its end, which tell
// it from any other word of its length; for a longer word, FNV-1a.
func wordKey(s string, off, n int) uint64 {
	if n > 8 {
		h := uint64(14695981039346656037)
		for _, c := range []byte(s[off : off+n]) {
			h = (h ^ uint64(c)) * 1099511628211
		}
		return h
	}
	var x uint64
	if off+8 <= len(s) {
		x = swar.Load64(s, off)
	} else {
		x = swar.LoadTail(s, off)
	}
	return x & (^uint64(0) >> (64 - 8*n))
}

// find returns the slot of w (key key), or the empty slot where it goes.
// Keys of words of up to 8 bytes are the words themselves, so only longer
// words are compared as strings.
func (t *wordTable) find(key uint64, w string) *wordSlot {
	for i := key * 0x9E3779B97F4A7C15 >> 40 & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen || s.hash == key && s.len == len(w) && (len(w) <= 8 || t.word(s) == w) {
			return s
		}
	}
}

// grow doubles the slots in use, keeping the words and their numbers.
func (t *wordTable) grow() {
	t.moved = t.moved[:0]
	for _, s := range t.slots[:t.mask+1] {
		if s.gen == t.gen {
			t.moved = append(t.moved, s)
		}
	}
	size := 2 * (t.mask + 1)
	if uint64(len(t.slots)) < size {
		t.slots = make([]wordSlot, size)
		t.gen = 0
	}
	t.newGen()
	t.mask = size - 1
	for _, s := range t.moved {
		moved := s
		moved.gen = t.gen
		*t.find(s.hash, t.word(&s)) = moved
	}
}

package chrf

// wordTable numbers the distinct words of a segment 0, 1, 2, ... in the
// order first seen: an open-addressing hash table of strings, emptied all
// at once by a new generation number, which costs less than a Go map for
// the few dozen short words of a segment. The strings are the caller's
// and must stay unchanged until the next reset.
type wordTable struct {
	slots []wordSlot
	mask  uint64
	gen   uint32
	n     uint32 // words numbered
}

type wordSlot struct {
	hash uint64
	word string
	id   uint32
	gen  uint32 // the slot is empty unless gen equals the table's
}

// reset empties t, with room for n words.
func (t *wordTable) reset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if len(t.slots) < size {
		t.slots = make([]wordSlot, size)
		t.gen = 0
	}
	t.gen++
	if t.gen == 0 {
		clear(t.slots)
		t.gen = 1
	}
	t.mask, t.n = uint64(size-1), 0
}

// id returns w's number, giving it the next one if it has none. The
// table must have an empty slot for every new word: fewer words than
// 2·n since reset(n).
func (t *wordTable) id(w string) uint32 {
	// FNV-1a, 64 bits, then a multiply to spread its low bits.
	h := uint64(14695981039346656037)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint64(w[i])) * 1099511628211
	}
	h *= 0x9E3779B97F4A7C15
	for i := h >> 40 & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = wordSlot{hash: h, word: w, id: t.n, gen: t.gen}
			t.n++
			return s.id
		}
		if s.hash == h && s.word == w {
			return s.id
		}
	}
}

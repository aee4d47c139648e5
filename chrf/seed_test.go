package chrf

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// collide returns n distinct values of next whose home slot, by home, is
// 0: keys crafted against one seed.
func collide(n int, next func() uint64, home func(uint64) uint64) []uint64 {
	seen := make(map[uint64]bool)
	var out []uint64
	for len(out) < n {
		if k := next(); home(k) == 0 && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// TestWordTableSeeded checks that words crafted to share a slot of one
// word table, numbering them in time quadratic in their number, spread
// over another's: each table keys its hash with its own seed.
func TestWordTableSeeded(t *testing.T) {
	const n = 500
	rng := rand.New(rand.NewPCG(21, 22))
	var a wordTable
	a.reset()
	for a.shift > 64-11 { // room for n words a quarter full: 2048 slots
		a.grow()
	}
	letters := func() uint64 {
		var w [8]byte
		for i := range w {
			w[i] = 'a' + byte(rng.IntN(26))
		}
		return binary.LittleEndian.Uint64(w[:])
	}
	words := collide(n, letters, func(lo uint64) uint64 { return a.hash(lo, 0, 8) >> a.shift })
	var text []byte
	for _, lo := range words {
		text = binary.LittleEndian.AppendUint64(text, lo)
		text = append(text, ' ')
	}
	// The slots each word is past its own, in all.
	past := func(tab *wordTable) uint32 {
		tab.reset()
		codesOf(tab, string(text))
		if tab.n != n {
			t.Fatalf("%d words numbered, want %d", tab.n, n)
		}
		mask := uint32(1)<<(64-tab.shift) - 1
		sum := uint32(0)
		for _, i := range tab.used[:tab.n] {
			s := &tab.slots[i]
			sum += (i - uint32(tab.hash(s.lo, s.hi, s.n)>>tab.shift)) & mask
		}
		return sum
	}
	var b wordTable
	if got := past(&a); got < n*(n-1)/2 {
		t.Fatalf("under the seed they were crafted for, the words are %d slots past their own in all, want %d", got, n*(n-1)/2)
	}
	if b.reset(); b.seed == a.seed {
		t.Fatal("two word tables have one seed")
	}
	if got := past(&b); got > 4*n {
		t.Errorf("under a new seed, the words are %d slots past their own in all, more than 4 a word", got)
	}
}

// TestTableSeeded is TestWordTableSeeded for the table of characters and
// n-grams: the keys of one order (a number and a character) crafted to
// share a slot of one table spread over another's.
func TestTableSeeded(t *testing.T) {
	const n = 1000
	rng := rand.New(rand.NewPCG(23, 24))
	var a, b table
	a.reset(n)
	keys := collide(n, func() uint64 { return rng.Uint64N(1<<14)<<32 | rng.Uint64N(0x110000) }, a.home)
	// The slots each key is past its own, in all.
	past := func(tab *table) uint64 {
		tab.reset(n)
		for _, k := range keys {
			tab.intern(k)
		}
		sum := uint64(0)
		for i, s := range tab.slots[:tab.mask+1] {
			if s.gen == tab.gen {
				sum += (uint64(i) - tab.home(s.key)) & tab.mask
			}
		}
		return sum
	}
	if got := past(&a); got < n*(n-1)/2 {
		t.Fatalf("under the seed they were crafted for, the keys are %d slots past their own in all, want %d", got, n*(n-1)/2)
	}
	if b.reset(n); b.seed == a.seed {
		t.Fatal("two tables have one seed")
	}
	if got := past(&b); got > 4*n {
		t.Errorf("under a new seed, the keys are %d slots past their own in all, more than 4 a key", got)
	}
}

package chrf

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSortedRandom checks the sorting route against the hash table on
// texts drawn from small alphabets, where n-grams repeat, bigrams occur
// once in each text or more, and the reference has characters the
// hypothesis lacks, for character orders 3 to 6 and word orders 0 to 6.
func TestSortedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{"ab", "abc", "abcde ", "abcdefghij  ", "aäbßcé中文 ", "xyz"}
	text := func(alpha []rune, n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[rng.IntN(len(alpha))])
		}
		return b.String()
	}
	for i := range 3000 {
		c := Config{CharOrder: 3 + i%4, WordOrder: i % 7}
		p := c.params()
		hypAlpha := []rune(alphabets[rng.IntN(len(alphabets))])
		refAlpha := append(slices.Clone(hypAlpha), []rune(alphabets[rng.IntN(len(alphabets))])...)
		hyp, ref := text(hypAlpha, rng.IntN(200)), text(refAlpha, rng.IntN(200))
		if rng.IntN(4) == 0 { // a shared stretch
			s := text(hypAlpha, 10+rng.IntN(30))
			hyp, ref = hyp+s+hyp, ref+s
		}
		sorted, table := &counter{p: p, noBits: true}, &counter{p: p, noBits: true, noSort: true}
		got, want := make([]int64, p.width()), make([]int64, p.width())
		sorted.segment(got, hyp, []string{ref})
		table.segment(want, hyp, []string{ref})
		if !slices.Equal(got, want) {
			t.Fatalf("%+v %q %q: sorting %v, table %v", c, hyp, ref, got, want)
		}
	}
}

// TestSortLongRuns checks sortLongRuns, then insertionSort, against a
// plain sort on keys in order of their trigram, in runs of every length
// around minCountedRun and maxInsertionRun, and of 4-grams as many or
// as few as d allows, at every offset from the slice's start.
func TestSortLongRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 2000 {
		d := 1 + rng.IntN(255)
		var keys []uint64
		for top := uint64(rng.IntN(8)); len(keys) < 1000; top += 1 + uint64(rng.IntN(3)) {
			n := rng.IntN(4)
			if i%2 == 0 {
				n = minCountedRun - 3 + rng.IntN(2*maxInsertionRun)
			}
			chars := 1 + rng.IntN(d+1) // how many characters (0 to d) this run has after its trigram
			for range n {
				k := top
				for range 3 {
					k = k<<8 | uint64(rng.IntN(chars))
				}
				keys = append(keys, k<<1|uint64(rng.IntN(2)))
			}
		}
		keys = keys[rng.IntN(20):]
		want := slices.Clone(keys)
		slices.Sort(want)
		sortLongRuns(keys, make([]uint64, len(keys)), d)
		insertionSort(keys)
		if !slices.Equal(keys, want) {
			t.Fatalf("case %d (d %d): sorted %x, want %x", i, d, keys, want)
		}
	}
}

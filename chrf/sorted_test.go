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

// TestSortedMergeUnshared checks the sorting route against the hash table
// for hypotheses of more distinct characters, or words, than a key holds
// (255), against references that share fewer or more of them than that:
// mergeUnshared gives the ones a reference lacks one number, and sorting
// takes the pair only if the rest fit. Two references share different
// items, so the second must see the hypothesis's numbers as they were.
func TestSortedMergeUnshared(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	vocab := make([]string, 700) // characters, or words of two
	for i := range vocab {
		r := 0x4E00 + rune(i) // past the table of small keys
		if i%3 == 0 {
			r = 0x100 + rune(i) // and in it
		}
		vocab[i] = string(r)
	}
	text := func(items []string, n int, words bool) string {
		var b strings.Builder
		for range n {
			b.WriteString(items[rng.IntN(len(items))])
			if words {
				b.WriteString("x ")
			}
		}
		return b.String()
	}
	fits := map[bool]int{}
	for i := range 300 {
		words := i%2 == 1
		c := Config{}
		if words {
			c = Config{CharOrder: NoCharNGrams, WordOrder: 1 + i%6}
		}
		p := c.params()
		hypItems := vocab[:256+rng.IntN(300)]
		hyp := text(hypItems, 2*len(hypItems), words)
		for _, it := range hypItems { // every one at least once
			hyp += it
			if words {
				hyp += "x "
			}
		}
		var refs []string
		for range 1 + i%3 {
			s := hypItems[rng.IntN(len(hypItems)/2):]
			s = s[:min(len(s), 200+rng.IntN(100))]
			ref := text(s, 3*len(s), words) + text(vocab[600:], 20, words)
			if !words && rng.IntN(2) == 0 {
				ref += hyp[:len(hyp)/4] // a shared stretch
			}
			refs = append(refs, ref)
		}
		sorted, table := &counter{p: p, noBits: true}, &counter{p: p, noBits: true, noSort: true}
		got, want := make([]int64, p.width()), make([]int64, p.width())
		sorted.segment(got, hyp, refs)
		table.segment(want, hyp, refs)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d %+v: sorting %v, table %v", i, c, got, want)
		}
		// Sorting takes the first pair only if the items its reference
		// shares fit.
		items := func(s string) map[string]bool {
			m := map[string]bool{}
			if words {
				for _, w := range strings.Fields(s) {
					m[w] = true
				}
				return m
			}
			for _, r := range s {
				m[string(r)] = true
			}
			return m
		}
		inHyp, shared := items(hyp), 0
		for it := range items(refs[0]) {
			if inHyp[it] {
				shared++
			}
		}
		sorted.prepare(hyp, refs[:1])
		ok := sorted.sortedRefs(1)
		if words {
			ok = sorted.sortedWordRefs(1)
		}
		if want := sortable(shared + 1); len(inHyp) <= 255 || ok != want {
			t.Errorf("case %d: %d distinct items, %d shared: sorted %v, want %v", i, len(inHyp), shared, ok, want)
		}
		fits[ok]++
	}
	if fits[true] < 50 || fits[false] < 50 {
		t.Errorf("pairs sorted and not: %v, want 50 of each at least", fits)
	}
}

package ngram

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
)

// Segments of any length (see "Memory of long segments"): exact counts
// past every size where the counter changes how it makes room.

// TestHugeSegmentCounts compares the counter with naiveStats on segments
// longer than longChunk words: many distinct words, some longer than 16
// bytes (the word table and its long words grow in the middle of a
// segment, the n-gram table past longChunk keys), few distinct words, and
// references of other lengths, one and two of them.
func TestHugeSegmentCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 8))
	n := longChunk + longChunk/8
	text := func(n int, word func(i int) string) (string, []string) {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = word(i)
		}
		s := strings.Join(ws, " ")
		return s, strings.Fields(s)
	}
	distinct := func(i int) string {
		if k := r.IntN(3 * n); k%10 == 0 {
			return fmt.Sprintf("a-word-longer-than-sixteen-bytes-%d", k/10)
		} else {
			return fmt.Sprintf("w%d", k)
		}
	}
	few := func(int) string { return []string{"a", "b", "the", "a-word-longer-than-sixteen-bytes"}[r.IntN(4)] }
	var c Counter
	for _, tt := range []struct {
		name string
		word func(int) string
		refs []int // reference lengths
	}{
		{"distinct words", distinct, []int{n}},
		{"distinct words, two references", distinct, []int{n - 1000, n + longChunk}},
		{"few words", few, []int{n + 7}},
		{"few words, two references", few, []int{longChunk - 1, 2 * n}},
	} {
		if testing.Short() && strings.HasSuffix(tt.name, "two references") {
			continue
		}
		hypText, hyp := text(n, tt.word)
		var refs [][]string
		var refTexts []string
		for _, rl := range tt.refs {
			// The hypothesis's words, shuffled in runs, so that long
			// n-grams match.
			rt, rw := text(rl, func(i int) string {
				if r.IntN(8) == 0 {
					return tt.word(i)
				}
				return hyp[(i+r.IntN(2))%len(hyp)]
			})
			refs, refTexts = append(refs, rw), append(refTexts, rt)
		}
		want := Segment(conftest.Naive4(hyp, refs))
		got := counterStats(&c, hyp, hypText, refs, refTexts, 4)
		if d := diffSegmentStats(want, got); d != "" {
			t.Errorf("%s (-naive +counter):\n%s", tt.name, d)
		}
	}
}

// TestNgramTableSeeded checks that n-gram keys crafted to share a slot of
// a table under one counter's seed, numbering them in time quadratic in
// their number, spread over the table under another seed.
func TestNgramTableSeeded(t *testing.T) {
	const n = 1000
	rng := rand.New(rand.NewPCG(31, 32))
	var a, b Counter
	a.seed()
	if b.seed(); a.seed0 == b.seed0 {
		t.Fatal("two counters have one seed")
	}
	var tab ngramTable
	tab.reset(n, a.seed0)
	var keys [][2]uint32
	seen := make(map[[2]uint32]bool)
	for len(keys) < n {
		k := [2]uint32{uint32(rng.IntN(1 << 14)), uint32(rng.IntN(1 << 14))}
		if tab.slot(k[0], k[1]) == 0 && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	// The slots each key is past its own, in all.
	past := func(seed uint64) uint64 {
		var c Counter
		tab.reset(n, seed)
		sum := uint64(0)
		for _, k := range keys {
			id := tab.insert(k[0], k[1], &c)
			for i := tab.slot(k[0], k[1]); ; i = (i + 1) % tab.size {
				if e := tab.slots[i]; e.val == id+1 {
					sum += (i + tab.size - tab.slot(k[0], k[1])) % tab.size
					break
				}
			}
		}
		return sum
	}
	if got := past(a.seed0); got < n*(n-1)/2 {
		t.Fatalf("under the seed they were crafted for, the keys are %d slots past their own in all, want %d", got, n*(n-1)/2)
	}
	if got := past(b.seed0); got > 4*n {
		t.Errorf("under another seed, the keys are %d slots past their own in all, more than 4 a key", got)
	}
}

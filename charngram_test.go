package bleu

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// charSegment counts a segment with the char tokenizer's counter, or
// returns false when it would be counted the other way.
func charSegment(c *charCounter, hyp string, refs []string, order int) (segmentStats, bool) {
	st := segmentStats{matches: make([]int64, order), totals: make([]int64, order)}
	ok := c.segment(&st, hyp, refs)
	return st, ok
}

// TestCharCounterMatchesNaive compares the char tokenizer's counter with
// naiveStats of the char tokens, on random segments over small alphabets
// (so that n-grams repeat and long ones match) with whitespace, NUL,
// non-ASCII and astral characters, at lengths on both sides of its
// limits.
// One counter does them all in turn, as Stats does.
func TestCharCounterMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "b", "c", "e", " ", "\x00", "é", "ß", "\u3000", "\u2028", "中", "😀", "🙂", "\t", ".", "\x1f", "\ufeff", "\u00a0"}
	text := func(n, v int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(v)])
		}
		return b.String()
	}
	var c charCounter
	n := 3000
	if testing.Short() {
		n = 600
	}
	for i := range n {
		var hypLen int
		switch i % 4 {
		case 0:
			hypLen = r.IntN(20)
		case 1:
			hypLen = 60 + r.IntN(30)
		case 2:
			hypLen = r.IntN(300)
		default:
			hypLen = maxCharHyp - 40 + r.IntN(80)
		}
		v := 1 + r.IntN(len(alphabet))
		order := []int{4, 4, 4, 1, 2, 3, 5}[r.IntN(7)]
		hyp := text(hypLen, v)
		var refs []string
		for range 1 + r.IntN(2)*r.IntN(3) {
			rl := max(0, hypLen+r.IntN(21)-10)
			if r.IntN(4) == 0 {
				rl = r.IntN(2*hypLen + 1)
			}
			refs = append(refs, text(rl, v))
		}
		var refToks [][]string
		for _, ref := range refs {
			refToks = append(refToks, appendCharTokens(nil, ref))
		}
		want := naiveStats(appendCharTokens(nil, hyp), refToks, order)
		got, ok := charSegment(&c, hyp, refs, order)
		if !ok {
			if n := len(appendCharTokens(nil, hyp)); order <= 4 && len(refs) == 1 && n <= maxCharHyp {
				t.Fatalf("segment %d: %q counted the other way", i, hyp)
			}
			continue
		}
		if d := cmp.Diff(want, got, cmp.AllowUnexported(segmentStats{})); d != "" {
			t.Fatalf("segment %d: hypothesis %q, references %q, order %d (-naive +counter):\n%s", i, hyp, refs, order, d)
		}
	}
}

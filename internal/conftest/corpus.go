package conftest

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// SmallCorpus returns a corpus of a few segments for unit tests: system
// hypotheses, a baseline's, and their references, six segments each.
func SmallCorpus() (hyps, base, refs []string) {
	hyps = []string{
		"The cat sat on the mat.",
		"It is raining today in the city.",
		"He read the book yesterday evening.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and a pear.",
	}
	base = []string{
		"The cat is sitting on the mat.",
		"Today it rains in the city.",
		"Yesterday evening he read a book.",
		"We meet at noon at the station.",
		"The results were better than we expected.",
		"She has bought three apples and one pear.",
	}
	refs = []string{
		"The cat sat on the mat.",
		"It rains today in the city.",
		"He read the book last night.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and one pear.",
	}
	return hyps, base, refs
}

// RandomText returns a segment of up to maxWords words drawn from a small
// vocabulary, so that n-grams repeat, with punctuation and odd spacing.
func RandomText(r *rand.Rand, maxWords int) string {
	vocab := []string{"the", "cat", "sat", "on", "mat", "a", "dog", ",", ".", "3.5", "It's", "x-y", "Σ", "日本", "\u00a0", "\t"}
	var b strings.Builder
	for range r.IntN(maxWords + 1) {
		b.WriteString(vocab[r.IntN(len(vocab))])
		b.WriteByte(" \n"[r.IntN(8)/7])
	}
	return b.String()
}

// CheckRange fails t unless a BLEU score (bleu on the 0–1 scale,
// percent on the 0–100 one, its brevity penalty bp and precisions) is
// finite and in range: bleu is percent/100, bp and bleu are in [0, 1] (bleu
// up to the largest precision, at least 1, plus rounding), and no value is
// negative. score is the whole score, printed on failure.
func CheckRange(t testing.TB, what string, bleu, percent, bp float64, precisions []float64, score any) {
	t.Helper()
	if bleu != percent/100 {
		t.Fatalf("%s: BLEU %v is not BLEUPercent/100 = %v", what, bleu, percent/100)
	}
	top := 1.0
	for _, p := range precisions {
		top = max(top, p)
	}
	vals := append([]float64{bleu, bp}, precisions...)
	for i, v := range vals {
		limit := 1.0
		if i == 0 {
			limit = top * (1 + 1e-14)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || (i <= 1 && v > limit) {
			t.Fatalf("%s: value %v out of range in %+v", what, v, score)
		}
	}
}

// SampleCorpus returns the sample segments of dir/testdata (sample.hyp.txt
// and sample.ref.txt), then random ones drawn with seed up to n.
func SampleCorpus(t testing.TB, dir string, n int, seed uint64) (hyps, refs []string) {
	hyps = ReadLines(t, filepath.Join(dir, "testdata", "sample.hyp.txt"))
	refs = ReadLines(t, filepath.Join(dir, "testdata", "sample.ref.txt"))
	r := rand.New(rand.NewPCG(seed, seed+1))
	for len(hyps) < n {
		hyps = append(hyps, RandomText(r, 15))
		refs = append(refs, RandomText(r, 15))
	}
	return hyps, refs
}

// SyntheticRows returns the BLEU statistics rows of n segments of one
// system as [hyp len, ref len, matches..., totals...] at order 4:
// hypothesis lengths of 1 to 60 words, reference lengths near them, and
// matches that thin out with the order, like a fair MT system. Systems
// made with the same refSeed share their reference lengths.
func SyntheticRows(n int, sysSeed, refSeed uint64) [][]int64 {
	rs := rand.New(rand.NewPCG(sysSeed, 1))
	rr := rand.New(rand.NewPCG(refSeed, 2))
	rows := make([][]int64, n)
	for i := range rows {
		ref := int64(1 + rr.IntN(60))
		hyp := max(1, ref+int64(rs.IntN(9))-4)
		row := make([]int64, 2+2*4)
		row[0], row[1] = hyp, ref
		q := 0.4 + 0.5*rs.Float64()
		prev := hyp
		for k := range 4 {
			tot := max(0, hyp-int64(k))
			m := min(tot, int64(float64(prev)*q))
			row[2+k], row[6+k] = m, tot
			prev = m
		}
		rows[i] = row
	}
	return rows
}

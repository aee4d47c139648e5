package bleu

import (
	"context"
	"math/rand/v2"
	"testing"
)

// syntheticRows returns the rows of n segments of one system as
// [hyp len, ref len, matches..., totals...] at order 4: hypothesis lengths
// of 1 to 60 words, reference lengths near them, and matches that thin out
// with the order, like a fair MT system. Systems made with the same refSeed
// share their reference lengths.
func syntheticRows(n int, sysSeed, refSeed uint64) [][]int64 {
	rs := rand.New(rand.NewPCG(sysSeed, 1))
	rr := rand.New(rand.NewPCG(refSeed, 2))
	rows := make([][]int64, n)
	for i := range rows {
		ref := int64(1 + rr.IntN(60))
		hyp := max(1, ref+int64(rs.IntN(9))-4)
		row := make([]int64, rowLen(4))
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

// syntheticSegments returns the Segments of syntheticRows, built without
// tokenizing.
func syntheticSegments(n int, sysSeed, refSeed uint64) *Segments {
	s := new(Segments)
	for _, row := range syntheticRows(n, sysSeed, refSeed) {
		s.appendRow(row)
	}
	return s
}

// BenchmarkPaired1M is the size of a large WMT test: 1,000,000 segments, a
// baseline and 3 systems, 1,000 paired bootstrap resamples. It takes tens
// of seconds, so it is skipped with -short.
func BenchmarkPaired1M(b *testing.B) {
	if testing.Short() {
		b.Skip("1M segments × 4 systems × 1000 resamples")
	}
	const N = 1_000_000
	base := syntheticSegments(N, 1, 100)
	systems := []*Segments{syntheticSegments(N, 2, 100), syntheticSegments(N, 3, 100), syntheticSegments(N, 4, 100)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PairedBootstrap(context.Background(), base, systems, DefaultResamples, SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSignificanceMemory measures the memory of a paired bootstrap
// per segment and system: the rows a Segments keeps (rows-B/seg/sys), the
// allocations of the test itself (test-B/seg/sys), and both (B/seg/sys).
// The goal is at most 48 bytes plus a constant.
func BenchmarkSignificanceMemory(b *testing.B) {
	var rows, test float64
	for b.Loop() {
		var err error
		if rows, test, err = pairedMemory(200_000, 4); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(rows, "rows-B/seg/sys")
	b.ReportMetric(test, "test-B/seg/sys")
	b.ReportMetric(rows+test, "B/seg/sys")
}

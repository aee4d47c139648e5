package bleu

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
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

// BenchmarkResampleSum compares, on one resample of 1,000,000 segments of
// a baseline and 3 systems side by side, the float32 sums in resample
// order that sacreBLEU's numbers need past 2^24 with exact integer sums,
// which could ignore the order: "int" gathers in the same order,
// "counts" counts how often each segment was drawn and then sums the rows
// in storage order, times their counts (reading memory in sequence rather
// than at random). The difference between "float32" and "counts" is the
// price of sacreBLEU's exact numbers.
func BenchmarkResampleSum(b *testing.B) {
	const N = 1_000_000
	var ser []series
	for k := range 4 {
		ser = append(ser, series{rows: &syntheticSegments(N, uint64(k+1), 100).rows})
	}
	views := interleave(draw{series: ser})
	idx := make([]uint32, N)
	numpy.NewPCG64(1).FillIndices(idx, N)
	b.Run("float32", func(b *testing.B) {
		acc := [][]float32{make([]float32, 10), make([]float32, 10), make([]float32, 10), make([]float32, 10)}
		for b.Loop() {
			sumFloat32(context.Background(), views, idx, acc)
		}
	})
	b.Run("int", func(b *testing.B) {
		acc := [][]float32{make([]float32, 10), make([]float32, 10), make([]float32, 10), make([]float32, 10)}
		for b.Loop() {
			for k := 0; k < N; k += sumChunk {
				part := idx[k:min(N, k+sumChunk)]
				for v, view := range views {
					addExact(view.store.b8, view.stride, view.off, part, acc[v]) // wrong past 2^24: timing only
				}
			}
		}
	})
	b.Run("counts", func(b *testing.B) {
		acc := [][]int64{make([]int64, 10), make([]int64, 10), make([]int64, 10), make([]int64, 10)}
		counts := make([]uint16, N)
		for b.Loop() {
			clear(counts)
			for _, i := range idx {
				counts[i]++
			}
			st := views[0].store
			for blk, rows := range st.b8 {
				c := counts[blk*rowBlockRows:]
				for r := range len(rows) / st.w {
					k := int64(c[r])
					if k == 0 {
						continue
					}
					row := rows[r*st.w : r*st.w+st.w]
					for v := range views {
						a := acc[v]
						for col := range 10 {
							a[col] += k * int64(row[v*10+col])
						}
					}
				}
			}
		}
	})
}

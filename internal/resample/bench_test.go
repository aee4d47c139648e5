package resample

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
)

// orderFourRows returns n rows as BLEU's at order 4 ([hyp len, ref len,
// matches..., totals...]) for a fair MT system: hypotheses of 1 to 60
// words, matches thinning out with the order.
func orderFourRows(n int, seed uint64) *Rows {
	r := rand.New(rand.NewPCG(seed, 1))
	var rows Rows
	for range n {
		row := rows.Scratch(10)
		ref := int64(1 + r.IntN(60))
		hyp := max(1, ref+int64(r.IntN(9))-4)
		row[0], row[1] = hyp, ref
		q := 0.4 + 0.5*r.Float64()
		prev := hyp
		for k := range 4 {
			tot := max(0, hyp-int64(k))
			m := min(tot, int64(float64(prev)*q))
			row[2+k], row[6+k] = m, tot
			prev = m
		}
		rows.Append(row)
	}
	return &rows
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
	var ser []Series
	for k := range 4 {
		ser = append(ser, Series{Rows: orderFourRows(N, uint64(k+1))})
	}
	views := interleave(Draw{Series: ser})
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
				c := counts[blk*blockRows:]
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

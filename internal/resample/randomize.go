package resample

// Approximate randomization: coin flips as NumPy's
// rng.integers(2, size=(n, N), dtype=bool) draws them, pseudo-systems
// summed in the rows' own type as pos_sel @ stats sums them.

import (
	"context"
	"math"
	"math/bits"

	"github.com/go-bleu/bleu/internal/numpy"
)

// Randomize runs n approximate randomization trials of system against
// baseline (rows of the same length, width and kind) with coin flips from
// rng, and returns how many trials had an absolute score difference
// strictly above diff: in trial t, pseudo-system A takes the baseline's
// rows of the segments whose coin is true and the system's of the others,
// B the opposite, as sacreBLEU's pos_sel @ bl_stats + neg_sel @ sys_stats.
//
// NumPy's rng.integers(2, size=(n, N), dtype=bool) on a fresh generator
// yields the bits of consecutive 64-bit outputs, least significant first
// (see [numpy.PCG64.FillBools]), so trial t takes bits t·N to (t+1)·N-1 of
// that stream.
//
// Integer rows are summed as int64, exactly, whatever the order: A = Σ_sel
// baseline + Σ_¬sel system = system totals + Σ_sel (baseline - system),
// and B = baseline totals + system totals - A. Float rows are summed in
// float64 as NumPy's matrix product sums them (with the reference BLAS of
// Debian's NumPy): each of the four products summed in segment order, then
// A = pos·baseline + neg·system and B = neg·baseline + pos·system.
//
// It returns an error only when ctx is done first: the cause of ctx.
func Randomize(ctx context.Context, rng *numpy.PCG64, n int, sc Scorer, baseline, system *Rows, diff float64, p *Progress) (int, error) {
	if baseline.Float() {
		return randomizeFloat(ctx, rng, n, sc, baseline, system, diff, p)
	}
	N, w := baseline.Len(), baseline.Width()
	blTot, sysTot := baseline.Totals(), system.Totals()
	// The baseline's rows minus the system's, in 16 bits where they fit.
	var d16 []int16
	var d32 []int32
	if baseline.size == 1 && system.size == 1 {
		d16 = rowDeltas[int16](baseline, system)
	} else {
		d32 = rowDeltas[int32](baseline, system)
	}
	mask := make([]uint64, (N+63)/64)
	bitsIn := bitReader{p: rng}
	a, b := make([]int64, w), make([]int64, w)
	count := 0
	for t := range n {
		if ctx.Err() != nil {
			return 0, context.Cause(ctx)
		}
		for k := range mask {
			mask[k] = bitsIn.next(min(64, N-64*k))
		}
		copy(a, sysTot)
		for k := 0; k < len(mask); k += cancelCheck / 64 {
			if k > 0 && ctx.Err() != nil {
				return 0, context.Cause(ctx)
			}
			part := mask[k:min(len(mask), k+cancelCheck/64)]
			if d16 != nil {
				addSelected(d16, w, 64*k, part, a)
			} else {
				addSelected(d32, w, 64*k, part, a)
			}
		}
		for c := range w {
			b[c] = blTot[c] + sysTot[c] - a[c]
		}
		if math.Abs(sc.Score(Sum{Int64: a})-sc.Score(Sum{Int64: b})) > diff {
			count++
		}
		if t%64 == 63 || t == n-1 {
			p.Add(t%64 + 1)
		}
	}
	return count, nil
}

// randomizeFloat is Randomize for float rows.
func randomizeFloat(ctx context.Context, rng *numpy.PCG64, n int, sc Scorer, baseline, system *Rows, diff float64, p *Progress) (int, error) {
	N, w := baseline.Len(), baseline.Width()
	mask := make([]uint64, (N+63)/64)
	bitsIn := bitReader{p: rng}
	// The four products: pos·baseline, neg·system, neg·baseline, pos·system.
	posBl, negSys := make([]float64, w), make([]float64, w)
	negBl, posSys := make([]float64, w), make([]float64, w)
	a, b := make([]float64, w), make([]float64, w)
	count := 0
	for t := range n {
		if ctx.Err() != nil {
			return 0, context.Cause(ctx)
		}
		for k := range mask {
			mask[k] = bitsIn.next(min(64, N-64*k))
		}
		clear(posBl)
		clear(negSys)
		clear(negBl)
		clear(posSys)
		for i := range N {
			if i > 0 && i%cancelCheck == 0 && ctx.Err() != nil {
				return 0, context.Cause(ctx)
			}
			blk, off := i>>blockBits, (i&(blockRows-1))*w
			x, y := baseline.f64[blk][off:off+w], system.f64[blk][off:off+w]
			if mask[i/64]>>(i%64)&1 != 0 {
				addTo(posBl, x)
				addTo(posSys, y)
			} else {
				addTo(negBl, x)
				addTo(negSys, y)
			}
		}
		for c := range w {
			a[c] = posBl[c] + negSys[c]
			b[c] = negBl[c] + posSys[c]
		}
		if math.Abs(sc.Score(Sum{Float64: a})-sc.Score(Sum{Float64: b})) > diff {
			count++
		}
		if t%64 == 63 || t == n-1 {
			p.Add(t%64 + 1)
		}
	}
	return count, nil
}

// addTo adds x to acc, value by value.
func addTo(acc, x []float64) {
	for c, v := range x {
		acc[c] += v
	}
}

// rowDeltas returns the baseline's rows minus the system's, one row after
// another. D must hold every difference: int16 for byte rows, int32 for
// any (values are below 2^32 and a segment's counts below 2^31 in
// practice; a larger difference would wrap, which the metrics' limits on
// a segment's length prevent).
func rowDeltas[D int16 | int32](baseline, sys *Rows) []D {
	N, w := baseline.Len(), baseline.Width()
	out := make([]D, N*w)
	x, y := make([]int64, w), make([]int64, w)
	for i := range N {
		baseline.Row(i, x)
		sys.Row(i, y)
		for c := range w {
			out[i*w+c] = D(x[c] - y[c])
		}
	}
	return out
}

// addSelected adds to a the rows of delta (of w values) of the segments
// first+i whose bit i is set in mask.
func addSelected[D int16 | int32](delta []D, w, first int, mask []uint64, a []int64) {
	if w == 10 {
		// BLEU at order 4, the default, unrolled. (Sums in memory: ten in
		// registers spill around the loop's own.)
		s := (*[10]int64)(a)
		for k, m := range mask {
			for ; m != 0; m &= m - 1 {
				i := first + 64*k + bits.TrailingZeros64(m)
				d := (*[10]D)(delta[i*10 : i*10+10])
				s[0] += int64(d[0])
				s[1] += int64(d[1])
				s[2] += int64(d[2])
				s[3] += int64(d[3])
				s[4] += int64(d[4])
				s[5] += int64(d[5])
				s[6] += int64(d[6])
				s[7] += int64(d[7])
				s[8] += int64(d[8])
				s[9] += int64(d[9])
			}
		}
		return
	}
	for k, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := first + 64*k + bits.TrailingZeros64(m)
			for c, d := range delta[i*w : i*w+w] {
				a[c] += int64(d)
			}
		}
	}
}

// bitReader reads the bits of a generator's consecutive 64-bit outputs,
// least significant first: the values of one large
// Generator.integers(2, size, dtype=bool) call on a generator whose 32-bit
// buffer is empty (a fresh one), read in order.
type bitReader struct {
	p    *numpy.PCG64
	buf  uint64 // unread bits, in the low n bits
	have int
}

// next returns the next k bits (1 <= k <= 64), the first in bit 0.
func (b *bitReader) next(k int) uint64 {
	mask := ^uint64(0) >> (64 - k)
	if b.have >= k {
		v := b.buf & mask
		b.buf >>= k // k == 64 leaves 0
		b.have -= k
		return v
	}
	w := b.p.Uint64()
	v := (b.buf | w<<b.have) & mask
	used := k - b.have
	b.buf = w >> used
	b.have = 64 - used
	return v
}

package bleu

// The resampling loops of the significance tests: bootstrap resamples
// scored on float32 sums as NumPy computes them, and approximate
// randomization trials on integer sums, with cancellation and progress.

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"

	"github.com/go-bleu/bleu/internal/numpy"
)

// maxResampleWorkers bounds the goroutines scoring bootstrap resamples,
// and so the resample index buffers alive at once (4 bytes a segment
// each).
const maxResampleWorkers = 4

// cancelCheck is how many indices a loop handles between looks at its
// context: some milliseconds of work.
const cancelCheck = 1 << 20

// series is one set of rows scored on every resample of a draw, with the
// scores stored in out (out[r] is resample r's).
type series struct {
	rows *rowStore
	out  []float64
}

// draw is a sequence of bootstrap resamples drawn from one generator, as
// one rng.choice(N, size=(n, N)) call, each scored for every series.
type draw struct {
	rng    *numpy.PCG64
	series []series
}

// rowView is the rows of one series inside a rowStore's blocks: row i is
// the w values at (i&(rowBlockRows-1))·stride + off of block
// i>>rowBlockBits.
type rowView struct {
	store          *rowStore
	stride, off, w int
}

// interleave returns the views of the rows of every series of d: the
// series' own rows when there is one, otherwise a copy with the rows of
// every series of a segment side by side (padded to a power of two bytes
// up to 64), so that a resampled segment is one cache line rather than
// one per series. The copy takes N·len(d.series)·w values of the widest
// series' size, padded.
func interleave(d draw) []rowView {
	if len(d.series) == 1 {
		st := d.series[0].rows
		return []rowView{{st, st.w, 0, st.w}}
	}
	w := d.series[0].rows.w
	size := uint8(1)
	for _, s := range d.series {
		size = max(size, s.rows.size)
	}
	stride := interleavedStride(len(d.series), w, size)
	out := &rowStore{w: stride, size: size}
	n := d.series[0].rows.n
	switch size {
	case 1:
		out.b8 = interleaveBlocks[uint8](d.series, n, stride)
	case 2:
		out.b16 = interleaveBlocks[uint16](d.series, n, stride)
	default:
		out.b32 = interleaveBlocks[uint32](d.series, n, stride)
	}
	out.n = n
	views := make([]rowView, len(d.series))
	for k := range views {
		views[k] = rowView{out, stride, k * w, w}
	}
	return views
}

// interleavedStride returns the values an interleaved row of series rows
// of w values of size bytes takes, padding rows of up to 64 bytes to a
// power of two so that none straddles two cache lines.
func interleavedStride(series, w int, size uint8) int {
	bytes := series * w * int(size)
	if bytes > 64 {
		return series * w
	}
	p := 1
	for p < bytes {
		p *= 2
	}
	return p / int(size)
}

// interleavedBytes is the memory interleave takes for N segments.
func interleavedBytes(stores []*rowStore, N int) int64 {
	if len(stores) < 2 {
		return 0
	}
	size := uint8(1)
	for _, s := range stores {
		size = max(size, s.size)
	}
	return satMul(int64(N), int64(interleavedStride(len(stores), stores[0].w, size))*int64(size))
}

func interleaveBlocks[T rowValue](ser []series, n, stride int) [][]T {
	blocks := make([][]T, (n+rowBlockRows-1)/rowBlockRows)
	row := make([]int64, ser[0].rows.w)
	w := len(row)
	for b := range blocks {
		rows := min(rowBlockRows, n-b*rowBlockRows)
		blk := make([]T, rows*stride)
		for r := range rows {
			for k, s := range ser {
				s.rows.get(b*rowBlockRows+r, row)
				dst := blk[r*stride+k*w : r*stride+k*w+w]
				for c, v := range row {
					dst[c] = T(v)
				}
			}
		}
		blocks[b] = blk
	}
	return blocks
}

// progressReporter calls a Progress callback as work completes: never
// concurrently, with done increasing, about a thousand times at most, and
// always at the end.
type progressReporter struct {
	mu          sync.Mutex
	fn          func(done, total int)
	done, total int
	next, step  int
}

func newProgressReporter(fn func(done, total int), total int) *progressReporter {
	p := &progressReporter{fn: fn, total: total, step: max(1, total/1000)}
	if fn != nil {
		fn(0, total)
	}
	p.next = p.step
	return p
}

// add records k more units done.
func (p *progressReporter) add(k int) {
	if p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += k
	if p.done >= p.next || p.done == p.total {
		p.fn(p.done, p.total)
		p.next = p.done + p.step
	}
}

// canceled returns the error of a test stopped by ctx.
func canceled(ctx context.Context, what string) error {
	return fmt.Errorf("bleu: %s stopped: %w", what, context.Cause(ctx))
}

// resampleWorkers returns how many goroutines score n resamples.
func resampleWorkers(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), maxResampleWorkers, n))
}

// bootstrap runs the draws d of n resamples each of segs segments, as
// rng.choice(segs, size=(n, segs)) with each draw's generator, storing
// every series' score of every resample. One goroutine draws the indices
// of a resample (the generator is sequential) while others score earlier
// resamples; each resample's indices are drawn once for all the series of
// its draw. It returns an error only when ctx is done first.
func bootstrap(ctx context.Context, sc *scorer, segs, n int, draws []draw, prog *progressReporter) error {
	for _, d := range draws {
		if err := bootstrapDraw(ctx, sc, segs, n, d, prog); err != nil {
			return err
		}
	}
	return nil
}

func bootstrapDraw(ctx context.Context, sc *scorer, segs, n int, d draw, prog *progressReporter) error {
	views := interleave(d)
	// score scores resample r, whose indices are idx, for every series.
	score := func(r int, idx []uint32, acc [][]float32, sum []int64) {
		if sumFloat32(ctx, views, idx, acc) {
			for k, s := range d.series {
				for c, v := range acc[k] {
					sum[c] = int64(v)
				}
				s.out[r] = sc.percent(sum, true)
			}
		}
		prog.add(1)
	}
	newAcc := func() [][]float32 {
		acc := make([][]float32, len(views))
		for k := range acc {
			acc[k] = make([]float32, sc.rowLen)
		}
		return acc
	}
	// fill draws the indices of the next resample, or stops when ctx is
	// done.
	fill := func(idx []uint32) {
		for k := 0; k < segs && ctx.Err() == nil; k += cancelCheck {
			d.rng.FillIndices(idx[k:min(segs, k+cancelCheck)], uint32(segs))
		}
	}

	workers := resampleWorkers(n)
	if workers == 1 {
		// One goroutine draws and scores in turn, without handing over.
		idx, acc, sum := make([]uint32, segs), newAcc(), make([]int64, sc.rowLen)
		for r := 0; r < n && ctx.Err() == nil; r++ {
			fill(idx)
			score(r, idx, acc, sum)
		}
		if ctx.Err() != nil {
			return canceled(ctx, "bootstrap resampling")
		}
		return nil
	}

	// One goroutine draws (the generator is sequential) while the others
	// score the resamples drawn before.
	type job struct {
		r   int
		idx []uint32
	}
	free := make(chan []uint32, workers+1)
	for range workers + 1 {
		free <- make([]uint32, segs)
	}
	jobs := make(chan job, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			acc, sum := newAcc(), make([]int64, sc.rowLen)
			for j := range jobs {
				score(j.r, j.idx, acc, sum)
				free <- j.idx
			}
		})
	}
	for r := range n {
		var idx []uint32
		select {
		case idx = <-free:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		fill(idx)
		jobs <- job{r, idx}
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return canceled(ctx, "bootstrap resampling")
	}
	return nil
}

// sumChunk is how many indices of a resample sumFloat32 takes at a time
// for every series in turn: the cache lines of their rows, read for the
// first series, are still in the core's cache for the others.
const sumChunk = 2048

// sumFloat32 stores in acc[k] the sum of the rows idx of views[k] as
// NumPy's stats[idx].sum(0) on a float32 array computes it: each value
// rounded to float32, each column summed in float32 in the order of idx
// (NumPy reduces a C-contiguous array over axis 0 one row after another).
// The sum is exact while it stays below 2^24; past that its rounding
// depends on the order, which is why the resample order is kept. It
// returns false, leaving acc partial, when ctx is done first.
func sumFloat32(ctx context.Context, views []rowView, idx []uint32, acc [][]float32) bool {
	for _, a := range acc {
		clear(a)
	}
	for k := 0; k < len(idx); k += sumChunk {
		if k%cancelCheck == 0 && ctx.Err() != nil {
			return false
		}
		part := idx[k:min(len(idx), k+sumChunk)]
		for v, view := range views {
			st := view.store
			// While no sum of len(idx) rows can pass 2^24, float32 sums
			// are exact, and integer ones are cheaper.
			exact := st.max <= float32Exact/int64(max(1, len(idx)))
			switch {
			case st.size == 1 && exact:
				addExact(st.b8, view.stride, view.off, part, acc[v])
			case st.size == 1:
				addFloat32(st.b8, view.stride, view.off, part, acc[v])
			case st.size == 2:
				addFloat32(st.b16, view.stride, view.off, part, acc[v])
			default:
				addFloat32(st.b32, view.stride, view.off, part, acc[v])
			}
		}
	}
	return true
}

// float32Exact is the largest sum of integers that float32 arithmetic
// keeps exact: every integer up to 2^24 is a float32.
const float32Exact = 1 << 24

// addExact is addFloat32 for sums that stay at most 2^24, which are exact
// in float32, added up as integers.
func addExact[T rowValue](blocks [][]T, stride, off int, idx []uint32, acc []float32) {
	if len(acc) != 10 {
		addFloat32(blocks, stride, off, idx, acc)
		return
	}
	var sum [10]uint32 // in memory: ten in registers spill around the loop's own
	for _, i := range idx {
		b := blocks[i>>rowBlockBits]
		o := int(i&(rowBlockRows-1))*stride + off
		row := (*[10]T)(b[o : o+10])
		sum[0] += uint32(row[0])
		sum[1] += uint32(row[1])
		sum[2] += uint32(row[2])
		sum[3] += uint32(row[3])
		sum[4] += uint32(row[4])
		sum[5] += uint32(row[5])
		sum[6] += uint32(row[6])
		sum[7] += uint32(row[7])
		sum[8] += uint32(row[8])
		sum[9] += uint32(row[9])
	}
	for c, a := range sum {
		acc[c] += float32(a)
	}
}

// addFloat32 adds the rows idx of a view of blocks (len(acc) values at off
// in rows of stride values) to acc, in float32, in order.
func addFloat32[T rowValue](blocks [][]T, stride, off int, idx []uint32, acc []float32) {
	if len(acc) == 10 {
		// Order 4, the default: ten sums kept in registers.
		a0, a1, a2, a3, a4 := acc[0], acc[1], acc[2], acc[3], acc[4]
		a5, a6, a7, a8, a9 := acc[5], acc[6], acc[7], acc[8], acc[9]
		for _, i := range idx {
			b := blocks[i>>rowBlockBits]
			o := int(i&(rowBlockRows-1))*stride + off
			row := (*[10]T)(b[o : o+10])
			a0 = float32(a0 + float32(row[0]))
			a1 = float32(a1 + float32(row[1]))
			a2 = float32(a2 + float32(row[2]))
			a3 = float32(a3 + float32(row[3]))
			a4 = float32(a4 + float32(row[4]))
			a5 = float32(a5 + float32(row[5]))
			a6 = float32(a6 + float32(row[6]))
			a7 = float32(a7 + float32(row[7]))
			a8 = float32(a8 + float32(row[8]))
			a9 = float32(a9 + float32(row[9]))
		}
		acc[0], acc[1], acc[2], acc[3], acc[4] = a0, a1, a2, a3, a4
		acc[5], acc[6], acc[7], acc[8], acc[9] = a5, a6, a7, a8, a9
		return
	}
	w := len(acc)
	for _, i := range idx {
		b := blocks[i>>rowBlockBits]
		o := int(i&(rowBlockRows-1))*stride + off
		for c, v := range b[o : o+w] {
			acc[c] = float32(acc[c] + float32(v))
		}
	}
}

// randomize runs n approximate randomization trials of sys against
// baseline with coin flips from rng and returns how many trials had an
// absolute score difference above diff.
//
// NumPy's rng.integers(2, size=(n, N), dtype=bool) on a fresh generator
// yields the bits of consecutive 64-bit outputs, least significant first
// (see numpy.PCG64.FillBools), so trial t takes bits t·N to (t+1)·N-1 of
// that stream.
// Its statistics are integers (sacreBLEU sums them with an integer matrix
// product): A = Σ_sel baseline + Σ_¬sel system = system total + Σ_sel
// (baseline - system), and B = baseline total + system total - A.
func randomize(ctx context.Context, rng *numpy.PCG64, n int, sc *scorer, baseline, sys *Segments, diff float64, prog *progressReporter) (int, error) {
	N, w := baseline.Len(), sc.rowLen
	blTot, sysTot := baseline.totalsRow(), sys.totalsRow()
	// The baseline's rows minus the system's, in 16 bits where they fit.
	var d16 []int16
	var d32 []int32
	if baseline.rows.size == 1 && sys.rows.size == 1 {
		d16 = rowDeltas[int16](baseline, sys)
	} else {
		d32 = rowDeltas[int32](baseline, sys)
	}
	mask := make([]uint64, (N+63)/64)
	bitsIn := bitReader{p: rng}
	a, b := make([]int64, w), make([]int64, w)
	count := 0
	for t := range n {
		if ctx.Err() != nil {
			return 0, canceled(ctx, "approximate randomization")
		}
		for k := range mask {
			mask[k] = bitsIn.next(min(64, N-64*k))
		}
		copy(a, sysTot)
		for k := 0; k < len(mask); k += cancelCheck / 64 {
			if k > 0 && ctx.Err() != nil {
				return 0, canceled(ctx, "approximate randomization")
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
		if math.Abs(sc.percent(a, false)-sc.percent(b, false)) > diff {
			count++
		}
		if t%64 == 63 || t == n-1 {
			prog.add(t%64 + 1)
		}
	}
	return count, nil
}

// rowDeltas returns the baseline's rows minus the system's, one row after
// another. D must hold every difference: int16 for byte rows, int32 for
// any (rows are below 2^32 and a segment's counts below 2^31 in practice;
// a larger difference would wrap, which Segments.Add's limit prevents).
func rowDeltas[D int16 | int32](baseline, sys *Segments) []D {
	N, w := baseline.Len(), baseline.rows.w
	out := make([]D, N*w)
	x, y := make([]int64, w), make([]int64, w)
	for i := range N {
		baseline.rows.get(i, x)
		sys.rows.get(i, y)
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
		// Order 4, the default, unrolled. (Sums in memory: ten in
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

package resample

// The bootstrap: resamples drawn as rng.choice(N, size=(n, N)) draws them,
// summed in float32 as NumPy sums them, and scored by the metric.

import (
	"context"
	"sync"

	"github.com/go-bleu/bleu/internal/numpy"
)

// maxWorkers bounds the goroutines scoring bootstrap resamples, and so the
// resample index buffers alive at once (4 bytes a segment each).
const maxWorkers = 4

// cancelCheck is how many indices a loop handles between looks at its
// context: some milliseconds of work.
const cancelCheck = 1 << 20

// Series is one system's rows, scored on every resample of a [Draw]:
// Scores[r] is resample r's score.
type Series struct {
	Rows   *Rows
	Scores []float64
}

// Draw is a sequence of bootstrap resamples drawn from one generator, as
// one rng.choice(N, size=(n, N)) call of NumPy, each resample scored for
// every series. Every series of a draw must have the same number of rows,
// of the same width and kind.
type Draw struct {
	RNG    *numpy.PCG64
	Series []Series
}

// Bootstrap runs the draws, each of n resamples of the N rows of its
// series, as rng.choice(N, size=(n, N)) with the draw's generator, and
// stores every series' score of every resample in its Scores (of length n
// at least). Each resample is summed as NumPy's stats[idx].sum(0) on a
// float32 array: every value rounded to float32, each column summed in
// float32 in resample order. One goroutine draws the indices of a resample
// (the generator is sequential) while up to four others score earlier
// resamples; each resample's indices are drawn once for every series of
// its draw. The result does not depend on the number of goroutines. sc is
// called concurrently.
//
// It returns an error only when ctx is done first: the cause of ctx
// (context.Cause), which the caller wraps in its own words.
func Bootstrap(ctx context.Context, sc Scorer, n int, draws []Draw, p *Progress) error {
	for _, d := range draws {
		if err := bootstrapDraw(ctx, sc, n, d, p); err != nil {
			return err
		}
	}
	return nil
}

func bootstrapDraw(ctx context.Context, sc Scorer, n int, d Draw, prog *Progress) error {
	views := interleave(d)
	segs, w := d.Series[0].Rows.Len(), d.Series[0].Rows.Width()
	float := d.Series[0].Rows.Float()
	// score scores resample r, whose indices are idx, for every series.
	score := func(r int, idx []uint32, acc [][]float32, sum []int64) {
		if sumFloat32(ctx, views, idx, acc) {
			for k, s := range d.Series {
				in := Sum{Float32: acc[k]}
				if !float {
					for c, v := range acc[k] {
						sum[c] = int64(v)
					}
					in.Int64 = sum
				}
				s.Scores[r] = sc.Score(in)
			}
		}
		prog.Add(1)
	}
	newAcc := func() [][]float32 {
		acc := make([][]float32, len(views))
		for k := range acc {
			acc[k] = make([]float32, w)
		}
		return acc
	}
	// fill draws the indices of the next resample, or stops when ctx is
	// done.
	fill := func(idx []uint32) {
		for k := 0; k < segs && ctx.Err() == nil; k += cancelCheck {
			d.RNG.FillIndices(idx[k:min(segs, k+cancelCheck)], uint32(segs))
		}
	}

	workers := Workers(n)
	if workers == 1 {
		// One goroutine draws and scores in turn, without handing over.
		idx, acc, sum := make([]uint32, segs), newAcc(), make([]int64, w)
		for r := 0; r < n && ctx.Err() == nil; r++ {
			fill(idx)
			score(r, idx, acc, sum)
		}
		return context.Cause(ctx)
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
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			acc, sum := newAcc(), make([]int64, w)
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
		case <-stop.Done():
		}
		if stop.Err() != nil {
			break
		}
		fill(idx)
		jobs <- job{r, idx}
	}
	close(jobs)
	wg.Wait()
	return context.Cause(ctx)
}

// rowView is the rows of one series inside the blocks of a Rows: row i is
// the w values at (i&(blockRows-1))·stride + off of block i>>blockBits.
type rowView struct {
	store          *Rows
	stride, off, w int
}

// interleave returns the views of the rows of every series of d: the
// series' own rows when there is one, otherwise a copy with the rows of
// every series of a segment side by side (padded to a power of two bytes
// up to 64), so that a resampled segment is one cache line rather than
// one per series. The copy takes N·len(d.Series)·w values of the widest
// series' size, padded.
func interleave(d Draw) []rowView {
	if len(d.Series) == 1 {
		st := d.Series[0].Rows
		return []rowView{{st, st.w, 0, st.w}}
	}
	w := d.Series[0].Rows.w
	size := uint8(1)
	for _, s := range d.Series {
		size = max(size, s.Rows.size)
	}
	stride := interleavedStride(len(d.Series), w, size)
	out := &Rows{w: stride, size: size, max: 0}
	n := d.Series[0].Rows.n
	switch size {
	case 1:
		out.b8 = interleaveBlocks[uint8](d.Series, n, stride)
	case 2:
		out.b16 = interleaveBlocks[uint16](d.Series, n, stride)
	case 4:
		out.b32 = interleaveBlocks[uint32](d.Series, n, stride)
	default:
		out.f64 = interleaveBlocks[float64](d.Series, n, stride)
	}
	for _, s := range d.Series {
		out.max = max(out.max, s.Rows.max)
	}
	out.n = n
	views := make([]rowView, len(d.Series))
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

// interleavedBytes is the memory interleave takes for the series of a
// draw.
func interleavedBytes(d Draw) int64 {
	if len(d.Series) < 2 {
		return 0
	}
	size := uint8(1)
	for _, s := range d.Series {
		size = max(size, s.Rows.size)
	}
	N := d.Series[0].Rows.n
	return satMul(int64(N), int64(interleavedStride(len(d.Series), d.Series[0].Rows.w, size))*int64(size))
}

func interleaveBlocks[T value](ser []Series, n, stride int) [][]T {
	blocks := make([][]T, (n+blockRows-1)/blockRows)
	w := ser[0].Rows.w
	row, frow := make([]int64, w), make([]float64, w)
	for b := range blocks {
		rows := min(blockRows, n-b*blockRows)
		blk := make([]T, rows*stride)
		for r := range rows {
			for k, s := range ser {
				dst := blk[r*stride+k*w : r*stride+k*w+w]
				if s.Rows.Float() {
					s.Rows.RowFloat(b*blockRows+r, frow)
					for c, v := range frow {
						dst[c] = T(v)
					}
					continue
				}
				s.Rows.Row(b*blockRows+r, row)
				for c, v := range row {
					dst[c] = T(v)
				}
			}
		}
		blocks[b] = blk
	}
	return blocks
}

// sumChunk is how many indices of a resample sumFloat32 takes at a time
// for every series in turn: the cache lines of their rows, read for the
// first series, are still in the core's cache for the others.
const sumChunk = 2048

// sumFloat32 stores in acc[k] the sum of the rows idx of views[k] as
// NumPy's stats[idx].sum(0) on a float32 array computes it: each value
// rounded to float32, each column summed in float32 in the order of idx
// (NumPy reduces a C-contiguous array over axis 0 one row after another).
// The sum of integers is exact while it stays below 2^24; past that its
// rounding depends on the order, which is why the resample order is kept.
// It returns false, leaving acc partial, when ctx is done first.
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
			// While no sum can pass 2^24, float32 sums of integers are
			// exact, and integer ones are cheaper: so for every chunk
			// whose rows cannot take a column past 2^24 (the columns
			// summed so far are then exact integers too).
			exact := st.size != 8 && exactAfter(acc[v], st.max, len(part))
			switch {
			case st.size == 1 && exact:
				addExact(st.b8, view.stride, view.off, part, acc[v])
			case st.size == 2 && exact:
				addExact(st.b16, view.stride, view.off, part, acc[v])
			case st.size == 1:
				addFloat32(st.b8, view.stride, view.off, part, acc[v])
			case st.size == 2:
				addFloat32(st.b16, view.stride, view.off, part, acc[v])
			case st.size == 4:
				addFloat32(st.b32, view.stride, view.off, part, acc[v])
			default:
				addFloat32(st.f64, view.stride, view.off, part, acc[v])
			}
		}
	}
	return true
}

// float32Exact is the largest sum of integers that float32 arithmetic
// keeps exact: every integer up to 2^24 is a float32.
const float32Exact = 1 << 24

// exactAfter reports whether adding n rows of values at most most to the
// column sums acc keeps every sum at most 2^24, where float32 sums of
// integers are exact whatever their order.
func exactAfter(acc []float32, most int64, n int) bool {
	var top float32
	for _, a := range acc {
		top = max(top, a)
	}
	return int64(top) <= float32Exact-most*int64(n)
}

// addExact is addFloat32 for sums that stay at most 2^24, which are exact
// in float32, added up as integers (a chunk's sums fit in a uint32).
func addExact[T intValue](blocks [][]T, stride, off int, idx []uint32, acc []float32) {
	if len(acc) != 10 {
		addFloat32(blocks, stride, off, idx, acc)
		return
	}
	var sum [10]uint32 // in memory: ten in registers spill around the loop's own
	for _, i := range idx {
		b := blocks[i>>blockBits]
		o := int(i&(blockRows-1))*stride + off
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
func addFloat32[T value](blocks [][]T, stride, off int, idx []uint32, acc []float32) {
	if len(acc) == 10 {
		// BLEU at order 4, the default: ten sums kept in registers.
		a0, a1, a2, a3, a4 := acc[0], acc[1], acc[2], acc[3], acc[4]
		a5, a6, a7, a8, a9 := acc[5], acc[6], acc[7], acc[8], acc[9]
		for _, i := range idx {
			b := blocks[i>>blockBits]
			o := int(i&(blockRows-1))*stride + off
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
		b := blocks[i>>blockBits]
		o := int(i&(blockRows-1))*stride + off
		for c, v := range b[o : o+w] {
			acc[c] = float32(acc[c] + float32(v))
		}
	}
}

package resample

import (
	"fmt"
	"math"
)

// blockBits sets the rows a block of [Rows] holds: 1<<blockBits.
const blockBits = 16

// blockRows is the number of rows a block of [Rows] holds.
const blockRows = 1 << blockBits

// MaxRows is the most rows a [Rows] may hold, so that a row index fits in a
// uint32 and NumPy's bounded integers take their 32-bit path, as they do
// for rng.choice(N) with N < 2^32 - 1.
const MaxRows = math.MaxUint32 - 1

// intValue is an integer type [Rows] keeps its values in.
type intValue interface{ uint8 | uint16 | uint32 }

// value is a type [Rows] keeps its values in.
type value interface{ intValue | float64 }

// Rows keeps the per-segment statistics of one system, a row of Width()
// values per segment, in one of two kinds, fixed by the first row:
//
//   - integer rows ([Rows.Append]): non-negative integers below 2^32, kept
//     in the narrowest of uint8, uint16 and uint32 that holds every value
//     added so far (BLEU's rows at order 4 take 10 bytes a segment on
//     ordinary text); their sums are int64, as NumPy sums an int64 array;
//   - float rows ([Rows.AppendFloat]): float64 values (TER's edits and
//     average reference lengths); their sums are float64.
//
// Rows are kept in blocks of 65,536, so adding a row never copies the
// earlier ones, except once per widening of integer rows. Row i is in block
// i>>blockBits at offset (i&(blockRows-1))·Width().
//
// The zero value is empty. A Rows is not safe for concurrent use while rows
// are added; once they are, any number of goroutines may read it (every
// function of this package only reads it). Copying a Rows that holds rows
// shares them with the copy; use one or the other.
type Rows struct {
	w    int   // values a row; set by the first append
	n    int   // rows held
	size uint8 // bytes a value (1, 2 or 4; 8 for float rows); 0 before the first row
	max  int64 // the largest value held (integer rows)
	b8   [][]uint8
	b16  [][]uint16
	b32  [][]uint32
	f64  [][]float64
	tot  []int64 // column totals (integer rows)
	tmp  []int64 // scratch for a row being built
}

// Scratch returns a row of w values for the caller to fill and pass to
// [Rows.Append]; it is overwritten by the next call.
func (r *Rows) Scratch(w int) []int64 {
	if cap(r.tmp) < w {
		r.tmp = make([]int64, w)
	}
	return r.tmp[:w]
}

// sizeFor returns the bytes a value needs for v (0 <= v < 2^32).
func sizeFor(v int64) uint8 {
	switch {
	case v < 1<<8:
		return 1
	case v < 1<<16:
		return 2
	}
	return 4
}

// Append adds an integer row. It panics if a value is outside [0, 2^32),
// if the row's length is not that of the rows before, if the rows are
// float rows, or if there are MaxRows rows already: callers check their
// data first and report it in their own words.
func (r *Rows) Append(row []int64) {
	if r.size == 0 {
		r.w, r.size = len(row), 1
		r.tot = make([]int64, len(row))
	}
	r.check(len(row), false)
	for c, v := range row {
		if v < 0 || v > math.MaxUint32 {
			panic(fmt.Sprintf("resample: value %d of a row is outside [0, 2^32)", v))
		}
		r.max = max(r.max, v)
		r.tot[c] += v
	}
	need := sizeFor(r.max)
	if need > r.size {
		r.widen(need)
	}
	switch r.size {
	case 1:
		r.b8 = appendRow(r.b8, row, r.w)
	case 2:
		r.b16 = appendRow(r.b16, row, r.w)
	default:
		r.b32 = appendRow(r.b32, row, r.w)
	}
	r.n++
}

// AppendFloat adds a float row. Its values must be finite. It panics as
// [Rows.Append] does, and if the rows are integer rows.
func (r *Rows) AppendFloat(row []float64) {
	if r.size == 0 {
		r.w, r.size = len(row), 8
	}
	r.check(len(row), true)
	for _, v := range row {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			panic(fmt.Sprintf("resample: value %v of a row is not finite", v))
		}
	}
	r.f64 = appendRow(r.f64, row, r.w)
	r.n++
}

// check panics unless a row of w values of the kind float may be added.
func (r *Rows) check(w int, float bool) {
	switch {
	case (r.size == 8) != float:
		panic("resample: integer and float rows mixed")
	case w != r.w:
		panic(fmt.Sprintf("resample: a row of %d values after rows of %d", w, r.w))
	case int64(r.n) == MaxRows:
		panic("resample: more than MaxRows rows")
	}
}

// appendRow appends row to the last block of blocks, starting a new block
// when it is full. The first block grows as append grows it; later ones are
// allocated whole.
func appendRow[T value, V int64 | float64](blocks [][]T, row []V, w int) [][]T {
	if len(blocks) == 0 || len(blocks[len(blocks)-1]) == blockRows*w {
		var b []T
		if len(blocks) > 0 {
			b = make([]T, 0, blockRows*w)
		}
		blocks = append(blocks, b)
	}
	b := &blocks[len(blocks)-1]
	for _, v := range row {
		*b = append(*b, T(v))
	}
	return blocks
}

// widen converts every block to values of size bytes.
func (r *Rows) widen(size uint8) {
	var vals [][]uint32 // the values of every block, widened to uint32 first
	switch r.size {
	case 1:
		vals = convertBlocks[uint8, uint32](r.b8)
	case 2:
		vals = convertBlocks[uint16, uint32](r.b16)
	default:
		vals = r.b32
	}
	r.b8, r.b16, r.b32 = nil, nil, nil
	if size == 2 {
		r.b16 = convertBlocks[uint32, uint16](vals)
	} else {
		r.b32 = vals
	}
	r.size = size
}

// convertBlocks returns the blocks with their values converted to T, and
// releases each source block as it goes.
func convertBlocks[F, T intValue](src [][]F) [][]T {
	out := make([][]T, len(src))
	for i, b := range src {
		nb := make([]T, len(b), cap(b))
		for k, v := range b {
			nb[k] = T(v)
		}
		out[i] = nb
		src[i] = nil
	}
	return out
}

// Len returns the number of rows.
func (r *Rows) Len() int { return r.n }

// Width returns the number of values a row, 0 before the first row.
func (r *Rows) Width() int { return r.w }

// Float reports whether the rows are float rows.
func (r *Rows) Float() bool { return r.size == 8 }

// ValueSize returns the bytes a value takes: 1, 2 or 4 for integer rows, 8
// for float rows, 0 before the first row.
func (r *Rows) ValueSize() int { return int(r.size) }

// Row stores integer row i in dst (of length Width()).
func (r *Rows) Row(i int, dst []int64) {
	blk, off := i>>blockBits, (i&(blockRows-1))*r.w
	switch r.size {
	case 1:
		for c, v := range r.b8[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	case 2:
		for c, v := range r.b16[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	case 4:
		for c, v := range r.b32[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	default:
		panic("resample: Row of float rows")
	}
}

// RowFloat stores float row i in dst (of length Width()).
func (r *Rows) RowFloat(i int, dst []float64) {
	if r.size != 8 {
		panic("resample: RowFloat of integer rows")
	}
	blk, off := i>>blockBits, (i&(blockRows-1))*r.w
	copy(dst, r.f64[blk][off:off+r.w])
}

// Totals returns the column sums of integer rows (nil for float rows and
// before the first row), which the caller must not modify.
func (r *Rows) Totals() []int64 { return r.tot }

// Bytes returns the memory the rows take.
func (r *Rows) Bytes() int64 {
	var n int64
	for _, b := range r.b8 {
		n += int64(cap(b))
	}
	for _, b := range r.b16 {
		n += 2 * int64(cap(b))
	}
	for _, b := range r.b32 {
		n += 4 * int64(cap(b))
	}
	for _, b := range r.f64 {
		n += 8 * int64(cap(b))
	}
	return n
}

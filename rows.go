package bleu

// rowBlockBits sets the rows a block of a rowStore holds: 1<<rowBlockBits.
const rowBlockBits = 16

// rowBlockRows is the number of rows a block of a rowStore holds.
const rowBlockRows = 1 << rowBlockBits

// rowValue is an integer type a rowStore keeps its values in.
type rowValue interface{ uint8 | uint16 | uint32 }

// rowStore keeps rows of non-negative integers below 2^32, all of the same
// length, in the narrowest of uint8, uint16 and uint32 that holds every
// value added so far, in blocks of rowBlockRows rows: adding a row never
// copies the earlier ones, except once per widening. Row i is in block
// i>>rowBlockBits at offset (i&(rowBlockRows-1))·w. The zero value is
// empty. A rowStore is not safe for concurrent use while rows are added.
type rowStore struct {
	w    int   // values a row; set by the first append
	n    int   // rows held
	size uint8 // bytes a value (1, 2 or 4); 0 before the first row
	max  int64 // the largest value held
	b8   [][]uint8
	b16  [][]uint16
	b32  [][]uint32
	tmp  []int64 // scratch for a row being built
}

// scratch returns a row of w values for the caller to fill and append.
func (r *rowStore) scratch(w int) []int64 {
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

// append adds row, whose values must be in [0, 2^32) and whose length must
// be that of the rows before.
func (r *rowStore) append(row []int64) {
	if r.size == 0 {
		r.w, r.size = len(row), 1
	}
	for _, v := range row {
		r.max = max(r.max, v)
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

// appendRow appends row to the last block of blocks, starting a new block
// when it is full. The first block grows as append grows it; later ones are
// allocated whole.
func appendRow[T rowValue](blocks [][]T, row []int64, w int) [][]T {
	if len(blocks) == 0 || len(blocks[len(blocks)-1]) == rowBlockRows*w {
		var b []T
		if len(blocks) > 0 {
			b = make([]T, 0, rowBlockRows*w)
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
func (r *rowStore) widen(size uint8) {
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
func convertBlocks[F, T rowValue](src [][]F) [][]T {
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

// get stores row i in dst (of length w).
func (r *rowStore) get(i int, dst []int64) {
	blk, off := i>>rowBlockBits, (i&(rowBlockRows-1))*r.w
	switch r.size {
	case 1:
		for c, v := range r.b8[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	case 2:
		for c, v := range r.b16[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	default:
		for c, v := range r.b32[blk][off : off+r.w] {
			dst[c] = int64(v)
		}
	}
}

// bytes returns the memory the rows take.
func (r *rowStore) bytes() int64 {
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
	return n
}

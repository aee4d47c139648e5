package ter

import "math"

// The beam-limited edit distance of sacreBLEU's lib_ter.BeamEditDistance.
//
// Words are int32 ids: equal ids for equal words of the reference, and a
// hypothesis word that is in no reference gets noWord, which equals no
// reference word. Only the equality of hypothesis and reference words
// matters to the edit distance and the shifts, so this changes nothing.
//
// Row i of the matrix (i hypothesis words consumed) is computed only
// between the columns [lo(i), hi(i)) around its pseudo-diagonal
// floor(i·len(ref)/len(hyp)); every other cell is infinite. The band
// depends only on the two lengths, which shifts do not change. sacreBLEU
// caches rows by hypothesis prefix in a trie; a row depends only on the
// prefix, so the cache changes only speed. Here a candidate restarts from
// the row of the base hypothesis where the two first differ.

// Edit operations, as sacreBLEU's trace letters.
const (
	opNone  = ' '
	opSub   = 's'
	opIns   = 'i' // a reference word consumed (column step)
	opDel   = 'd' // a hypothesis word consumed (row step)
	opUndef = 'x'
)

// inf is sacreBLEU's _INT_INFINITY for cells outside the beam. Every
// finite cost is below 2·maxWords, far below it, and a cost of at least
// inf never decides a cell; costs derived from it stay below inf+2·maxWords,
// so that the sum of two of them still fits in an int32.
const inf = 1 << 29

// maxWords is the most words a hypothesis or reference may have.
const maxWords = 1 << 26

// noWord is the id of a hypothesis word that is in no reference.
const noWord = -1

// beamWidth, maxShiftSize, maxShiftDist and maxShiftCandidates are
// lib_ter's _BEAM_WIDTH, _MAX_SHIFT_SIZE, _MAX_SHIFT_DIST and
// _MAX_SHIFT_CANDIDATES.
const (
	beamWidth          = 25
	maxShiftSize       = 10
	maxShiftDist       = 50
	maxShiftCandidates = 1000
)

// band is the shape of the beam for a hypothesis of n words and a
// reference of m: row i spans the columns [lo[i], hi[i]).
type band struct {
	n, m   int
	lo, hi []int32
	off    []int // offset of row i in a band-shaped matrix
	cells  int
}

// limits are lib_ter's limits on the search. The aligner always uses
// sacreLimits; the tests raise them to show which cases they decide.
type limits struct {
	beam, shiftSize, shiftDist, candidates int
}

// sacreLimits are lib_ter's _BEAM_WIDTH, _MAX_SHIFT_SIZE,
// _MAX_SHIFT_DIST and _MAX_SHIFT_CANDIDATES.
var sacreLimits = limits{beamWidth, maxShiftSize, maxShiftDist, maxShiftCandidates}

// setBand sets b to the band of n hypothesis and m reference words, with
// the given beam width, as BeamEditDistance._edit_distance computes it.
func (b *band) setBand(n, m, beam int) {
	b.n, b.m = n, m
	b.lo = grow(b.lo, n+1)
	b.hi = grow(b.hi, n+1)
	b.off = grow(b.off, n+2)
	ratio := 1.0
	if n > 0 {
		ratio = float64(m) / float64(n)
	}
	width := beam
	if float64(beam) < ratio/2 {
		width = int(math.Ceil(ratio/2 + float64(beam)))
	}
	b.lo[0], b.hi[0] = 0, int32(m+1)
	b.off[0], b.off[1] = 0, m+1
	for i := 1; i <= n; i++ {
		diag := int(math.Floor(float64(i) * ratio))
		lo := max(0, diag-width)
		hi := min(m+1, diag+width)
		if i == n {
			hi = m + 1
		}
		hi = max(hi, lo) // an empty window, if the beam leaves the matrix
		b.lo[i], b.hi[i] = int32(lo), int32(hi)
		b.off[i+1] = b.off[i] + hi - lo
	}
	b.cells = b.off[n+1]
}

// grow returns s with length n, reusing its memory when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// matrix is the band of the edit distance matrix of one hypothesis, costs
// and operations, kept for the trace and as the start of candidates, and
// the band of its backward matrix (see computeRowBack), with which a
// candidate is finished where its words become the base's again.
type matrix struct {
	cost []int32
	op   []byte
	back []int32
}

// rows is the scratch space of one edit distance: two rows of m+1 cells,
// each infinite outside the cells last written (see row).
type rows struct {
	a, b []int32
	// dirtyLo, dirtyHi bound the cells of a and b written since they were
	// last all infinite.
	dirtyLo, dirtyHi int
}

// reset makes rows ready for a reference of m words: m+2 cells. Idle rows
// are infinite in every cell of their arrays, so a shorter reference
// reuses them as they are.
func (r *rows) reset(m int) {
	if cap(r.a) < m+2 {
		r.a = make([]int32, m+2)
		r.b = make([]int32, m+2)
		for j := range r.a {
			r.a[j], r.b[j] = inf, inf
		}
	}
	r.a, r.b = r.a[:m+2], r.b[:m+2]
	r.dirtyLo, r.dirtyHi = m+2, 0
}

// touch records that the cells [lo, hi) of a or b were written.
func (r *rows) touch(lo, hi int) {
	r.dirtyLo, r.dirtyHi = min(r.dirtyLo, lo), max(r.dirtyHi, hi)
}

// clean makes both rows infinite again.
func (r *rows) clean() {
	if r.dirtyLo < r.dirtyHi {
		for j := r.dirtyLo; j < r.dirtyHi; j++ {
			r.a[j], r.b[j] = inf, inf
		}
	}
	r.dirtyLo, r.dirtyHi = len(r.a), 0
}

// computeRow fills cur[lo:hi] with row i of the matrix for hypothesis
// word h, from the previous row prev, which is infinite outside the cells
// it holds, as the loop of _edit_distance: each cell takes the first of
// substitution (or match), deletion and insertion whose cost is below the
// least so far, starting from infinity; column 0 is always a deletion.
// Cell lo-1 of cur is made infinite first. If ops is not nil it receives
// the operations of the cells lo..hi-1.
func computeRow(prev, cur []int32, lo, hi int, h int32, ref []int32, ops []byte) {
	if lo >= hi {
		return
	}
	if lo > 0 {
		cur[lo-1] = inf
	}
	j := lo
	if j == 0 {
		cur[0] = prev[0] + 1
		if ops != nil {
			ops[0] = opDel
		}
		j = 1
	}
	left := cur[j-1]
	if ops == nil {
		// Costs alone: the least of the three, whichever comes first.
		prev, ref := prev[j-1:hi], ref[j-1:hi-1]
		out := cur[j:hi]
		for k, w := range ref {
			c := prev[k]
			if h != w {
				c++
			}
			c = min(c, prev[k+1]+1, left+1)
			out[k], left = c, c
		}
		return
	}
	for ; j < hi; j++ {
		c, op := int32(inf), byte(opUndef)
		sub, o := prev[j-1], byte(opNone)
		if h != ref[j-1] {
			sub, o = sub+1, opSub
		}
		if c > sub {
			c, op = sub, o
		}
		if d := prev[j] + 1; c > d {
			c, op = d, opDel
		}
		if in := left + 1; c > in {
			c, op = in, opIns
		}
		cur[j], left = c, c
		ops[j-lo] = op
	}
}

// computeRowBack fills cur[lo:hi] with row i of the backward matrix: the
// least cost from each cell to the last one, along the cells of the beam,
// from next, row i+1, which is infinite outside the cells it holds. h is
// hypothesis word i (0-based), the word that a step from row i to row
// i+1 consumes. Cell hi of cur is made infinite first; cur has m+2 cells.
// A path's cost is the same forwards and backwards, so the least cost of
// a hypothesis through row i is the least over j of the forward cost of
// (i, j) plus the backward cost of (i, j): every path crosses row i.
func computeRowBack(next, cur []int32, lo, hi int, h int32, ref []int32) {
	if lo >= hi {
		return
	}
	cur[hi] = inf
	right := int32(inf)
	j := hi - 1
	if j == len(ref) { // the last column: no substitution
		c := min(next[j]+1, right+1)
		cur[j], right = c, c
		j--
	}
	for ; j >= lo; j-- {
		c := next[j+1]
		if h != ref[j] {
			c++
		}
		c = min(c, next[j]+1, right+1)
		cur[j], right = c, c
	}
}

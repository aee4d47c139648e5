package ter

// The shift search of sacreBLEU's lib_ter.translation_edit_rate and
// _shift, step for step: the same candidates in the same order, the same
// ranking and ties, the same limits.

// aligner computes the edits between a hypothesis and one reference at a
// time. Its scratch space is reused from one call to the next; it is not
// safe for concurrent use.
type aligner struct {
	lim  *limits // &sacreLimits if nil
	band band
	mat  matrix
	rows rows
	ref  []int32

	base, cand, best []int32 // the hypothesis, a candidate, the best candidate
	// prev is the candidate evaluated before cand, whose forward rows
	// (prevP, prevQ] are in cmat (band-shaped, as mat.cost); its rows up
	// to prevP are the base's. Consecutive candidates often move the same
	// words to nearby places, and then share most of their rows.
	prev           []int32
	prevP, prevQ   int
	cmat           []int32
	trace          []byte
	align          []int32 // reference position → hypothesis position
	hypErr, refErr []int32 // prefix sums of the error flags
	// refStart and refPos list the positions of each word id in ref:
	// those of id k are refPos[refStart[k]:refStart[k+1]], ascending.
	refStart, refPos []int32
}

// edits returns sacreBLEU's number of edits (shifts plus the beam edit
// distance after them) to turn hyp into ref, both word ids below words
// (noWord for hypothesis words in no reference).
func (a *aligner) edits(hyp, ref []int32, words int) int {
	n, m := len(hyp), len(ref)
	if m == 0 {
		return n
	}
	a.ref = ref
	a.indexRef(words)
	if a.lim == nil {
		a.lim = &sacreLimits
	}
	a.band.setBand(n, m, a.lim.beam)
	a.mat.cost = grow(a.mat.cost, a.band.cells)
	a.mat.op = grow(a.mat.op, a.band.cells)
	a.rows.reset(m)
	a.base = append(a.base[:0], hyp...)
	a.cand = grow(a.cand, n)
	a.prev = grow(a.prev, n)
	a.cmat = grow(a.cmat, a.band.cells)
	a.best = grow(a.best, n)

	a.mat.back = grow(a.mat.back, a.band.cells)
	shifts, checked := 0, 0
	// The rows of the matrix to compute for the base: forward rows from
	// on, backward rows before to.
	from, to := 0, n
	for {
		pre := a.baseDistance(from)
		a.baseBack(to)
		delta, first, end, c := a.shift(pre, checked)
		checked = c
		if checked >= a.lim.candidates || delta <= 0 {
			return shifts + int(pre)
		}
		shifts++
		a.base, a.best = a.best, a.base
		// Forward rows 0..first depend only on the words before first,
		// backward rows end..n only on the words from end on, which the
		// shift kept.
		from, to = first+1, end
	}
}

// indexRef fills refStart and refPos for a.ref.
func (a *aligner) indexRef(words int) {
	a.refStart = grow(a.refStart, words+2)
	clear(a.refStart)
	for _, w := range a.ref {
		a.refStart[w+2]++
	}
	for k := 2; k < len(a.refStart); k++ {
		a.refStart[k] += a.refStart[k-1]
	}
	a.refPos = grow(a.refPos, len(a.ref))
	for j, w := range a.ref {
		a.refPos[a.refStart[w+1]] = int32(j)
		a.refStart[w+1]++
	}
}

// baseDistance computes the rows from..n of the matrix of a.base (the rows
// before from are those of the base before, whose first words were the
// same) and returns its edit distance.
func (a *aligner) baseDistance(from int) int32 {
	b, r := &a.band, &a.rows
	m := b.m
	if from == 0 {
		cost, op := a.mat.cost[:m+1], a.mat.op[:m+1]
		for j := range cost {
			cost[j], op[j] = int32(j), opIns
		}
		from = 1
	}
	if from > b.n {
		return a.cell(b.n, m) // no hypothesis words: row 0
	}
	prev, cur := r.a, r.b
	lo, hi := a.startRow(prev, from-1)
	r.touch(max(0, lo-1), hi)
	for i := from; i <= b.n; i++ {
		lo, hi := int(b.lo[i]), int(b.hi[i])
		o := b.off[i]
		computeRow(prev, cur, lo, hi, a.base[i-1], a.ref, a.mat.op[o:o+hi-lo])
		copy(a.mat.cost[o:o+hi-lo], cur[lo:hi])
		r.touch(max(0, lo-1), hi)
		prev, cur = cur, prev
	}
	r.clean()
	return a.cell(b.n, m)
}

// baseBack computes the rows to-1 down to 1 of the backward matrix of
// a.base (the rows from to on are those of the base before, whose words
// from to on were the same; to is at most n).
func (a *aligner) baseBack(to int) {
	b, r := &a.band, &a.rows
	m, n := b.m, b.n
	if to == n {
		lo := int(b.lo[n])
		back := a.mat.back[b.off[n]:b.off[n+1]]
		for j := range back {
			back[j] = int32(m - (lo + j))
		}
	}
	next, cur := r.a, r.b
	lo, hi := int(b.lo[to]), int(b.hi[to])
	copy(next[lo:hi], a.mat.back[b.off[to]:b.off[to+1]])
	r.touch(lo, hi+1)
	for i := to - 1; i >= 1; i-- {
		lo, hi := int(b.lo[i]), int(b.hi[i])
		computeRowBack(next, cur, lo, hi, a.base[i], a.ref)
		copy(a.mat.back[b.off[i]:b.off[i+1]], cur[lo:hi])
		r.touch(lo, hi+1)
		next, cur = cur, next
	}
	r.clean()
}

// startRow copies into prev the cells of row p (< n) of the base's matrix
// that row p+1 reads, and returns their bounds. Row 0 spans every column,
// wider than row 1 may read: its cells past hi(1) are left infinite, as
// the rows after it assume of the cells past their own.
func (a *aligner) startRow(prev []int32, p int) (lo, hi int) {
	return a.copyRow(prev, a.mat.cost, p)
}

// copyRow copies row p of the band-shaped matrix mat into prev as
// startRow does.
func (a *aligner) copyRow(prev, mat []int32, p int) (lo, hi int) {
	b := &a.band
	lo, hi = int(b.lo[p]), int(b.hi[p])
	if p < b.n {
		hi = min(hi, int(b.hi[p+1]))
	}
	o := b.off[p]
	copy(prev[lo:hi], mat[o:o+hi-lo])
	return lo, hi
}

// cell returns the cost of cell (i, j) of the base's matrix.
func (a *aligner) cell(i, j int) int32 {
	b := &a.band
	if j < int(b.lo[i]) || j >= int(b.hi[i]) {
		return inf
	}
	return a.mat.cost[b.off[i]+j-int(b.lo[i])]
}

// candidateDistance returns the edit distance of a.cand, whose words
// before p and from q on are those of a.base (p < q <= n): the forward
// rows p+1..q of the candidate, met with the base's backward row q. The
// rows it shares with the candidate before are not computed again. It
// makes a.cand the candidate before.
func (a *aligner) candidateDistance(p, q int) int32 {
	b, r := &a.band, &a.rows
	prev, cur := r.a, r.b
	// The rows up to s are those of the candidate before, if s > p (and
	// then p is prevP: see below).
	s := min(p, a.prevP)
	for s < q && s < a.prevQ && a.cand[s] == a.prev[s] {
		s++
	}
	// Rows up to s are shared; row s itself too, as it depends on the
	// words before s only. If s > p, then cand and prev agree with the
	// base before p and differ from it at p and prevP, so p = prevP, and
	// row s is in cmat.
	var lo, hi int
	if s > p && s <= a.prevQ {
		lo, hi = a.copyRow(prev, a.cmat, s)
	} else {
		s = p
		lo, hi = a.startRow(prev, p)
	}
	r.touch(max(0, lo-1), hi)
	for i := s + 1; i <= q; i++ {
		lo, hi := int(b.lo[i]), int(b.hi[i])
		computeRow(prev, cur, lo, hi, a.cand[i-1], a.ref, nil)
		o := b.off[i]
		copy(a.cmat[o:o+hi-lo], cur[lo:hi])
		r.touch(max(0, lo-1), hi)
		prev, cur = cur, prev
	}
	lo, hi = int(b.lo[q]), int(b.hi[q])
	back := a.mat.back[b.off[q]:b.off[q+1]]
	d := int32(inf)
	for j, c := range prev[lo:hi] {
		d = min(d, c+back[j])
	}
	r.clean()
	a.cand, a.prev = a.prev, a.cand
	a.prevP, a.prevQ = p, q
	return min(d, inf)
}

// traceAlignment backtracks the base's matrix into sacreBLEU's trace,
// flips it (insertions and deletions swapped: the reference rewritten into
// the hypothesis) and sets align, hypErr and refErr as trace_to_alignment
// does, the error flags as prefix sums.
func (a *aligner) traceAlignment() {
	b := &a.band
	t := a.trace[:0]
	i, j := b.n, b.m
	for i > 0 || j > 0 {
		var op byte = opIns // row 0
		if i > 0 {
			if j < int(b.lo[i]) || j >= int(b.hi[i]) {
				panic("ter: internal error: the trace left the beam")
			}
			op = a.mat.op[b.off[i]+j-int(b.lo[i])]
		}
		t = append(t, op)
		switch op {
		case opNone, opSub:
			i, j = i-1, j-1
		case opIns:
			j--
		case opDel:
			i--
		default:
			panic("ter: internal error: unknown operation in the trace")
		}
	}
	a.trace = t
	a.align = grow(a.align, b.m)
	a.hypErr = append(a.hypErr[:0], 0)
	a.refErr = append(a.refErr[:0], 0)
	posHyp, posRef := -1, -1
	for k := len(t) - 1; k >= 0; k-- {
		hypSum, refSum := a.hypErr[len(a.hypErr)-1], a.refErr[len(a.refErr)-1]
		switch t[k] {
		case opNone, opSub:
			e := int32(0)
			if t[k] == opSub {
				e = 1
			}
			posHyp++
			posRef++
			a.align[posRef] = int32(posHyp)
			a.hypErr = append(a.hypErr, hypSum+e)
			a.refErr = append(a.refErr, refSum+e)
		case opDel: // flipped: 'i', a hypothesis word
			posHyp++
			a.hypErr = append(a.hypErr, hypSum+1)
		case opIns: // flipped: 'd', a reference word
			posRef++
			a.align[posRef] = int32(posHyp)
			a.refErr = append(a.refErr, refSum+1)
		}
	}
}

// candidate ranks a shift as _shift's tuple does: the greatest gain, then
// the longest, then the earliest in the hypothesis, then the earliest
// target. (Equal keys mean equal shifted words, so the words never decide.)
type candidate struct {
	delta, length, start, idx int
}

// beatsOnTie reports whether c's key, but for delta, ranks above o's.
func (c *candidate) beatsOnTie(o *candidate) bool {
	if c.length != o.length {
		return c.length > o.length
	}
	if c.start != o.start {
		return c.start < o.start
	}
	return c.idx < o.idx
}

// shift is _shift: it tries every candidate shift of the base against
// its edit distance pre and leaves the best one's words in a.best. It
// returns the best gain (0 when there is no candidate), the positions
// [first, end) outside which the best has the words of the base, and the
// updated number of candidates checked.
func (a *aligner) shift(pre int32, checked int) (delta, first, end, checkedOut int) {
	a.traceAlignment()
	n, m := a.band.n, a.band.m
	a.prevP, a.prevQ = 0, 0 // the candidates' rows of the base before are stale
	var best candidate
	found := false
	bestFirst, bestEnd := n, n
	// try evaluates a candidate; it reports whether the search must stop.
	try := func(sh, sr, length int) bool {
		if a.hypErr[sh+length]-a.hypErr[sh] == 0 || a.refErr[sr+length]-a.refErr[sr] == 0 {
			return false
		}
		if al := int(a.align[sr]); sh <= al && al < sh+length {
			return false
		}
		prevIdx := -1
		for offset := -1; offset < length; offset++ {
			idx := 0
			if sr+offset != -1 {
				idx = int(a.align[sr+offset]) + 1
			}
			if idx == prevIdx {
				continue
			}
			prevIdx = idx
			p, q := performShift(a.cand, a.base, sh, length, idx)
			c := candidate{length: length, start: sh, idx: idx}
			checked++
			d := pre
			if p < n {
				d = a.candidateDistance(p, q)
			}
			c.delta = int(pre - d)
			if found && (c.delta < best.delta || c.delta == best.delta && !c.beatsOnTie(&best)) {
				continue
			}
			best, found, bestFirst, bestEnd = c, true, p, q
			if p < n {
				copy(a.best, a.prev) // candidateDistance made it prev
			} else {
				copy(a.best, a.cand)
			}
		}
		return checked >= a.lim.candidates
	}
	for sh := 0; sh < n; sh++ {
		w := a.base[sh]
		if w == noWord {
			continue
		}
		for _, sr32 := range a.refPos[a.refStart[w]:a.refStart[w+1]] {
			sr := int(sr32)
			if sr-sh > a.lim.shiftDist || sh-sr > a.lim.shiftDist {
				continue
			}
			for length := 1; ; length++ {
				if try(sh, sr, length) {
					return best.delta, bestFirst, bestEnd, checked
				}
				if sh+length == n || sr+length == m || length >= a.lim.shiftSize ||
					a.base[sh+length] != a.ref[sr+length] {
					break
				}
			}
		}
	}
	if !found {
		return 0, n, n, checked
	}
	return best.delta, bestFirst, bestEnd, checked
}

// performShift is _perform_shift: it writes into dst the words of w with
// the length words at start moved before target, Python's slices clamped
// as Python clamps them, and returns the positions [p, q) outside which
// dst has the words of w (p = len(w) if dst is w).
func performShift(dst, w []int32, start, length, target int) (p, q int) {
	n := len(w)
	d := dst[:0]
	switch {
	case target < start:
		d = append(d, w[:target]...)
		d = append(d, w[start:start+length]...)
		d = append(d, w[target:start]...)
		d = append(d, w[start+length:]...)
	case target > start+length:
		d = append(d, w[:start]...)
		d = append(d, w[start+length:target]...)
		d = append(d, w[start:start+length]...)
		d = append(d, w[target:]...)
	default:
		mid := min(n, length+target)
		d = append(d, w[:start]...)
		d = append(d, w[start+length:mid]...)
		d = append(d, w[start:start+length]...)
		d = append(d, w[mid:]...)
	}
	p = min(start, target)
	for p < n && d[p] == w[p] {
		p++
	}
	q = min(n, max(start, target)+length)
	for q > p && d[q-1] == w[q-1] {
		q--
	}
	return p, q
}

package ter

import (
	"math"
	"slices"
)

// naiveEdits is lib_ter.translation_edit_rate transcribed line by line,
// with full matrices and no cache: the twin that the tests compare the
// aligner with.
func naiveEdits(hyp, ref []int32) int {
	return naiveLimits{maxShiftSize, maxShiftDist, maxShiftCandidates, beamWidth}.edits(hyp, ref)
}

// naiveLimits are lib_ter's limits, changeable so that the tests can show
// which cases the limits decide.
type naiveLimits struct {
	shiftSize, shiftDist, candidates, beam int
}

func (l naiveLimits) edits(hyp, ref []int32) int {
	if len(ref) == 0 {
		return len(hyp)
	}
	shifts, checked := 0, 0
	input := slices.Clone(hyp)
	for {
		delta, next, c := l.shift(input, ref, checked)
		checked = c
		if checked >= l.candidates || delta <= 0 {
			break
		}
		shifts++
		input = next
	}
	d, _, _ := l.matrix(input, ref)
	return shifts + d
}

type naiveCell struct {
	cost int64
	op   byte
}

func (l naiveLimits) matrix(h, r []int32) (int, []byte, [][]naiveCell) {
	n, m := len(h), len(r)
	const infinity = 1 << 40 // 1e16 in Python; any value above every cost
	dist := make([][]naiveCell, n+1)
	dist[0] = make([]naiveCell, m+1)
	for j := range dist[0] {
		dist[0][j] = naiveCell{int64(j), 'i'}
	}
	for i := 1; i <= n; i++ {
		dist[i] = make([]naiveCell, m+1)
		for j := range dist[i] {
			dist[i][j] = naiveCell{infinity, 'x'}
		}
	}
	ratio := 1.0
	if n > 0 {
		ratio = float64(m) / float64(n)
	}
	bw := l.beam
	if float64(l.beam) < ratio/2 {
		bw = int(math.Ceil(ratio/2 + float64(l.beam)))
	}
	for i := 1; i <= n; i++ {
		pd := int(math.Floor(float64(i) * ratio))
		minJ, maxJ := max(0, pd-bw), min(m+1, pd+bw)
		if i == n {
			maxJ = m + 1
		}
		for j := minJ; j < maxJ; j++ {
			if j == 0 {
				dist[i][j] = naiveCell{dist[i-1][j].cost + 1, 'd'}
				continue
			}
			cs, os := int64(1), byte('s')
			if h[i-1] == r[j-1] {
				cs, os = 0, ' '
			}
			for _, o := range []naiveCell{{dist[i-1][j-1].cost + cs, os}, {dist[i-1][j].cost + 1, 'd'}, {dist[i][j-1].cost + 1, 'i'}} {
				if dist[i][j].cost > o.cost {
					dist[i][j] = o
				}
			}
		}
	}
	var trace []byte
	i, j := n, m
	for i > 0 || j > 0 {
		op := dist[i][j].op
		trace = append([]byte{op}, trace...)
		switch op {
		case ' ', 's':
			i, j = i-1, j-1
		case 'i':
			j--
		case 'd':
			i--
		default:
			panic("unknown operation")
		}
	}
	return int(dist[n][m].cost), trace, dist
}

func (l naiveLimits) shift(h, r []int32, checked int) (int, []int32, int) {
	pre, inv, _ := l.matrix(h, r)
	var align []int
	var refErr, hypErr []int
	ph, pr := -1, -1
	for _, op := range inv {
		switch op { // flipped
		case ' ', 's':
			e := 0
			if op == 's' {
				e = 1
			}
			ph++
			pr++
			align = append(align, ph)
			hypErr = append(hypErr, e)
			refErr = append(refErr, e)
		case 'd':
			ph++
			hypErr = append(hypErr, 1)
		case 'i':
			pr++
			align = append(align, ph)
			refErr = append(refErr, 1)
		}
	}
	sum := func(a []int, lo, hi int) int {
		s := 0
		for _, v := range a[lo:min(hi, len(a))] {
			s += v
		}
		return s
	}
	type cand struct {
		score, length, negStart, negIdx int
		words                           []int32
	}
	var best *cand
	greater := func(a, b *cand) bool {
		ka := []int{a.score, a.length, a.negStart, a.negIdx}
		kb := []int{b.score, b.length, b.negStart, b.negIdx}
		if c := slices.Compare(ka, kb); c != 0 {
			return c > 0
		}
		return slices.Compare(a.words, b.words) > 0
	}
	n, m := len(h), len(r)
outer:
	for sh := 0; sh < n; sh++ {
		for sr := 0; sr < m; sr++ {
			if sr-sh > l.shiftDist || sh-sr > l.shiftDist {
				continue
			}
			for length := 0; h[sh+length] == r[sr+length] && length < l.shiftSize; {
				length++
				func() {
					if sum(hypErr, sh, sh+length) == 0 || sum(refErr, sr, sr+length) == 0 {
						return
					}
					if sh <= align[sr] && align[sr] < sh+length {
						return
					}
					prev := -1
					for off := -1; off < length; off++ {
						idx := 0
						if sr+off != -1 {
							idx = align[sr+off] + 1
						}
						if idx == prev {
							continue
						}
						prev = idx
						w := make([]int32, n)
						performShift(w, h, sh, length, idx)
						d, _, _ := l.matrix(w, r)
						c := &cand{pre - d, length, -sh, -idx, w}
						checked++
						if best == nil || greater(c, best) {
							best = c
						}
					}
				}()
				if checked >= l.candidates {
					break outer
				}
				if n == sh+length || m == sr+length {
					break
				}
			}
		}
	}
	if best == nil {
		return 0, h, checked
	}
	return best.score, best.words, checked
}

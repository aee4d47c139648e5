package resample

import (
	"context"
	"math"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/google/go-cmp/cmp"
)

func TestBitReaderMatchesFillBools(t *testing.T) {
	for _, tc := range []struct {
		seed    uint64
		n, segs int
	}{{12345, 5, 1984}, {7, 40, 63}, {1, 30, 64}, {2, 20, 65}, {3, 7, 1}, {4, 3, 200}, {5, 9, 128}} {
		want := make([]bool, tc.n*tc.segs)
		numpy.NewPCG64(tc.seed).FillBools(want)
		br := bitReader{p: numpy.NewPCG64(tc.seed)}
		got := make([]bool, 0, len(want))
		for range tc.n {
			for k := 0; k < tc.segs; k += 64 {
				w := min(64, tc.segs-k)
				v := br.next(w)
				for j := range w {
					got = append(got, v>>j&1 != 0)
				}
				if w < 64 && v>>w != 0 {
					t.Fatalf("next(%d) returned bits above %d", w, w)
				}
			}
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("seed %d, %dx%d (-FillBools +bitReader):\n%s", tc.seed, tc.n, tc.segs, d)
		}
	}
}

// bruteAR is approximate randomization as sacreBLEU writes it: one bool
// array, each pseudo-system the sum of two matrix products, each summed in
// segment order.
func bruteAR(bl, sys [][]float64, n int, seed uint64, sc Scorer, ints bool) int {
	N, w := len(bl), len(bl[0])
	sel := make([]bool, n*N)
	numpy.NewPCG64(seed).FillBools(sel)
	total := func(rows [][]float64) []float64 {
		s := make([]float64, w)
		for _, r := range rows {
			for c, v := range r {
				s[c] += v
			}
		}
		return s
	}
	score := func(v []float64) float64 {
		if ints {
			s := make([]int64, w)
			for c, x := range v {
				s[c] = int64(x)
			}
			return sc.Score(Sum{Int64: s})
		}
		return sc.Score(Sum{Float64: v})
	}
	diff := math.Abs(score(total(bl)) - score(total(sys)))
	count := 0
	for t := range n {
		pb, ns, nb, ps := make([]float64, w), make([]float64, w), make([]float64, w), make([]float64, w)
		for i := range N {
			if sel[t*N+i] {
				addTo(pb, bl[i])
				addTo(ps, sys[i])
			} else {
				addTo(nb, bl[i])
				addTo(ns, sys[i])
			}
		}
		a, b := make([]float64, w), make([]float64, w)
		for c := range w {
			a[c], b[c] = pb[c]+ns[c], nb[c]+ps[c]
		}
		if math.Abs(score(a)-score(b)) > diff {
			count++
		}
	}
	return count
}

func TestRandomizeMatchesBrute(t *testing.T) {
	blInts, blFloats := testRows(300, 1)
	sysInts, sysFloats := testRows(300, 2)
	for _, float := range []bool{false, true} {
		bl, sys := blInts, sysInts
		if float {
			bl, sys = blFloats, sysFloats
		}
		var blRows, sysRows Rows
		for i := range bl {
			if float {
				blRows.AppendFloat(bl[i])
				sysRows.AppendFloat(sys[i])
			} else {
				blRows.Append([]int64{int64(bl[i][0]), int64(bl[i][1])})
				sysRows.Append([]int64{int64(sys[i][0]), int64(sys[i][1])})
			}
		}
		for _, n := range []int{1, 64, 333} {
			want := bruteAR(bl, sys, n, 12345, ratio, !float)
			var diff float64
			if float {
				diff = math.Abs(ratio(Sum{Float64: colSums(&blRows)}) - ratio(Sum{Float64: colSums(&sysRows)}))
			} else {
				diff = math.Abs(ratio(Sum{Int64: blRows.Totals()}) - ratio(Sum{Int64: sysRows.Totals()}))
			}
			got, err := Randomize(context.Background(), numpy.NewPCG64(12345), n, ratio, &blRows, &sysRows, diff, NewProgress(nil, n))
			if err != nil || got != want {
				t.Errorf("float rows %v, n %d: %d (%v), brute force %d", float, n, got, err, want)
			}
		}
	}
}

// colSums returns the column sums of rows in segment order.
func colSums(r *Rows) []float64 {
	s, row := make([]float64, r.Width()), make([]float64, r.Width())
	for i := range r.Len() {
		r.RowFloat(i, row)
		addTo(s, row)
	}
	return s
}

package ter

import (
	"math/rand/v2"
	"testing"
)

// randomPair returns a hypothesis of n words and a reference of m words
// over a vocabulary of v word ids, the hypothesis built from the reference
// by moving blocks and editing words, and hypothesis words outside the
// reference made noWord.
func randomPair(r *rand.Rand, n, m, v int) (hyp, ref []int32) {
	ref = make([]int32, m)
	for j := range ref {
		ref[j] = int32(r.IntN(v))
	}
	hyp = make([]int32, n)
	for i := range hyp {
		if i < m && r.IntN(4) > 0 {
			hyp[i] = ref[i]
		} else {
			hyp[i] = int32(r.IntN(v + 2))
		}
	}
	for range r.IntN(4) {
		if n < 2 {
			break
		}
		s := r.IntN(n - 1)
		l := 1 + r.IntN(min(12, n-s))
		t := r.IntN(n + 1)
		w := make([]int32, n)
		performShift(w, hyp, s, l, t)
		hyp = w
	}
	in := map[int32]bool{}
	for _, w := range ref {
		in[w] = true
	}
	for i, w := range hyp {
		if !in[w] {
			hyp[i] = noWord
		}
	}
	return hyp, ref
}

func TestAlignerMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var a aligner
	sizes := [][2]int{{0, 0}, {0, 3}, {3, 0}, {1, 1}, {5, 5}, {12, 9}, {30, 30}, {60, 55}, {40, 120}, {120, 40}, {3, 80}, {80, 3}, {110, 110}, {400, 40}, {300, 20}, {405, 40}, {200, 12}, {12, 200}}
	for _, sz := range sizes {
		// The naive twin is slow on large matrices: fewer trials there.
		trials := 30
		if sz[0]*sz[1] > 2000 {
			trials = 3
		}
		for trial := range trials {
			v := 2 + r.IntN(20)
			hyp, ref := randomPair(r, sz[0], sz[1], v)
			want := naiveEdits(hyp, ref)
			if got := a.edits(hyp, ref, v); got != want {
				t.Fatalf("size %v trial %d: edits %d, naive %d\nhyp %v\nref %v", sz, trial, got, want, hyp, ref)
			}
		}
	}
}

// TestAlignerLimits compares the aligner with the naive twin under other
// limits than sacreBLEU's, as TestLimitsDecide uses them.
func TestAlignerLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, l := range []limits{{3, 2, 5, 7}, {beamWidth, 20, 100, 50}, {2000, maxShiftSize, maxShiftDist, 1 << 30}, {1, 1, 1, 1}} {
		for trial := range 40 {
			n, m := r.IntN(60), r.IntN(60)
			v := 2 + r.IntN(10)
			hyp, ref := randomPair(r, n, m, v)
			want := naiveLimits{l.shiftSize, l.shiftDist, l.candidates, l.beam}.edits(hyp, ref)
			a := aligner{lim: &l}
			if got := a.edits(hyp, ref, v); got != want {
				t.Fatalf("limits %+v trial %d: edits %d, naive %d\nhyp %v\nref %v", l, trial, got, want, hyp, ref)
			}
		}
	}
}

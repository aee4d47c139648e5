package numpy

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Values marked "NumPy 1.24.2" are NumPy's answers (see pcg64_test.go).

// rngPat is a value pattern that makes summation order visible (built from
// exactly representable steps, identical in Python).
func rngPat(n int) []float64 {
	p := []float64{1e16, 1.0, -1e16, 0.5, 3.0, -2.5e15, 1e-3, 7.0}
	a := make([]float64, n)
	for i := range a {
		a[i] = p[(i*5+i/3)%8] * (1 + float64(i%13)/16)
	}
	return a
}

// rngBleuish is a list of BLEU-like scores (identical in Python).
func rngBleuish(n int) []float64 {
	a := make([]float64, n)
	for i := range a {
		a[i] = 30 + float64(i*7919%1000)/997.0*7
	}
	return a
}

// rngRefPairwise is an independent, index-based transcription of the
// README's pw(a, n) recursion (start value -0.0 as in NumPy's source).
func rngRefPairwise(a []float64, lo, n int) float64 {
	if n < 8 {
		s := math.Copysign(0, -1)
		for i := lo; i < lo+n; i++ {
			s += a[i]
		}
		return s
	}
	if n <= 128 {
		var r [8]float64
		copy(r[:], a[lo:lo+8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for j := 0; j < 8; j++ {
				r[j] += a[lo+i+j]
			}
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += a[lo+i]
		}
		return s
	}
	n2 := n / 2
	n2 -= n2 % 8
	return rngRefPairwise(a, lo, n2) + rngRefPairwise(a, lo+n2, n-n2)
}

// rngRefSum is the reduction around rngRefPairwise: 0.0, plus each block of
// 8192 in turn.
func rngRefSum(a []float64) float64 {
	s := 0.0
	for lo := 0; lo < len(a); lo += 8192 {
		s += rngRefPairwise(a, lo, min(8192, len(a)-lo))
	}
	return s
}

func TestSum(t *testing.T) {
	nan := math.NaN()
	// NumPy 1.24.2: np.array(rngPat(n)).sum() and .mean().
	tests := []struct {
		n         int
		sum, mean float64
	}{
		{0, 0.0, nan},
		{1, 1e+16, 1e+16},
		{7, 5468750000000000.0, 781250000000000.0},
		{8, 1875000000000000.0, 234375000000000.0},
		{9, -1.3125e+16, -1458333333333333.2},
		{127, -1.315625e+17, -1035925196850393.8},
		{128, -1.35625e+17, -1059570312500000.0},
		{129, -1.525e+17, -1182170542635659.0},
		{1000, -1.1284375e+18, -1128437500000000.0},
		{8192, -9.37703125e+18, -1144657135009765.5},
		{8193, -9.38828125e+18, -1145890546808250.8},
		{16385, -1.876390625e+19, -1145188053097345.0},
		{20000, -2.2900468749999997e+19, -1145023437499999.8},
		{100000, -1.1457078125e+20, -1145707812500000.0},
	}
	for _, tc := range tests {
		a := rngPat(tc.n)
		got := []float64{Sum(a), Mean(a), rngRefSum(a)}
		want := []float64{tc.sum, tc.mean, tc.sum}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y float64) bool {
			return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
		})); diff != "" {
			t.Errorf("n=%d: [Sum Mean reference] (-want +got):\n%s", tc.n, diff)
		}
	}
	// The README recursion for every length up to 300 and around the
	// block boundaries, on the pattern and on generator noise.
	p := NewPCG64(99)
	noise := make([]float64, 40000)
	for i := range noise {
		noise[i] = float64(int64(p.Uint64())) * math.Ldexp(1, -int(p.Intn(80)))
	}
	lengths := []int{}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1000, 8191, 8192, 8193, 16383, 16384, 16385, 20000, 24577, 40000)
	for _, n := range lengths {
		for _, a := range [][]float64{rngPat(n), noise[:n]} {
			if got, want := Sum(a), rngRefSum(a); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("n=%d: Sum = %v, reference %v", n, got, want)
			}
		}
	}
}

func TestSumSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	// NumPy 1.24.2: np.array([-0.0]).sum() is 0.0 (the reduction starts
	// from the identity +0.0) although the pairwise kernel keeps -0.0.
	if got := Sum([]float64{negZero}); math.Signbit(got) {
		t.Errorf("Sum([-0]) = %v, want +0", got)
	}
	if got := pairwise([]float64{negZero, negZero}); !math.Signbit(got) {
		t.Errorf("pairwise([-0, -0]) = %v, want -0", got)
	}
}

func TestMeanBleuish(t *testing.T) {
	// NumPy 1.24.2: np.array(a).mean(). For n = 1000 Python 3.11's
	// statistics.mean (py.Mean) is one unit in the last place lower,
	// 33.50702106318957.
	tests := []struct {
		n    int
		want float64
	}{
		{1, 30.0},
		{3, 34.112002674690736},
		{1000, 33.507021063189576},
		{10000, 33.50702106318957},
	}
	for _, tc := range tests {
		if got := Mean(rngBleuish(tc.n)); got != tc.want {
			t.Errorf("n=%d: Mean = %v, want %v", tc.n, got, tc.want)
		}
	}
}

func BenchmarkSum(b *testing.B) {
	a := rngBleuish(1000)
	var s float64
	for b.Loop() {
		s += Sum(a)
	}
	rngSink = uint64(s)
}

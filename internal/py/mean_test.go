package py

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestMean(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		in   []float64
		want float64
	}{
		// Python 3.11 statistics.mean.
		{[]float64{1e16, 1, -1e16}, 0.3333333333333333}, // naive: 0.0
		{[]float64{0.1, 0.2, 0.3}, 0.2},                 // naive: 0.20000000000000004
		{[]float64{1, 1 + 0x1p-52}, 1},                  // exact tie, to even
		{[]float64{1 + 0x1p-52, 1 + 0x1p-51}, 1 + 0x1p-51},
		{[]float64{5e-324, 5e-324, 5e-324}, 5e-324},
		{[]float64{1e308, 1e308}, 1e308}, // naive: +Inf
		{[]float64{5e-324, -5e-324, 1}, 0.3333333333333333},
		{[]float64{math.Copysign(0, -1)}, 0},
		{[]float64{inf, 1}, inf},
		{[]float64{-inf, 1, -inf}, -inf},
		{bleuishScores(1), 30},
		{bleuishScores(3), 34.112002674690736},
		{bleuishScores(1000), 33.50702106318957}, // NumPy's mean: ...576
		{bleuishScores(10000), 33.50702106318957},
	}
	for _, tc := range tests {
		got := Mean(tc.in)
		if math.Float64bits(got) != math.Float64bits(tc.want) {
			t.Errorf("Mean(%v) = %v, want %v", tc.in[:min(len(tc.in), 4)], got, tc.want)
		}
	}
	if got := Mean([]float64{inf, -inf}); !math.IsNaN(got) {
		t.Errorf("Mean([inf, -inf]) = %v, want NaN", got)
	}
	if got := Mean([]float64{math.NaN(), 1}); !math.IsNaN(got) {
		t.Errorf("Mean([nan, 1]) = %v, want NaN", got)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Mean(nil) did not panic")
			}
		}()
		Mean(nil)
	}()

	// Against a plain big.Rat computation on random values of many
	// magnitudes.
	p := rand.New(rand.NewPCG(5, 0))
	for trial := 0; trial < 200; trial++ {
		a := make([]float64, 1+p.IntN(50))
		for i := range a {
			a[i] = float64(int64(p.Uint64())) * math.Ldexp(1, p.IntN(400)-200-63)
		}
		sum := new(big.Rat)
		for _, x := range a {
			sum.Add(sum, new(big.Rat).SetFloat64(x))
		}
		want, _ := sum.Quo(sum, new(big.Rat).SetInt64(int64(len(a)))).Float64()
		if got := Mean(a); got != want {
			t.Fatalf("Mean = %v, big.Rat %v for %v", got, want, a)
		}
	}
}

// bleuishScores is a list of BLEU-like scores (identical in Python).
func bleuishScores(n int) []float64 {
	a := make([]float64, n)
	for i := range a {
		a[i] = 30 + float64(i*7919%1000)/997.0*7
	}
	return a
}

// meanSink keeps benchmark results alive.
var meanSink float64

func BenchmarkMean(b *testing.B) {
	a := bleuishScores(1000)
	var s float64
	for b.Loop() {
		s += Mean(a)
	}
	meanSink = s
}

package py

// statistics.mean.

import (
	"math"
	"math/big"
)

// Mean returns Python 3.11's statistics.mean(a) for a list of floats: the
// exact rational mean of the values, correctly rounded to the nearest
// float64 (ties to even), as statistics computes it with Fraction
// arithmetic (_sum then _convert(total / n, float)). So, unlike a naive
// sum/n, Mean([1e16, 1, -1e16]) is 1/3. If a contains an infinity or a
// NaN, Python ignores the finite values and returns (0 + the non-finite
// values in order, as floats) / n, i.e. +Inf, -Inf or NaN; Mean does the
// same. It panics for an empty slice, where Python raises StatisticsError
// ("mean requires at least one data point").
func Mean(a []float64) float64 {
	if len(a) == 0 {
		panic("py: Mean: mean requires at least one data point")
	}
	nonFinite, haveNonFinite := 0.0, false
	for _, x := range a {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			nonFinite += x
			haveNonFinite = true
		}
	}
	if haveNonFinite {
		return nonFinite / float64(len(a))
	}
	// Every finite float64 is m * 2^(e-1074) with integer m and e >= 0, so
	// sum the integers m * 2^e exactly and divide by n * 2^1074.
	sum := new(big.Int)
	term := new(big.Int)
	for _, x := range a {
		b := math.Float64bits(x)
		exp := int(b >> 52 & 0x7FF)
		mant := b & (1<<52 - 1)
		if exp == 0 {
			exp = 1 // subnormal (or zero): m * 2^-1074
		} else {
			mant |= 1 << 52
		}
		term.SetUint64(mant)
		term.Lsh(term, uint(exp-1))
		if b>>63 != 0 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
	}
	den := new(big.Int).SetInt64(int64(len(a)))
	den.Lsh(den, 1074)
	f, _ := new(big.Rat).SetFrac(sum, den).Float64()
	return f
}

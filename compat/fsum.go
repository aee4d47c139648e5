package compat

import "math"

// fsum returns the sum of xs rounded once to the nearest float64, as
// Python's math.fsum computes it (Shewchuk's algorithm: exact partial sums
// without overlap, then a correction for halfway cases), for finite xs
// whose partial sums do not overflow.
func fsum(xs []float64) float64 {
	var buf [16]float64
	partials := buf[:0]
	for _, x := range xs {
		i := 0
		for _, y := range partials {
			if math.Abs(x) < math.Abs(y) {
				x, y = y, x
			}
			hi := x + y
			lo := y - (hi - x)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			x = hi
		}
		partials = append(partials[:i], x)
	}
	n := len(partials)
	if n == 0 {
		return 0
	}
	n--
	hi, lo := partials[n], 0.0
	for n > 0 {
		x := hi
		n--
		y := partials[n]
		hi = x + y
		yr := hi - x
		lo = y - yr
		if lo != 0 {
			break
		}
	}
	// Round half to even as if the remaining partials were added exactly:
	// when lo is exactly half an ulp and the next partial has its sign,
	// the sum lies beyond the halfway point.
	if n > 0 && (lo < 0 && partials[n-1] < 0 || lo > 0 && partials[n-1] > 0) {
		y := lo * 2
		x := hi + y
		if y == x-hi {
			hi = x
		}
	}
	return hi
}

// fsumInf is math.fsum for terms that may be infinite (a huge weight
// times a logarithm overflows): an infinity of one sign is the sum, both
// signs are Python's ValueError.
func fsumInf(xs []float64) (float64, error) {
	pos, neg := false, false
	for _, x := range xs {
		pos = pos || math.IsInf(x, 1)
		neg = neg || math.IsInf(x, -1)
	}
	switch {
	case pos && neg:
		return 0, pyErr("ValueError", "-inf + inf in fsum")
	case pos:
		return math.Inf(1), nil
	case neg:
		return math.Inf(-1), nil
	}
	return fsum(xs), nil
}

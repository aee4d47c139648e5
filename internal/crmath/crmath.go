//go:generate go run ../gen/crmathtables -o tables.go

// Package crmath computes the natural logarithm and exponential rounded to
// the nearest float64. No reference tool rounds them so: Python and Perl
// get glibc's exp and log, which internal/libm reproduces, and which are
// not correctly rounded for about one argument in a few thousand. crmath
// is the yardstick that finds those arguments: internal/gen/libm/check
// compares glibc's results with these and keeps the ones that differ as
// the hard cases of internal/libm's committed sample.
//
// Both evaluate in double-double arithmetic (an unevaluated sum of two
// float64s, about 106 bits) when a quicker evaluation cannot decide the
// rounding, which leaves a relative error of about 2^-100 before it: the result is the correctly rounded one
// unless the exact value lies within that distance of a midpoint between
// two float64s. Outside the range where that holds easily (results that
// overflow or are subnormal, logarithms of values below 2^-900 or above
// 2^900) they return math.Exp's and math.Log's results.
//
// # Use
//
// [Log] and [Exp] are pure functions, safe for concurrent use; the package
// has no state.
package crmath

import "math"

// dd is a double-double number hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

// twoSum returns a+b exactly as a normalized dd.
func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

// quickTwoSum is twoSum for |a| >= |b| (or a == 0).
func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

// twoProd returns a·b exactly as a dd.
func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func ddAdd(a, b dd) dd {
	s := twoSum(a.hi, b.hi)
	t := twoSum(a.lo, b.lo)
	s = quickTwoSum(s.hi, s.lo+t.hi)
	return quickTwoSum(s.hi, s.lo+t.lo)
}

func ddMul(a, b dd) dd {
	p := twoProd(a.hi, b.hi)
	return quickTwoSum(p.hi, p.lo+float64(a.hi*b.lo)+float64(a.lo*b.hi))
}

func ddMulFloat(a dd, b float64) dd {
	p := twoProd(a.hi, b)
	return quickTwoSum(p.hi, math.FMA(a.lo, b, p.lo))
}

// ln2By64 is log(2)/64 to about 160 bits, as three float64s, and
// invLn2By64 is 64/log(2) rounded.
var ln2By64 = [3]float64{0.010830424696249145, 3.623510646634843e-19, 8.918294435025331e-36}

const invLn2By64 = 92.33248261689366

// expm1Coef are 1/k! for k = 2..6 as dd (hi the nearest float64, lo the
// nearest float64 to the rest), for the Taylor series of expm1; the terms
// from k = 7 on are small enough for float64.
var expm1Coef = [...]dd{
	{0.5, 0},
	{0.16666666666666666, 9.25185853854297e-18},
	{0.041666666666666664, 2.3129646346357427e-18},
	{0.008333333333333333, 1.1564823173178714e-19},
	{0.001388888888888889, -5.300543954373577e-20},
}

// expm1Small returns exp(r) - 1 for |r| <= log(2)/128 (and a little more),
// with a relative error of about 2^-104, by its Taylor series to degree
// 11: Horner's rule in double-double for the terms up to r^6, whose
// rounding matters, and in float64 for the rest.
func expm1Small(r dd) dd {
	s := r.hi
	tail := 1.0/5040 + s*(1.0/40320+s*(1.0/362880+s*(1.0/3628800+s*(1.0/39916800))))
	p := dd{tail, 0}
	for i := len(expm1Coef) - 1; i >= 0; i-- {
		p = ddAdd(ddMul(p, r), expm1Coef[i])
	}
	return ddAdd(r, ddMul(ddMul(r, r), p))
}

// expParts returns exp(x) = v·2^k for |x| < 709 with a relative error of
// about 2^-100: x = (64k + j)·log(2)/64 + r with |r| <= log(2)/128, and
// v = 2^(j/64)·(1 + expm1(r)).
func expParts(x float64) (v dd, k int) {
	nf := math.Round(x * invLn2By64)
	// r = x - nf·log(2)/64; nf·ln2By64[0] is exact as a dd (|nf| < 2^17).
	p := twoProd(nf, ln2By64[0])
	r := twoSum(x, -p.hi)
	r = ddAdd(r, dd{-p.lo, 0})
	r = ddAdd(r, ddMulFloat(dd{-ln2By64[1], -ln2By64[2]}, nf))
	e := expm1Small(r)
	n := int(nf)
	t := expTable[n&63]
	return ddAdd(t, ddMul(t, e)), n >> 6
}

// Exp returns e^x rounded to the nearest float64 (see the package doc).
// Special cases, overflow and subnormal results are math.Exp's.
func Exp(x float64) float64 {
	if !ExpRounded(x) {
		return math.Exp(x)
	}
	if y, ok := fastExp(x); ok {
		return y
	}
	return slowExp(x)
}

// ExpRounded reports whether Exp(x) is computed here, correctly rounded;
// elsewhere it is math.Exp's, whose last bit depends on the architecture
// (amd64 has an assembly version).
func ExpRounded(x float64) bool { return x > -708 && x < 709 }

// LogRounded reports whether Log(x) is computed here, correctly rounded
// (log(1) = 0 is math.Log's, and exact); elsewhere it is math.Log's.
func LogRounded(x float64) bool { return x > 0x1p-900 && x < 0x1p900 }

// Log returns the natural logarithm of x rounded to the nearest float64
// (see the package doc). Special cases and arguments below 2^-900 or above
// 2^900 are math.Log's.
func Log(x float64) float64 {
	if !LogRounded(x) || x == 1 {
		return math.Log(x)
	}
	if y, ok := fastLog(x); ok {
		return y
	}
	return slowLog(x)
}

// The fast paths follow Ziv's strategy: evaluate with a relative error of
// about 2^-72, cheaply, and return the result only when that error cannot
// change the rounding; otherwise (about once in 10^4 calls) the slow paths
// evaluate with about 2^-100.

// expm1Fast returns exp(r) - 1 for r = rh + rl, |r| <= log(2)/128 (and a
// little more), with a relative error below 2^-70.
func expm1Fast(rh, rl float64) dd {
	sq := twoProd(rh, rh)
	// The terms r^3/6 ... r^8/8! need no more than float64.
	tail := rh * sq.hi * (1.0/6 + rh*(1.0/24+rh*(1.0/120+rh*(1.0/720+rh*(1.0/5040+rh*(1.0/40320))))))
	s := twoSum(rh, 0.5*sq.hi)
	return quickTwoSum(s.hi, s.lo+(rl+(0.5*sq.lo+(rh*rl+tail))))
}

// expFast returns exp(x) = v·2^k for |x| < 709 with a relative error
// below 2^-70 in v.
func expFast(x float64) (v dd, k int) {
	nf := math.Round(x * invLn2By64)
	p := twoProd(nf, ln2By64[0])
	r := twoSum(x, -p.hi)
	r = twoSum(r.hi, r.lo-p.lo-nf*ln2By64[1])
	e := expm1Fast(r.hi, r.lo)
	n := int(nf)
	t := expTable[n&63]
	te := twoProd(t.hi, e.hi)
	w := twoSum(t.hi, te.hi)
	return quickTwoSum(w.hi, w.lo+(t.lo+(te.lo+t.hi*e.lo+t.lo*e.hi))), n >> 6
}

// roundsSafely reports whether every number within err of v.hi + v.lo
// (normalized) rounds to v.hi, a normal float64: whether v.lo is farther
// than err from the midpoint between v.hi and its neighbour on v.lo's side
// (ulp(v.hi)/2 away, or half that below a power of two).
func roundsSafely(v dd, err float64) bool {
	b := math.Float64bits(v.hi) &^ (1 << 63)
	e := b >> 52
	if e <= 54 || e == 0x7ff {
		return false
	}
	half := math.Float64frombits((e - 53) << 52)
	if b&(1<<52-1) == 0 && (v.lo < 0) != (v.hi < 0) {
		// Towards zero from a power of two the spacing halves.
		half /= 2
	}
	return half-math.Abs(v.lo) > err
}

// fastExp is Exp's fast path, for |x| < 708; ok is false when it
// cannot tell the rounding.
func fastExp(x float64) (y float64, ok bool) {
	v, k := expFast(x)
	if !roundsSafely(v, 0x1p-66*math.Abs(v.hi)) {
		return 0, false
	}
	return v.hi * pow2(k), true
}

// pow2 returns 2^k for -1022 <= k <= 1023.
func pow2(k int) float64 { return math.Float64frombits(uint64(k+1023) << 52) }

// fastLog is Log's fast path, for 2^-900 < x < 2^900; ok is false when
// it cannot tell the rounding. Like slowLog it corrects Go's logarithm
// y0 by u = x·exp(-y0) - 1, here without the negligible -u²/2.
func fastLog(x float64) (y float64, ok bool) {
	y0 := math.Log(x)
	var u dd
	var err float64
	if math.Abs(y0) < 0.0054 {
		// exp(-y0) = 1 + q and u = (x - 1) + x·q, with x - 1 exact.
		q := expm1Fast(-y0, 0)
		xq := twoProd(x, q.hi)
		u = twoSum(x-1, xq.hi)
		u.lo += xq.lo + x*q.lo
		err = 0x1p-64 * math.Abs(y0)
	} else {
		v, k := expFast(-y0)
		vh, vl := v.hi*pow2(k), v.lo*pow2(k) // exact: |k| < 1000
		p := twoProd(x, vh)
		u = twoSum(p.hi-1, p.lo) // p.hi - 1 is exact: p.hi is within 2^-40 of 1
		u.lo += x * vl
		err = 0x1p-64
	}
	s := twoSum(y0, u.hi)
	f := quickTwoSum(s.hi, s.lo+u.lo)
	if !roundsSafely(f, err) {
		return 0, false
	}
	return f.hi, true
}

// slowExp is Exp by double-double arithmetic throughout, for
// |x| < 708.
func slowExp(x float64) float64 {
	v, k := expParts(x)
	return math.Ldexp(v.hi+v.lo, k)
}

// slowLog is Log by double-double arithmetic throughout, for
// 2^-900 < x < 2^900. It takes Go's logarithm y0 and corrects it by one
// Newton step: log(x) = y0 + log1p(u) with u = x·exp(-y0) - 1, which is
// about 2^-53.
func slowLog(x float64) float64 {
	y0 := math.Log(x)
	var u dd
	if math.Abs(y0) < 0.0054 {
		// x is within [0.994, 1.006]: exp(-y0) = 1 + q, and
		// u = (x - 1) + x·q, where x - 1 is exact. This keeps u accurate
		// relative to log(x) however close x is to 1.
		q := expm1Small(dd{-y0, 0})
		u = ddAdd(dd{x - 1, 0}, ddMulFloat(q, x))
	} else {
		v, k := expParts(-y0)
		v = dd{math.Ldexp(v.hi, k), math.Ldexp(v.lo, k)}
		u = ddAdd(ddMulFloat(v, x), dd{-1, 0})
	}
	// log1p(u) = u - u²/2 + ..., with |u| about 2^-53.
	u = ddAdd(u, dd{-0.5 * u.hi * u.hi, 0})
	s := ddAdd(dd{y0, 0}, u)
	return s.hi + s.lo
}

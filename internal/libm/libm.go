//go:generate go run ../gen/libm -o tables.go

// Package libm computes exp and log bit for bit as the C library that the
// reference tools call: glibc 2.36 on x86-64 with FMA, the library under
// Debian 12's CPython (math.exp, math.log) and Perl (exp, log).
//
// [Exp] and [Log] return, for every float64 argument, the float64 that
// glibc's __exp_fma and __log_fma return. Those are not always correctly
// rounded (about one result in one to four thousand differs from the
// correctly rounded one in the last bit), and a score computed from them
// inherits the difference, so reproducing a reference's numbers to the
// last bit needs its library's rounding, not the best one.
//
// # Algorithm
//
// Both are Arm's optimized-routines algorithms, which glibc has used since
// 2.28 (sysdeps/ieee754/dbl-64/e_exp.c and e_log.c): a 128-entry table
// (tables.go, generated from glibc's e_exp_data.c and e_log_data.c by
// internal/gen/libm) and a short polynomial. The last bit depends on the
// order of the operations and on which multiply-adds are fused, and the
// compiler decides the latter: glibc's x86-64 build compiles the files a
// second time with -mfma -mavx2, and GCC contracts a*b+c into one fused
// multiply-add wherever the expression allows. This package follows the
// machine code of Debian's libm.so.6 (2.36-9+deb12u14) instruction by
// instruction: each vfmadd there is a [math.FMA] here and every other
// product is rounded on its own (the float64 conversions stop the Go
// compiler from fusing them on the architectures where it may).
//
// # Evidence
//
// internal/gen/libm/check draws arguments (uniform over the binades and
// ranges of every path of both functions, ratios of integers as BLEU's
// precisions and brevity penalties are, boundaries), has Debian 12's
// /usr/bin/python3 evaluate them with math.exp and math.log
// (internal/gen/libm/glibc.py), and compares; glibc.py formula adds every
// argument sacreBLEU's BLEU passes to them while it recomputes the goldens
// of the conformance sets (661,337). Of some 60 million arguments checked
// so, none differed. testdata/glibc.txt keeps 9,700 of them, above all
// 5,000 where glibc's result is not the correctly rounded one (the 190
// such arguments of sacreBLEU's formula among them), and every go test
// compares them bit for bit; .ci/run has python3 recompute the sample and
// checks two million more arguments where Debian 12's python3 is present.
//
// # Without FMA
//
// On an x86-64 CPU without FMA and AVX2 (before Intel Haswell, 2013, and
// AMD Excavator, 2015), glibc's ifunc picks another build of the same C
// code. The FMA4 build (some AMD CPUs of 2011–2014) fuses the same
// operations, as its machine code shows. The SSE2 and AVX builds fuse
// none: every product is rounded before its sum, and log reduces its
// argument with a second table, (z - chi - clo)·invc, instead of
// fma(z, invc, -1). Their results differ from the FMA build's in the last
// bit for a small fraction of arguments, and so would a Python's on such a
// CPU: with FMA and AVX2 masked (GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,
// which makes glibc pick its AVX build), internal/gen/libm/check counts
// about one exp in 1,500 on BLEU's arguments and one log in 7,000 near 1
// (fewer elsewhere) of 10.7 million, and none of the 661,337 arguments of
// sacreBLEU's formula on the conformance sets. This package does not
// follow the CPU it runs on: it always returns
// the FMA build's results, those of the reference numbers this module is
// tested against and of every x86-64 CPU of the last decade. (aarch64's
// glibc runs the same algorithms compiled with fused multiply-adds, but
// GCC may contract them differently there; that is not checked.)
// [math.FMA] is exact on every architecture, in software where the
// hardware lacks it, so the results do not depend on the machine running
// this code.
//
// # Special cases
//
// As glibc: Exp(-Inf) = 0, Exp(+Inf) = +Inf, Exp(NaN) = NaN, overflow gives
// +Inf and underflow 0 or a subnormal; Log(0) = -Inf, Log(+Inf) = +Inf,
// Log(x < 0) = NaN. The package sets no errno; callers that must act as
// Python does (which raises OverflowError or ValueError) test the arguments
// themselves.
//
// [Exp] and [Log] are pure functions, safe for concurrent use.
package libm

import "math"

// Exp returns e**x as glibc 2.36's __exp_fma does.
func Exp(x float64) float64 {
	ix := math.Float64bits(x)
	abstop := uint32(ix>>52) & 0x7ff
	const tinyTop, bigTop = 0x3c9, 0x408 // top12(0x1p-54), top12(512)
	if abstop-tinyTop >= bigTop-tinyTop {
		if int32(abstop-tinyTop) < 0 {
			// |x| < 2^-54: 1 + x rounds to 1 (or its neighbour).
			return 1 + x
		}
		if abstop >= 0x409 { // |x| >= 1024, Inf, NaN
			switch {
			case ix == 0xfff0000000000000:
				return 0
			case abstop >= 0x7ff:
				return 1 + x
			case ix>>63 != 0:
				return 0
			default:
				return math.Inf(1)
			}
		}
		// 512 <= |x| < 1024: the result may overflow or be subnormal.
		abstop = 0
	}
	kd := math.FMA(x, invLn2N, shift)
	ki := math.Float64bits(kd)
	kd -= shift
	r := math.FMA(kd, negLn2LoN, math.FMA(kd, negLn2HiN, x))
	idx := 2 * (ki % 128)
	top := ki << (52 - 7)
	tail := math.Float64frombits(expTab[idx])
	sbits := expTab[idx+1] + top
	r2 := float64(r * r)
	tmp := math.FMA(float64(r2*r2), math.FMA(r, expC5, expC4),
		math.FMA(math.FMA(r, expC3, expC2), r2, r+tail))
	if abstop == 0 {
		return expSpecial(tmp, sbits, ki)
	}
	scale := math.Float64frombits(sbits)
	return math.FMA(scale, tmp, scale)
}

// expSpecial finishes Exp for 512 <= |x| < 1024, where scale's exponent,
// computed from k, may have left the float64 range (glibc's specialcase).
func expSpecial(tmp float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 {
		// k > 0: scale the result down by 2^1009 and back up.
		sbits -= 1009 << 52
		scale := math.Float64frombits(sbits)
		return 0x1p1009 * math.FMA(scale, tmp, scale)
	}
	// k < 0: the result may be subnormal. Here glibc's code is not fused.
	sbits += 1022 << 52
	scale := math.Float64frombits(sbits)
	st := float64(scale * tmp)
	y := scale + st
	if y < 1 {
		// Round y to its final precision before scaling it into the
		// subnormal range, avoiding a double rounding.
		lo := scale - y + st
		hi := 1 + y
		lo = 1 - hi + y + lo
		y = hi + lo - 1
		if y == 0 {
			y = 0 // +0, never -0
		}
	}
	return 0x1p-1022 * y
}

// Log returns the natural logarithm of x as glibc 2.36's __log_fma does.
func Log(x float64) float64 {
	ix := math.Float64bits(x)
	const lo, hi = 0x3fee000000000000, 0x3ff1090000000000 // 1 - 0x1p-4, 1 + 0x1.09p-4
	if ix-lo < hi-lo {
		return logNear1(x, ix)
	}
	top := uint32(ix >> 48)
	if top-0x0010 >= 0x7ff0-0x0010 {
		// x < 0x1p-1022, Inf or NaN.
		switch {
		case ix<<1 == 0:
			return math.Inf(-1)
		case ix == 0x7ff0000000000000:
			return x
		case top&0x8000 != 0 || top&0x7ff0 == 0x7ff0:
			return (x - x) / (x - x) // NaN, as glibc's __math_invalid
		}
		// Subnormal: normalize.
		ix = math.Float64bits(x*0x1p52) - 52<<52
	}
	// x = 2^k z, z in [0x1.6p-1, 0x1.6p0) and exact; c is near z's
	// subinterval's centre.
	const off = 0x3fe6000000000000
	tmp := ix - off
	i := (tmp >> (52 - 7)) % 128
	k := int32(int64(tmp) >> 52)
	iz := ix - tmp&(0xfff<<52)
	invc, logc := logTab[i].invc, logTab[i].logc
	z := math.Float64frombits(iz)

	// log(x) = log1p(z/c - 1) + log(c) + k·ln2.
	r := math.FMA(z, invc, -1)
	kd := float64(k)
	w := math.FMA(kd, ln2Hi, logc)
	h := w + r
	l := math.FMA(kd, ln2Lo, w-h+r)
	r2 := float64(r * r)
	r3 := float64(r * r2)
	p := math.FMA(math.FMA(r, logA[4], logA[3]), r2, math.FMA(r, logA[2], logA[1]))
	return math.FMA(r3, p, math.FMA(r2, logA[0], l)) + h
}

// logNear1 is Log for 1 - 2^-4 <= x < 1 + 0x1.09p-4, where log's relative
// error needs a longer polynomial and a split of r² into hi and lo parts.
func logNear1(x float64, ix uint64) float64 {
	if ix == 0x3ff0000000000000 {
		return 0
	}
	b := &logB
	r := x - 1
	r2 := float64(r * r)
	r3 := float64(r * r2)
	p1 := math.FMA(r2, b[3], math.FMA(r, b[2], b[1]))
	p2 := math.FMA(r2, b[6], math.FMA(r, b[5], b[4]))
	p3 := math.FMA(r3, b[10], math.FMA(r2, b[9], math.FMA(r, b[8], b[7])))
	poly := math.FMA(math.FMA(p3, r3, p2), r3, p1)
	// rhi is r rounded to 26 bits, so rhi² and its halving are exact.
	rhi := math.FMA(-r, 0x1p27, math.FMA(r, 0x1p27, r))
	rlo := r - rhi
	rhi2 := float64(rhi * rhi)
	h := math.FMA(rhi2, b[0], r)
	l := math.FMA(rhi2, b[0], r-h)
	l = math.FMA(float64(b[0]*rlo), rhi+r, l)
	y := math.FMA(poly, r3, l)
	return h + y
}

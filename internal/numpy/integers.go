package numpy

// Bounded integers and booleans, as Generator.integers and
// Generator.choice draw them.

import (
	"math"
	"math/bits"
)

// Intn returns one value in [0, n), identical to one element of
// Generator.integers(0, n, size, dtype=np.int64) or
// Generator.choice(n, size, replace=True); a sequence of Intn calls equals
// one array call of the same total size, because random_bounded_uint64_fill
// keeps no state between elements except the generator's own 32-bit buffer.
// (The same algorithm serves dtype=np.uint64, so n may exceed 2^63.)
// The cases, with rng = n-1 as in NumPy:
//
//   - rng == 0 (n == 1): 0, consuming no random numbers;
//   - rng < 2^32-1: 32-bit Lemire on Uint32 draws: m = Uint32()*n,
//     leftover = uint32(m); if leftover < n { t = (2^32-n) % n; while
//     leftover < t redraw }; result m>>32;
//   - rng == 2^32-1 (n == 2^32): Uint32() itself;
//   - otherwise: 64-bit Lemire on Uint64 draws (128-bit product, threshold
//     (2^64-n) % n).
//
// It panics if n == 0 (NumPy raises ValueError for high <= 0).
func (p *PCG64) Intn(n uint64) uint64 {
	switch rng := n - 1; {
	case n == 0:
		panic("numpy: Intn: n must be positive")
	case rng == 0:
		return 0
	case rng < math.MaxUint32:
		return uint64(p.lemire32(uint32(n)))
	case rng == math.MaxUint32:
		return uint64(p.Uint32())
	default:
		return p.lemire64(n)
	}
}

// lemire32 is buffered_bounded_lemire_uint32 for the exclusive bound n
// (2 <= n < 2^32).
func (p *PCG64) lemire32(n uint32) uint32 {
	m := uint64(p.Uint32()) * uint64(n)
	if leftover := uint32(m); leftover < n {
		threshold := -n % n // (2^32 - n) mod n
		for leftover < threshold {
			m = uint64(p.Uint32()) * uint64(n)
			leftover = uint32(m)
		}
	}
	return uint32(m >> 32)
}

// lemire64 is bounded_lemire_uint64 for the exclusive bound n
// (2^32 < n < 2^64).
func (p *PCG64) lemire64(n uint64) uint64 {
	hi, lo := bits.Mul64(p.Uint64(), n)
	if lo < n {
		threshold := -n % n // (2^64 - n) mod n
		for lo < threshold {
			hi, lo = bits.Mul64(p.Uint64(), n)
		}
	}
	return hi
}

// FillIntn fills dst as Generator.integers(0, n, size=len(dst),
// dtype=np.int64) or Generator.choice(n, size, replace=True) does; a
// row-major (R, C) array is one call with len(dst) == R*C. Like NumPy it
// draws nothing and accepts any n when dst is empty; otherwise it panics if
// n <= 0.
func (p *PCG64) FillIntn(dst []int, n int) {
	if len(dst) == 0 {
		return
	}
	if n <= 0 {
		panic("numpy: FillIntn: n must be positive")
	}
	if n == 1 {
		clear(dst)
		return
	}
	if uint64(n)-1 < math.MaxUint32 {
		// The hot path of bootstrap resampling, kept free of the switch.
		n32 := uint32(n)
		for i := range dst {
			dst[i] = int(p.lemire32(n32))
		}
		return
	}
	for i := range dst {
		dst[i] = int(p.Intn(uint64(n)))
	}
}

// FillIndices fills dst as FillIntn(dst, n) does, for 1 <= n < 2^32-1
// (the bounds of a segment index; n may be 1), as uint32.
func (p *PCG64) FillIndices(dst []uint32, n uint32) {
	if n == 1 {
		clear(dst) // NumPy draws nothing for a single choice
		return
	}
	for i := range dst {
		dst[i] = p.lemire32(n)
	}
}

// FillBools fills dst as one Generator.integers(2, size=len(dst),
// dtype=bool) call does (random_bounded_bool_fill; a row-major (R, C)
// array is one call with len(dst) == R*C). The bit buffer is local to the
// call: the first element takes bit 0 of a fresh Uint32 word, the next 31
// elements take bits 1..31 of it, then a new word is drawn, and whatever is
// left of the last word is discarded when the call returns. Because Uint32
// hands out the low then the high half of each 64-bit output, on a
// generator with an empty 32-bit buffer (as a fresh one is) the values are
// the bits of consecutive Uint64 outputs, least significant first.
func (p *PCG64) FillBools(dst []bool) {
	i := 0
	if p.hasUint32 && len(dst) > 0 {
		i = putBits(dst, uint64(p.Uint32()), 32)
	}
	for len(dst)-i >= 64 {
		w := p.Uint64()
		d := dst[i : i+64 : i+64]
		for k := 0; k < 64; k += 8 {
			b := byte(w >> uint(k))
			e := d[k : k+8 : k+8]
			e[0] = b&0x01 != 0
			e[1] = b&0x02 != 0
			e[2] = b&0x04 != 0
			e[3] = b&0x08 != 0
			e[4] = b&0x10 != 0
			e[5] = b&0x20 != 0
			e[6] = b&0x40 != 0
			e[7] = b&0x80 != 0
		}
		i += 64
	}
	for i < len(dst) {
		i += putBits(dst[i:], uint64(p.Uint32()), 32)
	}
}

// putBits stores the low min(width, len(dst)) bits of w into dst, least
// significant bit first, and returns how many it stored.
func putBits(dst []bool, w uint64, width int) int {
	if len(dst) < width {
		width = len(dst)
	}
	for k := 0; k < width; k++ {
		dst[k] = w>>uint(k)&1 != 0
	}
	return width
}

package numpy

// NumPy's float64 sum and mean.

import "math"

// reduceBlock is the number of elements NumPy 1.24's reduction
// machinery hands to the float64 add loop at a time: the ufunc reduction
// runs a buffered nditer with the default buffer size NPY_BUFSIZE = 8192,
// even for a contiguous array that needs no buffering.
const reduceBlock = 8192

// pairwiseBlock is PW_BLOCKSIZE of numpy/core/src/umath/loops_utils.h.src:
// at or below it the pairwise sum uses eight accumulators.
const pairwiseBlock = 128

// Sum returns a.sum() (np.add.reduce) of a contiguous 1-D float64
// NumPy 1.24.2 array holding a, bit for bit. NumPy initialises the result
// with the identity +0.0 and then, for each consecutive block of 8192
// elements (the last one shorter), does result += pairwise(block), where
// pairwise is NumPy's DOUBLE_pairwise_sum. So arrays of up to
// 8192 elements are 0.0 + pairwise(a) (the +0.0 only turns a -0.0 sum into
// +0.0) and longer ones are a left-to-right sum of block sums. This was
// read from numpy/core/src/umath/reduction.c, ufunc_object.c and
// loops_arithm_fp.dispatch.c.src and checked against NumPy 1.24.2 for
// lengths up to 100000. The empty sum is 0.0.
func Sum(a []float64) float64 {
	res := 0.0
	for len(a) > reduceBlock {
		res += pairwise(a[:reduceBlock])
		a = a[reduceBlock:]
	}
	if len(a) > 0 {
		res += pairwise(a)
	}
	return res
}

// Mean returns a.mean() of a contiguous 1-D float64 NumPy 1.24.2 array:
// Sum(a) / float64(len(a)). The mean of an empty slice is NaN (NumPy
// also warns "Mean of empty slice").
func Mean(a []float64) float64 {
	return Sum(a) / float64(len(a))
}

// pairwise is NumPy's DOUBLE_pairwise_sum for a contiguous array:
//
//   - n < 8: a sequential sum starting from -0.0 (so all -0.0 gives -0.0);
//   - 8 <= n <= 128: eight accumulators r[j] = a[j], r[j] += a[i+j] for
//     i = 8, 16, ... while i < n - n%8, combined as
//     ((r0+r1)+(r2+r3)) + ((r4+r5)+(r6+r7)), then the last n%8 elements
//     added one by one;
//   - n > 128: n2 = n/2 rounded down to a multiple of 8, and
//     pairwise(a[:n2]) + pairwise(a[n2:]).
func pairwise(a []float64) float64 {
	n := len(a)
	switch {
	case n < 8:
		res := math.Copysign(0, -1)
		for _, x := range a {
			res += x
		}
		return res
	case n <= pairwiseBlock:
		r0, r1, r2, r3 := a[0], a[1], a[2], a[3]
		r4, r5, r6, r7 := a[4], a[5], a[6], a[7]
		end := n - n%8
		i := 8
		for ; i < end; i += 8 {
			b := a[i : i+8 : i+8]
			r0 += b[0]
			r1 += b[1]
			r2 += b[2]
			r3 += b[3]
			r4 += b[4]
			r5 += b[5]
			r6 += b[6]
			r7 += b[7]
		}
		res := ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
		for ; i < n; i++ {
			res += a[i]
		}
		return res
	default:
		n2 := n / 2
		n2 -= n2 % 8
		return pairwise(a[:n2]) + pairwise(a[n2:])
	}
}

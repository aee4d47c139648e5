// Package numpy reproduces, bit for bit, the parts of NumPy 1.24.2 whose
// results sacreBLEU 2.6.0's significance tests print: the random numbers
// of numpy.random.default_rng(seed) and the float64 sum and mean of an
// array.
//
// # Random numbers
//
// [NewPCG64] builds the generator default_rng(seed) builds for a
// non-negative integer seed: SeedSequence(seed) with its pool of four
// words, generate_state(4, uint64), and PCG64's seeding
// (pcg_setseq_128_srandom_r); its state and increment equal NumPy's
// bit_generator.state. [NewPCG64Unseeded] is default_rng(None), seeded
// with 128 bits from the operating system.
//
// On a [PCG64], [PCG64.Uint64] is PCG64's 64-bit output (XSL-RR 128/64,
// random_raw) and [PCG64.Uint32] NumPy's next_uint32, which hands out the
// low and then the high half of one 64-bit output; the half kept between
// calls is part of the generator's state, as in NumPy. The methods that
// draw bounded integers give the values of Generator.integers(0, n,
// size, dtype=np.int64) and of Generator.choice(n, size, replace=True),
// which calls it: Lemire's method on 32-bit draws when n-1 < 2^32-1, on
// 64-bit draws above, as random_bounded_uint64_fill does ([PCG64.Intn],
// [PCG64.FillIntn], [PCG64.FillIndices]). [PCG64.FillBools] gives
// Generator.integers(2, size, dtype=bool) (random_bounded_bool_fill). A
// sequence of calls consumes the stream exactly as the same sequence of
// NumPy calls, so they may be mixed: a row-major (R, C) array is one call
// of R*C values, or R*C calls of one.
//
// # Sums
//
// [Sum] and [Mean] are a.sum() and a.mean() of a contiguous 1-D float64
// array: NumPy's pairwise summation (DOUBLE_pairwise_sum) over blocks of
// 8192 elements, the size of the reduction's buffer, added left to right.
// Python's statistics.mean, which sacreBLEU also uses, is not NumPy and
// lives in package py.
//
// # Sources
//
// The algorithms were read from the NumPy v1.24.2 sources
// (numpy/random/bit_generator.pyx, numpy/random/_pcg64.pyx,
// numpy/random/src/pcg64/pcg64.{h,c},
// numpy/random/src/distributions/distributions.c,
// numpy/random/_bounded_integers.pyx.in, numpy/random/_generator.pyx,
// numpy/core/src/umath/loops_utils.h.src, reduction.c) and the tests check
// them against values NumPy 1.24.2 printed; the code is an independent Go
// implementation.
//
// # Concurrency and speed
//
// A [PCG64] is not safe for concurrent use; copying one copies its stream.
// [Sum] and [Mean] are safe for concurrent use; the package has no mutable
// state. The per-value methods [PCG64.Uint64] and [PCG64.FillIndices] are
// small enough to be inlined into the caller's loop.
package numpy

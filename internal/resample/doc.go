// Package resample is the one resampling engine of the module's metrics:
// bootstrap resampling, paired bootstrap resampling and paired approximate
// randomization over rows of per-segment sufficient statistics, with
// sacreBLEU 2.6.0's random numbers, draw order and arithmetic
// (sacrebleu/significance.py), so that every metric's confidence intervals
// and p-values are sacreBLEU's to the last bit.
//
// # Contract
//
// A metric supplies two things:
//
//   - its rows: one [Rows] per system, one row of a fixed width per
//     segment, either non-negative integers below 2^32 ([Rows.Append]:
//     BLEU's lengths, matches and totals; chrF's n-gram counts) or float64
//     values ([Rows.AppendFloat]: TER's edits and average reference
//     lengths);
//   - its score of summed statistics, a [Scorer] (or a [ScoreFunc]),
//     called concurrently with a [Sum] of the rows.
//
// The engine draws the random numbers and sums the rows as sacreBLEU does:
//
//   - [Bootstrap] draws every resample as one rng.choice(N, size=(n, N))
//     call of NumPy's default_rng(seed) (package internal/numpy: PCG64,
//     SeedSequence, Lemire's bounded integers), converts the statistics to
//     float32 (np.array(stats, dtype='float32')) and sums each resample
//     along axis 0 in float32, row after row in resample order; the Scorer
//     gets the float32 sums ([Sum.Float32], and for integer rows the same
//     values as [Sum.Int64]). Several series on one [Draw] share its
//     resamples, as the baseline and a system do in the paired bootstrap.
//   - [Randomize] draws the coin flips as rng.integers(2, size=(n, N),
//     dtype=bool) and sums the pseudo-systems pos_sel @ stats in the
//     statistics' own dtype: int64 for integer rows ([Sum.Int64]), float64
//     in segment order for float rows ([Sum.Float64]).
//   - [Bounds], [PairedCount] and [PValue] turn resample scores into
//     sacreBLEU's interval bounds and p-values; the means are NumPy's
//     ([numpy.Mean]) or Python's statistics.mean (internal/py), as each
//     metric's sacreBLEU code has them.
//
// The metric keeps everything else: its options, seeds and their
// signatures, its error messages (the engine's errors are the context's
// cause, for the metric to wrap), memory limits (estimated by
// [BootstrapMemory] and [RandomizeMemory]) and the results' types.
//
// A Scorer must do the arithmetic NumPy 1.24 does on the Sum's types: a
// float32 divided by a float32 is a float32, while a Python int times a
// NumPy float32 scalar is a float64 (so sacreBLEU's 100 * ratio is a
// float64 of a float32 ratio). [PairedCount] works on float64 scores;
// a metric whose sacreBLEU scores are float32 arrays there computes its
// differences in float32 itself.
//
// # Invariants
//
// Results never depend on the number of goroutines. Rows are only read, so
// one Rows may serve several tests at once. A float32 sum of integers is
// exact while it stays below 2^24; past that its rounding depends on the
// order of the additions, which is why the engine keeps NumPy's order and
// why an integer shortcut is taken only where no sum can pass 2^24.
//
// # Example
//
// A metric with rows of [hits, total] per segment, scored as their ratio,
// plugs in with its rows and its score of their sums (see the package's
// example for the whole of it):
//
//	var sys resample.Rows
//	for _, seg := range segments {
//		sys.Append([]int64{seg.hits, seg.total})
//	}
//	score := resample.ScoreFunc(func(s resample.Sum) float64 {
//		if s.Float32 != nil { // the bootstrap: a float32 ratio, times 100 in float64, as NumPy has it
//			return 100 * float64(s.Float32[0]/s.Float32[1])
//		}
//		return 100 * float64(s.Int64[0]) / float64(s.Int64[1])
//	})
//	scores := make([]float64, n)
//	draw := resample.Draw{RNG: numpy.NewPCG64(seed), Series: []resample.Series{{Rows: &sys, Scores: scores}}}
//	if err := resample.Bootstrap(ctx, score, n, []resample.Draw{draw}, nil); err != nil {
//		return fmt.Errorf("mymetric: bootstrap resampling stopped: %w", err)
//	}
//	slices.Sort(scores)
//	lo, hi := resample.Bounds(scores)
//
// A paired bootstrap puts the baseline's and each system's rows on one
// Draw (a fresh generator per comparison where sacreBLEU seeds afresh) and
// counts with [PairedCount]; approximate randomization is [Randomize] with
// the observed difference, and [PValue] of its count.
package resample

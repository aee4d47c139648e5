package chrf

// Per-segment statistics and the formula of their sums, for significance
// tests that resample segments (bootstrap resampling and approximate
// randomization re-score sums of rows of per-segment statistics).

import "fmt"

// RowWidth returns the number of statistics of a segment under c:
// 3·(character order + word order). c must be valid.
func (c Config) RowWidth() int {
	p := c.params()
	return p.width()
}

// AddRow is [Stats.Add] that also appends the segment's statistics to
// dst and returns it: [Config.RowWidth] integers, for each order
// (character orders first) the hypothesis, reference and matching
// n-grams, the row sacreBLEU's _extract_corpus_statistics gives the
// segment. On error dst is returned unchanged.
func (s *Stats) AddRow(dst []int64, hyp string, refs ...string) ([]int64, error) {
	seg, err := s.add(hyp, refs)
	if err != nil {
		return dst, err
	}
	return append(dst, seg...), nil
}

// PercentOfSums returns the chrF under c, on sacreBLEU's 0–100 scale, of
// summed statistics, as sacreBLEU's _aggregate_and_compute computes it
// from a row of int64 sums (approximate randomization): the score of
// statistics holding sums, bit for bit. Each sum must be in [0, 2^53).
// It panics if c is invalid or len(sums) is not c.RowWidth().
func (c Config) PercentOfSums(sums []int64) float64 {
	p := c.checked(len(sums))
	for _, v := range sums {
		if v < 0 || v >= maxCount {
			panic(fmt.Sprintf("chrf: statistic %d out of range", v))
		}
	}
	return p.percent(sums)
}

// PercentOfFloat32Sums returns the chrF under c, on sacreBLEU's 0–100
// scale, of statistics summed in a NumPy float32 array, as sacreBLEU's
// bootstrap resampling computes it (_compute_score_from_stats of
// stats_np[idx].sum(0)): NumPy 1.24 divides two float32 scalars in
// float32, and promotes every other operation to float64. It panics if c
// is invalid or len(sums) is not c.RowWidth(). NaN or infinite sums
// cannot come from counts and are not checked for.
func (c Config) PercentOfFloat32Sums(sums []float32) float64 {
	p := c.checked(len(sums))
	return p.percentFloat32(sums)
}

// checked returns c's params, panicking if c is invalid or a row of its
// statistics does not have n values.
func (c Config) checked(n int) params {
	if err := c.validate(); err != nil {
		panic(err.Error())
	}
	p := c.params()
	if n != p.width() {
		panic(fmt.Sprintf("chrf: %d statistics given, %s has %d", n, p, p.width()))
	}
	return p
}

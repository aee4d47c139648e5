package bleu

import (
	"context"
	"slices"

	"github.com/go-bleu/bleu/internal/resample"
)

// Hooks for the black-box tests (package bleu_test) into the two mechanisms
// the API hides on purpose but the tests must reach: the char tokenizer's
// counter after its warm-up, from the first segment on (else the
// conformance sets and the fuzzer exercise only its warm-up regime), and
// the bootstrap's draw as sacreBLEU reports it in its goldens (0–100 sample
// scores and the first resample's indices, which the API gives only on the
// 0–1 scale or not at all).

// CharCounterStats returns a new Stats of c that counts with the char
// tokenizer's counter from the first segment, long hypotheses included.
func CharCounterStats(c Config) *Stats {
	s := &Stats{Config: c, scratch: &scratch{}}
	s.scratch.char.SkipWarmUp()
	s.scratch.char.SkipLongWarmUp()
	return s
}

// BootstrapPercents returns the sorted 0–100 scores of n bootstrap
// resamples of s with seed, which Bootstrap reports on the 0–1 scale.
func BootstrapPercents(s *Segments, n int, seed Seed) ([]float64, error) {
	sc := newScorer(&s.Config, s.order())
	out := make([]float64, n)
	d := resample.Draw{RNG: seed.rng(false), Series: []resample.Series{{Rows: &s.rows, Scores: out}}}
	if err := resample.Bootstrap(context.Background(), &sc, n, []resample.Draw{d}, nil); err != nil {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}

// FillResampleIndices fills idx with the segment indices, below n, of the
// first bootstrap resample drawn with seed.
func FillResampleIndices(seed Seed, idx []int, n int) { seed.rng(false).FillIntn(idx, n) }

// SignificancePercent returns the 0–100 score the significance tests
// compute for the statistics of s (their scorer, on one row of sums),
// which must be the bits of s.Score().BLEUPercent.
func SignificancePercent(s *Stats) float64 {
	sc := newScorer(&s.Config, s.Config.order())
	return sc.percentOf(s.hypLen, s.refLen, s.matches, s.totals)
}

// SegmentsOfRows returns the Segments of rows of statistics ([hyp len, ref
// len, matches..., totals...] at order 4), built without tokenizing: the
// significance tests' inputs of a million segments, made in milliseconds.
func SegmentsOfRows(rows [][]int64) *Segments {
	s := new(Segments)
	for _, row := range rows {
		s.appendRow(row)
	}
	return s
}

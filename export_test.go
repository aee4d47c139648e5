package bleu

import (
	"context"
	"slices"

	"github.com/go-bleu/bleu/internal/resample"
)

// Hooks for the black-box tests (package bleu_test), each into a mechanism
// the API hides on purpose but a conformance golden or a test of the
// public behaviour must reach, so that those tests run from outside:
//
//   - CharCounterStats: the char tokenizer's counter past its warm-up, from
//     the first segment on (else the conformance sets, the fuzzer and the
//     hostile inputs exercise only its warm-up regime);
//   - BootstrapPercents and FillResampleIndices: the bootstrap's draw as
//     sacreBLEU's goldens report it (0–100 sample scores, which the API
//     gives on the 0–1 scale only, and the first resample's indices);
//   - SignificancePercent: the significance tests' score of a corpus, which
//     must be the bits of Stats.Score on every conformance corpus;
//   - SegmentsOfRows: Segments of a million synthetic segments, built
//     without tokenizing, for the cancellation, progress and memory tests.

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

package chrf

// Significance tests of chrF: a system's statistics kept a row per
// segment (Segments), its bootstrap interval and the paired tests, as
// sacreBLEU 2.6.0 runs them, through the module's resampling engine.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/resample"
	"github.com/go-bleu/bleu/internal/sigtest"
)

// Segments is a system's chrF statistics with every segment's row kept
// (sacreBLEU's _extract_corpus_statistics), for [Segments.Bootstrap],
// [PairedBootstrap] and [PairedRandomization]. Its zero value is empty,
// scoring with sacreBLEU's defaults; set Config before the first Add. A
// row takes 3 to 12 bytes an n-gram order (18 at the default orders).
//
// A Segments must not be copied after first use (go vet reports copies).
// Add must not run concurrently with anything else; the tests only read
// it, so several may run at once.
type Segments struct {
	Config Config

	stats Stats
	rows  resample.Rows
	buf   []int64
}

// errTooMany is the error of a segment past the most a Segments holds.
var errTooMany = fmt.Errorf("chrf: more than %d segments are too many for Segments", int64(resample.MaxRows))

// Add adds a segment, as [Stats.Add] does, and keeps its row; on error s
// is unchanged. Config must not change once a segment is added.
func (s *Segments) Add(hyp string, refs ...string) error {
	switch {
	case int64(s.rows.Len()) >= resample.MaxRows:
		return errTooMany
	case s.stats.Len() == 0:
		s.stats.Config = s.Config
	case s.Config != s.stats.Config:
		return errors.New("chrf: the Config of Segments changed after segments were added")
	}
	// A row's counts never exceed the characters of its strings.
	longest := int64(len(hyp))
	for _, r := range refs {
		longest = max(longest, int64(len(r)))
	}
	if longest > math.MaxUint32 {
		return errors.New("chrf: a segment of more than 4294967295 bytes is too long for Segments")
	}
	row, err := s.stats.AddRow(s.buf[:0], hyp, refs...)
	s.buf = row
	if err != nil {
		return err
	}
	s.rows.Append(row)
	return nil
}

// Len returns the number of segments added.
func (s *Segments) Len() int { return s.rows.Len() }

// Score returns the corpus chrF of the segments, as [Stats.Score].
func (s *Segments) Score() Score { return s.stats.Score() }

// scorer scores summed rows under c: float32 bootstrap sums, or the
// int64 sums of approximate randomization.
func scorer(c Config) resample.Scorer {
	return resample.ScoreFunc(func(s resample.Sum) float64 {
		if s.Float32 != nil {
			return c.PercentOfFloat32Sums(s.Float32)
		}
		return c.PercentOfSums(s.Int64)
	})
}

// Estimate is a system's corpus score with, from a bootstrap, the mean of
// the resample scores and the half-width of their 95% interval, on
// sacreBLEU's 0–100 scale (both 0 where no bootstrap was run).
type Estimate struct {
	Score                  Score
	MeanPercent, CIPercent float64
}

// Bootstrap is sacreBLEU's corpus_score(n_bootstrap=n): the corpus score,
// whose signature gains the bs and seed fields, with the mean and 95%
// half-width of n bootstrap resamples drawn as NumPy's
// default_rng(seed).choice draws them. opt's Seed, Progress and
// MemoryLimit apply (KeepSamples does not). It returns an error when
// there are no segments, n < 1, the memory would exceed the limit, or ctx
// is done first (wrapping its cause).
func (s *Segments) Bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (Estimate, error) {
	mean, ci, err := sigtest.Interval(ctx, "chrf", scorer(s.stats.Config), &s.rows, n, opt)
	if err != nil {
		return Estimate{}, err
	}
	sc := s.Score()
	sc.Signature.Bootstrap, sc.Signature.Seed = strconv.Itoa(n), opt.Seed.String()
	return Estimate{Score: sc, MeanPercent: mean, CIPercent: ci}, nil
}

// Comparison is a system's result in a paired test: its estimate, and the
// p-value of its difference from the baseline, alone and adjusted by
// [bleu.HolmBonferroni] for the number of systems compared.
type Comparison struct {
	Estimate
	PValue, HolmPValue float64
}

// Paired is the result of a paired test of systems against a baseline.
type Paired struct {
	Method    bleu.PairedMethod
	N         int       // resamples or trials
	Signature Signature // with the test's fields (bs or ar, seed)
	Baseline  Estimate
	Systems   []Comparison
}

// PairedBootstrap is sacreBLEU's paired bootstrap resampling test
// (--paired-bs) of each system against the baseline, n resamples, with
// its seeds, draws and p-values; see [bleu.PairedBootstrap] for the
// seeds' rules. The systems must have the baseline's Config and number
// of segments. It returns an error as [Segments.Bootstrap] does, and for
// no systems.
func PairedBootstrap(ctx context.Context, baseline *Segments, systems []*Segments, n int, opt bleu.SignificanceOptions) (Paired, error) {
	return paired(ctx, bleu.BootstrapResampling, baseline, systems, n, opt)
}

// PairedRandomization is sacreBLEU's paired approximate randomization
// test (--paired-ar) of each system against the baseline, n trials, as
// [PairedBootstrap] describes; the estimates hold the scores alone.
func PairedRandomization(ctx context.Context, baseline *Segments, systems []*Segments, n int, opt bleu.SignificanceOptions) (Paired, error) {
	return paired(ctx, bleu.ApproximateRandomization, baseline, systems, n, opt)
}

func paired(ctx context.Context, method bleu.PairedMethod, baseline *Segments, systems []*Segments, n int, opt bleu.SignificanceOptions) (Paired, error) {
	all := append([]*Segments{baseline}, systems...)
	rows := make([]*resample.Rows, len(all))
	full := make([]float64, len(all))
	scores := make([]Score, len(all))
	for i, s := range all {
		if i > 0 && (s.stats.Config.params() != baseline.stats.Config.params() || s.Len() != baseline.Len()) {
			return Paired{}, fmt.Errorf("chrf: system %d has other options or another number of segments than the baseline", i)
		}
		rows[i], scores[i] = &s.rows, s.Score()
		full[i] = scores[i].ChrFPercent
	}
	bs := method == bleu.BootstrapResampling
	res, err := sigtest.Paired(ctx, "chrf", bs, scorer(baseline.stats.Config), rows, full, n, opt)
	if err != nil {
		return Paired{}, err
	}
	sig := scores[0].Signature
	sig.Seed = sigtest.PairedSeed(opt.Seed)
	if bs {
		sig.Bootstrap = strconv.Itoa(n)
	} else {
		sig.AR = strconv.Itoa(n)
	}
	out := Paired{Method: method, N: n, Signature: sig, Systems: make([]Comparison, len(systems))}
	for i := range all {
		scores[i].Signature = sig
		e := Estimate{Score: scores[i], MeanPercent: res[i].MeanPercent, CIPercent: res[i].CIPercent}
		if i == 0 {
			out.Baseline = e
			continue
		}
		out.Systems[i-1] = Comparison{Estimate: e, PValue: res[i].PValue, HolmPValue: res[i].HolmPValue}
	}
	return out, nil
}

// Package sigtest runs sacreBLEU 2.6.0's significance tests for a metric
// that supplies rows and a score of their sums to the resampling engine
// (package internal/resample): the bootstrap interval of one system
// (corpus_score with n_bootstrap) and the paired bootstrap and approximate
// randomization of systems against a baseline (significance.PairedTest),
// with sacreBLEU's seeds, draws, means and p-values. Packages chrf and ter
// build their significance APIs on it; package bleu has its own, with
// rows of its own layout.
//
// Errors start with the prefix the caller passes ("chrf", "ter"); an
// error of a canceled test wraps the context's cause.
package sigtest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/resample"
)

// RNG returns a fresh generator for seed, as sacreBLEU seeds
// default_rng: for the bootstrap of one system with the seed (none:
// unseeded), for a paired comparison with `seed if seed else None`.
func RNG(seed bleu.Seed, paired bool) *numpy.PCG64 {
	n, ok := seed.Value()
	if !ok || paired && n == 0 {
		return numpy.NewPCG64Unseeded()
	}
	return numpy.NewPCG64(n)
}

// PairedSeed is the seed field of a paired test's signature:
// str(int(SACREBLEU_SEED)), or none.
func PairedSeed(seed bleu.Seed) string {
	if n, ok := seed.Value(); ok {
		return strconv.FormatUint(n, 10)
	}
	return "none"
}

// checkMemory returns an error when a test needs more memory than opt
// allows, as package bleu's tests do.
func checkMemory(pkg string, opt bleu.SignificanceOptions, what string, need int64) error {
	limit := min(opt.MemoryLimit, maxTestMemory)
	if limit <= 0 {
		limit = maxTestMemory
	}
	if need > limit {
		return fmt.Errorf("%s: %s needs about %s of memory, more than the %s available; use fewer resamples or trials", pkg, what, byteSize(need), byteSize(limit))
	}
	return nil
}

// maxTestMemory is what a test may ask for at most whatever the limit:
// 2 GB on 32-bit platforms, where larger arrays cannot be made, 128 TB
// on 64-bit ones.
const maxTestMemory = 1 << (31 + 16*(^uint(0)>>63))

// byteSize formats a number of bytes for a message ("1.5 GB").
func byteSize(n int64) string {
	switch {
	case n >= 1e15:
		return ">1000 TB"
	case n >= 1e9:
		return strconv.FormatFloat(float64(n)/1e9, 'f', 1, 64) + " GB"
	case n >= 1e6:
		return strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64) + " MB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// estimate returns sacreBLEU's estimate_ci of resample scores (sorted in
// place): NumPy's mean, or with pyMean statistics.mean as
// Score.estimate_ci has it, and the half-width of the 95% interval.
func estimate(scores []float64, pyMean bool) (mean, ci float64) {
	slices.Sort(scores)
	lo, hi := resample.Bounds(scores)
	if pyMean {
		return py.Mean(scores), 0.5 * (hi - lo)
	}
	return numpy.Mean(scores), 0.5 * (hi - lo)
}

// Interval is sacreBLEU's corpus_score(n_bootstrap=n) of one system's
// rows: the mean of n bootstrap resample scores and the half-width of
// their 95% interval, on the scorer's scale.
func Interval(ctx context.Context, pkg string, sc resample.Scorer, rows *resample.Rows, n int, opt bleu.SignificanceOptions) (mean, ci float64, err error) {
	if n < 1 {
		return 0, 0, fmt.Errorf("%s: the number of bootstrap resamples must be at least 1, not %d", pkg, n)
	}
	if rows.Len() == 0 {
		return 0, 0, errors.New(pkg + ": no segments to resample")
	}
	d := resample.Draw{RNG: RNG(opt.Seed, false), Series: []resample.Series{{Rows: rows}}}
	if err := checkMemory(pkg, opt, "the bootstrap", resample.BootstrapMemory([]resample.Draw{d}, n, 0)); err != nil {
		return 0, 0, err
	}
	scores := make([]float64, n)
	d.Series[0].Scores = scores
	if err := resample.Bootstrap(ctx, sc, n, []resample.Draw{d}, resample.NewProgress(opt.Progress, n)); err != nil {
		return 0, 0, fmt.Errorf("%s: bootstrap resampling stopped: %w", pkg, err)
	}
	mean, ci = estimate(scores, true)
	return mean, ci, nil
}

// Result is one system's results of a paired test: the bootstrap mean
// and half-width (the paired bootstrap only), and for every system but
// the baseline its p-value and Holm–Bonferroni adjusted p-value.
type Result struct {
	MeanPercent, CIPercent float64
	PValue, HolmPValue     float64
}

// Paired runs the paired bootstrap (bs) or approximate randomization of
// n resamples or trials of rows[1:] against the baseline rows[0], whose
// corpus scores are scores, and returns every system's results, the
// baseline's first. The rows must have the same length, width and kind.
func Paired(ctx context.Context, pkg string, bs bool, sc resample.Scorer, rows []*resample.Rows, scores []float64, n int, opt bleu.SignificanceOptions) ([]Result, error) {
	what := "randomization trials"
	if bs {
		what = "bootstrap resamples"
	}
	switch {
	case n < 1:
		return nil, fmt.Errorf("%s: the number of %s must be at least 1, not %d", pkg, what, n)
	case len(rows) < 2:
		return nil, errors.New(pkg + ": a paired test needs at least one system besides the baseline")
	case rows[0].Len() == 0:
		return nil, errors.New(pkg + ": no segments to compare")
	}
	res := make([]Result, len(rows))
	var err error
	if bs {
		err = pairedBootstrap(ctx, pkg, sc, rows, scores, n, opt, res)
	} else {
		err = pairedRandomization(ctx, pkg, sc, rows, scores, n, opt, res)
	}
	if err != nil {
		return nil, err
	}
	p := make([]float64, len(rows)-1)
	for i := range p {
		p[i] = res[1+i].PValue
	}
	for i, a := range bleu.HolmBonferroni(p) {
		res[1+i].HolmPValue = a
	}
	return res, nil
}

// pairedBootstrap fills in the bootstrap estimates and p-values of res.
// The baseline's own bootstrap draws from default_rng(seed) and each
// comparison from a fresh generator of the paired seed: with a fixed seed
// other than 0 they are all the same resamples, drawn once.
func pairedBootstrap(ctx context.Context, pkg string, sc resample.Scorer, rows []*resample.Rows, full []float64, n int, opt bleu.SignificanceOptions, res []Result) error {
	v, seeded := opt.Seed.Value()
	shared := seeded && v != 0
	type at struct{ draw, series int }
	sys, blFor := make([]at, len(rows)), make([]at, len(rows))
	var draws []resample.Draw
	if shared {
		d := resample.Draw{RNG: RNG(opt.Seed, false)}
		for i, r := range rows {
			sys[i] = at{0, i}
			d.Series = append(d.Series, resample.Series{Rows: r})
		}
		draws = []resample.Draw{d}
	} else {
		draws = []resample.Draw{{RNG: RNG(opt.Seed, false), Series: []resample.Series{{Rows: rows[0]}}}}
		for i, r := range rows[1:] {
			blFor[1+i], sys[1+i] = at{1 + i, 0}, at{1 + i, 1}
			draws = append(draws, resample.Draw{RNG: RNG(opt.Seed, true), Series: []resample.Series{{Rows: rows[0]}, {Rows: r}}})
		}
	}
	if err := checkMemory(pkg, opt, "the paired bootstrap", resample.BootstrapMemory(draws, n, 1)); err != nil {
		return err
	}
	for _, d := range draws {
		for k := range d.Series {
			d.Series[k].Scores = make([]float64, n)
		}
	}
	scores := func(a at) []float64 { return draws[a.draw].Series[a.series].Scores }
	if err := resample.Bootstrap(ctx, sc, n, draws, resample.NewProgress(opt.Progress, n*len(draws))); err != nil {
		return fmt.Errorf("%s: bootstrap resampling stopped: %w", pkg, err)
	}
	diffs := make([]float64, n)
	for i := 1; i < len(rows); i++ {
		diff := math.Abs(full[0] - full[i])
		res[i].PValue = resample.PValue(resample.PairedCount(scores(sys[i]), scores(blFor[i]), diff, diffs), n)
	}
	// The estimates sort the scores in place: the counts come first.
	for i := range rows {
		res[i].MeanPercent, res[i].CIPercent = estimate(scores(sys[i]), false)
	}
	return nil
}

// pairedRandomization fills in the p-values of res, comparing the systems
// concurrently, each with a fresh generator of the paired seed.
func pairedRandomization(ctx context.Context, pkg string, sc resample.Scorer, rows []*resample.Rows, full []float64, n int, opt bleu.SignificanceOptions, res []Result) error {
	workers := min(len(rows)-1, runtime.GOMAXPROCS(0))
	var perWorker int64
	for _, r := range rows[1:] {
		perWorker = max(perWorker, resample.RandomizeMemory(rows[0], r))
	}
	need := int64(math.MaxInt64)
	if perWorker <= math.MaxInt64/int64(workers) {
		need = perWorker * int64(workers)
	}
	if err := checkMemory(pkg, opt, "the approximate randomization", need); err != nil {
		return err
	}
	prog := resample.NewProgress(opt.Progress, n*(len(rows)-1))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				diff := math.Abs(full[0] - full[i])
				count, err := resample.Randomize(ctx, RNG(opt.Seed, true), n, sc, rows[0], rows[i], diff, prog)
				if err != nil {
					continue // ctx is done: the other comparisons stop too
				}
				res[i].PValue = resample.PValue(count, n)
			}
		})
	}
	for i := 1; i < len(rows); i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return fmt.Errorf("%s: approximate randomization stopped: %w", pkg, context.Cause(ctx))
	}
	return nil
}

package bleu

// Bootstrap confidence intervals and paired significance tests, exactly as
// sacreBLEU 2.6.0's sacrebleu/significance.py computes them (with
// corpus_score(n_bootstrap=n) and Score.estimate_ci of
// sacrebleu/metrics/base.py). The random numbers, sums and means are
// NumPy's (package internal/numpy) but for the bootstrap's mean, which is
// Python's statistics.mean (package internal/py); the loops are the
// resampling engine's (package internal/resample). Everything here works
// on per-segment rows of sufficient statistics (segments.go) and never
// tokenizes again.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/resample"
)

// Resample and trial counts sacreBLEU uses by default.
const (
	// DefaultResamples is the number of bootstrap resamples of sacreBLEU's
	// --confidence (-cin) and --paired-bs (-pbsn).
	DefaultResamples = 1000
	// DefaultTrials is the number of approximate randomization trials of
	// sacreBLEU's --paired-ar (-parn).
	DefaultTrials = 10000
)

// SignificanceOptions are the options of [Segments.Bootstrap],
// [PairedBootstrap] and [PairedRandomization]. The zero value is
// sacreBLEU's defaults: seed 12345, no progress reports, resample scores
// not kept, and no memory limit beyond the Go runtime's soft limit.
//
// A SignificanceOptions is a plain value: copy it freely. The tests only
// read it.
type SignificanceOptions struct {
	// Seed is the seed of the random numbers (see [Seed]).
	Seed Seed

	// Progress, if not nil, is called as the test advances with the units
	// done so far and the total (resamples, or trials, summed over every
	// generator the test runs): once with done 0 before the work starts,
	// then as it completes, about a thousand times at most, and with
	// done == total at the end of a test that ran to completion. Calls are
	// never concurrent and done never decreases, but they may come from
	// different goroutines. It should return quickly.
	Progress func(done, total int)

	// KeepSamples keeps the score of every resample in [Interval.Samples]
	// (8 bytes a resample).
	KeepSamples bool

	// MemoryLimit, if positive, is the memory in bytes the test may take
	// besides the rows of statistics it reads; a test whose estimate (see
	// [Segments.Bootstrap]) exceeds it returns an error before it starts.
	// When 0, the limit is the Go runtime's soft memory limit
	// (debug.SetMemoryLimit, GOMEMLIMIT), if one is set.
	MemoryLimit int64
}

// Estimate is a corpus score with a bootstrap estimate of its distribution.
// Like [Score.BLEU], Mean and CI are on the 0–1 scale; the fields whose
// names end in Percent hold sacreBLEU's own numbers on the 0–100 scale,
// bit for bit as sacreBLEU computes and prints them (dividing by 100 and
// multiplying back would not always give the same bits).
type Estimate struct {
	// Score is the corpus score of all segments. Its Signature carries the
	// test's fields (bs, ar, seed).
	// Score.BLEUPercent is the score on sacreBLEU's 0–100 scale, as
	// sacreBLEU computes it (a perfect match is 100.00000000000004).
	Score Score
	// Mean is the mean of the bootstrap resample scores and CI the
	// half-width of their 95% interval (sacreBLEU's "μ = Mean ± CI"), on
	// the 0–1 scale, unclamped like [Score.BLEU]. Both are 0 where no bootstrap was
	// run (in approximate randomization).
	Mean, CI float64
	// MeanPercent and CIPercent are Mean and CI on the 0–100 scale as
	// sacreBLEU computes them (MeanPercent may exceed 100 in the last
	// bits, as sacreBLEU's does).
	MeanPercent, CIPercent float64
}

// setEstimate fills e's bootstrap fields from sacreBLEU's 0–100 mean and
// confidence half-width.
func (e *Estimate) setEstimate(meanPct, ciPct float64) {
	e.MeanPercent, e.CIPercent = meanPct, ciPct
	e.Mean, e.CI = meanPct/100, ciPct/100
}

// Interval is a bootstrap confidence interval of a corpus score: sacreBLEU's
// corpus_score(n_bootstrap=n), reported as "33.70 (μ = 33.69 ± 0.90)".
// MeanPercent is the exact mean of the resample scores (Python's
// statistics.mean), and CIPercent half the distance between the resample
// scores ranked n/40 and n-n/40-1 (the 26th and 975th of 1000, 0-based 25
// and 974), which Low and High give on the 0–1 scale.
type Interval struct {
	Estimate
	// Low and High are the bounds of the 95% interval on the 0–1 scale
	// (unclamped, like [Score.BLEU]).
	Low, High float64
	// Samples are the scores of the resamples on the 0–1 scale,
	// sorted in ascending order, when [SignificanceOptions.KeepSamples] is
	// set; otherwise nil.
	Samples []float64
}

// Text returns the interval in sacreBLEU's text format with width
// decimals, after "BLEU|signature" when signature is not empty, as
// sacreBLEU's Score.format does:
//
//	BLEU|nrefs:1|bs:1000|seed:12345|...|version:0.1.0 = 33.70 (μ = 33.69 ± 0.90) 66.3/41.3/27.9/19.4 (BP = ...)
//
// Like sacreBLEU it leaves out the parenthesis when the mean is 0 (every
// resample scored 0).
func (iv Interval) Text(width int, signature string) string {
	var b strings.Builder
	b.WriteString("BLEU")
	if signature != "" {
		b.WriteByte('|')
		b.WriteString(signature)
	}
	b.WriteString(" = ")
	b.WriteString(strconv.FormatFloat(iv.Score.BLEUPercent, 'f', width, 64))
	if iv.MeanPercent > 0 {
		b.WriteString(" (μ = ")
		b.WriteString(strconv.FormatFloat(iv.MeanPercent, 'f', width, 64))
		b.WriteString(" ± ")
		b.WriteString(strconv.FormatFloat(iv.CIPercent, 'f', width, 64))
		b.WriteByte(')')
	}
	b.WriteByte(' ')
	b.WriteString(iv.Score.Verbose())
	return b.String()
}

// Bootstrap estimates a 95% confidence interval of the corpus score by
// bootstrap resampling, as sacreBLEU's corpus_score(n_bootstrap=n) and its
// --confidence option do: with a fresh default_rng(seed), n resamples of
// Len() segments each, drawn with replacement (rng.choice(N, size=(n, N))),
// each scored as a corpus. The score's signature gains bs:n and seed.
//
// sacreBLEU sums the resampled statistics in float32, which is exact while
// the sums stay below 2^24 (16,777,216 words, some 600,000 segments); past
// that the float32 sums round, and their rounding depends on the order of
// the additions. Bootstrap sums in float32 in NumPy's order (each column
// in resample order) throughout, so the numbers are sacreBLEU's at every
// size.
//
// Memory: besides the rows, about 4 bytes a segment for each of up to
// five resamples in flight, plus 8 bytes a resample for the scores (16
// with KeepSamples). A test whose estimate exceeds the limit (see
// [SignificanceOptions.MemoryLimit]) returns an error before it starts.
//
// Bootstrap stops early with an error wrapping ctx's cause when ctx is
// done; it looks at ctx every few milliseconds. It returns an error when
// there are no segments or n < 1. (sacreBLEU itself only resamples for
// n > 1; with n == 1 the interval is the one resample, with CI 0.)
func (s *Segments) Bootstrap(ctx context.Context, n int, opt SignificanceOptions) (Interval, error) {
	if err := checkResamples(n, "bootstrap resamples"); err != nil {
		return Interval{}, err
	}
	N := s.Len()
	if N == 0 {
		return Interval{}, errors.New("bleu: no segments to resample")
	}
	extra := 0 // Samples, a copy on the 0–1 scale
	if opt.KeepSamples {
		extra = 1
	}
	d := resample.Draw{RNG: opt.Seed.rng(false), Series: []resample.Series{{Rows: &s.rows}}}
	if err := checkMemory(opt, "the bootstrap", resample.BootstrapMemory([]resample.Draw{d}, n, extra)); err != nil {
		return Interval{}, err
	}
	sc := newScorer(&s.Config, s.order())
	samples := make([]float64, n)
	d.Series[0].Scores = samples
	prog := resample.NewProgress(opt.Progress, n)
	if err := resample.Bootstrap(ctx, &sc, n, []resample.Draw{d}, prog); err != nil {
		return Interval{}, canceled("bootstrap resampling", err)
	}
	slices.Sort(samples)
	lo, hi := resample.Bounds(samples)

	score := s.Score()
	score.Signature.Bootstrap = strconv.Itoa(n)
	score.Signature.Seed = opt.Seed.signature(false)
	iv := Interval{
		Estimate: Estimate{
			Score: score,
		},
		Low:  lo / 100,
		High: hi / 100,
	}
	// Score.estimate_ci: statistics.mean of the sorted scores.
	iv.setEstimate(py.Mean(samples), 0.5*(hi-lo))
	if opt.KeepSamples {
		iv.Samples = toUnit(samples)
	}
	return iv, nil
}

// toUnit returns the 0–100 scores on the 0–1 scale, unclamped.
func toUnit(pct []float64) []float64 {
	out := make([]float64, len(pct))
	for i, x := range pct {
		out[i] = x / 100
	}
	return out
}

// canceled returns the error of a test stopped with the cause err of its
// context.
func canceled(what string, err error) error {
	return fmt.Errorf("bleu: %s stopped: %w", what, err)
}

// maxTestMemory is what a test may ask for at most whatever the limit:
// beyond it the slices could not even be made. It is 2^47 bytes on 64-bit
// platforms and 2^31 on 32-bit ones (^uint(0)>>63 is 1 or 0).
const maxTestMemory = 1 << (31 + 16*(^uint(0)>>63))

// checkMemory returns an error when need bytes exceed opt's memory limit.
func checkMemory(opt SignificanceOptions, what string, need int64) error {
	limit := opt.MemoryLimit
	if limit <= 0 {
		limit = debug.SetMemoryLimit(-1) // reads the limit (math.MaxInt64 when none)
	}
	limit = min(limit, maxTestMemory)
	if need > limit {
		return fmt.Errorf("bleu: %s needs about %s of memory, more than the %s available; use fewer resamples or trials", what, byteSize(need), byteSize(limit))
	}
	return nil
}

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

// checkResamples returns an error unless n >= 1.
func checkResamples(n int, what string) error {
	if n < 1 {
		return fmt.Errorf("bleu: %d %s: need at least 1", n, what)
	}
	return nil
}

// PairedMethod is a paired significance test.
type PairedMethod uint8

// The paired tests of sacreBLEU.
const (
	// BootstrapResampling is paired bootstrap resampling (Koehn, 2004),
	// sacreBLEU's --paired-bs ("bs").
	BootstrapResampling PairedMethod = iota
	// ApproximateRandomization is paired approximate randomization
	// (Riezler and Maxwell, 2005), sacreBLEU's --paired-ar ("ar").
	ApproximateRandomization
)

// String returns sacreBLEU's name of the test, "bs" or "ar" (its signature
// field).
func (m PairedMethod) String() string {
	switch m {
	case BootstrapResampling:
		return "bs"
	case ApproximateRandomization:
		return "ar"
	}
	return fmt.Sprintf("PairedMethod(%d)", uint8(m))
}

// Comparison is the result of one system of a paired test.
type Comparison struct {
	// Estimate is the system's score and, with paired bootstrap
	// resampling, the mean and 95% half-width of its resample scores.
	Estimate
	// PValue is the p-value of the test against the baseline: the
	// estimated probability, were the system and the baseline alike, of an
	// absolute score difference as large as the one observed,
	// (count + 1) / (N + 1) as in sacreBLEU, where count is the number of
	// resamples or trials whose statistic strictly exceeds the observed
	// difference. (So a system compared with itself gets 1/(N+1), not 1.)
	PValue float64
	// HolmPValue is PValue adjusted for comparing several systems with the
	// same baseline, by the Holm–Bonferroni method over all the systems of
	// the test (see [HolmBonferroni]); it equals PValue when there is one
	// system. It is not part of sacreBLEU's output.
	HolmPValue float64
}

// Paired is the result of a paired significance test of several systems
// against a baseline, as sacreBLEU's PairedTest reports it.
type Paired struct {
	// Method is the test and N its number of resamples or trials.
	Method PairedMethod
	N      int
	// Signature is the test's signature, e.g.
	// "nrefs:1|bs:1000|seed:12345|case:mixed|...": the seed is shown as an
	// integer, or "none".
	Signature Signature
	// Baseline is the baseline's score; with paired bootstrap resampling
	// also its bootstrap mean and 95% half-width (from a bootstrap of its
	// own, as [Segments.Bootstrap], except that the mean is NumPy's).
	Baseline Estimate
	// Systems are the results of the systems, in the order given.
	Systems []Comparison
}

// PairedBootstrap compares every system with the baseline by paired
// bootstrap resampling with n resamples, as sacreBLEU's --paired-bs
// (PairedTest with test_type "bs"): for each system a fresh
// default_rng(seed) draws n resamples of the segments (the same for the
// baseline and the system); the p-value counts the resamples whose
// absolute score difference, minus the mean of those differences, exceeds
// the actual difference. Each system's Mean and CI come from its own
// resample scores, the baseline's from a bootstrap of its own (as
// [Segments.Bootstrap], except that the mean is NumPy's).
//
// Every system must have the baseline's number of segments, statistics
// options (tokenizer, normalizer, lowercasing, order), scoring options and
// number of references; it returns an error otherwise, when there are no
// systems or segments, and when n < 1.
//
// With a seed other than 0 and [Unseeded], every comparison draws the same
// resamples (sacreBLEU seeds each afresh), so each resample's indices are
// drawn once and the baseline and every system are scored on it together;
// the work is shared out among up to four goroutines, and the result does
// not depend on it. Memory, cancellation and errors are as for
// [Segments.Bootstrap], with 8 bytes a resample for each system and the
// baseline, and a copy of their rows side by side (for ordinary text 16
// bytes a segment and system).
func PairedBootstrap(ctx context.Context, baseline *Segments, systems []*Segments, n int, opt SignificanceOptions) (Paired, error) {
	return paired(ctx, BootstrapResampling, baseline, systems, n, opt)
}

// PairedRandomization compares every system with the baseline by paired
// approximate randomization with n trials, as sacreBLEU's --paired-ar
// (PairedTest with test_type "ar"): for each system a fresh
// default_rng(seed) draws n·Len() coin flips (rng.integers(2, size=(n, N),
// dtype=bool)); in trial t, pseudo-system A takes the baseline's statistics
// of the segments whose coin is true and the system's of the others, and
// B the opposite; the p-value counts the trials where |BLEU(A) - BLEU(B)|
// exceeds the actual difference. It reports no means or intervals (Mean
// and CI are 0), as sacreBLEU by default.
//
// The systems are compared concurrently, on up to GOMAXPROCS goroutines;
// the result does not depend on it. Memory besides the rows is, for each
// goroutine, the differences of a baseline's and a system's rows (for
// ordinary text 20 bytes a segment) and one bit a segment. Its requirements, cancellation and errors
// are those of [PairedBootstrap].
func PairedRandomization(ctx context.Context, baseline *Segments, systems []*Segments, n int, opt SignificanceOptions) (Paired, error) {
	return paired(ctx, ApproximateRandomization, baseline, systems, n, opt)
}

// paired runs a paired test.
func paired(ctx context.Context, method PairedMethod, baseline *Segments, systems []*Segments, n int, opt SignificanceOptions) (Paired, error) {
	what := "bootstrap resamples"
	if method == ApproximateRandomization {
		what = "randomization trials"
	}
	if err := checkResamples(n, what); err != nil {
		return Paired{}, err
	}
	if len(systems) == 0 {
		return Paired{}, errors.New("bleu: a paired test needs at least one system besides the baseline")
	}
	N := baseline.Len()
	if N == 0 {
		return Paired{}, errors.New("bleu: no segments to compare")
	}
	for i, s := range systems {
		if err := compatible(baseline, s); err != nil {
			return Paired{}, fmt.Errorf("bleu: system %d cannot be compared with the baseline: %w", i+1, err)
		}
	}

	seed := opt.Seed
	sc := newScorer(&baseline.Config, baseline.order())
	blScore := baseline.Score()
	sig := blScore.Signature
	sig.Seed = seed.signature(true)
	if method == BootstrapResampling {
		sig.Bootstrap = strconv.Itoa(n)
	} else {
		sig.AR = strconv.Itoa(n)
	}
	blScore.Signature = sig
	res := Paired{
		Method:    method,
		N:         n,
		Signature: sig,
		Baseline:  Estimate{Score: blScore},
		Systems:   make([]Comparison, len(systems)),
	}
	for i, sys := range systems {
		score := sys.Score()
		score.Signature = sig
		res.Systems[i].Estimate = Estimate{Score: score}
	}
	var err error
	if method == BootstrapResampling {
		err = pairedBootstrap(ctx, &sc, &res, baseline, systems, opt)
	} else {
		err = pairedRandomization(ctx, &sc, &res, baseline, systems, opt)
	}
	if err != nil {
		return Paired{}, err
	}
	p := make([]float64, len(systems))
	for i := range res.Systems {
		p[i] = res.Systems[i].PValue
	}
	for i, a := range HolmBonferroni(p) {
		res.Systems[i].HolmPValue = a
	}
	return res, nil
}

// pairedBootstrap fills in the bootstrap estimates and p-values of res.
//
// sacreBLEU draws the baseline's own bootstrap from default_rng(seed) and
// each comparison from a fresh default_rng(seed) (or unseeded for seed 0):
// the same indices every time when the seed repeats, so they are drawn
// once and the baseline's scores serve its own interval and every
// comparison.
func pairedBootstrap(ctx context.Context, sc *scorer, res *Paired, baseline *Segments, systems []*Segments, opt SignificanceOptions) error {
	n, seed := res.N, opt.Seed
	shared := seed.deterministic(true) && seed.deterministic(false)
	// The draws, and where the scores of the baseline and of system i
	// (against which the baseline is scored as blFor[i]) are in them.
	var draws []resample.Draw
	type at struct{ draw, series int }
	sys, blFor := make([]at, len(systems)), make([]at, len(systems))
	if shared {
		d := resample.Draw{RNG: seed.rng(false), Series: []resample.Series{{Rows: &baseline.rows}}}
		for i, s := range systems {
			sys[i] = at{0, 1 + i}
			d.Series = append(d.Series, resample.Series{Rows: &s.rows})
		}
		draws = []resample.Draw{d}
	} else {
		draws = []resample.Draw{{RNG: seed.rng(false), Series: []resample.Series{{Rows: &baseline.rows}}}}
		for i, s := range systems {
			blFor[i], sys[i] = at{1 + i, 0}, at{1 + i, 1}
			draws = append(draws, resample.Draw{RNG: seed.rng(true), Series: []resample.Series{{Rows: &baseline.rows}, {Rows: &s.rows}}})
		}
	}
	if err := checkMemory(opt, "the paired bootstrap", resample.BootstrapMemory(draws, n, 1)); err != nil {
		return err
	}
	// Allocate the scores only now that they fit.
	for _, d := range draws {
		for k := range d.Series {
			d.Series[k].Scores = make([]float64, n)
		}
	}
	scores := func(a at) []float64 { return draws[a.draw].Series[a.series].Scores }
	prog := resample.NewProgress(opt.Progress, n*len(draws))
	if err := resample.Bootstrap(ctx, sc, n, draws, prog); err != nil {
		return canceled("bootstrap resampling", err)
	}

	// estimate_ci: NumPy's mean of the sorted scores.
	sorted := slices.Clone(draws[0].Series[0].Scores)
	slices.Sort(sorted)
	lo, hi := resample.Bounds(sorted)
	res.Baseline.setEstimate(numpy.Mean(sorted), 0.5*(hi-lo))
	diffs := sorted // reused
	for i := range systems {
		c := &res.Systems[i]
		diff := math.Abs(res.Baseline.Score.BLEUPercent - c.Score.BLEUPercent)
		s := scores(sys[i])
		c.PValue = resample.PValue(resample.PairedCount(s, scores(blFor[i]), diff, diffs), n)
		slices.Sort(s)
		lo, hi := resample.Bounds(s)
		c.setEstimate(numpy.Mean(s), 0.5*(hi-lo))
	}
	return nil
}

// pairedRandomization fills in the p-values of res, comparing the systems
// concurrently.
func pairedRandomization(ctx context.Context, sc *scorer, res *Paired, baseline *Segments, systems []*Segments, opt SignificanceOptions) error {
	n := res.N
	workers := min(len(systems), runtime.GOMAXPROCS(0))
	var perWorker int64
	for _, s := range systems {
		perWorker = max(perWorker, resample.RandomizeMemory(&baseline.rows, &s.rows))
	}
	need := perWorker * int64(workers)
	if perWorker > math.MaxInt64/int64(workers) {
		need = math.MaxInt64
	}
	if err := checkMemory(opt, "the approximate randomization", need); err != nil {
		return err
	}
	prog := resample.NewProgress(opt.Progress, n*len(systems))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				c := &res.Systems[i]
				diff := math.Abs(res.Baseline.Score.BLEUPercent - c.Score.BLEUPercent)
				count, err := resample.Randomize(ctx, opt.Seed.rng(true), n, sc, &baseline.rows, &systems[i].rows, diff, prog)
				if err != nil {
					continue // ctx is done: the other comparisons stop too
				}
				c.PValue = resample.PValue(count, n)
			}
		})
	}
	for i := range systems {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return canceled("approximate randomization", context.Cause(ctx))
	}
	return nil
}

// HolmBonferroni returns the p-values p adjusted for multiple comparisons
// by the Holm–Bonferroni method: with the m p-values sorted in ascending
// order, p(1) <= ... <= p(m), the adjusted value of p(i) is the largest of
// min(1, (m-j+1)·p(j)) over j <= i. Rejecting the hypotheses whose
// adjusted value is at most α controls the family-wise error rate at α.
// The result is in the order of p, monotone in p, and never below p or
// above 1. p is not modified. It panics if a p-value is not in [0, 1].
func HolmBonferroni(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i, x := range p {
		if !(x >= 0 && x <= 1) {
			panic(fmt.Sprintf("bleu: HolmBonferroni: p-value %v not in [0, 1]", x))
		}
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return p[order[a]] < p[order[b]] })
	adj := make([]float64, m)
	running := 0.0
	for rank, i := range order {
		running = max(running, min(1, float64(m-rank)*p[i]))
		adj[i] = running
	}
	return adj
}

// compatible returns an error unless s can be compared with baseline.
func compatible(baseline, s *Segments) error {
	if s.Len() != baseline.Len() {
		return fmt.Errorf("%d segments, the baseline %d", s.Len(), baseline.Len())
	}
	if a, b := baseline.sum.fp, s.sum.fp; a != b {
		return fmt.Errorf("statistics collected with %s, the baseline's with %s", b, a)
	}
	bc, sc := &baseline.Config, &s.Config
	if bc.Smooth != sc.Smooth || bc.smoothValue() != sc.smoothValue() || bc.EffectiveOrder != sc.EffectiveOrder {
		return errors.New("different smoothing or effective-order options")
	}
	if a, b := baseline.sum.nrefs(), s.sum.nrefs(); a != b {
		return fmt.Errorf("nrefs:%s, the baseline nrefs:%s", b, a)
	}
	return nil
}

// scorer evaluates sacreBLEU's compute_bleu on summed rows of statistics,
// on the 0–100 scale, without allocating. It performs exactly the float64
// operations of [Config.compute], in the same order. It is not changed
// after newScorer, so one scorer serves several goroutines.
type scorer struct {
	order  int
	rowLen int
	smooth SmoothMethod
	value  float64 // smoothing value (floor, add-k)
	addK   int64   // add-k's k
	eff    bool
}

func newScorer(c *Config, order int) scorer {
	c.check()
	sc := scorer{
		order:  order,
		rowLen: rowLen(order),
		smooth: c.Smooth,
		value:  c.smoothValue(),
		eff:    c.EffectiveOrder,
	}
	if c.Smooth == SmoothAddK {
		sc.addK = int64(sc.value)
	}
	return sc
}

// percentOf scores the given totals.
func (sc *scorer) percentOf(hypLen, refLen int64, matches, totals []int64) float64 {
	row := make([]int64, sc.rowLen)
	row[0], row[1] = hypLen, refLen
	copy(row[2:], matches)
	copy(row[2+sc.order:], totals)
	return sc.percent(row, false)
}

// Score returns the BLEU of a sum of rows on the 0–100 scale, for the
// resampling engine: in the bootstrap, of the float32 sums (see percent).
func (sc *scorer) Score(s resample.Sum) float64 {
	return sc.percent(s.Int64, s.Float32 != nil)
}

// percent returns BLEU on the 0–100 scale (uncapped, so a perfect match
// scores 100.00000000000004 as in sacreBLEU) of a summed row [hyp len, ref
// len, matches..., totals...], with the formula of Stats.Score
// (formula.percent), which does not change the row. f32 says the row holds
// float32 sums, as in sacreBLEU's bootstrap; add-k's additions are then
// rounded to float32 too, as NumPy stores them back into the float32 array.
func (sc *scorer) percent(row []int64, f32 bool) float64 {
	order := sc.order
	f := formula{smooth: sc.smooth, value: sc.value, addK: sc.addK, eff: sc.eff}
	return f.percent(brevityPenalty(row[0], row[1]), row[2:2+order], row[2+order:2+2*order], nil, nil, f32)
}

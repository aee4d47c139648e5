package main

// Significance tests for every metric of -m: a system's statistics kept as
// one row per segment (rowStats), the bootstrap interval of --confidence
// and the paired tests of each metric, and sacreBLEU's table of paired
// results for several metrics. BLEU runs them through package bleu;
// chrF and TER through the resampling engine (package
// internal/resample) with their packages' scores of summed rows.

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
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/resample"
	"github.com/go-bleu/bleu/ter"
)

// rowStats is a system's statistics under one metric with every
// segment's row kept, for the significance tests.
type rowStats interface {
	metricStats
	// bootstrap returns the score with the bootstrap estimate of n
	// resamples that sacreBLEU's corpus_score(n_bootstrap=n) adds, and
	// the signature's bs and seed fields.
	bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (metricScore, error)
}

// pairedMetric is one metric's results of a paired test: the baseline's
// first, then each system's.
type pairedMetric struct {
	name    string // "BLEU", "chrF2", "TER"
	sig     string // the signature, long form
	short   string // and short
	results []pairedResult
}

// pairedResult is sacreBLEU's significance.Result of one system.
type pairedResult struct {
	score float64
	// bootstrap tells whether mean and ci are set (the paired bootstrap).
	bootstrap bool
	mean, ci  float64
	// compared tells whether p and holm are set (every system but the
	// baseline).
	compared bool
	p, holm  float64
}

// pairedTester is a metric that runs paired tests on the rows of its
// systems, the baseline first.
type pairedTester interface {
	paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error)
}

// bleuRows is a system's BLEU rows.
type bleuRows struct {
	seg *bleu.Segments
	s   scoring
}

func (m bleuMetric) newRows() rowStats { return bleuRows{&bleu.Segments{Config: m.s.cfg}, m.s} }

func (b bleuRows) Add(hyp string, refs ...string) error { return b.seg.Add(hyp, refs...) }

// AddCorpus adds the segments one by one: on error the statistics are
// left with the segments before the failing one, which the command
// discards as it stops.
func (b bleuRows) AddCorpus(hyps []string, refs ...[]string) error {
	rs := make([]string, len(refs))
	for j, h := range hyps {
		for k := range refs {
			rs[k] = refs[k][j]
		}
		if err := b.seg.Add(h, rs...); err != nil {
			return err
		}
	}
	return nil
}

func (b bleuRows) score() metricScore { return bleuStats{b.seg.Stats(), b.s}.score() }

func (b bleuRows) bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (metricScore, error) {
	iv, err := b.seg.Bootstrap(ctx, n, opt)
	if err != nil {
		return metricScore{}, err
	}
	sc := b.s.label(iv.Score)
	return metricScore{name: "BLEU", percent: iv.Score.BLEUPercent, verbose: sc.Verbose(),
		sig: sc.Signature.String(), short: sc.Signature.Short(),
		ci: &confidence{mean: iv.MeanPercent, halfWidth: iv.CIPercent}}, nil
}

func (m bleuMetric) paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	segs := make([]*bleu.Segments, len(systems))
	for i, s := range systems {
		segs[i] = s.(bleuRows).seg
	}
	test := bleu.PairedRandomization
	if bs {
		test = bleu.PairedBootstrap
	}
	res, err := test(ctx, segs[0], segs[1:], n, opt)
	if err != nil {
		return pairedMetric{}, err
	}
	res.Signature = m.s.labelSignature(res.Signature)
	return bleuPaired(res), nil
}

// bleuPaired returns package bleu's results of a paired test.
func bleuPaired(res bleu.Paired) pairedMetric {
	bs := res.Method == bleu.BootstrapResampling
	out := pairedMetric{name: "BLEU", sig: res.Signature.String(), short: res.Signature.Short()}
	est := func(e bleu.Estimate) pairedResult {
		return pairedResult{score: e.Score.BLEUPercent, bootstrap: bs, mean: e.MeanPercent, ci: e.CIPercent}
	}
	out.results = append(out.results, est(res.Baseline))
	for _, c := range res.Systems {
		r := est(c.Estimate)
		r.compared, r.p, r.holm = true, c.PValue, c.HolmPValue
		out.results = append(out.results, r)
	}
	return out
}

// engineRows is a system's rows under a metric resampled here by the
// engine (chrF, TER), with its statistics.
type engineRows struct {
	metricStats
	rows *resample.Rows
	// sc scores summed rows: float32 bootstrap sums, or the int64 or
	// float64 sums of approximate randomization.
	sc resample.Scorer
	// withTest returns the score whose signature carries the test's
	// fields.
	withTest func(bs, ar, seed string) metricScore
}

// chrfRows is a system's chrF rows.
type chrfRows struct {
	st   *chrf.Stats
	rows *resample.Rows
	buf  []int64
}

func (m chrfMetric) newRows() rowStats {
	r := &chrfRows{st: &chrf.Stats{Config: m.cfg}, rows: &resample.Rows{}}
	cfg := m.cfg
	return engineRows{
		metricStats: r,
		rows:        r.rows,
		sc: resample.ScoreFunc(func(s resample.Sum) float64 {
			if s.Float32 != nil {
				return cfg.PercentOfFloat32Sums(s.Float32)
			}
			return cfg.PercentOfSums(s.Int64)
		}),
		withTest: func(bs, ar, seed string) metricScore {
			sc := r.st.Score()
			g := sc.Signature
			g.Bootstrap, g.AR, g.Seed = bs, ar, seed
			return metricScore{name: sc.Name, percent: sc.ChrFPercent, sig: g.String(), short: g.Short()}
		},
	}
}

func (c *chrfRows) Add(hyp string, refs ...string) error {
	if int64(c.rows.Len()) >= resample.MaxRows {
		return errTooManySegments
	}
	var err error
	if c.buf, err = c.st.AddRow(c.buf[:0], hyp, refs...); err != nil {
		return err
	}
	for _, v := range c.buf {
		if v > math.MaxUint32 {
			// n-gram counts never exceed the characters of a segment.
			return errors.New("bleu: a segment of more than 4294967295 characters is too long for a significance test")
		}
	}
	c.rows.Append(c.buf)
	return nil
}

// errTooManySegments is the error of a segment past the most that a
// significance test holds.
var errTooManySegments = fmt.Errorf("bleu: more than %d segments are too many for a significance test", int64(resample.MaxRows))

// AddCorpus adds the segments one by one (see bleuRows.AddCorpus).
func (c *chrfRows) AddCorpus(hyps []string, refs ...[]string) error {
	rs := make([]string, len(refs))
	for j, h := range hyps {
		for k := range refs {
			rs[k] = refs[k][j]
		}
		if err := c.Add(h, rs...); err != nil {
			return err
		}
	}
	return nil
}

func (c *chrfRows) score() metricScore { return chrfStats{c.st}.score() }

// terRows is a system's TER rows.
type terRows struct {
	st   *ter.Stats
	rows *resample.Rows
	buf  [][2]float64
}

func (m terMetric) newRows() rowStats {
	r := &terRows{st: &ter.Stats{Config: m.cfg}, rows: &resample.Rows{}}
	return engineRows{
		metricStats: r,
		rows:        r.rows,
		sc: resample.ScoreFunc(func(s resample.Sum) float64 {
			if s.Float32 != nil {
				return ter.PercentFromFloat32Sums([2]float32(s.Float32))
			}
			return ter.PercentFromSums([2]float64(s.Float64))
		}),
		withTest: func(bs, ar, seed string) metricScore {
			sc := r.st.Score()
			g := sc.Signature
			g.Bootstrap, g.AR, g.Seed = bs, ar, seed
			return metricScore{name: "TER", percent: sc.TERPercent, sig: g.String(), short: g.Short()}
		},
	}
}

func (t *terRows) Add(hyp string, refs ...string) error {
	rs := make([][]string, len(refs))
	for k, r := range refs {
		rs[k] = []string{r}
	}
	return t.AddCorpus([]string{hyp}, rs...)
}

func (t *terRows) AddCorpus(hyps []string, refs ...[]string) error {
	if int64(t.rows.Len())+int64(len(hyps)) > resample.MaxRows {
		return errTooManySegments
	}
	var err error
	if t.buf, err = t.st.AddCorpusRows(t.buf[:0], hyps, refs...); err != nil {
		return err
	}
	for _, r := range t.buf {
		t.rows.AppendFloat(r[:])
	}
	return nil
}

func (t *terRows) score() metricScore { return terStats{t.st}.score() }

// rng returns a fresh generator for seed, as sacreBLEU seeds
// default_rng: a bootstrap of one system with the seed (none: unseeded),
// a paired comparison with `seed if seed else None`.
func rng(seed bleu.Seed, paired bool) *numpy.PCG64 {
	n, ok := seed.Value()
	if !ok || paired && n == 0 {
		return numpy.NewPCG64Unseeded()
	}
	return numpy.NewPCG64(n)
}

// pairedSeed is the seed field of a paired test's signature:
// str(int(SACREBLEU_SEED)), or none.
func pairedSeed(seed bleu.Seed) string {
	if n, ok := seed.Value(); ok {
		return strconv.FormatUint(n, 10)
	}
	return "none"
}

// checkMemory returns an error (exit status 1) when a test needs more
// memory than opt allows, as package bleu's tests do.
func checkMemory(opt bleu.SignificanceOptions, what string, need int64) error {
	limit := min(opt.MemoryLimit, maxTestMemory)
	if limit <= 0 {
		limit = maxTestMemory
	}
	if need > limit {
		return fmt.Errorf("bleu: %s needs about %s of memory, more than the %s available; use fewer resamples or trials", what, byteSize(need), byteSize(limit))
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

// canceled wraps the engine's error, the context's cause.
func canceled(what string, err error) error {
	return fmt.Errorf("bleu: %s stopped: %w", what, err)
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

func (e engineRows) bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (metricScore, error) {
	if e.rows.Len() == 0 {
		return metricScore{}, errors.New("bleu: no segments to resample")
	}
	d := resample.Draw{RNG: rng(opt.Seed, false), Series: []resample.Series{{Rows: e.rows}}}
	if err := checkMemory(opt, "the bootstrap", resample.BootstrapMemory([]resample.Draw{d}, n, 0)); err != nil {
		return metricScore{}, err
	}
	scores := make([]float64, n)
	d.Series[0].Scores = scores
	if err := resample.Bootstrap(ctx, e.sc, n, []resample.Draw{d}, resample.NewProgress(opt.Progress, n)); err != nil {
		return metricScore{}, canceled("bootstrap resampling", err)
	}
	mean, ci := estimate(scores, true)
	sc := e.withTest(strconv.Itoa(n), "", opt.Seed.String())
	sc.ci = &confidence{mean: mean, halfWidth: ci}
	return sc, nil
}

func (chrfMetric) paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	return enginePaired(ctx, bs, systems, n, opt)
}

func (terMetric) paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	return enginePaired(ctx, bs, systems, n, opt)
}

// enginePaired is sacreBLEU's PairedTest of one metric on the engine:
// the baseline's own bootstrap, then each system against it.
func enginePaired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	es := make([]engineRows, len(systems))
	for i, s := range systems {
		es[i] = s.(engineRows)
	}
	if es[0].rows.Len() == 0 {
		return pairedMetric{}, errors.New("bleu: no segments to compare")
	}
	bsField, arField := "", strconv.Itoa(n)
	if bs {
		bsField, arField = arField, ""
	}
	base := es[0].withTest(bsField, arField, pairedSeed(opt.Seed))
	out := pairedMetric{name: base.name, sig: base.sig, short: base.short, results: make([]pairedResult, len(es))}
	for i, e := range es {
		out.results[i] = pairedResult{score: e.score().percent, compared: i > 0}
	}
	var err error
	if bs {
		err = enginePairedBootstrap(ctx, es, n, opt, out.results)
	} else {
		err = enginePairedRandomization(ctx, es, n, opt, out.results)
	}
	if err != nil {
		return pairedMetric{}, err
	}
	p := make([]float64, len(es)-1)
	for i := range p {
		p[i] = out.results[1+i].p
	}
	for i, a := range bleu.HolmBonferroni(p) {
		out.results[1+i].holm = a
	}
	return out, nil
}

// enginePairedBootstrap fills in the bootstrap estimates and p-values of
// results. The baseline's own bootstrap draws from default_rng(seed) and
// each comparison from a fresh generator of the paired seed: with a fixed
// seed other than 0 they are all the same resamples, drawn once.
func enginePairedBootstrap(ctx context.Context, es []engineRows, n int, opt bleu.SignificanceOptions, results []pairedResult) error {
	v, seeded := opt.Seed.Value()
	shared := seeded && v != 0
	type at struct{ draw, series int }
	sys, blFor := make([]at, len(es)), make([]at, len(es))
	var draws []resample.Draw
	if shared {
		d := resample.Draw{RNG: rng(opt.Seed, false)}
		for i, e := range es {
			sys[i] = at{0, i}
			d.Series = append(d.Series, resample.Series{Rows: e.rows})
		}
		draws = []resample.Draw{d}
	} else {
		draws = []resample.Draw{{RNG: rng(opt.Seed, false), Series: []resample.Series{{Rows: es[0].rows}}}}
		for i, e := range es[1:] {
			blFor[1+i], sys[1+i] = at{1 + i, 0}, at{1 + i, 1}
			draws = append(draws, resample.Draw{RNG: rng(opt.Seed, true), Series: []resample.Series{{Rows: es[0].rows}, {Rows: e.rows}}})
		}
	}
	if err := checkMemory(opt, "the paired bootstrap", resample.BootstrapMemory(draws, n, 1)); err != nil {
		return err
	}
	for _, d := range draws {
		for k := range d.Series {
			d.Series[k].Scores = make([]float64, n)
		}
	}
	scores := func(a at) []float64 { return draws[a.draw].Series[a.series].Scores }
	if err := resample.Bootstrap(ctx, es[0].sc, n, draws, resample.NewProgress(opt.Progress, n*len(draws))); err != nil {
		return canceled("bootstrap resampling", err)
	}
	diffs := make([]float64, n)
	for i := 1; i < len(es); i++ {
		r := &results[i]
		diff := math.Abs(results[0].score - r.score)
		r.p = resample.PValue(resample.PairedCount(scores(sys[i]), scores(blFor[i]), diff, diffs), n)
	}
	// The estimates sort the scores in place: the counts come first.
	for i := range es {
		r := &results[i]
		r.bootstrap = true
		r.mean, r.ci = estimate(scores(sys[i]), false)
	}
	return nil
}

// enginePairedRandomization fills in the p-values of results, comparing
// the systems concurrently, each with a fresh generator of the paired
// seed.
func enginePairedRandomization(ctx context.Context, es []engineRows, n int, opt bleu.SignificanceOptions, results []pairedResult) error {
	workers := min(len(es)-1, runtime.GOMAXPROCS(0))
	var perWorker int64
	for _, e := range es[1:] {
		perWorker = max(perWorker, resample.RandomizeMemory(es[0].rows, e.rows))
	}
	need := int64(math.MaxInt64)
	if perWorker <= math.MaxInt64/int64(workers) {
		need = perWorker * int64(workers)
	}
	if err := checkMemory(opt, "the approximate randomization", need); err != nil {
		return err
	}
	prog := resample.NewProgress(opt.Progress, n*(len(es)-1))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				r := &results[i]
				diff := math.Abs(results[0].score - r.score)
				count, err := resample.Randomize(ctx, rng(opt.Seed, true), n, es[0].sc, es[0].rows, es[i].rows, diff, prog)
				if err != nil {
					continue // ctx is done: the other comparisons stop too
				}
				r.p = resample.PValue(count, n)
			}
		})
	}
	for i := 1; i < len(es); i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return canceled("approximate randomization", context.Cause(ctx))
	}
	return nil
}

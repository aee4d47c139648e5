package main

// Significance tests for every metric of -m: a system's statistics kept as
// one row per segment (rowStats), the bootstrap interval of --confidence
// and the paired tests of each metric, and sacreBLEU's table of paired
// results for several metrics. BLEU runs them through package bleu;
// chrF and TER through the resampling engine (package
// internal/resample) with their packages' scores of summed rows.

import (
	"context"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/chrf"
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
	return addEach(b.seg.Add, hyps, refs)
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

// chrfRows is a system's chrF rows.
type chrfRows struct{ seg *chrf.Segments }

func (m chrfMetric) newRows() rowStats { return chrfRows{&chrf.Segments{Config: m.cfg}} }

func (c chrfRows) Add(hyp string, refs ...string) error { return c.seg.Add(hyp, refs...) }

// AddCorpus adds the segments one by one (see bleuRows.AddCorpus).
func (c chrfRows) AddCorpus(hyps []string, refs ...[]string) error {
	return addEach(c.seg.Add, hyps, refs)
}

func (c chrfRows) score() metricScore { return chrfScore(c.seg.Score()) }

// chrfScore is a chrF score as the command prints it.
func chrfScore(sc chrf.Score) metricScore {
	return metricScore{name: sc.Name, percent: sc.ChrFPercent, sig: sc.Signature.String(), short: sc.Signature.Short()}
}

func (c chrfRows) bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (metricScore, error) {
	e, err := c.seg.Bootstrap(ctx, n, opt)
	if err != nil {
		return metricScore{}, err
	}
	sc := chrfScore(e.Score)
	sc.ci = &confidence{mean: e.MeanPercent, halfWidth: e.CIPercent}
	return sc, nil
}

func (chrfMetric) paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	segs := make([]*chrf.Segments, len(systems))
	for i, s := range systems {
		segs[i] = s.(chrfRows).seg
	}
	test := chrf.PairedRandomization
	if bs {
		test = chrf.PairedBootstrap
	}
	res, err := test(ctx, segs[0], segs[1:], n, opt)
	if err != nil {
		return pairedMetric{}, err
	}
	out := pairedMetric{name: res.Baseline.Score.Name, sig: res.Signature.String(), short: res.Signature.Short()}
	est := func(e chrf.Estimate) pairedResult {
		return pairedResult{score: e.Score.ChrFPercent, bootstrap: bs, mean: e.MeanPercent, ci: e.CIPercent}
	}
	out.results = append(out.results, est(res.Baseline))
	for _, c := range res.Systems {
		r := est(c.Estimate)
		r.compared, r.p, r.holm = true, c.PValue, c.HolmPValue
		out.results = append(out.results, r)
	}
	return out, nil
}

// addEach adds segments one at a time with add.
func addEach(add func(string, ...string) error, hyps []string, refs [][]string) error {
	rs := make([]string, len(refs))
	for j, h := range hyps {
		for k := range refs {
			rs[k] = refs[k][j]
		}
		if err := add(h, rs...); err != nil {
			return err
		}
	}
	return nil
}

// terRows is a system's TER rows.
type terRows struct{ seg *ter.Segments }

func (m terMetric) newRows() rowStats { return terRows{&ter.Segments{Config: m.cfg}} }

func (t terRows) Add(hyp string, refs ...string) error { return t.seg.Add(hyp, refs...) }

func (t terRows) AddCorpus(hyps []string, refs ...[]string) error {
	return t.seg.AddCorpus(hyps, refs...)
}

func (t terRows) score() metricScore { return terScore(t.seg.Score()) }

// terScore is a TER score as the command prints it.
func terScore(sc ter.Score) metricScore {
	return metricScore{name: "TER", percent: sc.TERPercent, sig: sc.Signature.String(), short: sc.Signature.Short()}
}

func (t terRows) bootstrap(ctx context.Context, n int, opt bleu.SignificanceOptions) (metricScore, error) {
	e, err := t.seg.Bootstrap(ctx, n, opt)
	if err != nil {
		return metricScore{}, err
	}
	sc := terScore(e.Score)
	sc.ci = &confidence{mean: e.MeanPercent, halfWidth: e.CIPercent}
	return sc, nil
}

func (terMetric) paired(ctx context.Context, bs bool, systems []rowStats, n int, opt bleu.SignificanceOptions) (pairedMetric, error) {
	segs := make([]*ter.Segments, len(systems))
	for i, s := range systems {
		segs[i] = s.(terRows).seg
	}
	test := ter.PairedRandomization
	if bs {
		test = ter.PairedBootstrap
	}
	res, err := test(ctx, segs[0], segs[1:], n, opt)
	if err != nil {
		return pairedMetric{}, err
	}
	out := pairedMetric{name: "TER", sig: res.Signature.String(), short: res.Signature.Short()}
	est := func(e ter.Estimate) pairedResult {
		return pairedResult{score: e.Score.TERPercent, bootstrap: bs, mean: e.MeanPercent, ci: e.CIPercent}
	}
	out.results = append(out.results, est(res.Baseline))
	for _, c := range res.Systems {
		r := est(c.Estimate)
		r.compared, r.p, r.holm = true, c.PValue, c.HolmPValue
		out.results = append(out.results, r)
	}
	return out, nil
}

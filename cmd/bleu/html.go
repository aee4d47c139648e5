package main

// -f html: the comparison report of package report, drawn from the whole
// corpus held in memory (the segments' texts are part of the report).
// Every system gets a bootstrap 95% confidence interval (-cin resamples,
// default 1000) and, with two systems or more, every other system is
// compared with the first by paired bootstrap resampling (--paired-bs,
// the default) or approximate randomization (--paired-ar), all seeded by
// SACREBLEU_SEED (default 12345), so the report is the same run after run.
// Every metric of -m gets the same: its corpus score, interval and paired
// test in the systems table. The metric -m names first leads the report
// (its score first, its test's Δ and p-values, its sentence scores and
// scores by length in the charts); without BLEU in -m the report has no
// BLEU at all.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// htmlReport reads the corpus and writes the report of every system
// under the metrics of ms (nil for BLEU alone), led by the one -m names
// first.
func (c *cli) htmlReport(o *options, s scoring, ms []metric, enc encoding) error {
	if o.sentenceLevel || o.scoreOnly {
		return usageErrorf("-f html writes a report of corpus scores; it cannot be combined with -sl/--sentence-level or -b/--score-only")
	}
	cp, prog, err := c.openCorpus(o, enc)
	if err != nil {
		return err
	}
	defer cp.close()
	var (
		hyps      [][]string // [system][segment]
		refs      [][]string // [stream][segment]
		tokenized []int
	)
	ra := cp.readAhead()
	fail := func(err error) error {
		ra.close()
		prog.done()
		return err
	}
	for b := range ra.batches {
		if b.n > 0 && hyps == nil {
			if err := cp.checkFirst(o, b); err != nil {
				return fail(err)
			}
			hyps = make([][]string, len(b.hyps))
			refs = make([][]string, len(b.refs))
			tokenized = make([]int, len(b.hyps))
		}
		for j := range b.n {
			if !validSegment(b, j) {
				if err := b.badLine(j); err != nil {
					return fail(err)
				}
			}
		}
		for i, h := range b.hyps {
			hyps[i] = append(hyps[i], h...)
		}
		for k, r := range b.refs {
			refs[k] = append(refs[k], r...)
		}
		for i, n := range b.tokenized {
			tokenized[i] += n
		}
		prog.add(b.n)
		if b.err != nil {
			return fail(b.err)
		}
	}
	ra.close()
	prog.done()
	names := cp.systemNames()
	c.warnTokenized(o, names, tokenized)
	opts, err := c.reportOptions(o, s)
	if err != nil {
		return err
	}
	// The report's bootstraps and paired test run as the other tests do:
	// within the memory the system grants, and an interrupt stops them
	// (exit status 130).
	var r *report.Report
	if ms == nil || slices.ContainsFunc(ms, isBLEU) {
		err = c.runTest(o, "report", opts.Seed, func(ctx context.Context, sig bleu.SignificanceOptions) error {
			opts.MemoryLimit = sig.MemoryLimit
			var err error
			r, err = report.FromCorpus(ctx, report.Corpus{
				Config: s.cfg, References: refs, Names: names, Hypotheses: hyps,
			}, opts)
			if err != nil {
				return fmt.Errorf("bleu: %w", err)
			}
			return nil
		})
	} else {
		r, err = reportWithoutBLEU(refs, names, hyps, opts)
	}
	if err != nil {
		return err
	}
	if err := c.addMetrics(o, r, ms, refs, hyps, opts); err != nil {
		return err
	}
	return r.WriteHTML(c.out)
}

// reportOptions returns the report's tests as the command line asks for
// them: the intervals of -cin, the paired test of --paired-*, the seed of
// SACREBLEU_SEED, and BLEU's signatures as s labels them.
func (c *cli) reportOptions(o *options, s scoring) (report.Options, error) {
	opts := report.Options{
		Signature: func(g bleu.Signature) string { return signatureString(s.labelSignature(g), o.short) },
	}
	var err error
	if opts.Seed, err = c.seed(); err != nil {
		return report.Options{}, err
	}
	if o.pairedAR {
		opts.Test = bleu.ApproximateRandomization
	}
	if o.paired() {
		opts.N = o.pairedN()
	} else if o.given["--paired-bs-n"] && o.pairedBSN > 0 {
		opts.N = o.pairedBSN // the report's default test, sized (modifiers.go)
	}
	if o.confidence || o.given["--confidence-n"] {
		opts.Resamples = o.confidenceN
		if o.confidenceN <= 1 {
			opts.Resamples = -1 // sacreBLEU resamples only for -cin above 1
		}
	}
	return opts, nil
}

// isBLEU reports whether m is BLEU.
func isBLEU(m metric) bool {
	_, ok := m.(bleuMetric)
	return ok
}

// reportWithoutBLEU returns the report of -m lists without BLEU before
// its metrics are added: the systems' names and texts, the references,
// their lengths in words (as BLEU's default tokenizer counts them) and
// buckets, and the paired test that opts asks for, as FromCorpus would
// run it.
func reportWithoutBLEU(refs [][]string, names []string, hyps [][]string, opts report.Options) (*report.Report, error) {
	if len(refs) == 0 || len(hyps) == 0 {
		return nil, errors.New("bleu: no references or no systems to report on")
	}
	words, err := report.ReferenceWords(bleu.Config{}, refs[0])
	if err != nil {
		return nil, fmt.Errorf("bleu: %w", err)
	}
	r := &report.Report{NoBLEU: true, References: refs, RefWords: words}
	r.Buckets, _ = report.LengthBuckets(words)
	for i, name := range names {
		r.Systems = append(r.Systems, report.System{Name: name, Hypotheses: hyps[i]})
	}
	if len(hyps) > 1 {
		r.Test = report.Test{Name: report.PairedBootstrap, N: opts.N}
		if opts.Test == bleu.ApproximateRandomization {
			r.Test.Name = report.PairedRandomization
			if r.Test.N == 0 {
				r.Test.N = bleu.DefaultTrials
			}
		} else if r.Test.N == 0 {
			r.Test.N = bleu.DefaultResamples
		}
	}
	return r, nil
}

// leadingMetric returns the metric of ms that -m names first, which leads
// the report, or nil for BLEU.
func leadingMetric(o *options, ms []metric) metric {
	for _, m := range ms {
		if m.key() == strings.ToUpper(o.metrics[0]) && !isBLEU(m) {
			return m
		}
	}
	return nil
}

// addMetrics adds to r the corpus scores of every metric of ms but BLEU,
// which r has already, with the significance tests that opts asks for:
// each system's bootstrap interval, and the paired test of r.Test
// against the first system. Each test starts from the seed, as -ci and
// --paired-* start each metric's. The metric that -m names first, unless
// BLEU, leads the report, with its sentence scores and scores by length.
func (c *cli) addMetrics(o *options, r *report.Report, ms []metric, refs, hyps [][]string, opts report.Options) error {
	resamples := opts.Resamples
	if resamples == 0 {
		resamples = bleu.DefaultResamples
	}
	lead := leadingMetric(o, ms)
	var which []int // the bucket of each segment, for the lead metric
	if lead != nil {
		_, which = report.LengthBuckets(r.RefWords)
	}
	for _, m := range ms {
		if isBLEU(m) {
			continue
		}
		leads := lead != nil && m.key() == lead.key()
		rows := make([]rowStats, len(hyps))
		for i, h := range hyps {
			rows[i] = m.newRows()
			if err := rows[i].AddCorpus(h, refs...); err != nil {
				return err
			}
			sc := rows[i].score()
			if i == 0 {
				_, lower := m.(terMetric)
				r.Metrics = append(r.Metrics, report.Metric{Name: sc.name, LowerIsBetter: lower, Signature: sc.signature(o.short)})
				if leads {
					r.Lead = sc.name
				}
			}
			ms := report.MetricScore{Score: sc.percent}
			if resamples > 0 {
				err := c.runTest(o, "report", opts.Seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
					b, err := rows[i].bootstrap(ctx, resamples, opt)
					if err != nil {
						return err
					}
					ms.Mean, ms.CI, ms.Resamples = b.ci.mean, b.ci.halfWidth, resamples
					r.Metrics[len(r.Metrics)-1].IntervalSignature = b.signature(o.short)
					return nil
				})
				if err != nil {
					return err
				}
			}
			if leads {
				var err error
				if ms.Sentences, ms.Buckets, err = leadScores(m.(sentenceMetric), h, refs, which, len(r.Buckets)); err != nil {
					return err
				}
			}
			r.Systems[i].Metrics = append(r.Systems[i].Metrics, ms)
		}
		if r.Test.Name == "" || len(hyps) < 2 {
			continue
		}
		err := c.runTest(o, "report", opts.Seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
			pm, err := m.(pairedTester).paired(ctx, r.Test.Name == report.PairedBootstrap, rows, r.Test.N, opt)
			if err != nil {
				return err
			}
			k := len(r.Metrics) - 1
			r.Metrics[k].TestSignature = pm.sig
			if o.short {
				r.Metrics[k].TestSignature = pm.short
			}
			for i, res := range pm.results[1:] {
				r.Systems[i+1].Metrics[k].PValue, r.Systems[i+1].Metrics[k].HolmPValue = res.p, res.holm
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// leadScores returns a system's sentence scores under m, the segments
// hyps against refs, and its corpus scores of the segments of each of
// the buckets (which[j] being segment j's), all on the 0–100 scale.
func leadScores(m sentenceMetric, hyps []string, refs [][]string, which []int, buckets int) (sentences, scores []float64, err error) {
	if sentences, err = m.percents(hyps, refs...); err != nil {
		return nil, nil, err
	}
	for b := range buckets {
		st := m.newStats()
		for j, h := range hyps {
			if which[j] != b {
				continue
			}
			if err := st.Add(h, column(refs, j)...); err != nil {
				return nil, nil, err
			}
		}
		scores = append(scores, st.score().percent)
	}
	return sentences, scores, nil
}

// validSegment reports whether every line of segment j of b is valid
// UTF-8.
func validSegment(b *batch, j int) bool {
	for _, h := range b.hyps {
		if !utf8.ValidString(h[j]) {
			return false
		}
	}
	for _, r := range b.refs {
		if !utf8.ValidString(r[j]) {
			return false
		}
	}
	return true
}

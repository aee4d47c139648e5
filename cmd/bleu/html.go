package main

// -f html: the comparison report of package report, drawn from the whole
// corpus held in memory (the segments' texts are part of the report).
// Every system gets a bootstrap 95% confidence interval (-cin resamples,
// default 1000) and, with two systems or more, every other system is
// compared with the first by paired bootstrap resampling (--paired-bs,
// the default) or approximate randomization (--paired-ar), all seeded by
// SACREBLEU_SEED (default 12345), so the report is the same run after run.
// With -m naming chrF or TER beside BLEU, each gets the same: its corpus
// score, interval and paired test in the systems table.

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// htmlReport reads the corpus and writes the report of every system,
// with the corpus scores of the metrics of ms other than BLEU (ms is nil
// for BLEU alone).
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
	opts := report.Options{
		Signature: func(g bleu.Signature) string { return signatureString(s.labelSignature(g), o.short) },
	}
	if opts.Seed, err = c.seed(); err != nil {
		return err
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
	// The report's bootstraps and paired test run as the other tests do:
	// within the memory the system grants, and an interrupt stops them
	// (exit status 130).
	var r *report.Report
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
	if err != nil {
		return err
	}
	if err := c.addMetrics(o, r, ms, refs, hyps, opts.Seed); err != nil {
		return err
	}
	return r.WriteHTML(c.out)
}

// addMetrics adds to r the corpus scores of every metric of ms but BLEU,
// which r has already, with the significance tests that r ran for BLEU:
// each system's bootstrap interval of as many resamples, and the same
// paired test against the first system. Each test starts from the seed,
// as -ci and --paired-* start each metric's.
func (c *cli) addMetrics(o *options, r *report.Report, ms []metric, refs, hyps [][]string, seed bleu.Seed) error {
	for _, m := range ms {
		if _, ok := m.(bleuMetric); ok {
			continue
		}
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
			}
			ms := report.MetricScore{Score: sc.percent}
			if n := r.Systems[i].Interval.Resamples; n > 0 {
				err := c.runTest(o, "report", seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
					b, err := rows[i].bootstrap(ctx, n, opt)
					if err != nil {
						return err
					}
					ms.Mean, ms.CI, ms.Resamples = b.ci.mean, b.ci.halfWidth, n
					r.Metrics[len(r.Metrics)-1].IntervalSignature = b.signature(o.short)
					return nil
				})
				if err != nil {
					return err
				}
			}
			r.Systems[i].Metrics = append(r.Systems[i].Metrics, ms)
		}
		if r.Test.Name == "" || len(hyps) < 2 {
			continue
		}
		err := c.runTest(o, "report", seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
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

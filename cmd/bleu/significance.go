package main

// Significance tests: --confidence (a bootstrap confidence interval of one
// system) and --paired-bs / --paired-ar (each system against the first)
// with -m bleu alone, run by package bleu on per-segment rows of
// statistics (metricsig.go runs them for the other metrics), with sacreBLEU
// 2.6.0's checks, messages and seeds (SACREBLEU_SEED, read only when a
// test runs). While a test runs, a progress bar is drawn on a terminal
// (not with -q), and an interrupt (Ctrl-C) stops it within moments with
// exit status 130 and nothing on standard output.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/go-bleu/bleu"
)

// paired reports whether a paired test was asked for.
func (o *options) paired() bool { return o.pairedBS || o.pairedAR }

// bootstrap reports whether --confidence resamples: sacreBLEU's
// corpus_score(n_bootstrap=n) only does for n > 1, and otherwise prints the
// plain score.
func (o *options) bootstrap() bool { return o.confidence && o.confidenceN > 1 }

// keepsRows reports whether the run needs every segment's statistics
// rather than corpus totals.
func (o *options) keepsRows() bool { return o.paired() || o.bootstrap() }

// pairedN is the number of resamples or trials of the paired test:
// PairedTest takes the default for a value below 1.
func (o *options) pairedN() int {
	if o.pairedBS {
		if o.pairedBSN > 0 {
			return o.pairedBSN
		}
		return bleu.DefaultResamples
	}
	if o.pairedARN > 0 {
		return o.pairedARN
	}
	return bleu.DefaultTrials
}

// dropBaselineRepeats returns the -i files without the later mentions of
// the first: in a paired test sacreBLEU ignores a system given again as
// the baseline (any other repeated file is an error).
func (c *cli) dropBaselineRepeats(o *options) []string {
	out := o.inputs[:1:1]
	for _, name := range o.inputs[1:] {
		if name == o.inputs[0] {
			c.infof(o, "Ignoring %s as it was also given as the baseline.", pyRepr(name))
			continue
		}
		out = append(out, name)
	}
	return out
}

// checkSystems makes sacreBLEU's checks of the number of systems against
// the modes asked for, in its order and with its messages (exit status 1).
func checkSystems(o *options, systems int) error {
	fail := func(msg string) error { return &exitError{code: 1, msg: "bleu: " + msg} }
	if o.sentenceLevel {
		if systems > 1 {
			return fail("Only one system can be evaluated in sentence-level mode.")
		}
		if o.confidence || o.paired() {
			return fail("Statistical tests are unavailable in sentence-level mode.")
		}
	}
	if o.paired() && systems == 1 {
		return fail("Paired tests require multiple input systems given to --input (-i).")
	}
	// The HTML report gives every system an interval.
	if systems > 1 && o.confidence && o.format != "html" {
		return fail("Use paired tests (--paired) for multiple systems.")
	}
	return nil
}

// infof prints an informational message on standard error, as sacreBLEU
// logs them, unless -q.
func (c *cli) infof(o *options, format string, args ...any) {
	if !o.quiet {
		fmt.Fprintf(c.stderr, "bleu: "+format+"\n", args...)
	}
}

// seed returns the seed of SACREBLEU_SEED (12345 when it is not set). A
// value sacreBLEU's int() rejects stops the run with exit status 1, as
// sacreBLEU's ValueError does.
func (c *cli) seed() (bleu.Seed, error) {
	v, ok := c.lookupEnv("SACREBLEU_SEED")
	if !ok {
		return bleu.Seed{}, nil
	}
	s, err := bleu.ParseSeed(v)
	if err != nil {
		return bleu.Seed{}, &exitError{code: 1, msg: err.Error() + " (set it to a non-negative integer, or to none for unseeded resampling)"}
	}
	return s, nil
}

// interruptedStatus is the exit status of a test stopped by an interrupt,
// as a shell reports a process ended by SIGINT.
const interruptedStatus = 130

// runTest runs a significance test with seed, a progress bar labelled
// label and a context that an interrupt cancels; it maps the library's
// errors to exit statuses (1, or 130 when interrupted).
func (c *cli) runTest(o *options, label string, seed bleu.Seed, test func(context.Context, bleu.SignificanceOptions) error) error {
	parent := c.ctx
	if parent == nil {
		parent = context.Background()
	}
	ctx, stop := signal.NotifyContext(parent, os.Interrupt)
	defer stop()
	bar := newCountBar(c.stderr, c.terminal && !o.quiet, label, c.now)
	err := test(ctx, bleu.SignificanceOptions{Seed: seed, Progress: bar.update, MemoryLimit: memoryLimit()})
	bar.done()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return &exitError{code: interruptedStatus, msg: "bleu: interrupted"}
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "bleu: ") { // package chrf's and ter's errors
		msg = "bleu: " + msg
	}
	return &exitError{code: 1, msg: msg}
}

// memoryLimit returns the memory a test may take: the least of the Go
// runtime's soft limit (GOMEMLIMIT) and what the system grants (see
// systemMemory), or 0 when none is known.
func memoryLimit() int64 {
	limit := debug.SetMemoryLimit(-1) // reads it; math.MaxInt64 when unset
	if sys := systemMemory(); sys > 0 {
		limit = min(limit, sys)
	}
	return max(limit, 1) // 0 would mean "no limit" to the library
}

// confidenceScore is --confidence: the corpus score of the one system with
// a bootstrap estimate of its mean and 95% confidence interval.
func (c *cli) confidenceScore(o *options, s scoring, name string, seg *bleu.Segments) (systemScore, error) {
	seed, err := c.seed()
	if err != nil {
		return systemScore{}, err
	}
	var iv bleu.Interval
	err = c.runTest(o, "bootstrap resampling", seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
		var err error
		iv, err = seg.Bootstrap(ctx, o.confidenceN, opt)
		return err
	})
	if err != nil {
		return systemScore{}, err
	}
	return systemScore{
		name:    name,
		score:   s.label(iv.Score),
		percent: iv.Score.BLEUPercent,
		ci:      &confidence{mean: iv.MeanPercent, halfWidth: iv.CIPercent},
	}, nil
}

// pairedNames returns the names sacreBLEU gives the systems of a paired
// test: "Baseline: FILE" and the other files, or on standard input
// "Baseline", "System 1", "System 2", ...
func pairedNames(names []string, stdin bool) []string {
	out := make([]string, len(names))
	if stdin {
		out[0] = "Baseline"
		for i := 1; i < len(out); i++ {
			out[i] = fmt.Sprintf("System %d", i)
		}
		return out
	}
	copy(out, names)
	out[0] = "Baseline: " + names[0]
	return out
}

// pairedTest runs --paired-bs or --paired-ar of every system against the
// first and prints the results.
func (c *cli) pairedTest(o *options, s scoring, names []string, segs []*bleu.Segments) error {
	seed, err := c.seed()
	if err != nil {
		return err
	}
	n := o.pairedN()
	c.infof(o, "Pre-computing BLEU statistics for %s", pyRepr(names[0]))
	for _, name := range names[1:] {
		c.infof(o, "Computing BLEU for %s and extracting sufficient statistics", pyRepr(name))
		if o.pairedBS {
			c.infof(o, " > Performing paired bootstrap resampling test (# resamples: %d)", n)
		} else {
			c.infof(o, " > Performing approximate randomization test (# trials: %d)", n)
		}
	}
	if o.pairedJobs < 0 {
		// sacreBLEU fails in multiprocessing.Pool with a ValueError.
		return &exitError{code: 1, msg: fmt.Sprintf("bleu: -j/--paired-jobs must be at least 0, not %d", o.pairedJobs)}
	}
	test, label := bleu.PairedRandomization, "approximate randomization"
	if o.pairedBS {
		test, label = bleu.PairedBootstrap, "paired bootstrap resampling"
	}
	var res bleu.Paired
	err = c.runTest(o, label, seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
		var err error
		res, err = test(ctx, segs[0], segs[1:], n, opt)
		return err
	})
	if err != nil {
		return err
	}
	res.Signature = s.labelSignature(res.Signature)
	printPaired(c.out, names, res, o)
	return nil
}

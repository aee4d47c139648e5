package main

// Scoring with the metrics of -m other than BLEU alone (-m chrf, -m ter,
// -m bleu chrf ter): sacreBLEU's main() for several metrics, and its
// print_single_results and print_results_table.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-bleu/bleu"
)

// scoreMetrics scores every system with every metric in one pass over the
// corpus and prints the results.
func (c *cli) scoreMetrics(o *options, ms []metric, enc encoding) error {
	cp, prog, err := c.openCorpus(o, enc)
	if err != nil {
		return err
	}
	defer cp.close()
	var (
		systems   [][]metricStats // [system][metric]
		tokenized []int
	)
	ra := cp.readAhead()
	fail := func(err error) error {
		ra.close()
		prog.done()
		return firstFault(o, enc, err, cp.stdinRest(ra))
	}
	for b := range ra.batches {
		if b.n > 0 && systems == nil {
			if err := cp.checkFirst(o, b); err != nil {
				return fail(err)
			}
			systems = make([][]metricStats, len(b.hyps))
			for i := range systems {
				for _, m := range ms {
					if o.keepsRows() {
						systems[i] = append(systems[i], m.newRows())
					} else {
						systems[i] = append(systems[i], m.newStats())
					}
				}
			}
			tokenized = make([]int, len(b.hyps))
			if len(b.hyps) > 1 {
				c.infof(o, "Found %d systems.", len(b.hyps))
			}
		}
		if b.n > 0 {
			if err := addMetricBatch(systems, b); err != nil {
				return fail(err)
			}
			for i, n := range b.tokenized {
				tokenized[i] += n
			}
			prog.add(b.n)
		}
		if b.err != nil {
			return fail(b.err)
		}
	}
	ra.close()
	prog.done()
	names := cp.systemNames()
	c.warnTokenized(o, names, tokenized)
	if o.paired() {
		return c.pairedMetrics(o, ms, pairedNames(names, cp.stdinSystems), systems)
	}
	scores := make([][]metricScore, len(systems))
	for i, sys := range systems {
		for _, st := range sys {
			scores[i] = append(scores[i], st.score())
		}
	}
	if len(scores) > 1 {
		printMetricTable(c.out, names, scores, o)
		return nil
	}
	if o.bootstrap() {
		if err := c.confidenceMetrics(o, systems[0], scores[0]); err != nil {
			return err
		}
	}
	lines := make([]string, len(scores[0]))
	for k, sc := range scores[0] {
		sig := sc.signature(o.short && o.format != "json")
		lines[k] = formatMetric(sc, o.width, o.scoreOnly, sig, o.format == "json")
	}
	printSingleResults(c.out, lines, o)
	if o.detail {
		return c.detail(o, ms)
	}
	return nil
}

// addMetricBatch adds batch b to every system's statistics under every
// metric, or returns the error of the first segment that has one.
func addMetricBatch(systems [][]metricStats, b *batch) error {
	firstAt, firstErr := 0, error(nil)
	var refs []string
	for i, sys := range systems {
		for _, st := range sys {
			if st.AddCorpus(b.hyps[i], b.refs...) == nil {
				continue
			}
			// One segment at a time, to find the segment that fails.
			for j, h := range b.hyps[i] {
				refs = b.segment(j, refs)
				if err := st.Add(h, refs...); err != nil {
					if firstErr == nil || j < firstAt {
						firstAt, firstErr = j, err
					}
					break
				}
			}
		}
	}
	if firstErr != nil {
		return b.failure(firstAt, firstErr)
	}
	return nil
}

// metricSentences prints the score of every segment under the one metric
// of -m (sacreBLEU allows one with -sl), once the input has been read.
func (c *cli) metricSentences(o *options, m sentenceMetric, enc encoding) error {
	cp, prog, err := c.openCorpus(o, enc)
	if err != nil {
		return err
	}
	defer cp.close()
	out := spool{noFile: cp.files.parked > 0}
	defer out.close()
	ra := cp.readAhead()
	fail := func(err error) error {
		ra.close()
		prog.done()
		return firstFault(o, enc, err, cp.stdinRest(ra))
	}
	var scores []metricScore
	for b := range ra.batches {
		if b.n > 0 && b.first == 0 && cp.stdinSystems {
			if err := b.badLine(0); err != nil {
				return fail(err)
			}
			if err := checkSystems(o, len(b.hyps)); err != nil {
				return fail(orFieldFault(err, b.err))
			}
		}
		if b.n > 0 {
			scores = slices.Grow(scores[:0], b.n)[:b.n]
			if j, err := m.sentences(b.hyps[0], b.refs, scores); err != nil {
				return fail(b.failure(j, err))
			}
			for _, sc := range scores {
				out.writeLine(formatMetric(sc, o.width, o.scoreOnly, sc.signature(o.short), false))
			}
			prog.add(b.n)
		}
		if b.err != nil {
			return fail(b.err)
		}
	}
	ra.close()
	prog.done()
	return out.writeTo(c.out)
}

// formatMetric is sacreBLEU's Score.format(width, score_only, signature,
// is_json) of a score without a bootstrap estimate.
func formatMetric(sc metricScore, width int, scoreOnly bool, sig string, isJSON bool) string {
	s := fixed(sc.percent, width)
	if sc.ci.shown() {
		s += " (" + sc.ci.text(width) + ")"
	}
	if isJSON && !scoreOnly {
		obj := jsonObject{
			{"name", sc.name},
			{"score", pyRounded(sc.percent, width)},
			{"signature", sig},
		}
		if ci := sc.ci; ci.shown() {
			obj = append(obj,
				jsonField{"confidence_mean", pyRounded(ci.mean, width)},
				jsonField{"confidence_var", pyRounded(ci.halfWidth, width)},
				jsonField{"confidence", ci.text(width)})
		}
		if sc.verbose != "" {
			obj = append(obj, jsonField{"verbose_score", sc.verbose})
		}
		for _, field := range strings.Split(sig, "|") {
			k, v, _ := strings.Cut(field, ":")
			obj = obj.set(k, v)
		}
		return encodeJSON(obj, 1, false)
	}
	if scoreOnly {
		return s
	}
	full := sc.name
	if sig != "" {
		full += "|" + sig
	}
	full += " = " + s
	if sc.verbose != "" {
		full += " " + sc.verbose
	}
	return full
}

// printSingleResults is sacreBLEU's print_single_results: one system's
// scores under each metric, a JSON list of their objects (or the object
// alone), or text lines aligned at their "=" (each line without one
// printed as it is, before the others).
func printSingleResults(w io.Writer, lines []string, o *options) {
	if o.format == "json" {
		if len(lines) > 1 {
			fmt.Fprintln(w, "[\n"+strings.Join(lines, ",\n")+"\n]")
		} else {
			fmt.Fprintln(w, lines[0])
		}
		return
	}
	if len(lines) == 1 {
		fmt.Fprintln(w, lines[0])
		return
	}
	var lens []int
	for _, l := range lines {
		if i := strings.Index(l, "="); i >= 0 {
			lens = append(lens, i-1)
		} else {
			fmt.Fprintln(w, l)
		}
	}
	if len(lens) == 0 {
		return
	}
	width := slices.Max(lens)
	// sacreBLEU pairs the lengths with the lines from the first line on,
	// whichever lines the lengths came from; the lines are ASCII up to
	// their "=", so bytes count as its characters do.
	for k, n := range lens {
		l := lines[k]
		n = min(n, len(l))
		fmt.Fprintln(w, strings.Repeat(" ", max(0, width-n))+l[:n]+l[n:])
	}
}

// printMetricTable is sacreBLEU's print_results_table for several systems
// scored with one or more metrics: a JSON list of objects (the system, and
// each metric's formatted score under its name), or a table followed by
// the metrics' signatures.
func printMetricTable(w io.Writer, names []string, scores [][]metricScore, o *options) {
	if o.format == "json" {
		list := make(jsonList, len(names))
		for i, name := range names {
			obj := jsonObject{{"system", name}}
			for _, sc := range scores[i] {
				obj = obj.set(sc.name, fixed(sc.percent, o.width))
			}
			list[i] = obj
		}
		fmt.Fprintln(w, encodeJSON(list, 4, true))
		return
	}
	t := table{headers: []string{"System"}, align: []string{"right"}, floatDecimals: o.width}
	for _, sc := range scores[0] {
		t.headers = append(t.headers, sc.name)
		t.align = append(t.align, "center")
	}
	for i, name := range names {
		row := []string{name}
		for _, sc := range scores[i] {
			row = append(row, fixed(sc.percent, o.width))
		}
		t.rows = append(t.rows, row)
	}
	fmt.Fprintln(w, t.render(tableFormatFor(o)))
	fmt.Fprintln(w)
	last := scores[len(scores)-1]
	sigs := make([]namedSignature, len(last))
	for k, sc := range last {
		sigs[k] = namedSignature{sc.name, sc.signature(o.short)}
	}
	printSignatures(w, sigs)
}

// confidenceMetrics replaces each score of one system by its bootstrap
// estimate (--confidence), metric after metric as sacreBLEU's
// corpus_score(n_bootstrap=n) computes them, each from a fresh generator.
func (c *cli) confidenceMetrics(o *options, stats []metricStats, scores []metricScore) error {
	seed, err := c.seed()
	if err != nil {
		return err
	}
	for k, st := range stats {
		err := c.runTest(o, "bootstrap resampling", seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
			var err error
			scores[k], err = st.(rowStats).bootstrap(ctx, o.confidenceN, opt)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// pairedMetrics runs --paired-bs or --paired-ar of every system against
// the first under every metric, in the order of -m as sacreBLEU's
// PairedTest takes them, and prints the results.
func (c *cli) pairedMetrics(o *options, ms []metric, names []string, systems [][]metricStats) error {
	seed, err := c.seed()
	if err != nil {
		return err
	}
	n := o.pairedN()
	order := pairedOrder(o, ms)
	for _, k := range order {
		c.infof(o, "Pre-computing %s statistics for %s", ms[k].key(), pyRepr(names[0]))
	}
	test, label := "approximate randomization test (# trials", "approximate randomization"
	if o.pairedBS {
		test, label = "paired bootstrap resampling test (# resamples", "paired bootstrap resampling"
	}
	for _, name := range names[1:] {
		for _, k := range order {
			c.infof(o, "Computing %s for %s and extracting sufficient statistics", systems[0][k].score().name, pyRepr(name))
			c.infof(o, " > Performing %s: %d)", test, n)
		}
	}
	if o.pairedJobs < 0 {
		// sacreBLEU fails in multiprocessing.Pool with a ValueError.
		return &exitError{code: 1, msg: fmt.Sprintf("bleu: -j/--paired-jobs must be at least 0, not %d", o.pairedJobs)}
	}
	pms := make([]pairedMetric, len(order))
	for j, k := range order {
		rows := make([]rowStats, len(systems))
		for i := range systems {
			rows[i] = systems[i][k].(rowStats)
		}
		err := c.runTest(o, label, seed, func(ctx context.Context, opt bleu.SignificanceOptions) error {
			var err error
			pms[j], err = ms[k].paired(ctx, o.pairedBS, rows, n, opt)
			return err
		})
		if err != nil {
			return err
		}
	}
	printPairedMetrics(c.out, names, pms, o)
	return nil
}

// pairedOrder returns the indices in ms of the metrics in the order -m
// first names them.
func pairedOrder(o *options, ms []metric) []int {
	var order []int
	for _, name := range o.metrics {
		for k, m := range ms {
			if m.key() == strings.ToUpper(name) && !slices.Contains(order, k) {
				order = append(order, k)
			}
		}
	}
	return order
}

package main

// Scoring with the metrics of -m other than BLEU alone (-m chrf, -m ter,
// -m bleu chrf ter): sacreBLEU's main() for several metrics, and its
// print_single_results and print_results_table.

import (
	"fmt"
	"io"
	"slices"
	"strings"
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
					systems[i] = append(systems[i], m.newStats())
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
	if isJSON && !scoreOnly {
		obj := jsonObject{
			{"name", sc.name},
			{"score", pyRounded(sc.percent, width)},
			{"signature", sig},
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

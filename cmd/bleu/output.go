package main

// Standard output, byte for byte as sacreBLEU 2.6.0 prints it.
//
// One system: Score.format(width, score_only, signature, is_json), printed
// by print_single_results. Text is "BLEU|<signature> = <score> <verbose>";
// JSON is json.dumps(d, indent=1, ensure_ascii=False) of name, score
// (float(f"{score:.{w}f}")), signature, verbose_score and then every
// signature field; with --confidence also the bootstrap mean and
// half-width. Several systems: print_results_table, a JSON list
// (json.dumps(..., indent=4), ASCII-escaped) or a tabulate table followed
// by the signatures; for a paired test the JSON list holds each system's
// unrounded score, p-value, mean and half-width, and the table their
// formatted values, with the test's explanation before the signatures.
// Sentence level: one text line per segment, whatever the format.

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// systemScore is one system's result.
type systemScore struct {
	name  string
	score bleu.Score
	// percent is the score on the 0–100 scale as printed: Score.Percent(),
	// or with a bootstrap estimate the library's Estimate.Score.BLEUPercent (sacreBLEU's
	// own evaluation on that scale, which may differ in the last bit).
	percent float64
	ci      *confidence // bootstrap estimate (--confidence), or nil
}

// plainScore is a result without a bootstrap estimate.
func plainScore(name string, sc bleu.Score) systemScore {
	return systemScore{name: name, score: sc, percent: sc.Percent()}
}

// confidence is a bootstrap estimate of a score, on the 0–100 scale:
// sacreBLEU's Score._mean and Score._ci (the 95% interval's half-width).
type confidence struct {
	mean, halfWidth float64
}

// fixed is f"{x:.{width}f}".
func fixed(x float64, width int) string { return strconv.FormatFloat(x, 'f', width, 64) }

// shown reports whether sacreBLEU shows the estimate: it does when the
// mean is above 0.
func (c *confidence) shown() bool { return c != nil && c.mean > 0 }

// text is "μ = <mean> ± <half-width>".
func (c *confidence) text(width int) string {
	return "μ = " + fixed(c.mean, width) + " ± " + fixed(c.halfWidth, width)
}

// formatText is sacreBLEU's Score.format for text: the score alone, or
// "BLEU|<signature> = <score> [(μ = <mean> ± <ci>) ]<verbose>".
func formatText(r systemScore, width int, scoreOnly bool, sig string) string {
	if r.ci == nil && !scoreOnly {
		return r.score.Text(width, sig) // in one allocation
	}
	s := fixed(r.percent, width)
	if r.ci.shown() {
		s += " (" + r.ci.text(width) + ")"
	}
	if scoreOnly {
		return s
	}
	name := "BLEU"
	if sig != "" {
		name += "|" + sig
	}
	return name + " = " + s + " " + r.score.Verbose()
}

// formatJSON is sacreBLEU's Score.format with is_json: the fields of the
// score and of the signature, in its order.
func formatJSON(r systemScore, width int, sig string) string {
	obj := jsonObject{
		{"name", "BLEU"},
		{"score", pyRounded(r.percent, width)},
		{"signature", sig},
	}
	if ci := r.ci; ci.shown() {
		obj = append(obj,
			jsonField{"confidence_mean", pyRounded(ci.mean, width)},
			jsonField{"confidence_var", pyRounded(ci.halfWidth, width)},
			jsonField{"confidence", ci.text(width)})
	}
	obj = append(obj, jsonField{"verbose_score", r.score.Verbose()})
	for _, field := range strings.Split(sig, "|") {
		k, v, _ := strings.Cut(field, ":")
		obj = obj.set(k, v)
	}
	return encodeJSON(obj, 1, false)
}

// pyRounded is float(f"{x:.{width}f}").
func pyRounded(x float64, width int) float64 {
	f, _ := strconv.ParseFloat(fixed(x, width), 64)
	return f
}

// signatureString is the signature, long or short.
func signatureString(g bleu.Signature, short bool) string {
	if short {
		return g.Short()
	}
	return g.String()
}

// signatures formats signatures as signatureString does, remembering the
// last: at sentence level every segment has the same one. It is for one
// goroutine.
type signatures struct {
	last  bleu.Signature
	short bool
	str   string
	ok    bool
}

// of returns signatureString(g, short).
func (c *signatures) of(g bleu.Signature, short bool) string {
	if !c.ok || g != c.last || short != c.short {
		c.last, c.short, c.str, c.ok = g, short, signatureString(g, short), true
	}
	return c.str
}

// printSingle prints one system's corpus score (print_single_results).
func printSingle(w io.Writer, r systemScore, o *options) {
	if o.format == "json" {
		if o.scoreOnly {
			fmt.Fprintln(w, formatText(r, o.width, true, ""))
			return
		}
		fmt.Fprintln(w, formatJSON(r, o.width, signatureString(r.score.Signature, false)))
		return
	}
	fmt.Fprintln(w, formatText(r, o.width, o.scoreOnly, signatureString(r.score.Signature, o.short)))
}

// printMulti prints the scores of several systems (print_results_table).
func printMulti(w io.Writer, rs []systemScore, o *options) {
	if o.format == "json" {
		list := make(jsonList, len(rs))
		for i, r := range rs {
			list[i] = jsonObject{{"system", r.name}, {"BLEU", fixed(r.percent, o.width)}}
		}
		fmt.Fprintln(w, encodeJSON(list, 4, true))
		return
	}
	t := table{headers: []string{"System", "BLEU"}, align: []string{"right", "center"}, floatDecimals: o.width}
	for _, r := range rs {
		t.rows = append(t.rows, []string{r.name, fixed(r.percent, o.width)})
	}
	fmt.Fprintln(w, t.render(tableFormatFor(o)))
	fmt.Fprintln(w)
	var sig string
	if len(rs) > 0 {
		sig = signatureString(rs[len(rs)-1].score.Signature, o.short)
	}
	printSignatures(w, []namedSignature{{"BLEU", sig}})
}

// tableFormatFor is the table format of -f: fancy_grid for text,
// latex_booktabs for latex.
func tableFormatFor(o *options) tableFormat {
	if o.format == "latex" {
		return latexBooktabs
	}
	return fancyGrid
}

// printPaired prints package bleu's results of a paired test.
func printPaired(w io.Writer, names []string, res bleu.Paired, o *options) {
	printPairedMetrics(w, names, []pairedMetric{bleuPaired(res)}, o)
}

// printPairedMetrics is sacreBLEU's print_results_table of a paired test
// with one or more metrics: a JSON list of objects (the system, and each
// metric's significance.Result), or a table of the scores with their
// estimates and p-values, its explanation, and the metrics' signatures.
func printPairedMetrics(w io.Writer, names []string, pms []pairedMetric, o *options) {
	bs := o.pairedBS
	if o.format == "json" {
		list := make(jsonList, len(names))
		for i, name := range names {
			obj := jsonObject{{"system", name}}
			for _, pm := range pms {
				r := pm.results[i]
				var p, holm, mean, ci any // null unless set
				if r.compared {
					p, holm = r.p, r.holm
				}
				if r.bootstrap {
					mean, ci = r.mean, r.ci
				}
				fields := jsonObject{{"score", r.score}, {"p_value", p}, {"mean", mean}, {"ci", ci}}
				if o.pairedHolm {
					fields = append(fields, jsonField{"p_value_holm", holm})
				}
				obj = obj.set(pm.name, fields)
			}
			list[i] = obj
		}
		fmt.Fprintln(w, encodeJSON(list, 4, true))
		return
	}

	// _format_score_lines: the p-value on a line of its own in fancy_grid,
	// after a space in latex; "*" unless p > 0.05.
	sep := " "
	if o.format == "text" {
		sep = "\n"
	}
	pValue := func(label string, p float64) string {
		s := fmt.Sprintf("(%s = %.4f)", label, p)
		if !(p > 0.05) {
			s += "*"
		}
		return s
	}
	t := table{headers: []string{"System"}, align: []string{"right"}, floatDecimals: o.width}
	for _, pm := range pms {
		header := pm.name
		if bs {
			header += " (μ ± 95% CI)"
		}
		t.headers = append(t.headers, header)
		t.align = append(t.align, "center")
	}
	for i, name := range names {
		row := []string{name}
		for _, pm := range pms {
			r := pm.results[i]
			cell := fixed(r.score, o.width)
			if r.bootstrap {
				cell += " (" + fixed(r.mean, o.width) + " ± " + fixed(r.ci, o.width) + ")"
			}
			if r.compared {
				cell += sep + pValue("p", r.p)
				if o.pairedHolm {
					cell += sep + pValue("Holm p", r.holm)
				}
			}
			row = append(row, cell)
		}
		t.rows = append(t.rows, row)
	}
	fmt.Fprintln(w, t.render(tableFormatFor(o)))
	fmt.Fprintln(w)
	printPairedNotes(w, names, o)
	sigs := make([]namedSignature, len(pms))
	for k, pm := range pms {
		sig := pm.sig
		if o.short {
			sig = pm.short
		}
		sigs[k] = namedSignature{pm.name, sig}
	}
	printSignatures(w, sigs)
}

// printPairedNotes prints sacreBLEU's explanation of a paired test, and
// with --paired-holm ours of the adjusted p-values.
func printPairedNotes(w io.Writer, names []string, o *options) {
	// sacreBLEU names the number of samples as given (-pbsn 0 says 0,
	// although the test ran with the default), and the baseline only when
	// its name starts with "Baseline:" (not on standard input, where it
	// is "Baseline").
	test, n, samples := "approximate randomization", o.pairedARN, "trials"
	if o.pairedBS {
		test, n, samples = "bootstrap resampling", o.pairedBSN, "resampling trials"
	}
	baseline := ""
	if strings.HasPrefix(names[0], "Baseline:") {
		baseline = names[0]
	}
	msg := fmt.Sprintf("Paired %s test with %d %s", test, n, samples)
	rule := strings.Repeat("-", len(msg))
	fmt.Fprintf(w, "%s\n%s\n%s\n", rule, msg, rule)
	fmt.Fprintf(w, " - Each system is pairwise compared to %s.\n", baseline)
	if o.pairedBS {
		fmt.Fprintln(w, "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric.")
	} else {
		fmt.Fprintln(w, "   Actual system score is provided for each metric.")
	}
	fmt.Fprint(w, `
 - Null hypothesis: the system and the baseline translations are essentially
   generated by the same underlying process. For a given system and the baseline,
   the p-value is roughly the probability of the absolute score difference (delta)
   or higher occurring due to chance, under the assumption that the null hypothesis is correct.

 - Assuming a significance threshold of 0.05, the null hypothesis can be rejected
   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed
   to chance, hence the system is significantly "different" than the baseline.
   Otherwise, the p-values are highlighted in red.

 - NOTE: Significance does not tell whether a system is "better" than the baseline but rather
   emphasizes the "difference" of the systems in terms of the replicability of the delta.

`)
	if o.pairedHolm {
		m := len(names) - 1
		comparisons := "comparisons"
		if m == 1 {
			comparisons = "comparison"
		}
		fmt.Fprintf(w, ` - Holm p (--paired-holm; not in sacreBLEU): the p-value adjusted by the Holm-Bonferroni
   method for the %d %s with the same baseline. Rejecting the null hypothesis only
   where it is <= 0.05 (marked with "*") keeps the chance of any false "different"
   verdict among all the comparisons at most 0.05.

`, m, comparisons)
	}
}

// namedSignature is a metric's signature in the table's footer.
type namedSignature struct{ metric, signature string }

// printSignatures prints the "Metric signatures" footer of a table.
func printSignatures(w io.Writer, sigs []namedSignature) {
	fmt.Fprintln(w, "-----------------")
	fmt.Fprintln(w, "Metric signatures")
	fmt.Fprintln(w, "-----------------")
	for _, s := range sigs {
		fmt.Fprintf(w, " - %-10s %s\n", s.metric, s.signature)
	}
}

// jsonObject is a JSON object whose keys keep their order, as a Python
// dict does.
type jsonObject []jsonField

type jsonField struct {
	key   string
	value any // string, float64, int, bool, nil, jsonObject or jsonList
}

// set sets key, in place if it exists (as assigning to a dict does).
func (o jsonObject) set(key string, v any) jsonObject {
	for i := range o {
		if o[i].key == key {
			o[i].value = v
			return o
		}
	}
	return append(o, jsonField{key, v})
}

// jsonList is a JSON array.
type jsonList []any

// encodeJSON is Python's json.dumps(v, indent=indent,
// ensure_ascii=ensureASCII).
func encodeJSON(v any, indent int, ensureASCII bool) string {
	var b strings.Builder
	writeJSON(&b, v, indent, 0, ensureASCII)
	return b.String()
}

func writeJSON(b *strings.Builder, v any, indent, level int, ascii bool) {
	newline := func(l int) {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", indent*l))
	}
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case float64:
		b.WriteString(pyJSONFloat(v))
	case string:
		b.WriteString(pyJSONString(v, ascii))
	case jsonList:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			newline(level + 1)
			writeJSON(b, x, indent, level+1, ascii)
		}
		newline(level)
		b.WriteByte(']')
	case jsonObject:
		if len(v) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, f := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			newline(level + 1)
			b.WriteString(pyJSONString(f.key, ascii))
			b.WriteString(": ")
			writeJSON(b, f.value, indent, level+1, ascii)
		}
		newline(level)
		b.WriteByte('}')
	default:
		panic(fmt.Sprintf("bleu: cannot encode %T as JSON", v))
	}
}

// pyJSONFloat is how Python's json writes a float: its repr, with
// Infinity and NaN for the non-finite values.
func pyJSONFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return py.FloatRepr(f)
}

// pyJSONString is how Python's json writes a string: quotes, backslash
// and control characters escaped (\n \r \t \b \f, else \u00XX); with
// ensureASCII also everything outside ASCII's printable range as \uXXXX
// (UTF-16 surrogate pairs above U+FFFF).
func pyJSONString(s string, ensureASCII bool) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20, ensureASCII && r >= 0x7f && r < 0x10000:
				fmt.Fprintf(&b, `\u%04x`, r)
			case ensureASCII && r >= 0x10000:
				r -= 0x10000
				fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

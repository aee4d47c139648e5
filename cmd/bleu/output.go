package main

// Standard output, byte for byte as sacreBLEU 2.6.0 prints it.
//
// One system: Score.format(width, score_only, signature, is_json), printed
// by print_single_results. Text is "BLEU|<signature> = <score> <verbose>";
// JSON is json.dumps(d, indent=1, ensure_ascii=False) of name, score
// (float(f"{score:.{w}f}")), signature, verbose_score and then every
// signature field. Several systems: print_results_table, a JSON list
// (json.dumps(..., indent=4), ASCII-escaped) or a tabulate table followed
// by the signatures. Sentence level: one text line per segment, whatever
// the format.

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu"
)

// systemScore is one system's result.
type systemScore struct {
	name  string
	score bleu.Score
	ci    *confidence // bootstrap estimate (--confidence), or nil
	// Later (issue 5): the p-value of a paired test.
}

// confidence is a bootstrap estimate of a score, on the 0–100 scale:
// sacreBLEU's Score._mean and Score._ci (the 95% interval's half-width).
type confidence struct {
	mean, halfWidth float64
}

// scoreString is f"{score:.{width}f}" on sacreBLEU's 0–100 scale.
func scoreString(sc bleu.Score, width int) string {
	return strconv.FormatFloat(sc.Percent(), 'f', width, 64)
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
func formatText(sc bleu.Score, ci *confidence, width int, scoreOnly bool, sig string) string {
	s := scoreString(sc, width)
	if ci.shown() {
		s += " (" + ci.text(width) + ")"
	}
	if scoreOnly {
		return s
	}
	name := "BLEU"
	if sig != "" {
		name += "|" + sig
	}
	return name + " = " + s + " " + sc.Verbose()
}

// formatJSON is sacreBLEU's Score.format with is_json: the fields of the
// score and of the signature, in its order.
func formatJSON(sc bleu.Score, ci *confidence, width int, sig string) string {
	obj := jsonObject{
		{"name", "BLEU"},
		{"score", pyRounded(sc.Percent(), width)},
		{"signature", sig},
	}
	if ci.shown() {
		obj = append(obj,
			jsonField{"confidence_mean", pyRounded(ci.mean, width)},
			jsonField{"confidence_var", pyRounded(ci.halfWidth, width)},
			jsonField{"confidence", ci.text(width)})
	}
	obj = append(obj, jsonField{"verbose_score", sc.Verbose()})
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
func signatureString(sc bleu.Score, short bool) string {
	if short {
		return sc.Signature.Short()
	}
	return sc.Signature.String()
}

// printSingle prints one system's corpus score (print_single_results).
func printSingle(w io.Writer, r systemScore, o *options) {
	if o.format == "json" {
		if o.scoreOnly {
			fmt.Fprintln(w, formatText(r.score, r.ci, o.width, true, ""))
			return
		}
		fmt.Fprintln(w, formatJSON(r.score, r.ci, o.width, signatureString(r.score, false)))
		return
	}
	fmt.Fprintln(w, formatText(r.score, r.ci, o.width, o.scoreOnly, signatureString(r.score, o.short)))
}

// printMulti prints the scores of several systems (print_results_table).
func printMulti(w io.Writer, rs []systemScore, o *options) {
	if o.format == "json" {
		list := make(jsonList, len(rs))
		for i, r := range rs {
			list[i] = jsonObject{{"system", r.name}, {"BLEU", scoreString(r.score, o.width)}}
		}
		fmt.Fprintln(w, encodeJSON(list, 4, true))
		return
	}
	t := table{headers: []string{"System", "BLEU"}, align: []string{"right", "center"}, floatDecimals: o.width}
	for _, r := range rs {
		t.rows = append(t.rows, []string{r.name, scoreString(r.score, o.width)})
	}
	f := fancyGrid
	if o.format == "latex" {
		f = latexBooktabs
	}
	fmt.Fprintln(w, t.render(f))
	fmt.Fprintln(w)
	var sig string
	if len(rs) > 0 {
		sig = signatureString(rs[len(rs)-1].score, o.short)
	}
	printSignatures(w, []namedSignature{{"BLEU", sig}})
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
	return pyFloatRepr(f)
}

// pyFloatRepr is Python's repr of a finite float: the shortest string that
// reads back as f, in positional notation when the decimal exponent is in
// [-4, 16) (with ".0" for an integral value) and in scientific notation
// ("1e-05", "1.5e+16") otherwise.
func pyFloatRepr(f float64) string {
	e := strconv.FormatFloat(f, 'e', -1, 64)
	_, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if x < -4 || x >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
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

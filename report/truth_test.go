package report

import (
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestAboveOne checks that scores past 1 (sacreBLEU's past 100, with floor
// smoothing above 1) are shown as they are: in the table, on the scale
// (which grows past 100 rather than pinning the mark to its end), in the
// precision and length charts (whose axes grow, so no bar is cut), and
// in the histogram's caption.
func TestAboveOne(t *testing.T) {
	r := &Report{Scale: Qualities(), Buckets: []Bucket{{Min: 1, Max: 9, Segments: 3}}, Test: Test{Name: PairedBootstrap, N: 1000}}
	r.Systems = []System{
		{Name: "floor", Score: Score{BLEU: 1.5346973707291465, Precisions: []float64{1, 1.351, 1.724, 2.381}, BP: 1, Ratio: 1},
			Sentences: []float64{12.014057070673782, 1.0000000000000004, 0.2}, Buckets: []float64{1.5346973707291465}},
		{Name: "other", Score: Score{BLEU: 0.9387603927646101, Precisions: []float64{1, 0.8, 0.6, 0.5}, BP: 1, Ratio: 1},
			Sentences: []float64{0.5, 0.4, 0.3}, Buckets: []float64{0.9387603927646101}, PValue: 0.000999000999000999, HolmPValue: 0.000999000999000999},
	}
	_, doc := render(t, r)
	tab := systemsTable(t, doc)
	if c := tab["floor"]["bleu"]; c.text != "153.47" || c.value != 1.5346973707291465 {
		t.Errorf("BLEU cell %+v", c)
	}
	if c := tab["floor"]["p3"]; c.text != "238.1" || c.value != 2.381 {
		t.Errorf("4-gram precision cell %+v", c)
	}
	if c := tab["other"]["delta"]; c.text != "▼ -59.59" {
		t.Errorf("delta cell %+v", c)
	}
	num := func(n *node, k string) float64 {
		v, err := strconv.ParseFloat(n.attr[k], 64)
		if err != nil {
			t.Fatalf("%s=%q: %v", k, n.attr[k], err)
		}
		return v
	}
	for _, id := range []string{"precisions", "lengths"} {
		sec := doc.byID(id)
		if sec == nil {
			t.Fatalf("no %s section", id)
		}
		for _, b := range sec.all(func(n *node) bool { return n.attr["class"] == "bar" }) {
			if y := num(b, "y"); y < 0 || num(b, "height") < 0 {
				t.Errorf("%s: a bar at y %v height %v is cut by the axis", id, y, num(b, "height"))
			}
		}
	}
	scale := doc.byID("scale-chart")
	marks := scale.all(func(n *node) bool { return n.name == "path" })
	if len(marks) != 2 {
		t.Fatalf("%d marks on the scale", len(marks))
	}
	var xs []float64
	for _, m := range marks {
		x, _ := strconv.ParseFloat(strings.Split(strings.TrimPrefix(m.attr["d"], "M"), ",")[0], 64)
		xs = append(xs, x+5)
	}
	at := func(x float64) float64 { return (x - scalePad) / (scaleW - 2*scalePad) }
	if math.Abs(at(xs[0])-1) > 1e-3 || math.Abs(at(xs[1])-0.9387603927646101/1.5346973707291465) > 1e-3 {
		t.Errorf("marks at %v: not in proportion 0.94 : 1.53 within the scale", xs)
	}
	var ticks []string
	for _, tk := range scale.all(func(n *node) bool { return n.attr["class"] == "tick" }) {
		ticks = append(ticks, tk.textContent())
	}
	if ticks[len(ticks)-1] != "153" || !strings.Contains(scale.textContent(), "above 100") {
		t.Errorf("the scale ends at %q", ticks)
	}
	hist := doc.byID("sentences").textContent()
	if !strings.Contains(hist, "1 scoring above 100") {
		t.Errorf("the histogram does not say that a score is above 100: %q", hist)
	}
}

// TestMarkNeedsDifference sweeps the differences around the page's
// resolution with sacreBLEU's smallest p-value, 1/(N+1), which its paired
// tests give a system identical to the baseline: only a difference that
// shows is marked significant, and the note says what the mark means.
func TestMarkNeedsDifference(t *testing.T) {
	const p = 1.0 / 1001
	for _, tt := range []struct {
		delta      float64
		mark, text string
		star       bool
	}{
		{0, "=", "0.00", false},
		{1e-17, "=", "0.00", false},
		{-1e-17, "=", "0.00", false},
		{4.9e-5, "=", "0.00", false},
		{-4.9e-5, "=", "0.00", false},
		{5.1e-5, "▲", "+0.01", true},
		{-5.1e-5, "▼", "-0.01", true},
		{0.01, "▲", "+1.00", true},
		{-0.25, "▼", "-25.00", true},
	} {
		base := System{Name: "base", Score: Score{BLEU: 0.3}}
		sys := System{Name: "sys", Score: Score{BLEU: 0.3 + tt.delta}, PValue: p, HolmPValue: p}
		r := &Report{Systems: []System{base, sys}, Test: Test{Name: PairedBootstrap, N: 1000}}
		_, doc := render(t, r)
		row := systemsTable(t, doc)["sys"]
		d, holm := row["delta"], row["holm"]
		if !strings.HasPrefix(d.text, tt.mark) || !strings.HasSuffix(d.text, " "+tt.text) {
			t.Errorf("Δ %v: cell %q, want %s %s", tt.delta, d.text, tt.mark, tt.text)
		}
		if star := strings.HasSuffix(holm.text, "*"); star != tt.star {
			t.Errorf("Δ %v with p %v: marked %v, want %v", tt.delta, p, star, tt.star)
		}
		if note := doc.byID("systems").textContent(); !strings.Contains(note, "identical to the baseline gets the test's smallest p-value, 1/(1000+1), and no mark") {
			t.Errorf("the note does not say what the mark means: %q", note)
		}
	}
}

// hostileNames are names and texts that try to reorder, hide or overflow
// what is shown beside them.
var hostileNames = func() []string {
	out := []string{"\u200b", "a\u200bb", "x\u200dy", "\ufeffbom", "soft\u00adhyphen", "\u2028line", "\u2029para",
		"\u200e", "\u200f", "\u061c", "e" + strings.Repeat("\u0301", 40), "\u0301start", "宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽宽",
		"😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀", "עברית", "عربي 12", "\x00\x1b[31m", "\ufffe\uffff", "<b>&amp;</b>\"'", "]]>", "\U000e0001tag"}
	for r := rune(0x202a); r <= 0x202e; r++ {
		out = append(out, string(r)+"99.99", "sys"+string(r))
	}
	for r := rune(0x2066); r <= 0x2069; r++ {
		out = append(out, string(r)+"99.99", "sys"+string(r))
	}
	return out
}()

// TestHostileNames renders every hostile name as a system name, title,
// band description and signature, and every hostile text as a hypothesis
// and reference, and checks what reaches the page (see checkPage).
func TestHostileNames(t *testing.T) {
	for _, name := range hostileNames {
		page := hostileReport(name, name, 0.3, 0.31, 0.01)
		var buf bytes.Buffer
		if err := page.WriteHTML(&buf); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		checkPage(t, name, buf.Bytes())
	}
}

// hostileReport is a two-system report with name everywhere a name goes
// and text everywhere a text goes.
func hostileReport(name, text string, b1, b2, p float64) *Report {
	refs := make([]string, 12)
	h1, h2 := make([]string, 12), make([]string, 12)
	s1, s2 := make([]float64, 12), make([]float64, 12)
	words := make([]int, 12)
	for i := range refs {
		refs[i], h1[i], h2[i] = text+" ref", text, "x "+text
		s1[i], s2[i], words[i] = 0.1*float64(i%10), 0.05*float64(i%10), 20
	}
	return &Report{
		Title:     name,
		Signature: name,
		Scale:     []Band{{0, 0.5, name}, {0.5, 1, "good"}},
		Test:      Test{Name: PairedRandomization, N: 100, Signature: name},
		Systems: []System{
			{Name: name, Score: Score{BLEU: b1, Precisions: []float64{b1}, BP: 1, Ratio: 1}, Sentences: s1, Hypotheses: h1,
				Interval: Interval{Low: b1, High: b1, Mean: b1, Resamples: 10, Signature: name}},
			{Name: name + "2", Score: Score{BLEU: b2, Precisions: []float64{b2}, BP: 1, Ratio: 1}, Sentences: s2, Hypotheses: h2, PValue: p, HolmPValue: p},
		},
		References: [][]string{refs},
		RefWords:   words,
	}
}

// checkPage checks a rendered page: well-formed XML; no bidi embedding,
// override or isolate and no other format character anywhere except the
// joiners in texts and the FSI…PDI pairs that isolate names in SVG text
// (which hold none); every
// system name in the table inside a <bdi>; every text in an element with
// dir="auto"; every SVG label no longer than the box laid out for it.
func checkPage(t *testing.T, what string, page []byte) {
	t.Helper()
	doc := parseXHTML(t, page)
	s := string(page)
	depth := 0
	for i, r := range s {
		switch {
		case r == 0x2068:
			if depth++; depth > 1 {
				t.Fatalf("%q: nested isolate at byte %d", what, i)
			}
		case r == 0x2069:
			if depth--; depth < 0 {
				t.Fatalf("%q: PDI without FSI at byte %d", what, i)
			}
		case unicode.Is(unicode.Cf, r) && r != 0x200c && r != 0x200d:
			t.Fatalf("%q: format character U+%04X reached the page at byte %d", what, r, i)
		}
	}
	if depth != 0 {
		t.Fatalf("%q: %d isolates left open", what, depth)
	}
	for _, th := range doc.byID("systems-table").all(func(n *node) bool { return n.attr["data-key"] == "system" }) {
		if len(th.byName("bdi")) != 1 {
			t.Errorf("%q: a system name outside <bdi>", what)
		}
		if c := th.textContent(); strings.ContainsFunc(c, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) {
			t.Errorf("%q: the table shows a format character in %q", what, c)
		}
	}
	for _, dd := range doc.byName("dd") {
		if dd.attr["dir"] != "auto" && !strings.Contains(strings.Join(attrs(doc, "dl"), " "), "sigs") {
			t.Errorf("%q: a text without dir=auto", what)
		}
	}
	for _, l := range doc.all(func(n *node) bool { return n.attr["class"] == "scale-label" }) {
		w, _ := strconv.ParseFloat(l.attr["data-box-w"], 64)
		if need := textWidth(l.textContent(), labelFont); need > w+0.1 {
			t.Errorf("%q: label %q needs %v, laid out %v", what, l.textContent(), need, w)
		}
	}
}

// attrs returns the class attributes of the elements named name.
func attrs(doc *node, name string) []string {
	var out []string
	for _, n := range doc.byName(name) {
		out = append(out, n.attr["class"])
	}
	return out
}

// FuzzWriteHTML feeds names, texts and numbers of every kind to the report,
// led by BLEU and (see fuzzLead) by TER without BLEU: it either refuses
// them with a "report: " error, when a number is not finite or out of its
// range, or writes a page that passes checkPage and shows each score
// exactly in its data-value.
func FuzzWriteHTML(f *testing.F) {
	for _, n := range hostileNames {
		f.Add(n, n, 0.3, 0.31, 0.01)
	}
	f.Add("a", "b", 1.5, 0.2, 0.5)
	f.Add("bad \xff utf-8", "\xc3(", 0.2, 0.2, 0.5)
	f.Add("a", "b", math.NaN(), 0.2, 0.5)
	f.Add("a", "b", 0.2, 0.2, 1.5)
	f.Add("a", "b", -0.2, 0.2, -1.0)
	f.Add("a", "b", 1e306, 1.7e306, 0.5) // sums of TER sentence scores overflow
	f.Fuzz(func(t *testing.T, name, text string, b1, b2, p float64) {
		fuzzLead(t, name, text, b1*100, b2*100, p)
		r := hostileReport(name, text, b1, b2, p)
		var buf bytes.Buffer
		err := r.WriteHTML(&buf)
		valid := !math.IsNaN(b1) && !math.IsInf(b1, 0) && b1 >= 0 && !math.IsNaN(b2) && !math.IsInf(b2, 0) && b2 >= 0 && p >= 0 && p <= 1
		if err != nil {
			if valid || !strings.HasPrefix(err.Error(), "report: ") {
				t.Fatalf("%v", err)
			}
			return
		}
		if !valid {
			t.Fatalf("accepted BLEU %v, %v and p %v", b1, b2, p)
		}
		if !utf8.Valid(buf.Bytes()) {
			t.Fatalf("%q, %q: the page is not valid UTF-8", name, text)
		}
		checkPage(t, name, buf.Bytes())
		doc := parseXHTML(t, buf.Bytes())
		var got []float64
		for _, c := range doc.all(func(n *node) bool { return n.attr["data-key"] == "bleu" }) {
			v, _ := strconv.ParseFloat(c.attr["data-value"], 64)
			got = append(got, v)
		}
		if len(got) != 2 || got[0] != b1 || got[1] != b2 {
			t.Fatalf("BLEU cells %v, want %v and %v", got, b1, b2)
		}
	})
}

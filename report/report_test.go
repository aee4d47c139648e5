package report

import (
	"bytes"
	"cmp"
	"context"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// readLines reads a file of this repository's testdata, one segment a
// line.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile("../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// sampleCorpus is the repository's sample test set with its two systems.
func sampleCorpus(t testing.TB) Corpus {
	return Corpus{
		References: [][]string{readLines(t, "sample.ref.txt")},
		Names:      []string{"sample.hyp.txt", "sample.hyp2.txt"},
		Hypotheses: [][]string{readLines(t, "sample.hyp.txt"), readLines(t, "sample.hyp2.txt")},
	}
}

// render writes r and parses the page.
func render(t *testing.T, r *Report) ([]byte, *node) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), parseXHTML(t, buf.Bytes())
}

// cell is what the systems table shows for a value: its text and its
// exact value.
type cell struct {
	text  string
	value float64
}

// systemsTable reads the systems table: for every system, its cells by
// data-key.
func systemsTable(t *testing.T, doc *node) map[string]map[string]cell {
	t.Helper()
	table := doc.byID("systems-table")
	if table == nil {
		t.Fatal("no systems table")
	}
	out := map[string]map[string]cell{}
	for _, tr := range table.byName("tr") {
		name, ok := tr.attr["data-system"]
		if !ok {
			continue
		}
		cells := map[string]cell{}
		for _, c := range tr.all(func(n *node) bool { return n.attr["data-key"] != "" }) {
			v, _ := strconv.ParseFloat(c.attr["data-value"], 64)
			cells[c.attr["data-key"]] = cell{strings.TrimSpace(c.textContent()), v}
		}
		out[name] = cells
	}
	return out
}

// TestSystemsTableMatchesLibrary checks every number of the systems table
// against the library's own results for the same corpus, computed here
// directly: corpus scores, bootstrap intervals and the paired test.
func TestSystemsTableMatchesLibrary(t *testing.T) {
	c := sampleCorpus(t)
	r, err := FromCorpus(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, doc := render(t, r)
	got := systemsTable(t, doc)
	if len(got) != 2 {
		t.Fatalf("the table has %d systems, want 2", len(got))
	}
	var segs []*bleu.Segments
	for s, hyps := range c.Hypotheses {
		var seg bleu.Segments
		for i, h := range hyps {
			if err := seg.Add(h, c.References[0][i]); err != nil {
				t.Fatal(err)
			}
		}
		segs = append(segs, &seg)
		sc, err := bleu.Config{}.Corpus(hyps, c.References...)
		if err != nil {
			t.Fatal(err)
		}
		iv, err := seg.Bootstrap(context.Background(), bleu.DefaultResamples, bleu.SignificanceOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]cell{
			"bleu":    {pct(sc.BLEU, 2), sc.BLEU},
			"ci-low":  {pct(iv.Low, 2), iv.Low},
			"ci-high": {pct(iv.High, 2), iv.High},
			"bp":      {strconv.FormatFloat(sc.BP, 'f', 3, 64), sc.BP},
			"ratio":   {strconv.FormatFloat(sc.Ratio, 'f', 3, 64), sc.Ratio},
			"hyp-len": {strconv.FormatInt(sc.HypLen, 10), float64(sc.HypLen)},
			"ref-len": {strconv.FormatInt(sc.RefLen, 10), float64(sc.RefLen)},
		}
		for n, p := range sc.Precisions {
			want["p"+strconv.Itoa(n)] = cell{pct(p, 1), p}
		}
		name := c.Names[s]
		checkCells(t, name, got[name], want)
		band := sc.Quality()
		if b := got[name]["band"].text; !strings.Contains(b, band.Description) {
			t.Errorf("%s: band %q, want %q", name, b, band.Description)
		}
	}
	res, err := bleu.PairedBootstrap(context.Background(), segs[0], segs[1:], bleu.DefaultResamples, bleu.SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	comp := res.Systems[0]
	d := got[c.Names[1]]["delta"].value
	mark := "▲"
	if d < 0 {
		mark = "▼"
	}
	checkCells(t, c.Names[1], got[c.Names[1]], map[string]cell{
		"p-value": {strconv.FormatFloat(comp.PValue, 'f', 4, 64), comp.PValue},
		"holm":    {strconv.FormatFloat(comp.HolmPValue, 'f', 4, 64), comp.HolmPValue},
		"delta":   {mark + " " + signed(d*100, 2), r.Systems[1].Score.BLEU - r.Systems[0].Score.BLEU},
	})
	if _, ok := got[c.Names[0]]["p-value"]; ok {
		t.Errorf("the baseline has a p-value")
	}
}

// signed formats v with d decimals and a sign.
func signed(v float64, d int) string {
	s := strconv.FormatFloat(v, 'f', d, 64)
	if v > 0 {
		s = "+" + s
	}
	return s
}

// checkCells compares the cells of a row with what they should be,
// text and exact value.
func checkCells(t *testing.T, system string, got, want map[string]cell) {
	t.Helper()
	for key, w := range want {
		g, ok := got[key]
		switch {
		case !ok:
			t.Errorf("%s: no %s cell", system, key)
		case g.text != w.text || g.value != w.value:
			t.Errorf("%s: %s shows %q (%v), want %q (%v)", system, key, g.text, g.value, w.text, w.value)
		}
	}
}

// TestPageStructure checks the page is self-contained and has every
// part, each chart with its numbers in text.
func TestPageStructure(t *testing.T) {
	r, err := FromCorpus(context.Background(), sampleCorpus(t), Options{Test: bleu.ApproximateRandomization, N: 500})
	if err != nil {
		t.Fatal(err)
	}
	page, doc := render(t, r)
	for _, id := range []string{"systems", "scale", "precisions", "sentences", "lengths", "differences"} {
		if doc.byID(id) == nil {
			t.Errorf("no section %q", id)
		}
	}
	if n := len(doc.byName("script")); n != 0 {
		t.Errorf("%d scripts", n)
	}
	for _, n := range doc.all(func(*node) bool { return true }) {
		for k, v := range n.attr {
			if (k == "src" || k == "href") || strings.Contains(v, "//") {
				t.Errorf("<%s %s=%q> refers to something outside the page", n.name, k, v)
			}
		}
	}
	if css := doc.byName("style")[0].textContent(); strings.Contains(css, "url(") || strings.Contains(css, "@import") {
		t.Error("the style sheet loads something")
	}
	// 1 scale, 1 precision chart, 2 histograms, 1 length chart, and the
	// swatches.
	charts := doc.all(func(n *node) bool { return n.name == "svg" && strings.Contains(n.attr["class"], "chart") })
	if len(charts) != 5 {
		t.Errorf("%d charts, want 5", len(charts))
	}
	for _, c := range charts {
		titles := c.byName("title")
		if len(titles) == 0 || strings.TrimSpace(titles[0].textContent()) == "" {
			t.Errorf("a chart without a title giving its numbers")
		}
	}
	if !bytes.Contains(page, []byte("paired approximate randomization (500 trials)")) {
		t.Error("the test is not described")
	}
	if !bytes.Contains(page, []byte("ar:500|seed:12345")) {
		t.Error("no test signature")
	}
}

// TestLengthsTable checks the scores by reference length against the
// library's scores of the same segments.
func TestLengthsTable(t *testing.T) {
	c := sampleCorpus(t)
	r, err := FromCorpus(context.Background(), c, Options{Resamples: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, doc := render(t, r)
	rows := doc.byID("lengths-table").byName("tbody")[0].byName("tr")
	if len(rows) != len(r.Buckets) {
		t.Fatalf("%d rows for %d buckets", len(rows), len(r.Buckets))
	}
	total := 0
	for b, tr := range rows {
		bk := r.Buckets[b]
		total += bk.Segments
		var segs []int
		for i, w := range r.RefWords {
			if w >= bk.Min && (bk.Max < 0 || w <= bk.Max) {
				segs = append(segs, i)
			}
		}
		if len(segs) != bk.Segments {
			t.Errorf("bucket %s: %d segments, want %d", bk.Label(), bk.Segments, len(segs))
		}
		cells := tr.byName("td")
		if got := cells[0].textContent(); got != strconv.Itoa(len(segs)) {
			t.Errorf("bucket %s shows %s segments, want %d", bk.Label(), got, len(segs))
		}
		for s, hyps := range c.Hypotheses {
			var hs, rs []string
			for _, i := range segs {
				hs, rs = append(hs, hyps[i]), append(rs, c.References[0][i])
			}
			sc, err := bleu.Config{}.Corpus(hs, rs)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := strconv.ParseFloat(cells[1+s].attr["data-value"], 64)
			if v != sc.BLEU || cells[1+s].textContent() != pct(sc.BLEU, 1) {
				t.Errorf("bucket %s, %s: %s (%v), want %s (%v)", bk.Label(), c.Names[s], cells[1+s].textContent(), v, pct(sc.BLEU, 1), sc.BLEU)
			}
		}
	}
	if total != len(c.References[0]) {
		t.Errorf("the buckets hold %d segments of %d", total, len(c.References[0]))
	}
}

// TestTextsEscaped checks that the systems' names and texts reach the
// page as text, not markup, with the characters XML does not allow
// shown by others (parseXHTML fails on them).
func TestTextsEscaped(t *testing.T) {
	hostile := "<script>alert(\"x\")</script> & <b>bold</b> ]]> &amp; \x1c\x01\x7f\uffff\x0b"
	shown := "<script>alert(\"x\")</script> & <b>bold</b> ]]> &amp; \u241c\u2401\u2421\ufffd\u240b"
	c := Corpus{
		References: [][]string{{"a b c d e f g h i j k", "one two three four five six seven eight nine ten"}},
		Names:      []string{"base<i>", hostile},
		Hypotheses: [][]string{
			{"a b c d e f g h i j k", "one two three four five six seven eight nine ten"},
			{hostile, "one two three four five six seven eight nine"},
		},
	}
	r, err := FromCorpus(context.Background(), c, Options{Resamples: 10, N: 10})
	if err != nil {
		t.Fatal(err)
	}
	page, doc := render(t, r)
	if n := len(doc.byName("script")) + len(doc.byName("b")) + len(doc.byName("i")); n != 0 {
		t.Errorf("%d elements came from the texts", n)
	}
	if !strings.Contains(doc.textContent(), shown) {
		t.Errorf("the text %q is not on the page as %q", hostile, shown)
	}
	if bytes.Contains(page, []byte("<script")) {
		t.Error("the page has <script")
	}
}

// TestScaleLabelsDoNotOverlap checks the scale's labels on the page, for
// systems with nearly the same score.
func TestScaleLabelsDoNotOverlap(t *testing.T) {
	r := &Report{Scale: Qualities()}
	for i, v := range []float64{0.301, 0.302, 0.3005, 0.35, 0.9999, 0, 1, 0.303, 0.31} {
		r.Systems = append(r.Systems, System{Name: "system-" + strconv.Itoa(i), Score: Score{BLEU: v, Precisions: []float64{v, v, v, v}}})
	}
	_, doc := render(t, r)
	labels := doc.byID("scale-chart").all(func(n *node) bool { return n.attr["class"] == "scale-label" })
	if len(labels) != len(r.Systems) {
		t.Fatalf("%d labels for %d systems", len(labels), len(r.Systems))
	}
	type box struct{ y, x0, x1 float64 }
	var boxes []box
	for _, l := range labels {
		f := func(k string) float64 { v, _ := strconv.ParseFloat(l.attr[k], 64); return v }
		boxes = append(boxes, box{f("y"), f("data-box-x"), f("data-box-x") + f("data-box-w")})
	}
	for i, a := range boxes {
		if a.x0 < 0 || a.x1 > scaleW {
			t.Errorf("label %d at %v–%v is outside the chart", i, a.x0, a.x1)
		}
		for _, b := range boxes[:i] {
			if a.y == b.y && a.x0 < b.x1 && b.x0 < a.x1 {
				t.Errorf("labels overlap: %v and %v", a, b)
			}
		}
	}
}

// TestWriteHTMLErrors checks the reports that cannot be written.
func TestWriteHTMLErrors(t *testing.T) {
	ok := System{Name: "a", Score: Score{BLEU: 0.5}}
	for _, tc := range []struct {
		name string
		r    Report
		want string
	}{
		{"no systems", Report{}, "report: no systems"},
		{"NaN", Report{Systems: []System{{Name: "a", Score: Score{BLEU: math.NaN()}}}}, "not finite"},
		{"negative BLEU", Report{Systems: []System{{Name: "a", Score: Score{BLEU: -0.1}}}}, "negative"},
		{"negative precision", Report{Systems: []System{{Name: "a", Score: Score{Precisions: []float64{-1}}}}}, "negative"},
		{"negative sentence", Report{Systems: []System{{Name: "a", Sentences: []float64{-1e-300}}}}, "negative"},
		{"infinite sentence", Report{Systems: []System{{Name: "a", Sentences: []float64{math.Inf(1)}}}}, "not finite"},
		{"infinite bucket", Report{Systems: []System{{Name: "a", Buckets: []float64{math.Inf(1)}}}, Buckets: []Bucket{{}}}, "not finite"},
		{"BP above 1", Report{Systems: []System{{Name: "a", Score: Score{BP: 1.5}}}}, "outside [0, 1]"},
		{"p above 1", Report{Systems: []System{ok, {Name: "b", PValue: 1.01}}}, "outside [0, 1]"},
		{"p below 0", Report{Systems: []System{ok, {Name: "b", PValue: -0.01}}}, "outside [0, 1]"},
		{"Holm above 1", Report{Systems: []System{ok, {Name: "b", HolmPValue: 2}}}, "outside [0, 1]"},
		{"NaN p", Report{Systems: []System{ok, {Name: "b", PValue: math.NaN()}}}, "not finite"},
		{"interval reversed", Report{Systems: []System{{Name: "a", Interval: Interval{Low: 0.5, High: 0.4, Resamples: 10}}}}, "interval"},
		{"interval count", Report{Systems: []System{{Name: "a", Interval: Interval{Resamples: -1}}}}, "interval"},
		{"interval NaN", Report{Systems: []System{{Name: "a", Interval: Interval{Mean: math.NaN(), Resamples: 1}}}}, "not finite"},
		{"negative length", Report{Systems: []System{{Name: "a", Score: Score{HypLen: -1}}}}, "lengths"},
		{"unknown test", Report{Systems: []System{ok, ok}, Test: Test{Name: "t-test", N: 10}}, "unknown test"},
		{"test of no resamples", Report{Systems: []System{ok, ok}, Test: Test{Name: PairedBootstrap}}, "resamples"},
		{"band below 0", Report{Systems: []System{ok}, Scale: []Band{{Min: -1, Max: 0}}}, "bounds"},
		{"band NaN", Report{Systems: []System{ok}, Scale: []Band{{Min: 0, Max: math.NaN()}}}, "bounds"},
		{"bucket reversed", Report{Systems: []System{ok}, Buckets: []Bucket{{Min: 10, Max: 5}}}, "bucket"},
		{"bucket negative", Report{Systems: []System{ok}, Buckets: []Bucket{{Min: -1, Max: 5}}}, "bucket"},
		{"bucket of negative segments", Report{Systems: []System{ok}, Buckets: []Bucket{{Min: 1, Max: 5, Segments: -2}}}, "bucket"},
		{"negative words", Report{Systems: []System{ok}, RefWords: []int{3, -1}}, "reference words"},
		{"negative MinWords", Report{Systems: []System{ok}, MinWords: -1}, "MinWords"},
		{"lengths", Report{Systems: []System{{Name: "a", Sentences: []float64{0.1}}}, References: [][]string{{"x", "y"}}}, "segments"},
		{"buckets", Report{Systems: []System{{Name: "a", Buckets: []float64{0.1}}}}, "bucket"},
		{"band", Report{Systems: []System{ok}, Scale: []Band{{Min: 1, Max: 0}}}, "bounds"},
	} {
		err := tc.r.WriteHTML(io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestFromCorpusErrors checks the corpora that cannot be scored.
func TestFromCorpusErrors(t *testing.T) {
	ctx := context.Background()
	refs := [][]string{{"a b", "c d"}}
	for _, tc := range []struct {
		name string
		c    Corpus
		want string
	}{
		{"no systems", Corpus{References: refs}, "no systems"},
		{"names", Corpus{References: refs, Hypotheses: [][]string{{"a", "b"}}}, "names"},
		{"no references", Corpus{Names: []string{"x"}, Hypotheses: [][]string{{"a", "b"}}}, "no references"},
		{"length", Corpus{References: refs, Names: []string{"x"}, Hypotheses: [][]string{{"a"}}}, "segments"},
		{"UTF-8", Corpus{References: refs, Names: []string{"x"}, Hypotheses: [][]string{{"a", "\xff"}}}, "invalid UTF-8"},
	} {
		_, err := FromCorpus(ctx, tc.c, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	for _, o := range []Options{{Resamples: 2_000_000_000, MemoryLimit: 1 << 20}, {Resamples: -1, N: 2_000_000_000, MemoryLimit: 1 << 20}} {
		c := sampleCorpus(t)
		c.Names = append(c.Names, "again")
		c.Hypotheses = append(c.Hypotheses, c.Hypotheses[0])
		if _, err := FromCorpus(ctx, c, o); err == nil || !strings.Contains(err.Error(), "memory") {
			t.Errorf("%d resamples, %d paired, MemoryLimit 1 MiB: %v, want a memory error", o.Resamples, o.N, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := FromCorpus(cancelled, sampleCorpus(t), Options{}); err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}

// TestHistogramsMatchLibrary checks the sentence-BLEU histograms against
// the library's sentence scores, and that they share one scale.
func TestHistogramsMatchLibrary(t *testing.T) {
	c := sampleCorpus(t)
	r, err := FromCorpus(context.Background(), c, Options{Resamples: -1, N: 10})
	if err != nil {
		t.Fatal(err)
	}
	_, doc := render(t, r)
	figs := doc.all(func(n *node) bool { return n.name == "figure" && n.attr["class"] == "histogram" })
	if len(figs) != len(c.Hypotheses) {
		t.Fatalf("%d histograms for %d systems", len(figs), len(c.Hypotheses))
	}
	var tops []string
	for s, fig := range figs {
		scores, err := bleu.Config{EffectiveOrder: true}.Sentences(c.Hypotheses[s], c.References...)
		if err != nil {
			t.Fatal(err)
		}
		var want [10]int
		for _, v := range scores {
			want[min(int(v*10), 9)]++
		}
		var got [10]int
		values := fig.all(func(n *node) bool { return n.attr["class"] == "value" })
		if len(values) != len(got) {
			t.Fatalf("%s: %d bars", c.Names[s], len(values))
		}
		for b, v := range values {
			got[b], _ = strconv.Atoi(v.textContent())
		}
		if got != want {
			t.Errorf("%s: histogram %v, want %v", c.Names[s], got, want)
		}
		ticks := fig.all(func(n *node) bool { return n.attr["class"] == "tick" && n.attr["text-anchor"] == "end" })
		tops = append(tops, ticks[len(ticks)-1].textContent())
	}
	for _, top := range tops[1:] {
		if top != tops[0] {
			t.Errorf("the histograms' scales end at %q", tops)
		}
	}
}

// TestDifferencesMatchLibrary checks the segments shown where the systems
// differ most: their differences are the library's sentence scores', they
// come largest first, better and worse apart, and none is short.
func TestDifferencesMatchLibrary(t *testing.T) {
	c := sampleCorpus(t)
	r, err := FromCorpus(context.Background(), c, Options{Resamples: -1, N: 10})
	if err != nil {
		t.Fatal(err)
	}
	r.Differences = 3
	_, doc := render(t, r)
	var scores [][]float64
	for _, hyps := range c.Hypotheses {
		s, err := bleu.Config{EffectiveOrder: true}.Sentences(hyps, c.References...)
		if err != nil {
			t.Fatal(err)
		}
		scores = append(scores, s)
	}
	articles := doc.byID("differences").byName("article")
	var better, worse []float64
	for _, a := range articles {
		seg, _ := strconv.Atoi(a.attr["data-segment"])
		d, _ := strconv.ParseFloat(a.attr["data-delta"], 64)
		i := seg - 1
		if want := scores[1][i] - scores[0][i]; d != want {
			t.Errorf("segment %d: difference %v, want %v", seg, d, want)
		}
		if r.RefWords[i] < 10 {
			t.Errorf("segment %d has only %d reference words", seg, r.RefWords[i])
		}
		text := a.textContent()
		for _, s := range []string{c.References[0][i], c.Hypotheses[0][i], c.Hypotheses[1][i]} {
			if !strings.Contains(text, s) {
				t.Errorf("segment %d does not show %q", seg, s)
			}
		}
		if d > 0 {
			better = append(better, d)
		} else {
			worse = append(worse, -d)
		}
	}
	for _, ds := range [][]float64{better, worse} {
		if len(ds) != 3 || !slices.IsSortedFunc(ds, func(a, b float64) int { return cmp.Compare(b, a) }) {
			t.Errorf("differences %v: want 3, largest first", ds)
		}
	}
}

// TestMinimalReport checks a report filled by hand with corpus scores
// alone: the parts without data are left out.
func TestMinimalReport(t *testing.T) {
	r := &Report{Systems: []System{{Name: "only", Score: Score{BLEU: 0.25, Precisions: []float64{0.5, 0.3, 0.2, 0.1}, BP: 1, Ratio: 1.01, HypLen: 101, RefLen: 100}}}}
	_, doc := render(t, r)
	for _, id := range []string{"scale", "sentences", "lengths", "differences"} {
		if doc.byID(id) != nil {
			t.Errorf("section %q without data", id)
		}
	}
	got := systemsTable(t, doc)["only"]
	if got["bleu"].text != "25.00" || got["p0"].text != "50.0" || got["hyp-len"].text != "101" {
		t.Errorf("the table shows %v", got)
	}
	if _, ok := got["band"]; ok {
		t.Error("a band without a scale")
	}
}

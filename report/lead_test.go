package report

import (
	"bytes"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// leadReport is a report of two systems under chrF and TER without BLEU,
// led by the metric named lead, with sentence scores, scores by length,
// texts and a paired test. On segment 0 system b has the better TER (10
// against 40) and the worse chrF; on segment 1 the other way round.
func leadReport(lead string) *Report {
	refs := []string{"r0", "r1", "r2"}
	return &Report{
		Lead:   lead,
		NoBLEU: true,
		Metrics: []Metric{
			{Name: "chrF2", Signature: "chrF sig", IntervalSignature: "chrF bs", TestSignature: "chrF test"},
			{Name: "TER", LowerIsBetter: true, Signature: "TER sig", IntervalSignature: "TER bs", TestSignature: "TER test"},
		},
		Test:       Test{Name: PairedBootstrap, N: 1000},
		Buckets:    []Bucket{{Min: 1, Max: 9, Segments: 1}, {Min: 10, Max: 19, Segments: 2}},
		References: [][]string{refs},
		RefWords:   []int{12, 12, 5},
		Systems: []System{
			{Name: "a", Hypotheses: []string{"a0", "a1", "a2"}, Metrics: []MetricScore{
				{Score: 60.5, Mean: 60.25, CI: 2.5, Resamples: 100, Sentences: []float64{70, 40, 55}, Buckets: []float64{55, 62.25}},
				{Score: 30.25, Mean: 30.5, CI: 3.125, Resamples: 100, Sentences: []float64{40, 20, 150}, Buckets: []float64{150, 30}},
			}},
			{Name: "b", Hypotheses: []string{"b0", "b1", "b2"}, Metrics: []MetricScore{
				{Score: 58, Mean: 58.5, CI: 2, Resamples: 100, PValue: 0.02, HolmPValue: 0.02,
					Sentences: []float64{50, 80, 55}, Buckets: []float64{55, 60}},
				{Score: 25.125, Mean: 25, CI: 1.5, Resamples: 100, PValue: 0.01, HolmPValue: 0.01,
					Sentences: []float64{10, 60, 150}, Buckets: []float64{150, 28}},
			}},
		},
	}
}

// TestLeadTable checks the systems table led by each metric: the lead's
// score and interval first, its difference from the baseline and its
// test's p-values in the Δ, p and Holm p columns, the other metric in a
// column of its own, and nothing of BLEU.
func TestLeadTable(t *testing.T) {
	for _, tc := range []struct {
		lead, other        string
		key, otherKey      string
		delta              float64
		mark, dir, text, p string
	}{
		{"TER", "chrF2", "metric-1", "metric-0", 25.125 - 30.25, "▼", "better", "-5.12", "0.0100"},
		{"chrF2", "TER", "metric-0", "metric-1", 58 - 60.5, "▼", "worse", "-2.50", "0.0200"},
	} {
		page, doc := render(t, leadReport(tc.lead))
		checkPage(t, tc.lead, page)
		tab := systemsTable(t, doc)
		b := tab["b"]
		if b[tc.key].value != leadReport(tc.lead).Systems[1].Metrics[keyIndex(tc.key)].Score {
			t.Errorf("%s: the lead cell %s is %v", tc.lead, tc.key, b[tc.key])
		}
		if d := b["delta"]; d.value != tc.delta || d.text != tc.mark+" "+tc.text {
			t.Errorf("%s: Δ %q (%v), want %q (%v)", tc.lead, d.text, d.value, tc.mark+" "+tc.text, tc.delta)
		}
		if b["p-value"].text != tc.p || !strings.HasSuffix(b["holm"].text, "*") {
			t.Errorf("%s: p %q, Holm p %q", tc.lead, b["p-value"].text, b["holm"].text)
		}
		if _, ok := b[tc.otherKey+"-p-value"]; !ok {
			t.Errorf("%s: no p-value of %s", tc.lead, tc.other)
		}
		if _, ok := b[tc.key+"-p-value"]; ok {
			t.Errorf("%s: the lead's p-value twice", tc.lead)
		}
		if a := tab["a"]; a[tc.key+"-mean"].text == "" || a[tc.key+"-ci"].text == "" {
			t.Errorf("%s: no interval of the lead: %v", tc.lead, a)
		}
		delta := doc.byID("systems-table").all(func(n *node) bool { return n.attr["data-key"] == "delta" })
		if len(delta) != 1 || delta[0].attr["class"] != tc.dir {
			t.Errorf("%s: the Δ cell is not marked %s", tc.lead, tc.dir)
		}
		ths := doc.byID("systems-table").byName("th")
		if got := strings.TrimSpace(ths[1].textContent()); !strings.HasPrefix(got, tc.lead) {
			t.Errorf("%s: the first score column is %q", tc.lead, got)
		}
		for _, gone := range []string{"bleu", "bp", "band", "p0"} {
			if _, ok := b[gone]; ok {
				t.Errorf("%s: a %s cell without BLEU", tc.lead, gone)
			}
		}
		for _, id := range []string{"scale", "precisions"} {
			if doc.byID(id) != nil {
				t.Errorf("%s: section %s without BLEU", tc.lead, id)
			}
		}
		text := doc.textContent()
		if strings.Contains(strings.ReplaceAll(text, "sacreBLEU", ""), "BLEU") {
			t.Errorf("%s: the page names BLEU", tc.lead)
		}
		for _, want := range []string{tc.lead + " comparison", "Sentence " + tc.lead, "Δ " + tc.lead, "chrF sig", "TER sig", "TER test", "chrF bs"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page lacks %q", tc.lead, want)
			}
		}
	}
}

// keyIndex is the index of the metric of a data-key "metric-K".
func keyIndex(key string) int { return int(key[len("metric-")] - '0') }

// TestLeadDirection checks the Δ column of a lead metric where higher
// and where lower is better: its mark follows the sign, its colour class
// and the star follow what is better and whether the difference shows.
func TestLeadDirection(t *testing.T) {
	for _, tc := range []struct {
		lower      bool
		delta      float64
		mark, dir  string
		text       string
		significnt bool
	}{
		{false, 1.5, "▲", "better", "+1.50", true},
		{false, -1.5, "▼", "worse", "-1.50", true},
		{true, 1.5, "▲", "worse", "+1.50", true},
		{true, -1.5, "▼", "better", "-1.50", true},
		{true, 0.004, "=", "equal", "0.00", false},
		{false, -0.004, "=", "equal", "0.00", false},
		{true, 0.006, "▲", "worse", "+0.01", true},
	} {
		r := &Report{Lead: "M", NoBLEU: true, Test: Test{Name: PairedRandomization, N: 100},
			Metrics: []Metric{{Name: "M", LowerIsBetter: tc.lower}},
			Systems: []System{
				{Name: "a", Metrics: []MetricScore{{Score: 40}}},
				{Name: "b", Metrics: []MetricScore{{Score: 40 + tc.delta, PValue: 0.01, HolmPValue: 0.01}}},
			}}
		sv := r.view().Systems[1]
		if sv.Mark != tc.mark || sv.Direction != tc.dir || sv.Delta.Text != tc.text || sv.Significant != tc.significnt {
			t.Errorf("lower %v, Δ %v: %s %s %s %v, want %s %s %s %v", tc.lower, tc.delta,
				sv.Mark, sv.Direction, sv.Delta.Text, sv.Significant, tc.mark, tc.dir, tc.text, tc.significnt)
		}
	}
}

// TestLeadCharts checks that the lead metric's sentence scores and scores
// by length draw the histograms, the table by length and the differences,
// and that where lower is better the segments where a system scores
// lower are its better ones.
func TestLeadCharts(t *testing.T) {
	for _, tc := range []struct {
		lead          string
		better, worse string // data-segment of the lists' first segment
		bucket        string // the text of system a's first bucket score
		above         string // the histogram caption's count above 100
	}{
		{"TER", "1", "2", "150.0", "1 scoring above 100 (more edits than reference words)"},
		{"chrF2", "2", "1", "55.0", ""},
	} {
		page, doc := render(t, leadReport(tc.lead))
		diffs := doc.byID("differences")
		if diffs == nil {
			t.Fatalf("%s: no differences", tc.lead)
		}
		var lists [][]string
		for _, div := range diffs.all(func(n *node) bool { return n.attr["class"] == "diffs" }) {
			for _, col := range div.kids {
				if col.name != "div" {
					continue
				}
				var segs []string
				for _, a := range col.all(func(n *node) bool { return n.name == "article" }) {
					segs = append(segs, a.attr["data-segment"])
				}
				lists = append(lists, segs)
			}
		}
		// Segment 3 has 5 reference words: left out.
		if len(lists) != 2 || len(lists[0]) != 1 || lists[0][0] != tc.better || len(lists[1]) != 1 || lists[1][0] != tc.worse {
			t.Errorf("%s: differences %v, want better %s and worse %s", tc.lead, lists, tc.better, tc.worse)
		}
		rows := doc.byID("lengths-table").byName("td")
		if len(rows) < 2 || rows[1].textContent() != tc.bucket {
			t.Errorf("%s: the first bucket of a is not %s", tc.lead, tc.bucket)
		}
		sentences := doc.byID("sentences").textContent()
		if !strings.Contains(sentences, "3 segments; mean") || (tc.above != "") != strings.Contains(sentences, "above 100") ||
			!strings.Contains(sentences, tc.above) {
			t.Errorf("%s: the histograms' captions: %q", tc.lead, sentences)
		}
		if bytes.Contains(page, []byte("NaN")) || bytes.Contains(page, []byte("Inf")) {
			t.Errorf("%s: NaN or Inf on the page", tc.lead)
		}
	}
}

// TestLeadBLEU checks that Lead "BLEU" is the page of Lead "", and that
// BLEU shown beside a lead metric keeps its cells, p-values, scale and
// signatures, labelled as BLEU's.
func TestLeadBLEU(t *testing.T) {
	r := metricsReport()
	var a, b bytes.Buffer
	if err := r.WriteHTML(&a); err != nil {
		t.Fatal(err)
	}
	r.Lead = "BLEU"
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error(`Lead "BLEU" writes another page than Lead ""`)
	}
	r = metricsReport()
	r.Lead, r.Signature, r.Scale = "TER", "BLEU sig", Qualities()
	r.Test = Test{Name: PairedBootstrap, N: 1000, Signature: "BLEU test"}
	r.Systems[1].PValue, r.Systems[1].HolmPValue = 0.5, 0.5
	_, doc := render(t, r)
	tab := systemsTable(t, doc)
	if tab["b"]["bleu"].value != 0.3 || tab["b"]["bleu-p-value"].text != "0.5000" || tab["b"]["metric-1"].value != 33.335 {
		t.Errorf("the cells of b: %v", tab["b"])
	}
	if doc.byID("scale") == nil {
		t.Error("no scale with BLEU shown")
	}
	text := doc.byName("footer")[0].textContent()
	for _, want := range []string{"BLEUBLEU sig", "BLEU testBLEU test"} {
		if !strings.Contains(text, want) {
			t.Errorf("the footer lacks %q: %q", want, text)
		}
	}
}

// TestLeadErrors checks the validation of Lead, NoBLEU and the metrics'
// sentence scores and scores by length.
func TestLeadErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(r *Report)
		want   string
	}{
		{"unknown lead", func(r *Report) { r.Lead = "METEOR" }, "names none"},
		{"no BLEU, BLEU leads", func(r *Report) { r.Lead = "" }, "names none"},
		{"no lead scores", func(r *Report) { r.Systems[1].Metrics = nil }, "no score of the lead"},
		{"sentences", func(r *Report) { r.Systems[1].Metrics[1].Sentences = []float64{1} }, "TER sentence scores has 1 segments"},
		{"buckets", func(r *Report) { r.Systems[0].Metrics[0].Buckets = []float64{1} }, "1 chrF2 bucket scores for 2"},
		{"NaN sentence", func(r *Report) { r.Systems[0].Metrics[1].Sentences = []float64{1, math.NaN(), 2} }, "score of NaN"},
		{"negative bucket", func(r *Report) { r.Systems[1].Metrics[0].Buckets = []float64{1, -2} }, "score of -2"},
		{"infinite bucket", func(r *Report) { r.Systems[1].Metrics[0].Buckets = []float64{math.Inf(1), 2} }, "score of +Inf"},
	} {
		r := leadReport("TER")
		tc.change(r)
		err := r.WriteHTML(io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	// BLEU's numbers are not read without BLEU.
	r := leadReport("chrF2")
	r.Systems[0].Score.BLEU, r.Systems[1].Sentences = math.NaN(), []float64{-1}
	if err := r.WriteHTML(io.Discard); err != nil {
		t.Errorf("NoBLEU checks BLEU's numbers: %v", err)
	}
}

// fuzzLead is FuzzWriteHTML's check of hostileReport turned into a report
// led by TER without BLEU: scores t1 and t2, each system's sentence scores
// (its BLEU sentence scores times 100) and scores by length, and p-value
// p; name also names TER's signature.
func fuzzLead(t *testing.T, name, text string, t1, t2, p float64) {
	r := hostileReport(name, text, 0, 0, p)
	r.NoBLEU, r.Lead = true, "TER"
	r.Metrics = []Metric{{Name: "TER", LowerIsBetter: true, Signature: name, TestSignature: name}}
	r.Buckets = []Bucket{{Min: 10, Max: -1, Segments: 12}}
	for i, v := range []float64{t1, t2} {
		s := &r.Systems[i]
		m := MetricScore{Score: v, Mean: v, CI: v, Resamples: 10, PValue: p, HolmPValue: p, Buckets: []float64{v}}
		for _, x := range s.Sentences {
			m.Sentences = append(m.Sentences, x*100+v)
		}
		s.Metrics = []MetricScore{m}
	}
	var buf bytes.Buffer
	err := r.WriteHTML(&buf)
	valid := finite(t1, t2) && t1 >= 0 && t2 >= 0 && p >= 0 && p <= 1
	if err != nil {
		if valid || !strings.HasPrefix(err.Error(), "report: ") {
			t.Fatalf("TER lead: %v", err)
		}
		return
	}
	if !valid {
		t.Fatalf("TER lead: accepted TER %v, %v and p %v", t1, t2, p)
	}
	if !utf8.Valid(buf.Bytes()) {
		t.Fatalf("TER lead: %q, %q: the page is not valid UTF-8", name, text)
	}
	checkPage(t, name, buf.Bytes())
	doc := parseXHTML(t, buf.Bytes())
	var got []float64
	for _, c := range doc.all(func(n *node) bool { return n.attr["data-key"] == "metric-0" }) {
		v, _ := strconv.ParseFloat(c.attr["data-value"], 64)
		got = append(got, v)
	}
	if len(got) != 2 || got[0] != t1 || got[1] != t2 {
		t.Fatalf("TER cells %v, want %v and %v", got, t1, t2)
	}
	for _, n := range doc.all(func(n *node) bool { return n.attr["data-value"] != "" }) {
		if v, err := strconv.ParseFloat(n.attr["data-value"], 64); err == nil && !finite(v) {
			t.Fatalf("TER lead: data-value %v", v)
		}
	}
	for _, id := range []string{"sentences", "lengths"} {
		if text := doc.byID(id).textContent(); strings.Contains(text, "NaN") || strings.Contains(text, "Inf") {
			t.Fatalf("TER lead: NaN or Inf in %s: %q", id, text)
		}
	}
}

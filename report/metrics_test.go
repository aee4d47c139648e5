package report

import (
	"io"
	"math"
	"strings"
	"testing"
)

// metricsReport is a report of two systems with chrF and TER beside
// BLEU, its names hostile to markup.
func metricsReport() *Report {
	return &Report{
		Metrics: []Metric{
			{Name: "chrF2<b>", Signature: "nrefs:1|case:mixed|<i>sig</i>"},
			{Name: "TER", LowerIsBetter: true, Signature: "nrefs:1|case:lc|tok:tercom"},
		},
		Systems: []System{
			{Name: "a", Score: Score{BLEU: 0.25}, Metrics: []MetricScore{{Score: 51.234}, {Score: 120.5}}},
			{Name: "b", Score: Score{BLEU: 0.3}, Metrics: []MetricScore{{Score: 0}, {Score: 33.335}}},
		},
	}
}

// TestMetricsShown checks the table's cells of the other metrics, the
// header's names and their signatures, all escaped.
func TestMetricsShown(t *testing.T) {
	page, doc := render(t, metricsReport())
	tab := systemsTable(t, doc)
	for _, tc := range []struct {
		system, key, text string
		value             float64
	}{
		{"a", "metric-0", "51.23", 51.234},
		{"a", "metric-1", "120.50", 120.5},
		{"b", "metric-0", "0.00", 0},
		{"b", "metric-1", "33.34", 33.335},
	} {
		got := tab[tc.system][tc.key]
		if got.text != tc.text || got.value != tc.value {
			t.Errorf("%s %s: %q (%v), want %q (%v)", tc.system, tc.key, got.text, got.value, tc.text, tc.value)
		}
	}
	if n := len(doc.byName("b")) + len(doc.byName("i")); n != 0 {
		t.Errorf("%d elements came from the metrics' names or signatures", n)
	}
	text := doc.textContent()
	for _, want := range []string{"chrF2<b>", "nrefs:1|case:mixed|<i>sig</i>", "nrefs:1|case:lc|tok:tercom", "TER is on the 0–100 scale, lower is better"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(string(page), "<b>") {
		t.Error("the page has <b>")
	}
}

// TestMetricsWithoutScores checks that a system without scores of the
// other metrics gets empty cells.
func TestMetricsWithoutScores(t *testing.T) {
	r := metricsReport()
	r.Systems[1].Metrics = nil
	_, doc := render(t, r)
	if _, ok := systemsTable(t, doc)["b"]["metric-0"]; ok {
		t.Error("a score for a system without any")
	}
}

// TestMetricsErrors checks the validation of the metrics and their
// scores.
func TestMetricsErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(r *Report)
		want   string
	}{
		{"empty name", func(r *Report) { r.Metrics[0].Name = "" }, "metric name"},
		{"BLEU", func(r *Report) { r.Metrics[0].Name = "BLEU" }, "metric name"},
		{"repeated", func(r *Report) { r.Metrics[1].Name = r.Metrics[0].Name }, "metric name"},
		{"too few scores", func(r *Report) { r.Systems[0].Metrics = r.Systems[0].Metrics[:1] }, "metric scores"},
		{"too many scores", func(r *Report) { r.Metrics = r.Metrics[:1] }, "metric scores"},
		{"NaN", func(r *Report) { r.Systems[1].Metrics[0].Score = math.NaN() }, "score of NaN"},
		{"infinite", func(r *Report) { r.Systems[1].Metrics[1].Score = math.Inf(1) }, "score of +Inf"},
		{"negative", func(r *Report) { r.Systems[0].Metrics[1].Score = -1 }, "score of -1"},
		{"NaN mean", func(r *Report) { r.Systems[0].Metrics[0].Mean = math.NaN() }, "score of NaN"},
		{"negative CI", func(r *Report) { r.Systems[0].Metrics[0].CI = -0.5 }, "score of -0.5"},
		{"p above 1", func(r *Report) { r.Systems[1].Metrics[0].PValue = 1.5 }, "p-value of 1.5"},
		{"Holm NaN", func(r *Report) { r.Systems[1].Metrics[1].HolmPValue = math.NaN() }, "p-value of NaN"},
		{"negative resamples", func(r *Report) { r.Systems[0].Metrics[0].Resamples = -1 }, "resamples"},
	} {
		r := metricsReport()
		tc.change(r)
		err := r.WriteHTML(io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestMetricsSignificance checks each metric's interval and p-values in
// the table, the mark of a significant difference, and the signatures of
// the metric's interval and test.
func TestMetricsSignificance(t *testing.T) {
	r := metricsReport()
	r.Test = Test{Name: PairedBootstrap, N: 1000, Signature: "bs:1000|seed:12345"}
	r.Metrics[0].IntervalSignature, r.Metrics[0].TestSignature = "chrF bs:1000", "chrF test"
	r.Systems[0].Metrics[0] = MetricScore{Score: 51.234, Mean: 51.1, CI: 1.25, Resamples: 1000}
	r.Systems[1].Metrics[0] = MetricScore{Score: 0, Mean: 0.5, CI: 0.125, Resamples: 1000, PValue: 0.001, HolmPValue: 0.002}
	r.Systems[1].Metrics[1].PValue, r.Systems[1].Metrics[1].HolmPValue = 0.3, 0.6
	_, doc := render(t, r)
	tab := systemsTable(t, doc)
	for _, tc := range []struct {
		system, key, text string
		value             float64
	}{
		{"a", "metric-0-mean", "51.10", 51.1},
		{"a", "metric-0-ci", "1.25", 1.25},
		{"b", "metric-0-mean", "0.50", 0.5},
		{"b", "metric-0-p-value", "0.0010", 0.001},
		{"b", "metric-0-holm", "0.0020*", 0.002},
		{"b", "metric-1-p-value", "0.3000", 0.3},
		{"b", "metric-1-holm", "0.6000", 0.6},
	} {
		got := tab[tc.system][tc.key]
		if got.text != tc.text || got.value != tc.value {
			t.Errorf("%s %s: %q (%v), want %q (%v)", tc.system, tc.key, got.text, got.value, tc.text, tc.value)
		}
	}
	if _, ok := tab["a"]["metric-0-p-value"]; ok {
		t.Error("a p-value for the baseline")
	}
	if _, ok := tab["b"]["metric-1-mean"]; ok {
		t.Error("an interval without resamples")
	}
	text := doc.textContent()
	for _, want := range []string{"chrF bs:1000", "chrF test", "μ ± is the mean"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

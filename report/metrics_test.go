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
	} {
		r := metricsReport()
		tc.change(r)
		err := r.WriteHTML(io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

package browsertest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
	"github.com/go-bleu/bleu/ter"
)

// TestTERLeadInChromium opens a report of the sample test set by TER
// alone (package ter's scores, no BLEU) and checks what the browser
// shows: TER's scores first, no BLEU cell, the histograms and the chart
// by length drawn (and no scale), the phone layout as for BLEU's page.
func TestTERLeadInChromium(t *testing.T) {
	refs := readLines(t, "sample.ref.txt")
	names := []string{"sample.hyp.txt", "sample.hyp2.txt"}
	words, err := report.ReferenceWords(bleu.Config{}, refs)
	if err != nil {
		t.Fatal(err)
	}
	buckets, which := report.LengthBuckets(words)
	r := &report.Report{NoBLEU: true, Lead: "TER", References: [][]string{refs}, RefWords: words, Buckets: buckets,
		Metrics: []report.Metric{{Name: "TER", LowerIsBetter: true, Signature: "TER signature"}}}
	var scores []float64
	for _, name := range names {
		hyps := readLines(t, name)
		sc, err := ter.Config{}.Corpus(hyps, refs)
		if err != nil {
			t.Fatal(err)
		}
		sent, err := ter.Config{}.SentencesPercent(hyps, refs)
		if err != nil {
			t.Fatal(err)
		}
		m := report.MetricScore{Score: sc.TERPercent, Sentences: sent}
		for b := range buckets {
			var bh, br []string
			for i := range hyps {
				if which[i] == b {
					bh, br = append(bh, hyps[i]), append(br, refs[i])
				}
			}
			bs, err := ter.Config{}.Corpus(bh, br)
			if err != nil {
				t.Fatal(err)
			}
			m.Buckets = append(m.Buckets, bs.TERPercent)
		}
		scores = append(scores, sc.TERPercent)
		r.Systems = append(r.Systems, report.System{Name: name, Hypotheses: hyps, Metrics: []report.MetricScore{m}})
	}
	path := writeReport(t, r)
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)
	rows := readRows(t, ctx, len(names))
	for s, row := range rows {
		compare(t, row, map[string]domCell{"metric-0": shown(scores[s], 2, scores[s])})
		if _, ok := row.Cells["bleu"]; ok {
			t.Errorf("%s: a BLEU cell", row.Name)
		}
	}
	// A histogram per system and the lengths: no scale, no precisions.
	checkCharts(t, ctx, 1+len(names))
	var head string
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector('#systems-table thead th:nth-child(2)').textContent`, &head)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(head, "TER") {
		t.Errorf("the first score column is %s", strconv.Quote(head))
	}
	checkPhone(t, ctx)
	checkRequests(t, reqs, path)
}

package report

import (
	"math"
	"strconv"
)

// The lead metric (Report.Lead) when it is not BLEU: its cells lead the
// systems table and its sentence scores and scores by length draw the
// charts, on its 0–100 scale; where lower is better, lower counts as
// better.

// leadInfo is what the charts say of the lead metric.
type leadInfo struct {
	bleu  bool   // BLEU leads
	shown string // the metric's name as shown
	name  string // the name in SVG text: "BLEU", or shown isolated
	lower bool   // lower is better
	above string // why a sentence score may exceed 100
}

// leadInfo returns the lead metric's leadInfo.
func (r *Report) leadInfo() leadInfo {
	k := r.lead()
	if k < 0 {
		return leadInfo{bleu: true, shown: "BLEU", name: "BLEU", above: "possible with floor smoothing above 1"}
	}
	m := r.Metrics[k]
	li := leadInfo{shown: shownName(m.Name), lower: m.LowerIsBetter, above: "past the metric's usual scale"}
	if m.LowerIsBetter {
		li.above = "more edits than reference words"
	}
	li.name = isolated(li.shown)
	return li
}

// leadView fills the lead metric's cells of sv, system i's view, and its
// difference from the baseline (replacing BLEU's, which become
// sv.BLEUTest), for metric k leading.
func (r *Report) leadView(sv *sysView, i, k int) {
	sv.Lead = sv.Metrics[k]
	sv.Lead.Tested = false
	for _, c := range sv.Metrics {
		if c.Key != k {
			sv.Others = append(sv.Others, c)
		}
	}
	sv.BLEUTest = metricCell{Tested: sv.Tested, P: sv.P, Holm: sv.Holm, Significant: sv.Significant}
	m := r.Systems[i].Metrics[k]
	sv.sentences, sv.bucketsScores, sv.unit = m.Sentences, m.Buckets, 100
	if !sv.Tested {
		return
	}
	lower := r.Metrics[k].LowerIsBetter
	d := m.Score - r.Systems[0].Metrics[k].Score
	shown := math.Abs(d) >= resolution*100
	sv.Delta = num{strconv.FormatFloat(d, 'f', 2, 64), d}
	sv.Mark, sv.Direction = "=", "equal"
	switch {
	case !shown:
		sv.Delta.Text = "0.00"
	case d > 0:
		sv.Mark, sv.Delta.Text = "▲", "+"+sv.Delta.Text
	default:
		sv.Mark = "▼"
	}
	if shown {
		sv.Direction = "better"
		if (d > 0) == lower {
			sv.Direction = "worse"
		}
	}
	sv.P, sv.Holm = fixed(m.PValue, 4), fixed(m.HolmPValue, 4)
	sv.Significant = m.HolmPValue < significance && shown
}

// points is v, a score of the lead metric's, as the page shows it in
// points (0–100) with d decimals: BLEU's 0–1 scores in percent, the
// other metrics' as they are.
func (s sysView) points(v float64, d int) num {
	if s.unit == 1 {
		return percent(v, d)
	}
	return fixed(v, d)
}

// normalized returns the lead metric's scores vs on the 0–1 scale of the
// charts' geometry, vs itself for BLEU.
func (s sysView) normalized(vs []float64) []float64 {
	if s.unit == 1 {
		return vs
	}
	out := make([]float64, len(vs))
	for i, v := range vs {
		out[i] = v / s.unit
	}
	return out
}

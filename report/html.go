package report

import (
	"bytes"
	_ "embed"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The HTML page: one self-contained file, its CSS inline, its charts
// inline SVG, no scripts and nothing loaded from elsewhere. The markup is
// also well-formed XML (every element closed, attributes quoted, no named
// entities), so that tools without an HTML parser can read it.

//go:embed report.html.tmpl
var pageSource string

//go:embed style.css
var style string

// page is the parsed template, parsed on first use: parsing takes half a
// millisecond, which every run of cmd/bleu would pay at start otherwise.
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"plural": plural,
		"sub1":   func(n int) int { return n - 1 },
		"pair":   func(p diffPair, d diffView) diffItem { return diffItem{p, d} },
	}).Parse(pageSource))
})

// diffItem is a segment of a diffPair, for the template.
type diffItem struct {
	Pair diffPair
	Diff diffView
}

// WriteHTML writes the report as one HTML page to w. It returns an error
// when r has no systems, when its per-segment slices differ in length,
// when a number is not finite or out of its range (a negative score,
// ratio or length, a brevity penalty or p-value outside [0, 1], an
// interval whose Low exceeds High), when Test names an unknown test, or
// when Lead names none of Metrics (or NoBLEU leaves no lead) or a system
// lacks the lead metric's score; and w's errors. Every string is escaped,
// and shown as the package documentation's "Names and texts" section
// says.
func (r *Report) WriteHTML(w io.Writer) error {
	if err := r.check(); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := page().Execute(&buf, r.view()); err != nil {
		return err
	}
	_, err := buf.WriteTo(w)
	return err
}

// num is a number as shown (Text) with the value it shows, which the page
// also carries exactly in data-value attributes.
type num struct {
	Text  string
	Value float64
}

// Exact is the value with as many digits as it takes to read it back.
func (n num) Exact() string { return strconv.FormatFloat(n.Value, 'g', -1, 64) }

// pct is v·100 with d decimals.
func pct(v float64, d int) string { return strconv.FormatFloat(v*100, 'f', d, 64) }

// percent is a 0–1 value shown in percent with d decimals.
func percent(v float64, d int) num { return num{pct(v, d), v} }

// fixed is v with d decimals.
func fixed(v float64, d int) num { return num{strconv.FormatFloat(v, 'f', d, 64), v} }

// view is what the template draws.
type view struct {
	CSS        template.CSS
	Title      string
	Segments   int
	NRefs      int
	Systems    []sysView
	Orders     []int
	HasCI      bool
	Resamples  int
	Test       Test
	Tested     bool
	Baseline   string
	Signature  string
	IntervalSg string
	Scale      scaleChart
	Bands      []bandView
	Precision  barChart
	Histograms []histView
	BucketRows []bucketRow
	BucketBars barChart
	Diffs      []diffPair
	MinWords   int
	Metrics    []metricView
	// The lead metric (see Report.Lead): BLEULeads for BLEU, whose page
	// is the BLEU-centred one; otherwise LeadName names the metric of
	// Metrics[LeadKey], whose cells lead the table, and Others are the
	// other metrics of Metrics.
	BLEULeads, ShowBLEU bool
	LeadName            string
	LeadLower           bool
	LeadKey             int
	LeadCI              bool // some system has an interval of the lead metric
	LeadResamples       int
	Others              []metricView
}

// metricView is a metric other than BLEU as the table's header and the
// signatures show it.
type metricView struct {
	Name, Signature, IntervalSg, TestSg string
	LowerIsBetter                       bool
	Key                                 int  // its index in Report.Metrics
	Tested                              bool // view.Tested: its test signature is shown
}

// metricCell is a system's cell of a metric other than BLEU.
type metricCell struct {
	Key             int // the metric's index in Report.Metrics
	Score, Mean, CI num
	HasCI           bool
	Tested          bool // has a p-value
	P, Holm         num
	Significant     bool // Holm's p below 0.05
}

// sysView is a system's row of the table and its colour.
type sysView struct {
	Name, Color string
	Baseline    bool
	BLEU        num
	HasCI       bool
	Low, High   num
	Precisions  []num
	BP, Ratio   num
	HypLen      int64
	RefLen      int64
	Tested      bool // has a p-value
	Delta       num
	Mark        string // ▲, ▼ or =
	Direction   string // "better", "worse" or "equal"
	P, Holm     num
	Significant bool // Holm's p below 0.05
	Band        bandView
	Metrics     []metricCell // the scores of view.Metrics, or none
	Lead        metricCell   // the lead metric's score when BLEU does not lead
	Others      []metricCell // the scores of view.Others
	BLEUTest    metricCell   // BLEU's p-values when BLEU does not lead
	hypotheses  []string
	// The lead metric's sentence scores and scores by length, on its
	// scale: unit is 1 for BLEU's 0–1, 100 for the metrics' 0–100.
	sentences     []float64
	bucketsScores []float64
	unit          float64
}

// HasBuckets reports whether the system has scores by reference length.
func (s sysView) HasBuckets() bool { return len(s.bucketsScores) > 0 }

// bandView is a band of the scale as shown in chips and the legend.
type bandView struct {
	Range, Description string
	Style              template.CSS // its colours
}

// histView is one system's sentence-BLEU histogram.
type histView struct {
	System  sysView
	Chart   barChart
	Caption string
}

// bucketRow is a row of the table of scores by reference length.
type bucketRow struct {
	Label    string
	Segments int
	Scores   []num
}

// diffPair is the segments where a system and the baseline differ most.
type diffPair struct {
	Base, System  sysView
	Better, Worse []diffView
	// The lead metric, its shown Name unless BLEU, and the headings of
	// the two lists: a mark and the words after the system's name.
	Metric                string
	BLEU                  bool
	BetterMark, WorseMark string
	BetterText, WorseText string
}

// diffView is one such segment.
type diffView struct {
	Segment    int // 1-based
	Words      int
	Delta      string
	Exact      string // Delta as a fraction, exactly
	References []string
	BaseText   string
	SysText    string
	BaseScore  num
	SysScore   num
}

// significance is the level below which Holm's p counts as significant.
const significance = 0.05

// resolution is the smallest difference in BLEU (0–1 scale) that the page
// calls a difference: half the last digit shown (0.01 points). Below it
// the difference shows as 0.00 and is never marked significant, however
// small its p-value; sacreBLEU's p-values do not resolve it either, as
// they give identical systems their smallest value.
const resolution = 0.5e-4

// resolved reports whether difference d shows on the page.
func resolved(d float64) bool { return math.Abs(d) >= resolution }

// view prepares r for the template.
func (r *Report) view() view {
	v := view{CSS: template.CSS(style), Title: shownName(r.Title), NRefs: len(r.References), Signature: shownName(r.Signature), Test: r.Test,
		Tested: r.Test.Name != "" && len(r.Systems) > 1, Baseline: shownName(r.Systems[0].Name),
		MinWords: r.MinWords}
	v.Test.Signature = shownName(r.Test.Signature)
	if v.Title == "" {
		v.Title = "BLEU comparison"
	}
	if v.MinWords == 0 {
		v.MinWords = 10
	}
	lead := r.lead()
	v.BLEULeads, v.ShowBLEU, v.LeadName, v.LeadKey = lead < 0, !r.NoBLEU, "BLEU", lead
	for k, m := range r.Metrics {
		mv := metricView{Name: shownName(m.Name), Signature: shownName(m.Signature),
			IntervalSg: shownName(m.IntervalSignature), TestSg: shownName(m.TestSignature), LowerIsBetter: m.LowerIsBetter,
			Key: k, Tested: v.Tested}
		v.Metrics = append(v.Metrics, mv)
		if k == lead {
			v.LeadName, v.LeadLower = mv.Name, mv.LowerIsBetter
		} else if lead >= 0 {
			v.Others = append(v.Others, mv)
		}
	}
	if r.Title == "" && lead >= 0 {
		v.Title = v.LeadName + " comparison"
	}
	colors := bandColors(len(r.Scale))
	for i, b := range r.Scale {
		v.Bands = append(v.Bands, bandOf(b, colors[i]))
	}
	for i, s := range r.Systems {
		sv := r.systemView(i, colors)
		if lead >= 0 {
			r.leadView(&sv, i, lead)
			v.LeadCI = v.LeadCI || sv.Lead.HasCI
			if n := s.Metrics[lead].Resamples; n > 0 && v.LeadResamples == 0 {
				v.LeadResamples = n
			}
		}
		if v.ShowBLEU {
			v.HasCI = v.HasCI || sv.HasCI
			if s.Interval.Resamples > 0 && v.IntervalSg == "" {
				v.IntervalSg, v.Resamples = shownName(s.Interval.Signature), s.Interval.Resamples
			}
		}
		v.Segments = max(v.Segments, len(sv.sentences), len(s.Hypotheses))
		v.Systems = append(v.Systems, sv)
	}
	if v.ShowBLEU {
		for n := range v.Systems[0].Precisions {
			v.Orders = append(v.Orders, n+1)
		}
	}
	if len(r.References) > 0 {
		v.Segments = len(r.References[0])
	}
	if len(r.Scale) > 0 && v.ShowBLEU {
		v.Scale = newScale(r.Scale, colors, v.Systems)
	}
	if len(v.Orders) > 0 {
		v.Precision = precisionChart(v.Systems)
	}
	v.Histograms = histograms(v.Systems, r.leadInfo())
	v.BucketRows, v.BucketBars = r.bucketView(v.Systems)
	v.Diffs = r.diffView(v.Systems, v.MinWords)
	return v
}

// bandOf is the view of band b drawn in color.
func bandOf(b Band, color string) bandView {
	ink := inkOn(color)
	return bandView{Range: pct(b.Min, 0) + "–" + pct(b.Max, 0), Description: shownName(b.Description),
		Style: template.CSS("background:" + color + ";color:" + ink)}
}

// systemView is the view of system i.
func (r *Report) systemView(i int, bandColors []string) sysView {
	s := r.Systems[i]
	sc := s.Score
	sv := sysView{
		Name: shownName(s.Name), Color: systemColor(i), Baseline: i == 0,
		BLEU: percent(sc.BLEU, 2), BP: fixed(sc.BP, 3), Ratio: fixed(sc.Ratio, 3),
		HypLen: sc.HypLen, RefLen: sc.RefLen,
		sentences: s.Sentences, hypotheses: s.Hypotheses, bucketsScores: s.Buckets, unit: 1,
	}
	base := r.Systems[0].Metrics
	for k, m := range s.Metrics {
		c := metricCell{Key: k, Score: fixed(m.Score, 2), HasCI: m.Resamples > 0, Mean: fixed(m.Mean, 2), CI: fixed(m.CI, 2)}
		if i > 0 && r.Test.Name != "" {
			// Marked as BLEU's differences are: significant after Holm's
			// adjustment, and a difference that shows.
			c.Tested, c.P, c.Holm = true, fixed(m.PValue, 4), fixed(m.HolmPValue, 4)
			c.Significant = m.HolmPValue < significance && len(base) > 0 && math.Abs(m.Score-base[k].Score) >= resolution*100
		}
		sv.Metrics = append(sv.Metrics, c)
	}
	for _, p := range sc.Precisions {
		sv.Precisions = append(sv.Precisions, percent(p, 1))
	}
	if s.Interval.Resamples > 0 {
		sv.HasCI, sv.Low, sv.High = true, percent(s.Interval.Low, 2), percent(s.Interval.High, 2)
	}
	for b, band := range r.Scale {
		if sc.BLEU >= band.Min && (sc.BLEU < band.Max || b == len(r.Scale)-1) {
			sv.Band = bandOf(band, bandColors[b])
			break
		}
	}
	if i > 0 && r.Test.Name != "" {
		d := sc.BLEU - r.Systems[0].Score.BLEU
		sv.Tested = true
		sv.Delta = num{strconv.FormatFloat(d*100, 'f', 2, 64), d}
		shown := resolved(d)
		switch {
		case shown && d > 0:
			sv.Mark, sv.Direction, sv.Delta.Text = "▲", "better", "+"+sv.Delta.Text
		case shown:
			sv.Mark, sv.Direction = "▼", "worse"
		default:
			sv.Mark, sv.Direction, sv.Delta.Text = "=", "equal", "0.00"
		}
		sv.P, sv.Holm = fixed(s.PValue, 4), fixed(s.HolmPValue, 4)
		// sacreBLEU's tests give a system identical to the baseline their
		// smallest p-value, 1/(N+1): a small p says nothing without a
		// difference, so only a difference that shows is marked.
		sv.Significant = s.HolmPValue < significance && shown
	}
	return sv
}

// histograms are the histograms of the lead metric's sentence scores of
// the systems that have them.
func histograms(systems []sysView, lead leadInfo) []histView {
	var out []histView
	counts := make([][histogramBins]int, len(systems))
	top := 0
	for i, s := range systems {
		counts[i] = histogram(s.normalized(s.sentences))
		top = max(top, slices.Max(counts[i][:]))
	}
	for i, s := range systems {
		if len(s.sentences) == 0 {
			continue
		}
		sorted := slices.Sorted(slices.Values(s.sentences))
		sum, zeros := 0.0, 0
		for _, v := range sorted {
			sum += v
			if v == 0 {
				zeros++
			}
		}
		median := sorted[len(sorted)/2]
		if len(sorted)%2 == 0 {
			median = halfSum(sorted[len(sorted)/2-1], median)
		}
		mean := sum / float64(len(sorted))
		if math.IsInf(mean, 0) { // finite scores whose sum is not
			mean = 0
			for _, v := range sorted {
				mean += v / float64(len(sorted))
			}
		}
		caption := strconv.Itoa(len(sorted)) + " segments; mean " + s.points(mean, 1).Text +
			", median " + s.points(median, 1).Text + ", " + strconv.Itoa(zeros) + " scoring 0"
		if n := aboveScale(s.normalized(sorted)); n > 0 {
			caption += ", " + strconv.Itoa(n) + " scoring above 100 (" + lead.above + "), not drawn"
		}
		out = append(out, histView{System: s, Chart: histogramChart(s, counts[i], top, lead.name), Caption: caption})
	}
	return out
}

// halfSum is (a+b)/2, also where a+b overflows.
func halfSum(a, b float64) float64 {
	if m := (a + b) / 2; !math.IsInf(m, 0) {
		return m
	}
	return a/2 + b/2
}

// bucketView is the table and chart of the scores by reference length,
// for the systems that have them.
func (r *Report) bucketView(systems []sysView) ([]bucketRow, barChart) {
	if len(r.Buckets) == 0 {
		return nil, barChart{}
	}
	var with []sysView
	var scores [][]num
	for _, s := range systems {
		if len(s.bucketsScores) == 0 {
			continue
		}
		with = append(with, s)
		row := make([]num, len(s.bucketsScores))
		for b, v := range s.bucketsScores {
			row[b] = s.points(v, 1)
		}
		scores = append(scores, row)
	}
	if len(with) == 0 {
		return nil, barChart{}
	}
	rows := make([]bucketRow, len(r.Buckets))
	for b, bk := range r.Buckets {
		rows[b] = bucketRow{Label: bk.Label(), Segments: bk.Segments}
		for s := range with {
			rows[b].Scores = append(rows[b].Scores, scores[s][b])
		}
	}
	return rows, bucketChart(with, r.Buckets, scores, systems[0].unit)
}

// diffView is the segments where each system differs most from the
// baseline, when the texts and sentence scores are there.
func (r *Report) diffView(systems []sysView, minWords int) []diffPair {
	base := systems[0]
	n := r.Differences
	if n == 0 {
		n = 5
	}
	if n < 0 || len(r.References) == 0 || len(base.sentences) == 0 || len(base.hypotheses) == 0 {
		return nil
	}
	var out []diffPair
	lead := r.leadInfo()
	for _, s := range systems[1:] {
		if len(s.sentences) == 0 || len(s.hypotheses) == 0 {
			continue
		}
		better, worse := differences(base.sentences, s.sentences, r.RefWords, minWords, n)
		p := diffPair{Base: base, System: s, Metric: lead.shown, BLEU: lead.bleu,
			BetterMark: "▲", BetterText: "scores higher", WorseMark: "▼", WorseText: "scores lower"}
		if lead.lower {
			// Lower is better: the segments where the system scores lower
			// come first, as its better ones.
			better, worse = worse, better
			p.BetterMark, p.BetterText, p.WorseMark, p.WorseText = "▼", "scores lower (better)", "▲", "scores higher (worse)"
		}
		for _, d := range better {
			p.Better = append(p.Better, r.segmentView(d, base, s))
		}
		for _, d := range worse {
			p.Worse = append(p.Worse, r.segmentView(d, base, s))
		}
		out = append(out, p)
	}
	return out
}

// segmentView is the view of the segment of d.
func (r *Report) segmentView(d difference, base, s sysView) diffView {
	i := d.Segment
	dv := diffView{Segment: i + 1, Delta: s.points(d.Delta, 1).Text, Exact: num{Value: d.Delta}.Exact(),
		BaseText: shownText(base.hypotheses[i]), SysText: shownText(s.hypotheses[i]),
		BaseScore: base.points(base.sentences[i], 1), SysScore: s.points(s.sentences[i], 1)}
	if d.Delta > 0 {
		dv.Delta = "+" + dv.Delta
	}
	if len(r.RefWords) > 0 {
		dv.Words = r.RefWords[i]
	}
	for _, refs := range r.References {
		dv.References = append(dv.References, shownText(refs[i]))
	}
	return dv
}

// visible returns s with the characters that XML does not allow in text
// (C0 controls other than tab, and U+FFFE and U+FFFF) replaced by what
// shows them: the Control Pictures U+2400–U+241F for the controls, U+2421
// for DEL (allowed, but invisible), and U+FFFD for the others. BLEU's
// texts may contain them (Python's whitespace includes U+001C–U+001F).
func visible(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r < 0x20 && r != '\t':
			return 0x2400 + r
		case r == 0x7f:
			return 0x2421
		case r == 0xfffe || r == 0xffff:
			return 0xfffd
		}
		return r
	}, s)
}

// plural is "1 thing" or "n things".
func plural(n int, thing string) string {
	s := strconv.Itoa(n) + " " + thing
	if n != 1 {
		s += "s"
	}
	return s
}

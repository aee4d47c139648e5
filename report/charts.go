package report

import (
	"fmt"
	"math"
	"strconv"
)

// The geometry of the charts, in SVG user units, computed here so that the
// template only draws. Coordinates are rounded to a tenth of a unit to
// keep the file small.

// r1 rounds x to one decimal.
func r1(x float64) float64 { return math.Round(x*10) / 10 }

// tick is a mark on an axis with its label.
type tick struct {
	X, Y  float64
	Label string
}

// stop is a colour stop of a gradient, at Offset percent.
type stop struct {
	Offset float64
	Color  string
}

// scaleChart is the interpretation scale with the systems marked on it.
type scaleChart struct {
	W, H                   float64
	BarX, BarY, BarW, BarH float64
	TickY1, TickY2         float64 // the tick marks under the bar
	Stops                  []stop
	Bands                  []scaleBand
	Ticks                  []tick
	Marks                  []scaleMark
}

// scaleBand is a band's stretch of the bar.
type scaleBand struct {
	X, W  float64
	Title string
}

// scaleMark is a system's mark on the scale and its label.
type scaleMark struct {
	X            float64 // the score's position
	Color        string
	Text         string  // "name 33.70"
	TextX, TextY float64 // the label's centre and baseline
	BoxX, BoxW   float64 // the label's laid-out box
	BoxY, BoxH   float64
	Leader       string // polyline points from the label through the bar
	Marker       string // path of the triangle over the bar
}

// Scale geometry.
const (
	scaleW     = 640.0
	scalePad   = 16.0 // left and right of the bar, room for the end labels
	laneH      = 18.0
	scaleBarH  = 22.0
	labelGap   = 8.0
	maxNameLen = 28 // characters of a system's name on the scale
)

// newScale lays out the scale for the systems.
func newScale(bands []Band, colors []string, systems []sysView) scaleChart {
	// The scale ends at its last band's end, or past it at the highest
	// score (only floor smoothing with a value above 1 scores above 100):
	// no mark is pinned to the end.
	end := bands[len(bands)-1].Max
	top := end
	for _, s := range systems {
		top = max(top, s.BLEU.Value)
	}
	span := (scaleW - 2*scalePad) / top // per unit of BLEU
	x := func(v float64) float64 { return r1(scalePad + v*span) }
	c := scaleChart{W: scaleW, BarX: scalePad, BarW: scaleW - 2*scalePad, BarH: scaleBarH}
	xs := make([]float64, len(systems))
	widths := make([]float64, len(systems))
	texts := make([]string, len(systems))
	for i, s := range systems {
		texts[i] = isolated(truncateLabel(s.Name, maxNameLen)) + " " + s.BLEU.Text
		xs[i] = s.BLEU.Value * span
		widths[i] = textWidth(texts[i], labelFont)
	}
	laid := layoutLabels(xs, widths, c.BarW, labelGap)
	lanes := 0
	for _, l := range laid {
		lanes = max(lanes, l.Lane+1)
	}
	c.BarY = 6 + float64(lanes)*laneH + 10
	for i, l := range laid {
		baseline := 6 + float64(lanes-1-l.Lane)*laneH + 13
		mx, tx := x(systems[i].BLEU.Value), r1(scalePad+l.Left+l.Width/2)
		c.Marks = append(c.Marks, scaleMark{
			X: mx, Color: systems[i].Color, Text: texts[i],
			TextX: tx, TextY: r1(baseline),
			BoxX: r1(scalePad + l.Left), BoxW: r1(l.Width), BoxY: r1(baseline - 12), BoxH: 16,
			Leader: fmt.Sprintf("%g,%g %g,%g %g,%g", tx, r1(baseline+4), mx, c.BarY-8, mx, c.BarY+scaleBarH),
			Marker: fmt.Sprintf("M%g,%gL%g,%gL%g,%gZ", mx-5, c.BarY-9, mx+5, c.BarY-9, mx, c.BarY-1),
		})
	}
	for i, b := range bands {
		c.Bands = append(c.Bands, scaleBand{X: x(b.Min), W: r1((b.Max - b.Min) * span),
			Title: pct(b.Min, 0) + "–" + pct(b.Max, 0) + ": " + shownName(b.Description)})
		c.Stops = append(c.Stops, stop{Offset: r1((b.Min + b.Max) / 2 / top * 100), Color: colors[i]})
		c.Ticks = append(c.Ticks, tick{X: x(b.Min), Y: c.BarY + scaleBarH + 18, Label: pct(b.Min, 0)})
		if i == len(bands)-1 {
			c.Ticks = append(c.Ticks, tick{X: x(b.Max), Y: c.BarY + scaleBarH + 18, Label: pct(b.Max, 0)})
		}
	}
	if top > end {
		c.Bands = append(c.Bands, scaleBand{X: x(end), W: r1((top - end) * span),
			Title: "above " + pct(end, 0) + ": scores past the scale, possible with floor smoothing above 1"})
		c.Stops = append(c.Stops, stop{Offset: r1(end / top * 100), Color: colors[len(colors)-1]}, stop{Offset: 100, Color: "#8c8c8c"})
		c.Ticks = append(c.Ticks, tick{X: x(top), Y: c.BarY + scaleBarH + 18, Label: pct(top, 0)})
	}
	c.TickY1, c.TickY2 = c.BarY+scaleBarH, c.BarY+scaleBarH+5
	c.H = c.BarY + scaleBarH + 24
	return c
}

// barChart is a chart of bars in groups, one bar per series in each
// group, on a y axis from 0 to a maximum.
type barChart struct {
	W, H       float64
	X0, Y0     float64 // the plot's left and bottom
	PW, PH     float64 // the plot's width and height
	YTicks     []tick
	Groups     []tick // X is the group's centre; Label and Sub below it
	Subs       []tick
	Bars       []bar
	ShowLabels bool // the bars are wide enough for their values
}

// bar is one bar with its value.
type bar struct {
	X, Y, W, H   float64
	Color        string
	Title        string // the series, the group and the value, for <title>
	Label        string // the value
	LabelX, LabY float64
}

// series is the values of one series of a bar chart, one per group, with
// their labels.
type series struct {
	Name, Color string
	Values      []float64
	Labels      []string
}

// newBarChart lays out ss over the groups, with the y axis from 0 to yMax
// and a tick at each of yTicks. subs, when not nil, are second lines under
// the group labels.
func newBarChart(w, h float64, groups, subs []string, ss []series, yMax float64, yTicks []float64, yLabel func(float64) string) barChart {
	c := barChart{W: w, H: h, X0: 40, Y0: h - 34, PW: w - 40 - 18}
	if subs != nil {
		c.Y0 -= 14
	}
	c.PH = c.Y0 - 18
	y := func(v float64) float64 { return r1(c.Y0 - v/yMax*c.PH) }
	for _, t := range yTicks {
		c.YTicks = append(c.YTicks, tick{Y: y(t), Label: yLabel(t)})
	}
	gw := c.PW / float64(len(groups))
	bw := gw * 0.8 / float64(len(ss))
	c.ShowLabels = bw >= 26
	for g, label := range groups {
		cx := c.X0 + gw*(float64(g)+0.5)
		c.Groups = append(c.Groups, tick{X: r1(cx), Y: r1(c.Y0 + 16), Label: label})
		if subs != nil {
			c.Subs = append(c.Subs, tick{X: r1(cx), Y: r1(c.Y0 + 30), Label: subs[g]})
		}
		for s, se := range ss {
			v := se.Values[g]
			bx := cx - gw*0.4 + bw*float64(s)
			c.Bars = append(c.Bars, bar{
				X: r1(bx + 1), Y: y(v), W: r1(bw - 2), H: r1(c.Y0 - y(v)), Color: se.Color,
				Title: isolated(se.Name) + ", " + label + ": " + se.Labels[g], Label: se.Labels[g],
				LabelX: r1(bx + bw/2), LabY: r1(y(v) - 4),
			})
		}
	}
	return c
}

// precisionChart is the n-gram precisions of every system.
func precisionChart(systems []sysView) barChart {
	orders := len(systems[0].Precisions)
	groups := make([]string, orders)
	for n := range groups {
		groups[n] = strconv.Itoa(n+1) + "-grams"
	}
	ss := make([]series, len(systems))
	top := 0.0
	for i, s := range systems {
		ss[i] = series{Name: s.Name, Color: s.Color}
		for n := range orders {
			v := 0.0
			label := "–"
			if n < len(s.Precisions) {
				v, label = s.Precisions[n].Value, s.Precisions[n].Text
			}
			ss[i].Values = append(ss[i].Values, v)
			ss[i].Labels = append(ss[i].Labels, label)
			top = max(top, v)
		}
	}
	// Floor smoothing with a value above 1 gives precisions above 1: the
	// axis grows to the next quarter above the largest, never cuts a bar.
	yMax := max(1, math.Ceil(top*4-1e-9)/4)
	ticks := []float64{0, 0.25, 0.5, 0.75, 1}
	if yMax > 1 {
		ticks = []float64{0, yMax / 4, yMax / 2, 3 * yMax / 4, yMax}
	}
	return newBarChart(640, 240, groups, nil, ss, yMax, ticks, percentTick)
}

// percentTick labels a tick of a 0–1 axis in percent.
func percentTick(v float64) string { return pct(v, 0) }

// histogramChart is the histogram of one system's sentence scores of the
// metric named metric (as SVG text shows it), on a y axis from 0 to top
// (the same for every system, so that the histograms compare at a
// glance).
func histogramChart(s sysView, counts [histogramBins]int, top int, metric string) barChart {
	groups := make([]string, histogramBins) // unlabelled: the bins' edges are
	se := series{Name: s.Name, Color: s.Color}
	top = max(top, 1)
	for _, n := range counts {
		se.Values = append(se.Values, float64(n))
		se.Labels = append(se.Labels, strconv.Itoa(n))
	}
	c := newBarChart(320, 170, groups, nil, []series{se}, float64(top), []float64{0, float64(top)}, func(v float64) string {
		return strconv.Itoa(int(v))
	})
	c.ShowLabels = true
	for e := 0; e <= histogramBins; e += 2 {
		c.Subs = append(c.Subs, tick{X: r1(c.X0 + c.PW*float64(e)/histogramBins), Y: r1(c.Y0 + 16), Label: strconv.Itoa(e * 10)})
	}
	for i := range c.Bars {
		lo := i * 10
		c.Bars[i].Title = isolated(s.Name) + ": " + c.Bars[i].Label + " segments with sentence " + metric + " " + binRange(lo)
	}
	return c
}

// binRange is the range of the histogram bin starting at lo (in BLEU
// points) as text.
func binRange(lo int) string {
	if lo+10 >= 100 {
		return strconv.Itoa(lo) + "–100"
	}
	return strconv.Itoa(lo) + "–" + strconv.Itoa(lo+10) + " (not " + strconv.Itoa(lo+10) + ")"
}

// bucketChart is the corpus score of every system in each length bucket,
// scores on the scale whose 1 is unit (1 for BLEU, 100 for the 0–100
// metrics).
func bucketChart(systems []sysView, buckets []Bucket, scores [][]num, unit float64) barChart {
	groups := make([]string, len(buckets))
	subs := make([]string, len(buckets))
	top := 0.0
	for b, bk := range buckets {
		groups[b] = bk.Label() + " words"
		subs[b] = "n = " + strconv.Itoa(bk.Segments)
	}
	ss := make([]series, len(systems))
	for i, s := range systems {
		ss[i] = series{Name: s.Name, Color: s.Color}
		for b := range buckets {
			v := scores[i][b].Value / unit
			ss[i].Values = append(ss[i].Values, v)
			ss[i].Labels = append(ss[i].Labels, scores[i][b].Text)
			top = max(top, v)
		}
	}
	// The axis ends at the next multiple of 10 BLEU points above the top
	// (past 100 only for scores past 100, with floor smoothing above 1).
	yMax := math.Ceil(top*10+1e-9) / 10
	if top <= perfectMax {
		yMax = min(yMax, 1)
	}
	if yMax == 0 {
		yMax = 0.1
	}
	step := 0.1 * math.Ceil(yMax) // at most about ten ticks
	yMax = math.Ceil(yMax/step-1e-9) * step
	var ticks []float64
	for t := 0.0; t <= yMax+1e-9; t += step {
		ticks = append(ticks, t)
	}
	return newBarChart(640, 250, groups, subs, ss, yMax, ticks, percentTick)
}

package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/go-bleu/bleu/report"
)

// hostileNames try to reorder, hide or overflow the numbers beside them:
// bidi overrides, embeddings and isolates, right-to-left names, zero-width
// characters, a stack of combining marks, wide and astral characters.
var hostileNames = []string{
	"\u202eevil 99.99", "\u202dltr\u202c", "\u202bembed", "\u2067rli", "\u2066\u2069", "abc\u200b\u200b\u200b\u200bdef",
	"عربي", "עברית 12", "a\u200fb", "e" + strings.Repeat("\u0301\u0302\u0303", 30), "宽字符系统名字很长很长", "😀😀😀😀😀",
	"\ufeffbom", "soft\u00adhyphen", "baseline",
}

// nameCell is where the browser drew a system's name and its BLEU.
type nameCell struct {
	Text     string  `json:"text"`
	NameL    float64 `json:"nameL"` // the name's box
	NameR    float64 `json:"nameR"`
	NameT    float64 `json:"nameT"`
	NameB    float64 `json:"nameB"`
	CellL    float64 `json:"cellL"` // its table cell's box
	CellR    float64 `json:"cellR"`
	CellT    float64 `json:"cellT"`
	CellB    float64 `json:"cellB"`
	BLEUL    float64 `json:"bleuL"` // the BLEU cell's box
	BLEUText string  `json:"bleuText"`
	Digits   bool    `json:"digits"` // the BLEU number's characters run left to right
}

const readNames = `Array.from(document.querySelectorAll('#systems-table tbody tr')).map(tr => {
	const th = tr.querySelector('th'), name = th.querySelector('.sysname'), bleu = tr.querySelector('[data-key=bleu]');
	const n = name.getBoundingClientRect(), c = th.getBoundingClientRect(), b = bleu.getBoundingClientRect();
	const text = bleu.firstChild, r = document.createRange();
	let xs = [];
	for (let i = 0; i < text.length; i++) { r.setStart(text, i); r.setEnd(text, i + 1); xs.push(r.getBoundingClientRect().left); }
	return {text: name.textContent, nameL: n.left, nameR: n.right, nameT: n.top, nameB: n.bottom,
		cellL: c.left, cellR: c.right, cellT: c.top, cellB: c.bottom, bleuL: b.left, bleuText: bleu.textContent,
		digits: xs.every((x, i) => i == 0 || x > xs[i-1])};
})`

// scaleLabel is where the browser drew a label of the scale: the right
// edge of its name part and the left edge of its number.
type scaleLabel struct {
	Text   string  `json:"text"`
	NameR  float64 `json:"nameR"`
	NumL   float64 `json:"numL"`
	Digits bool    `json:"digits"`
}

const readScaleLabels = `Array.from(document.querySelectorAll('#scale-chart .scale-label')).map(t => {
	const s = t.textContent, cut = s.lastIndexOf(' ');
	let nameR = -Infinity, numL = Infinity, xs = [];
	for (let i = 0; i < t.getNumberOfChars(); i++) {
		const e = t.getExtentOfChar(i);
		if (e.width == 0) continue;
		if (i < cut) nameR = Math.max(nameR, e.x + e.width); else if (i > cut) { numL = Math.min(numL, e.x); xs.push(e.x); }
	}
	return {text: s, nameR: nameR, numL: numL, digits: xs.every((x, i) => i == 0 || x > xs[i-1])};
})`

// TestHostileNamesInChromium draws systems with hostile names at nearly
// the same score and checks, as Chromium lays the page out, that each
// name stays inside its cell (no overflow over the numbers, even of a
// stack of combining marks), that every BLEU number reads left to right
// after its name, in the table and on the scale, and that the scale's
// labels fit their boxes and overlap nowhere.
func TestHostileNamesInChromium(t *testing.T) {
	r := &report.Report{Scale: report.Qualities(), Test: report.Test{Name: report.PairedBootstrap, N: 1000}}
	for i, name := range hostileNames {
		v := 0.30 + 0.001*float64(i)
		s := report.System{Name: name, Score: report.Score{BLEU: v, Precisions: []float64{v, v, v, v}, BP: 1, Ratio: 1}}
		if i > 0 {
			s.PValue, s.HolmPValue = 0.001, 0.001
		}
		r.Systems = append(r.Systems, s)
	}
	path := writeReport(t, r)
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)
	var cells []nameCell
	if err := chromedp.Run(ctx, chromedp.Evaluate(readNames, &cells)); err != nil {
		t.Fatal(err)
	}
	if len(cells) != len(hostileNames) {
		t.Fatalf("%d rows for %d systems", len(cells), len(hostileNames))
	}
	for _, c := range cells {
		const slack = 0.5
		if c.NameL < c.CellL-slack || c.NameR > c.CellR+slack || c.NameT < c.CellT-slack || c.NameB > c.CellB+slack {
			t.Errorf("name %q drawn at %.1f–%.1f × %.1f–%.1f, outside its cell %.1f–%.1f × %.1f–%.1f",
				c.Text, c.NameL, c.NameR, c.NameT, c.NameB, c.CellL, c.CellR, c.CellT, c.CellB)
		}
		if c.BLEUL < c.CellR-slack || !c.Digits {
			t.Errorf("name %q: BLEU %q at %.1f (name cell ends at %.1f), characters in order %v", c.Text, c.BLEUText, c.BLEUL, c.CellR, c.Digits)
		}
	}
	var labels []scaleLabel
	if err := chromedp.Run(ctx, chromedp.Evaluate(readScaleLabels, &labels)); err != nil {
		t.Fatal(err)
	}
	for _, l := range labels {
		if l.NumL < l.NameR-0.5 || !l.Digits {
			t.Errorf("scale label %q: number from %.1f, name to %.1f, characters in order %v", l.Text, l.NumL, l.NameR, l.Digits)
		}
	}
	checkLabels(t, ctx)
	checkRequests(t, reqs, path)
}

const readBars = `Array.from(document.querySelectorAll('svg.chart')).flatMap(s => {
	const c = s.getBoundingClientRect();
	return Array.from(s.querySelectorAll('rect.bar, path')).map(b => {
		const r = b.getBoundingClientRect();
		return {chart: s.id, inside: r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5};
	});
})`

// TestAboveOneInChromium draws scores past 100 (floor smoothing above 1):
// every bar and mark stays inside its chart, and the scale's labels fit
// and do not overlap.
func TestAboveOneInChromium(t *testing.T) {
	r := &report.Report{Scale: report.Qualities(), Test: report.Test{Name: report.PairedBootstrap, N: 1000},
		Buckets: []report.Bucket{{Min: 1, Max: 9, Segments: 3}}}
	r.Systems = []report.System{
		{Name: "floor", Score: report.Score{BLEU: 1.5346973707291465, Precisions: []float64{1, 1.351, 1.724, 2.381}, BP: 1, Ratio: 1},
			Sentences: []float64{12.01, 1.0000000000000004, 0.2}, Buckets: []float64{1.5346973707291465}},
		{Name: "other", Score: report.Score{BLEU: 0.9387603927646101, Precisions: []float64{1, 0.8, 0.6, 0.5}, BP: 1, Ratio: 1},
			Sentences: []float64{0.5, 0.4, 0.3}, Buckets: []float64{0.9387603927646101}, PValue: 0.001, HolmPValue: 0.001},
	}
	path := writeReport(t, r)
	ctx := newBrowser(t)
	reqs := open(t, ctx, path)
	var bars []struct {
		Chart  string `json:"chart"`
		Inside bool   `json:"inside"`
	}
	if err := chromedp.Run(ctx, chromedp.Evaluate(readBars, &bars)); err != nil {
		t.Fatal(err)
	}
	if len(bars) == 0 {
		t.Fatal("no bars")
	}
	for i, b := range bars {
		if !b.Inside {
			t.Errorf("shape %d of chart %q is drawn outside the chart", i, b.Chart)
		}
	}
	checkLabels(t, ctx)
	checkRequests(t, reqs, path)
}

package report

import (
	"cmp"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Labels over a horizontal axis, laid out so that none overlaps another:
// each label is centred over its point where the edges allow, and put in
// the lowest lane (row) where it clears every label already there. Widths
// are estimated from the text (the browser's fonts are unknown), on the
// generous side, so that the rendered text fits the box laid out for it.

// labelFont is the font size of the scale's labels, in SVG units.
const labelFont = 12

// textWidth estimates the width of s in a sans-serif font of size px,
// from above: the widths are those of DejaVu Sans, the widest of the
// common sans-serif fonts (Linux's default; Arial, Helvetica, Roboto and
// Segoe UI are narrower), rounded up, so that the text drawn fits the box
// laid out for it whatever font the reader's browser picks.
func textWidth(s string, px float64) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
			// Marks stack on their base (at most maxMarks are shown);
			// format characters (the FSI and PDI that isolate a name) are
			// not drawn.
		case r > 0xFFFF:
			w += 1.2 // emoji are drawn a little wider than an em
		case wideRune(r) || r == 'm' || r == 'w' || r == 'M' || r == 'W' || r == '%' || r == '@' || r == '…':
			w += 1
		case r == ' ' || r == '.' || r == ',' || r == ':' || r == ';' || r == 'i' || r == 'l' || r == 'j' || r == '|' || r == '\'' || r == '!':
			w += 0.35
		case unicode.IsUpper(r):
			w += 0.8
		default:
			w += 0.65
		}
	}
	return w * px
}

// wideRune reports whether r is drawn about one em wide: the CJK ranges,
// Hangul and full-width forms, and anything beyond the Basic Multilingual
// Plane (emoji, rare ideographs).
func wideRune(r rune) bool {
	return r >= 0x1100 && r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 ||
		r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 ||
		r >= 0xFFE0 && r <= 0xFFE6 || r > 0xFFFF
}

// truncateLabel shortens s to at most n characters, ending it with "…".
func truncateLabel(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return string(rs[:n-1]) + "…"
}

// laidOut is where a label went: its box spans [Left, Left+Width] and it
// is in lane Lane, 0 being the lane nearest the axis.
type laidOut struct {
	Left, Width float64
	Lane        int
}

// layoutLabels places labels of the given widths over the points xs of an
// axis spanning [0, span]: each is centred on its point, moved inside the
// span where it would stick out, and put in the lowest lane where it is at
// least gap away from every label already in that lane, the labels being
// taken from left to right. Boxes in one lane never overlap. A label wider
// than the span starts at 0 (and gets a lane of its own from any other).
func layoutLabels(xs, widths []float64, span, gap float64) []laidOut {
	order := make([]int, len(xs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(xs[a], xs[b]) })
	out := make([]laidOut, len(xs))
	var laneEnd []float64 // the rightmost edge in each lane
	for _, i := range order {
		w := widths[i]
		left := min(max(xs[i]-w/2, 0), span-w)
		left = max(left, 0)
		lane := 0
		for lane < len(laneEnd) && left < laneEnd[lane]+gap {
			lane++
		}
		if lane == len(laneEnd) {
			laneEnd = append(laneEnd, 0)
		}
		laneEnd[lane] = max(laneEnd[lane], left+w)
		out[i] = laidOut{Left: left, Width: w, Lane: lane}
	}
	return out
}

package report

import (
	"fmt"
	"math"
)

// Colours that colour-blind readers can tell apart, and that never carry
// meaning alone: every coloured mark also has a label or a shape.

// systemColors is the Okabe–Ito palette (Okabe and Ito, 2008), in the
// order systems take it; the yellow, hard to see on white, comes last.
var systemColors = [...]string{
	"#0072B2", // blue
	"#D55E00", // vermillion
	"#009E73", // bluish green
	"#CC79A7", // reddish purple
	"#E69F00", // orange
	"#56B4E9", // sky blue
	"#000000", // black
	"#F0E442", // yellow
}

// systemColor is the colour of the i-th system; past eight, they repeat.
func systemColor(i int) string { return systemColors[i%len(systemColors)] }

// viridis samples the viridis colour map (van der Walt and Smith, for
// matplotlib) at nine evenly spaced points: dark blue-violet to yellow,
// lightness rising throughout, distinguishable with every common colour
// vision deficiency and in grey. The interpretation scale's bands take
// colours along it, the low bands dark and the high ones light.
var viridis = [...][3]float64{
	{0x44, 0x01, 0x54}, {0x47, 0x2d, 0x7b}, {0x3b, 0x52, 0x8b},
	{0x2c, 0x72, 0x8e}, {0x21, 0x91, 0x8c}, {0x28, 0xae, 0x80},
	{0x5e, 0xc9, 0x62}, {0xad, 0xdc, 0x30}, {0xfd, 0xe7, 0x25},
}

// rampColor returns the colour at t in [0, 1] along viridis, interpolated
// linearly in RGB, as "#rrggbb".
func rampColor(t float64) string {
	t = min(max(t, 0), 1) * float64(len(viridis)-1)
	i := min(int(t), len(viridis)-2)
	f := t - float64(i)
	var c [3]int
	for k := range c {
		c[k] = int(math.Round(viridis[i][k]*(1-f) + viridis[i+1][k]*f))
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

// bandColors returns the colour of each of n bands, spread evenly along
// the ramp.
func bandColors(n int) []string {
	out := make([]string, n)
	for i := range out {
		t := 0.0
		if n > 1 {
			t = float64(i) / float64(n-1)
		}
		out[i] = rampColor(t)
	}
	return out
}

// inkOn returns the text colour that reads on the background bg
// ("#rrggbb"): black on light colours, white on dark ones, whichever
// contrasts more by WCAG's relative luminance.
func inkOn(bg string) string {
	var r, g, b int
	fmt.Sscanf(bg, "#%02x%02x%02x", &r, &g, &b)
	lin := func(c int) float64 {
		v := float64(c) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	l := 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	// Contrast with white is 1.05/(l+0.05), with black (l+0.05)/0.05.
	if 1.05/(l+0.05) >= (l+0.05)/0.05 {
		return "#ffffff"
	}
	return "#000000"
}

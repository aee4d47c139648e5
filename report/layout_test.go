package report

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// checkLayout fails the test if two boxes of one lane overlap or come
// closer than gap, or a box leaves [0, span] (unless wider than it).
func checkLayout(t *testing.T, xs, widths []float64, span, gap float64, got []laidOut) {
	t.Helper()
	for i, a := range got {
		if a.Width != widths[i] {
			t.Errorf("label %d: width %v, want %v", i, a.Width, widths[i])
		}
		if a.Left < 0 || (a.Left+a.Width > span && a.Left != 0) {
			t.Errorf("label %d at %v+%v leaves [0, %v]", i, a.Left, a.Width, span)
		}
		for j, b := range got[:i] {
			if a.Lane == b.Lane && a.Left < b.Left+b.Width+gap && b.Left < a.Left+a.Width+gap {
				t.Errorf("labels %d (%+v at %v) and %d (%+v at %v) overlap", i, a, xs[i], j, b, xs[j])
			}
		}
	}
}

func TestLayoutLabels(t *testing.T) {
	for _, tc := range []struct {
		name      string
		xs, ws    []float64
		wantLeft  []float64
		wantLanes []int
	}{
		{"apart", []float64{100, 300}, []float64{50, 50}, []float64{75, 275}, []int{0, 0}},
		{"close", []float64{100, 110}, []float64{50, 50}, []float64{75, 85}, []int{0, 1}},
		{"three close", []float64{100, 104, 102}, []float64{40, 40, 40}, []float64{80, 84, 82}, []int{0, 2, 1}},
		{"left edge", []float64{0}, []float64{60}, []float64{0}, []int{0}},
		{"right edge", []float64{600}, []float64{60}, []float64{540}, []int{0}},
		{"wider than the span", []float64{300, 10}, []float64{700, 20}, []float64{0, 0}, []int{1, 0}},
		{"a lane freed", []float64{100, 105, 200}, []float64{50, 50, 50}, []float64{75, 80, 175}, []int{0, 1, 0}},
		{"none", nil, nil, []float64{}, []int{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := layoutLabels(tc.xs, tc.ws, 600, 8)
			checkLayout(t, tc.xs, tc.ws, 600, 8, got)
			left, lanes := []float64{}, []int{}
			for _, l := range got {
				left, lanes = append(left, l.Left), append(lanes, l.Lane)
			}
			if !slices.Equal(left, tc.wantLeft) || !slices.Equal(lanes, tc.wantLanes) {
				t.Errorf("left %v lanes %v, want %v %v", left, lanes, tc.wantLeft, tc.wantLanes)
			}
		})
	}
}

// TestLayoutLabelsRandom lays out random clusters of labels.
func TestLayoutLabelsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n := 1 + rng.IntN(12)
		xs, ws := make([]float64, n), make([]float64, n)
		centre := rng.Float64() * 600
		for i := range xs {
			xs[i] = min(max(centre+rng.NormFloat64()*20, 0), 600)
			ws[i] = 10 + rng.Float64()*200
		}
		checkLayout(t, xs, ws, 600, 8, layoutLabels(xs, ws, 600, 8))
	}
}

func TestTextWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want float64 // em
	}{
		{"", 0},
		{"a", 0.65},
		{"A", 0.8},
		{"W", 1},
		{"i.", 0.7},
		{"系统", 2},
		{"7 %", 0.65 + 0.35 + 1},
	} {
		if got := textWidth(tc.s, 10); got != tc.want*10 {
			t.Errorf("textWidth(%q, 10) = %v, want %v", tc.s, got, tc.want*10)
		}
	}
}

func TestTruncateLabel(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"eleven chars", 10, "eleven ch…"},
		{"系统系统系统", 4, "系统系…"},
	} {
		if got := truncateLabel(tc.s, tc.n); got != tc.want {
			t.Errorf("truncateLabel(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}

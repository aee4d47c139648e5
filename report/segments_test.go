package report

import (
	"slices"
	"testing"
)

func TestHistogram(t *testing.T) {
	got := histogram([]float64{0, 0.05, 0.1, 0.0999, 0.5, 0.99, 1, 1})
	want := [histogramBins]int{3, 1, 0, 0, 0, 1, 0, 0, 0, 3}
	if got != want {
		t.Errorf("histogram = %v, want %v", got, want)
	}
}

func TestDifferences(t *testing.T) {
	base := []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}
	sys := []float64{0.75, 0.25, 0.5, 0.625, 0.625, 0.0, 1.0}
	words := []int{20, 20, 20, 20, 20, 20, 3}
	for _, tc := range []struct {
		name          string
		words         []int
		n             int
		better, worse []difference
	}{
		{"all", words, 5,
			[]difference{{0, 0.25}, {3, 0.125}, {4, 0.125}},
			[]difference{{5, -0.5}, {1, -0.25}}},
		{"one each", words, 1, []difference{{0, 0.25}}, []difference{{5, -0.5}}},
		{"no lengths", nil, 1, []difference{{6, 0.5}}, []difference{{5, -0.5}}},
	} {
		better, worse := differences(base, sys, tc.words, 10, tc.n)
		if !slices.Equal(better, tc.better) || !slices.Equal(worse, tc.worse) {
			t.Errorf("%s: %v %v, want %v %v", tc.name, better, worse, tc.better, tc.worse)
		}
	}
}

func TestLengthBuckets(t *testing.T) {
	buckets, index := LengthBuckets([]int{0, 9, 10, 19, 55, 12, 200})
	want := []Bucket{{1, 9, 2}, {10, 19, 3}, {50, -1, 2}}
	if !slices.Equal(buckets, want) {
		t.Errorf("buckets %v, want %v", buckets, want)
	}
	if wantIndex := []int{0, 0, 1, 1, 2, 1, 2}; !slices.Equal(index, wantIndex) {
		t.Errorf("index %v, want %v", index, wantIndex)
	}
	labels := []string{}
	for _, b := range append(buckets, Bucket{Min: 7, Max: 7}) {
		labels = append(labels, b.Label())
	}
	if want := []string{"1–9", "10–19", "50+", "7"}; !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
}

func TestPalette(t *testing.T) {
	if got := rampColor(0); got != "#440154" {
		t.Errorf("rampColor(0) = %s", got)
	}
	if got := rampColor(1); got != "#fde725" {
		t.Errorf("rampColor(1) = %s", got)
	}
	if got := bandColors(3); !slices.Equal(got, []string{"#440154", "#21918c", "#fde725"}) {
		t.Errorf("bandColors(3) = %v", got)
	}
	for _, tc := range []struct{ bg, ink string }{
		{"#440154", "#ffffff"}, {"#fde725", "#000000"}, {"#ffffff", "#000000"}, {"#000000", "#ffffff"},
	} {
		if got := inkOn(tc.bg); got != tc.ink {
			t.Errorf("inkOn(%s) = %s, want %s", tc.bg, got, tc.ink)
		}
	}
	if systemColor(0) != systemColor(len(systemColors)) {
		t.Error("the system colours do not repeat")
	}
}

package bleu_test

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// segmentsOf adds hyps and refs (refs[i] are the references of segment i)
// to a new Segments with cfg.
func segmentsOf(t testing.TB, cfg bleu.Config, hyps []string, refs [][]string) *bleu.Segments {
	t.Helper()
	s := &bleu.Segments{Config: cfg}
	for i, h := range hyps {
		if err := s.Add(h, refs[i]...); err != nil {
			t.Fatalf("segment %d: %v", i, err)
		}
	}
	return s
}

// streams turns reference streams into per-segment references.
func streams(refs ...[]string) [][]string {
	out := make([][]string, len(refs[0]))
	for i := range out {
		for _, r := range refs {
			out[i] = append(out[i], r[i])
		}
	}
	return out
}

// smallCorpus is a corpus of a few segments for unit tests.
var smallCorpus = func() (c struct{ hyps, base, refs []string }) {
	c.hyps, c.base, c.refs = conftest.SmallCorpus()
	return c
}()

func smallSegments(t testing.TB, hyps []string) *bleu.Segments {
	t.Helper()
	refs := make([][]string, len(smallCorpus.refs))
	for i, r := range smallCorpus.refs {
		refs[i] = []string{r}
	}
	return segmentsOf(t, bleu.Config{}, hyps, refs)
}

func TestHolmBonferroni(t *testing.T) {
	tests := []struct {
		p, want []float64
	}{
		{nil, []float64{}},
		{[]float64{0.04}, []float64{0.04}},
		// Sorted 0.01, 0.02, 0.03, 0.04: 4·0.01, 3·0.02, 2·0.03, 1·0.04 →
		// 0.04, 0.06, 0.06, 0.06 (monotone).
		{[]float64{0.03, 0.01, 0.04, 0.02}, []float64{0.06, 0.04, 0.06, 0.06}},
		// Capped at 1; ties keep their order.
		{[]float64{0.5, 0.001, 0.5}, []float64{1, 0.003, 1}},
		{[]float64{0.2, 0.2}, []float64{0.4, 0.4}},
		{[]float64{0, 1}, []float64{0, 1}},
		// 0.01·3 = 0.03, 0.015·2 = 0.03, 0.9: monotone max keeps 0.9.
		{[]float64{0.9, 0.015, 0.01}, []float64{0.9, 0.03, 0.03}},
	}
	for _, tc := range tests {
		in := slices.Clone(tc.p)
		got := bleu.HolmBonferroni(tc.p)
		if d := cmp.Diff(tc.want, got, cmpopts.EquateApprox(0, 1e-15)); d != "" {
			t.Errorf("HolmBonferroni(%v) (-want +got):\n%s", tc.p, d)
		}
		if d := cmp.Diff(in, tc.p); d != "" {
			t.Errorf("HolmBonferroni modified its input:\n%s", d)
		}
	}
	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("HolmBonferroni(%v) did not panic", bad)
				}
			}()
			bleu.HolmBonferroni([]float64{0.5, bad})
		}()
	}
}

func TestPairedHolm(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	a := smallSegments(t, smallCorpus.hyps)
	b := smallSegments(t, smallCorpus.refs)
	res, err := bleu.PairedRandomization(context.Background(), base, []*bleu.Segments{a, b, a}, 200, bleu.SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var p, holm []float64
	for _, s := range res.Systems {
		p = append(p, s.PValue)
		holm = append(holm, s.HolmPValue)
	}
	if d := cmp.Diff(bleu.HolmBonferroni(p), holm); d != "" {
		t.Errorf("HolmPValue (-HolmBonferroni +got):\n%s", d)
	}
	// The same system twice gets the same p-value: every comparison
	// starts a fresh generator from the same seed.
	if p[0] != p[2] {
		t.Errorf("same system, different p-values %v", p)
	}
}

func TestSignificanceErrors(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	sys := smallSegments(t, smallCorpus.hyps)
	fewer := segmentsOf(t, bleu.Config{}, smallCorpus.hyps[:5], streams(smallCorpus.refs[:5]))
	lc := segmentsOf(t, bleu.Config{Lowercase: true}, smallCorpus.hyps, streams(smallCorpus.refs))
	floor := segmentsOf(t, bleu.Config{}, smallCorpus.hyps, streams(smallCorpus.refs))
	floor.Smooth = bleu.SmoothFloor
	tworefs := segmentsOf(t, bleu.Config{}, smallCorpus.hyps, streams(smallCorpus.refs, smallCorpus.base))
	var empty bleu.Segments

	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"bootstrap n=0", func() error { _, err := sys.Bootstrap(context.Background(), 0, bleu.SignificanceOptions{}); return err }, "bleu: 0 bootstrap resamples"},
		{"bootstrap n<0", func() error {
			_, err := sys.Bootstrap(context.Background(), -3, bleu.SignificanceOptions{})
			return err
		}, "bleu: -3 bootstrap resamples"},
		{"bootstrap empty", func() error {
			_, err := empty.Bootstrap(context.Background(), 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: no segments"},
		{"paired n=0", func() error {
			_, err := bleu.PairedBootstrap(context.Background(), base, []*bleu.Segments{sys}, 0, bleu.SignificanceOptions{})
			return err
		}, "bleu: 0 bootstrap resamples"},
		{"ar n=0", func() error {
			_, err := bleu.PairedRandomization(context.Background(), base, []*bleu.Segments{sys}, 0, bleu.SignificanceOptions{})
			return err
		}, "bleu: 0 randomization trials"},
		{"no systems", func() error {
			_, err := bleu.PairedBootstrap(context.Background(), base, nil, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: a paired test needs"},
		{"empty baseline", func() error {
			_, err := bleu.PairedRandomization(context.Background(), &empty, []*bleu.Segments{&empty}, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: no segments"},
		{"segment count", func() error {
			_, err := bleu.PairedBootstrap(context.Background(), base, []*bleu.Segments{sys, fewer}, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: system 2 cannot be compared with the baseline: 5 segments, the baseline 6"},
		{"options", func() error {
			_, err := bleu.PairedRandomization(context.Background(), base, []*bleu.Segments{lc}, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: statistics collected with"},
		{"smoothing", func() error {
			_, err := bleu.PairedRandomization(context.Background(), base, []*bleu.Segments{floor}, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: different smoothing"},
		{"nrefs", func() error {
			_, err := bleu.PairedBootstrap(context.Background(), base, []*bleu.Segments{tworefs}, 10, bleu.SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: nrefs:2, the baseline nrefs:1"},
	}
	for _, tc := range tests {
		err := tc.run()
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want prefix %q", tc.name, err, tc.want)
		}
	}
}

func TestIntervalText(t *testing.T) {
	iv := bleu.Interval{Estimate: bleu.Estimate{
		Score:       bleu.Score{BLEUPercent: 35.355, Precisions: []float64{0.5, 0.25}, BP: 1, HypLen: 4, RefLen: 4, Ratio: 1},
		MeanPercent: 35.1,
		CIPercent:   1.25,
	}}
	tests := []struct {
		width int
		sig   string
		mean  float64
		want  string
	}{
		{2, "nrefs:1|bs:1000", 35.1, "BLEU|nrefs:1|bs:1000 = 35.35 (μ = 35.10 ± 1.25) 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
		{1, "", 35.1, "BLEU = 35.4 (μ = 35.1 ± 1.2) 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
		// sacreBLEU shows the interval only when the mean is above 0.
		{2, "x:y", 0, "BLEU|x:y = 35.35 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
	}
	for _, tc := range tests {
		iv.MeanPercent = tc.mean
		if got := iv.Text(tc.width, tc.sig); got != tc.want {
			t.Errorf("Text(%d, %q) =\n%s\nwant\n%s", tc.width, tc.sig, got, tc.want)
		}
	}
}

// TestPerfectUnclamped checks that a corpus that matches its references
// reports sacreBLEU's 100.00000000000004 on the 0–100 scale and that
// divided by 100, unclamped, on the 0–1 scale.
func TestPerfectUnclamped(t *testing.T) {
	s := smallSegments(t, smallCorpus.refs)
	iv, err := s.Bootstrap(context.Background(), 50, bleu.SignificanceOptions{KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	const perfect = 100.00000000000004
	if iv.Score.BLEUPercent != perfect || iv.MeanPercent != perfect || iv.Mean != perfect/100 || iv.High != perfect/100 || iv.Low != perfect/100 || iv.CI != 0 || iv.CIPercent != 0 || iv.Samples[49] != perfect/100 {
		t.Errorf("perfect corpus: %+v", iv)
	}
	// The same system against itself. sacreBLEU counts differences
	// strictly above the actual one (0), so none: p = 1/(n+1).
	pr, err := bleu.PairedBootstrap(context.Background(), s, []*bleu.Segments{s}, 50, bleu.SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c := pr.Systems[0]; c.PValue != 1.0/51 || c.Mean != perfect/100 || c.MeanPercent != perfect || c.Score.BLEUPercent != perfect {
		t.Errorf("perfect paired: %+v", c)
	}
}

// TestPairedConcurrent runs paired tests of several systems at once from
// several goroutines (for the race detector) and checks that they agree
// with one-system runs.
func TestPairedConcurrent(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	systems := []*bleu.Segments{smallSegments(t, smallCorpus.hyps), smallSegments(t, smallCorpus.refs), smallSegments(t, smallCorpus.base)}
	for _, method := range []bleu.PairedMethod{bleu.BootstrapResampling, bleu.ApproximateRandomization} {
		run := func(systems []*bleu.Segments) bleu.Paired {
			var r bleu.Paired
			var err error
			if method == bleu.BootstrapResampling {
				r, err = bleu.PairedBootstrap(context.Background(), base, systems, 100, bleu.SignificanceOptions{Seed: bleu.Seeded(11)})
			} else {
				r, err = bleu.PairedRandomization(context.Background(), base, systems, 300, bleu.SignificanceOptions{Seed: bleu.Seeded(11)})
			}
			if err != nil {
				t.Error(err)
			}
			return r
		}
		all := run(systems)
		var wg sync.WaitGroup
		for i, s := range systems {
			wg.Go(func() {
				one := run([]*bleu.Segments{s})
				want := all.Systems[i]
				got := one.Systems[0]
				got.HolmPValue = want.HolmPValue
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%v system %d alone (-together +alone):\n%s", method, i, d)
				}
			})
		}
		wg.Wait()
		if method == bleu.ApproximateRandomization && (all.Baseline.Mean != 0 || all.Systems[0].CI != 0) {
			t.Error("approximate randomization reported a mean or CI")
		}
		if all.Signature.Seed != "11" {
			t.Errorf("signature %v", all.Signature)
		}
	}
}

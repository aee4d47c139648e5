package chrf

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// significanceSystems returns a baseline and two systems of a small
// corpus, as Segments under c.
func significanceSystems(t *testing.T, c Config) (*Segments, []*Segments) {
	t.Helper()
	refs := []string{"The cat sat on the mat.", "It rains today.", "He read the book.", "We meet at noon.", "", "Close the window."}
	systems := [][]string{
		{"The cat sat on the mat.", "It is raining today.", "He read a book.", "We meet at noon.", "", "Close the window!"},
		{"A cat is on the mat.", "Today it rains.", "He read the book.", "At noon we meet.", "x", "Shut the window."},
		{"The cat sat on a mat.", "It rains today.", "He reads the book.", "We meet at noon.", "", "Close window."},
	}
	var segs []*Segments
	for _, sys := range systems {
		s := &Segments{Config: c}
		for j, h := range sys {
			if err := s.Add(h, refs[j]); err != nil {
				t.Fatal(err)
			}
		}
		segs = append(segs, s)
	}
	return segs[0], segs[1:]
}

// TestSegmentsSignificance checks what the tests return besides their
// numbers (which cmd/bleu's goldens compare with sacreBLEU's): the scores
// and signatures, the Holm adjustment, and the same results again for the
// same seed.
func TestSegmentsSignificance(t *testing.T) {
	ctx := context.Background()
	bl, sys := significanceSystems(t, Config{WordOrder: 2})
	opt := bleu.SignificanceOptions{Seed: bleu.Seeded(7)}
	e, err := bl.Bootstrap(ctx, 50, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Score.Signature.String(), "nrefs:1|bs:50|seed:7|case:mixed|eff:yes|nc:6|nw:2|space:no|version:"+bleu.Version; got != want {
		t.Errorf("Bootstrap signature %q, want %q", got, want)
	}
	if e.Score.ChrFPercent != bl.Score().ChrFPercent || e.MeanPercent <= 0 || e.CIPercent <= 0 {
		t.Errorf("Bootstrap = %+v, score %v", e, bl.Score().ChrFPercent)
	}
	for _, tt := range []struct {
		name string
		test func(context.Context, *Segments, []*Segments, int, bleu.SignificanceOptions) (Paired, error)
		sig  string
	}{
		{"bootstrap", PairedBootstrap, "nrefs:1|bs:40|seed:7|"},
		{"randomization", PairedRandomization, "nrefs:1|ar:40|seed:7|"},
	} {
		p, err := tt.test(ctx, bl, sys, 40, opt)
		if err != nil {
			t.Fatal(err)
		}
		again, err := tt.test(ctx, bl, sys, 40, opt)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p.Signature.String(), tt.sig) || p.N != 40 || len(p.Systems) != 2 {
			t.Errorf("%s: %+v", tt.name, p)
		}
		if p.Baseline.Score.ChrFPercent != bl.Score().ChrFPercent || p.Baseline.Score.Signature != p.Signature {
			t.Errorf("%s: baseline %+v", tt.name, p.Baseline)
		}
		holm := bleu.HolmBonferroni([]float64{p.Systems[0].PValue, p.Systems[1].PValue})
		for i, c := range p.Systems {
			if c.Score.ChrFPercent != sys[i].Score().ChrFPercent || c.HolmPValue != holm[i] || c.PValue != again.Systems[i].PValue || c.MeanPercent != again.Systems[i].MeanPercent || c.CIPercent != again.Systems[i].CIPercent {
				t.Errorf("%s: system %d: %+v (again %+v), Holm %v", tt.name, i, c, again.Systems[i], holm[i])
			}
			if bootstrap := tt.name == "bootstrap"; bootstrap != (c.MeanPercent != 0) {
				t.Errorf("%s: system %d: mean %v", tt.name, i, c.MeanPercent)
			}
		}
	}
}

// TestSegmentsSignificanceErrors checks the tests' errors.
func TestSegmentsSignificanceErrors(t *testing.T) {
	ctx := context.Background()
	bl, sys := significanceSystems(t, Config{})
	other, _ := significanceSystems(t, Config{WordOrder: 2})
	short := &Segments{}
	if err := short.Add("a", "a"); err != nil {
		t.Fatal(err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	opt := bleu.SignificanceOptions{}
	for _, tt := range []struct {
		name string
		run  func() error
		want string
	}{
		{"no resamples", func() error { _, err := bl.Bootstrap(ctx, 0, opt); return err }, "chrf: the number of bootstrap resamples must be at least 1, not 0"},
		{"no segments", func() error { _, err := new(Segments).Bootstrap(ctx, 10, opt); return err }, "chrf: no segments to resample"},
		{"no trials", func() error { _, err := PairedRandomization(ctx, bl, sys, -1, opt); return err }, "chrf: the number of randomization trials must be at least 1, not -1"},
		{"no systems", func() error { _, err := PairedBootstrap(ctx, bl, nil, 10, opt); return err }, "chrf: a paired test needs at least one system besides the baseline"},
		{"other options", func() error { _, err := PairedBootstrap(ctx, bl, []*Segments{other}, 10, opt); return err }, "chrf: system 1 has other options"},
		{"other length", func() error { _, err := PairedBootstrap(ctx, bl, []*Segments{sys[0], short}, 10, opt); return err }, "chrf: system 2 has other options or another number of segments"},
		{"memory", func() error {
			_, err := bl.Bootstrap(ctx, 1000, bleu.SignificanceOptions{MemoryLimit: 1000})
			return err
		}, "chrf: the bootstrap needs about"},
		{"canceled", func() error { _, err := PairedBootstrap(canceled, bl, sys, 10, opt); return err }, "chrf: bootstrap resampling stopped: context canceled"},
		{"canceled randomization", func() error { _, err := PairedRandomization(canceled, bl, sys, 10, opt); return err }, "chrf: approximate randomization stopped: context canceled"},
	} {
		err := tt.run()
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if strings.Contains(tt.name, "canceled") && !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v does not wrap context.Canceled", tt.name, err)
		}
	}
	// Config changed after Add, and bad input: the Segments is unchanged.
	n, score := bl.Len(), bl.Score()
	bl.Config.WordOrder = 2
	if err := bl.Add("a", "a"); err == nil {
		t.Error("Add after a Config change: no error")
	}
	bl.Config.WordOrder = 0
	if err := bl.Add("caf\xe9", "a"); err == nil {
		t.Error("Add of invalid UTF-8: no error")
	}
	if bl.Len() != n || bl.Score().ChrFPercent != score.ChrFPercent {
		t.Errorf("after errors: %d segments, %v; want %d, %v", bl.Len(), bl.Score().ChrFPercent, n, score.ChrFPercent)
	}
}

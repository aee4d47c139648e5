package bleu_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// floorGolden is what sacreBLEU 2.6.0 prints for the floor-smoothed texts
// of cmd/bleu/testdata/exact (made by its gen.py), whose scores exceed 100.
type floorGolden struct {
	Runs []struct {
		Args   []string `json:"args"`
		Stdout string   `json:"stdout"`
	} `json:"runs"`
}

// run returns the stdout of the golden run whose arguments contain all
// of args.
func (g *floorGolden) run(t *testing.T, args ...string) string {
	t.Helper()
	for _, r := range g.Runs {
		if slices.Contains(r.Args, "floor.hyp.txt") && containsAll(r.Args, args) {
			return r.Stdout
		}
	}
	t.Fatalf("no golden run with %q", args)
	return ""
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// TestUnclampedAboveOne checks that every 0–1 value is sacreBLEU's number
// divided by 100, bit for bit, where floor smoothing with value 50 lifts
// sacreBLEU's BLEU past 100: the corpus score, every sentence score, the
// bootstrap mean and interval, and the paired tests' means (sacreBLEU's
// own numbers from its JSON and text output).
func TestUnclampedAboveOne(t *testing.T) {
	dir := filepath.Join("cmd", "bleu", "testdata", "exact")
	data, err := os.ReadFile(filepath.Join(dir, "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g floorGolden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	refs := conftest.ReadLines(t, filepath.Join(dir, "floor.ref.txt"))
	hyps := conftest.ReadLines(t, filepath.Join(dir, "floor.hyp.txt"))
	sys2 := conftest.ReadLines(t, filepath.Join(dir, "floor.sys2.txt"))
	cfg := bleu.Config{Smooth: bleu.SmoothFloor, SmoothValue: 50}

	var corpus struct {
		Score float64 `json:"score"`
	}
	if err := json.Unmarshal([]byte(g.run(t, "json", "-sv")), &corpus); err != nil {
		t.Fatal(err)
	}
	sc, err := cfg.Corpus(hyps, refs)
	if err != nil {
		t.Fatal(err)
	}
	if corpus.Score <= 100 || sc.BLEUPercent != corpus.Score || sc.BLEU != corpus.Score/100 {
		t.Errorf("corpus: BLEU %v, BLEUPercent %v; sacreBLEU %v", sc.BLEU, sc.BLEUPercent, corpus.Score)
	}

	// Sentence scores (effective order, as sacreBLEU's -sl), printed at -w 16.
	sent := bleu.Config{Smooth: bleu.SmoothFloor, SmoothValue: 50, EffectiveOrder: true}
	unit, err := sent.Sentences(hyps, refs)
	if err != nil {
		t.Fatal(err)
	}
	pct, err := sent.SentencesPercent(hyps, refs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(g.run(t, "-sl"), "\n"), "\n")
	if len(lines) != len(hyps) {
		t.Fatalf("%d golden sentence lines for %d segments", len(lines), len(hyps))
	}
	above := 0
	for i, line := range lines {
		f := strings.Fields(line[strings.Index(line, " = ")+3:])
		if got := strconv.FormatFloat(pct[i], 'f', 16, 64); got != f[0] || unit[i] != pct[i]/100 {
			t.Errorf("sentence %d: %v (%v on the 0–1 scale), sacreBLEU %s", i, got, unit[i], f[0])
		}
		if unit[i] > 1 {
			above++
		}
	}
	if above == 0 {
		t.Error("no sentence scores above 1: the texts do not test the class")
	}

	// Bootstrap interval (-ci) and paired tests.
	var ci struct {
		Mean float64 `json:"confidence_mean"`
		Var  float64 `json:"confidence_var"`
	}
	if err := json.Unmarshal([]byte(g.run(t, "-ci")), &ci); err != nil {
		t.Fatal(err)
	}
	segs := func(hyps []string) *bleu.Segments {
		s := &bleu.Segments{Config: cfg}
		for i := range hyps {
			if err := s.Add(hyps[i], refs[i]); err != nil {
				t.Fatal(err)
			}
		}
		return s
	}
	base, other := segs(hyps), segs(sys2)
	iv, err := base.Bootstrap(context.Background(), 1000, bleu.SignificanceOptions{KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	if iv.MeanPercent != ci.Mean || iv.Mean != ci.Mean/100 || iv.CI != ci.Var/100 ||
		iv.Low <= 1 || iv.High <= iv.Low || iv.Samples[25] != iv.Low || iv.Samples[974] != iv.High {
		t.Errorf("bootstrap: %+v; sacreBLEU mean %v ± %v", iv.Estimate, ci.Mean, ci.Var)
	}
	type sys struct {
		BLEU struct {
			Score float64  `json:"score"`
			P     *float64 `json:"p_value"`
			Mean  *float64 `json:"mean"`
			CI    *float64 `json:"ci"`
		} `json:"BLEU"`
	}
	for _, tt := range []struct {
		flag string
		test func(context.Context, *bleu.Segments, []*bleu.Segments, int, bleu.SignificanceOptions) (bleu.Paired, error)
		n    int
	}{
		{"--paired-bs", bleu.PairedBootstrap, 1000},
		{"--paired-ar", bleu.PairedRandomization, 500},
	} {
		var want []sys
		if err := json.Unmarshal([]byte(g.run(t, tt.flag)), &want); err != nil {
			t.Fatal(err)
		}
		res, err := tt.test(context.Background(), base, []*bleu.Segments{other}, tt.n, bleu.SignificanceOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := []bleu.Estimate{res.Baseline, res.Systems[0].Estimate}
		for i, w := range want {
			e := got[i]
			ok := e.Score.BLEUPercent == w.BLEU.Score && e.Score.BLEU == w.BLEU.Score/100
			if w.BLEU.Mean != nil {
				ok = ok && e.MeanPercent == *w.BLEU.Mean && e.Mean == *w.BLEU.Mean/100 && e.CI == *w.BLEU.CI/100
			}
			if !ok {
				t.Errorf("%s system %d: %+v; sacreBLEU %+v", tt.flag, i, e, w.BLEU)
			}
		}
		if p := res.Systems[0].PValue; p != *want[1].BLEU.P {
			t.Errorf("%s: p-value %v; sacreBLEU %v", tt.flag, p, *want[1].BLEU.P)
		}
	}
}

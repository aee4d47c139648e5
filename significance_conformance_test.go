package bleu_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// TestConformanceBootstrap checks the bootstrap entry of every golden file
// that has one: score, mean, CI, all resample scores, the first indices,
// formatted strings and signatures.
func TestConformanceBootstrap(t *testing.T) {
	forEachConformanceSet(t, testConformanceBootstrap)
}

func testConformanceBootstrap(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var c checks
	found := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Bootstrap json.RawMessage `json:"bootstrap"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if head.Bootstrap == nil {
			continue
		}
		var g struct {
			DataDir   string            `json:"data_dir"`
			Systems   map[string]string `json:"systems"`
			Bootstrap *struct {
				System               string       `json:"system"`
				Config               goldenConfig `json:"config"`
				NBootstrap           int          `json:"n_bootstrap"`
				Seed                 string       `json:"seed"`
				Signature            string       `json:"signature"`
				SignatureShort       string       `json:"signature_short"`
				Score                float64      `json:"score"`
				Mean                 float64      `json:"mean"`
				CI                   float64      `json:"ci"`
				Formatted            string       `json:"formatted"`
				FormattedWidth1      string       `json:"formatted_width1"`
				FirstResampleIndices []int        `json:"first_resample_indices"`
				SampleScoresSorted   []float64    `json:"sample_scores_sorted"`
			} `json:"bootstrap"`
		}
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Bootstrap == nil {
			continue
		}
		found++
		bs := g.Bootstrap
		t.Run(filepath.Base(f), func(t *testing.T) {
			data := filepath.Join(dir, g.DataDir)
			hyps := conftest.ReadLines(t, filepath.Join(data, g.Systems[bs.System]))
			var refStreams [][]string
			for _, r := range bs.Config.Refs {
				refStreams = append(refStreams, conftest.ReadLines(t, filepath.Join(data, r)))
			}
			s := segmentsOf(t, bs.Config.config(t), hyps, streams(refStreams...))
			seed, err := bleu.ParseSeed(bs.Seed)
			if err != nil {
				t.Fatal(err)
			}
			iv, err := s.Bootstrap(context.Background(), bs.NBootstrap, bleu.SignificanceOptions{Seed: seed, KeepSamples: true})
			if err != nil {
				t.Fatal(err)
			}
			samples := sortedPercents(t, s, bs.NBootstrap, seed)
			type result struct {
				Score, Mean, CI float64
				Samples         []float64
			}
			c.diff(t, "bootstrap numbers",
				result{bs.Score, bs.Mean, bs.CI, bs.SampleScoresSorted},
				result{iv.Score.BLEUPercent, iv.MeanPercent, iv.CIPercent, samples})
			c.diff(t, "score.Percent()", bs.Score, iv.Score.Percent())
			c.diff(t, "0-1 scale", unitScale(bs.Mean, bs.CI, bs.SampleScoresSorted), unitScale(iv.MeanPercent, iv.CIPercent, samples))
			c.diff(t, "0-1 fields", unitScale(iv.MeanPercent, iv.CIPercent, samples), []float64{iv.Mean, iv.CI, iv.Low, iv.High})
			c.diff(t, "0-1 samples", toUnit(samples), iv.Samples)

			idx := make([]int, len(bs.FirstResampleIndices))
			bleu.FillResampleIndices(seed, idx, s.Len())
			c.diff(t, "first resample indices", bs.FirstResampleIndices, idx)

			sig := iv.Score.Signature
			c.diff(t, "signature", ourVersion(bs.Signature), sig.String())
			c.diff(t, "short signature", ourVersion(bs.SignatureShort), sig.Short())
			c.diff(t, "formatted", ourVersion(bs.Formatted), iv.Text(2, sig.String()))
			c.diff(t, "formatted width 1", ourVersion(bs.FormattedWidth1), iv.Text(1, sig.String()))
			c.diff(t, "seed text", bs.Seed, seed.String())
		})
	}
	if found == 0 {
		t.Fatal("no golden file has a bootstrap entry")
	}
	c.logChecks(t, set, "bootstrap")
	t.Logf("%s: %d golden files with a bootstrap entry", set.Name, found)
}

// sortedPercents returns the sorted 0–100 scores of n bootstrap resamples
// of s with seed, which Bootstrap reports on the 0–1 scale.
func sortedPercents(t testing.TB, s *bleu.Segments, n int, seed bleu.Seed) []float64 {
	t.Helper()
	out, err := bleu.BootstrapPercents(s, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// toUnit returns the 0–100 scores on the 0–1 scale: Bootstrap's Samples.
func toUnit(pct []float64) []float64 {
	out := make([]float64, len(pct))
	for i, x := range pct {
		out[i] = x / 100
	}
	return out
}

// unitScale returns a bootstrap's mean, CI and interval bounds on the 0–1
// scale from its 0–100 numbers.
func unitScale(mean, ci float64, sorted []float64) []float64 {
	n := len(sorted)
	return []float64{mean / 100, ci / 100, sorted[n/40] / 100, sorted[n-n/40-1] / 100}
}

// TestConformancePaired checks the paired bootstrap and approximate
// randomization results of every golden file that has them.
func TestConformancePaired(t *testing.T) {
	forEachConformanceSet(t, testConformancePaired)
}

func testConformancePaired(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var c checks
	found := 0
	type row struct {
		System string   `json:"system"`
		Score  float64  `json:"score"`
		PValue *float64 `json:"p_value"`
		Mean   *float64 `json:"mean"`
		CI     *float64 `json:"ci"`
	}
	type test struct {
		NSamples  int    `json:"n_samples"`
		Signature string `json:"signature"`
		Results   []row  `json:"results"`
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Baseline *string         `json:"baseline"`
			Tests    json.RawMessage `json:"tests"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if head.Baseline == nil || head.Tests == nil {
			continue
		}
		var g struct {
			Pair     string          `json:"pair"`
			Baseline string          `json:"baseline"`
			Systems  []string        `json:"systems"`
			Config   goldenConfig    `json:"config"`
			Tests    map[string]test `json:"tests"`
		}
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Tests == nil || g.Baseline == "" {
			continue
		}
		found++
		t.Run(filepath.Base(f), func(t *testing.T) {
			// The paired files name systems; their files follow the set's
			// layout, data/<pair>/sys-<System>.txt.
			data := filepath.Join(dir, "data", g.Pair)
			var refStreams [][]string
			for _, r := range g.Config.Refs {
				refStreams = append(refStreams, conftest.ReadLines(t, filepath.Join(data, r)))
			}
			refs := streams(refStreams...)
			cfg := g.Config.config(t)
			load := func(name string) *bleu.Segments {
				return segmentsOf(t, cfg, conftest.ReadLines(t, filepath.Join(data, "sys-"+name+".txt")), refs)
			}
			baseline := load(g.Baseline)
			var systems []*bleu.Segments
			for _, name := range g.Systems {
				systems = append(systems, load(name))
			}
			for key, tc := range g.Tests {
				t.Run(key, func(t *testing.T) {
					var res bleu.Paired
					var err error
					switch key {
					case "bs":
						res, err = bleu.PairedBootstrap(context.Background(), baseline, systems, tc.NSamples, bleu.SignificanceOptions{})
					case "ar":
						res, err = bleu.PairedRandomization(context.Background(), baseline, systems, tc.NSamples, bleu.SignificanceOptions{})
					default:
						t.Skipf("unknown test %q", key)
					}
					if err != nil {
						t.Fatal(err)
					}
					if res.Method.String() != key {
						t.Errorf("Method = %v, want %s", res.Method, key)
					}
					opt := func(x float64) *float64 { return &x }
					got := []row{{System: g.Baseline, Score: res.Baseline.Score.BLEUPercent}}
					if key == "bs" {
						got[0].Mean, got[0].CI = opt(res.Baseline.MeanPercent), opt(res.Baseline.CIPercent)
					}
					for i, s := range res.Systems {
						r := row{System: g.Systems[i], Score: s.Score.BLEUPercent, PValue: opt(s.PValue)}
						if key == "bs" {
							r.Mean, r.CI = opt(s.MeanPercent), opt(s.CIPercent)
						}
						got = append(got, r)
					}
					c.diff(t, "rows", tc.Results, got)
					c.diff(t, "signature", ourVersion(tc.Signature), res.Signature.String())
					for i, s := range res.Systems {
						c.diff(t, fmt.Sprintf("system %d signature", i+1), ourVersion(tc.Signature), s.Score.Signature.String())
					}
				})
			}
		})
	}
	if found == 0 {
		t.Fatalf("%s: no golden file has paired tests", set.Name)
	}
	c.logChecks(t, set, "paired-test")
	t.Logf("%s: %d golden files with paired tests", set.Name, found)
}

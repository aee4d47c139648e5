package chrf

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/go-bleu/bleu"
)

// goldens is testdata/goldens.json, made by testdata/gen.py with
// sacreBLEU 2.6.0.
type goldens struct {
	Cases []struct {
		CharOrder      int        `json:"char_order"`
		WordOrder      int        `json:"word_order"`
		Beta           int        `json:"beta"`
		Lowercase      bool       `json:"lowercase"`
		Whitespace     bool       `json:"whitespace"`
		EpsSmoothing   bool       `json:"eps_smoothing"`
		Hyps           []string   `json:"hyps"`
		Refs           [][]string `json:"refs"`
		Name           string     `json:"name"`
		Score          float64    `json:"score"`
		Signature      string     `json:"signature"`
		ShortSignature string     `json:"short_signature"`
		Stats          []int64    `json:"stats"`
		Rows           [][]int64  `json:"rows"`
		Sentences      []float64  `json:"sentences"`
	} `json:"cases"`
	TestChrF []struct {
		From    string     `json:"from"`
		Hyps    []string   `json:"hyps"`
		Refs    [][]string `json:"refs"`
		Options struct {
			CharOrder    *int `json:"char_order"`
			WordOrder    *int `json:"word_order"`
			Beta         *int `json:"beta"`
			EpsSmoothing bool `json:"eps_smoothing"`
			Whitespace   bool `json:"whitespace"`
		} `json:"options"`
		Expected float64 `json:"expected"`
		Score    float64 `json:"score"`
	} `json:"test_chrf"`
	Resampling []struct {
		CharOrder    int  `json:"char_order"`
		WordOrder    int  `json:"word_order"`
		Beta         int  `json:"beta"`
		EpsSmoothing bool `json:"eps_smoothing"`
		Float32      []struct {
			Sums  []float32 `json:"sums"`
			Score float64   `json:"score"`
		} `json:"float32"`
		Int64 []struct {
			Sums  []int64 `json:"sums"`
			Score float64 `json:"score"`
		} `json:"int64"`
	} `json:"resampling"`
}

func loadGoldens(t testing.TB) *goldens {
	t.Helper()
	data, err := os.ReadFile("testdata/goldens.json")
	if err != nil {
		t.Fatal(err)
	}
	var g goldens
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// configOf returns the Config of sacreBLEU's options.
func configOf(nc, nw, beta int, lc, ws, eps bool) Config {
	c := Config{CharOrder: nc, WordOrder: nw, Beta: beta, Lowercase: lc, Whitespace: ws, EpsSmoothing: eps}
	if nc == 0 {
		c.CharOrder = NoCharNGrams
	}
	if beta == 0 {
		c.Beta = BetaZero
	}
	return c
}

// same reports whether a and b are the same float64, bit for bit.
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func TestGoldens(t *testing.T) {
	g := loadGoldens(t)
	for i, gc := range g.Cases {
		c := configOf(gc.CharOrder, gc.WordOrder, gc.Beta, gc.Lowercase, gc.Whitespace, gc.EpsSmoothing)
		sc, err := c.Corpus(gc.Hyps, gc.Refs...)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !same(sc.ChrFPercent, gc.Score) || sc.ChrF != gc.Score/100 {
			t.Errorf("case %d (%+v): score %v, sacreBLEU %v", i, c, sc.ChrFPercent, gc.Score)
		}
		if !slices.Equal(sc.Statistics, gc.Stats) {
			t.Errorf("case %d: statistics %v, sacreBLEU %v", i, sc.Statistics, gc.Stats)
		}
		want := gc.Signature[:len(gc.Signature)-len("2.6.0")] + bleu.Version
		if got := sc.Signature.String(); got != want {
			t.Errorf("case %d: signature %q, want %q", i, got, want)
		}
		wantShort := gc.ShortSignature[:len(gc.ShortSignature)-len("2.6.0")] + bleu.Version
		if got := sc.Signature.Short(); got != wantShort {
			t.Errorf("case %d: short signature %q, want %q", i, got, wantShort)
		}
		if sc.Name != gc.Name {
			t.Errorf("case %d: name %q, want %q", i, sc.Name, gc.Name)
		}
		// One segment at a time, with the rows.
		s := Stats{Config: c}
		refs := make([]string, len(gc.Refs))
		var row []int64
		for j, h := range gc.Hyps {
			for k := range gc.Refs {
				refs[k] = gc.Refs[k][j]
			}
			row, err = s.AddRow(row[:0], h, refs...)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(row, gc.Rows[j]) {
				t.Errorf("case %d segment %d: row %v, sacreBLEU %v", i, j, row, gc.Rows[j])
			}
			one, err := c.Sentence(h, refs...)
			if err != nil {
				t.Fatal(err)
			}
			if !same(one.ChrFPercent, gc.Sentences[j]) {
				t.Errorf("case %d segment %d: sentence %v, sacreBLEU %v", i, j, one.ChrFPercent, gc.Sentences[j])
			}
		}
		if got := s.Score(); !same(got.ChrFPercent, gc.Score) {
			t.Errorf("case %d: one at a time %v, sacreBLEU %v", i, got.ChrFPercent, gc.Score)
		}
		pc, err := c.SentencesPercent(gc.Hyps, gc.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		fr, err := c.Sentences(gc.Hyps, gc.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		for j := range pc {
			if !same(pc[j], gc.Sentences[j]) || fr[j] != gc.Sentences[j]/100 {
				t.Errorf("case %d segment %d: Sentences %v, %v, sacreBLEU %v", i, j, pc[j], fr[j], gc.Sentences[j])
			}
		}
	}
}

// TestSacreBLEUTestChrF runs the cases of sacreBLEU's test/test_chrf.py:
// the scores sacreBLEU 2.6.0 gives them exactly, and its test's expected
// values to its tolerance, 1e-4.
func TestSacreBLEUTestChrF(t *testing.T) {
	g := loadGoldens(t)
	if len(g.TestChrF) != 25 {
		t.Fatalf("%d cases of test_chrf.py, want 25", len(g.TestChrF))
	}
	for i, tc := range g.TestChrF {
		o := tc.Options
		nc, nw, beta := 6, 0, 2
		if o.CharOrder != nil {
			nc = *o.CharOrder
		}
		if o.WordOrder != nil {
			nw = *o.WordOrder
		}
		if o.Beta != nil {
			beta = *o.Beta
		}
		c := configOf(nc, nw, beta, false, o.Whitespace, o.EpsSmoothing)
		sc, err := c.Corpus(tc.Hyps, tc.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		if !same(sc.ChrFPercent, tc.Score) || math.Abs(sc.ChrFPercent-tc.Expected) >= 1e-4 {
			t.Errorf("%s case %d: %v, sacreBLEU %v, test_chrf.py %v", tc.From, i, sc.ChrFPercent, tc.Score, tc.Expected)
		}
	}
}

func TestResamplingFormulas(t *testing.T) {
	g := loadGoldens(t)
	n := 0
	for _, r := range g.Resampling {
		c := configOf(r.CharOrder, r.WordOrder, r.Beta, false, false, r.EpsSmoothing)
		for _, f := range r.Float32 {
			if got := c.PercentOfFloat32Sums(f.Sums); !same(got, f.Score) {
				t.Errorf("%+v float32 %v: %v, sacreBLEU %v", c, f.Sums, got, f.Score)
			}
			n++
		}
		for _, f := range r.Int64 {
			if got := c.PercentOfSums(f.Sums); !same(got, f.Score) {
				t.Errorf("%+v int64 %v: %v, sacreBLEU %v", c, f.Sums, got, f.Score)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no resampling goldens")
	}
}

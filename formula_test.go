package bleu_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// TestOneFormula checks that the score of Stats.Score and the score the
// significance tests compute for the same statistics (scorer.percent, on
// a row of sums) are the same bits, and sacreBLEU's, on every corpus
// score of each conformance set: the pair goldens' corpus entries and the
// systems of the paired-test goldens.
func TestOneFormula(t *testing.T) {
	forEachConformanceSet(t, func(t *testing.T, set conformanceSet) { testOneFormula(t, set.Dir) })
}

func testOneFormula(t *testing.T, dir string) {
	type entry struct {
		cfg   goldenConfig
		data  string   // the pair's data directory
		hyps  []string // system files
		wants []float64
	}
	var entries []entry
	pairs, _ := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	for _, f := range pairs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			DataDir  string          `json:"data_dir"`
			Systems  json.RawMessage `json:"systems"`
			Pair     string          `json:"pair"`
			Baseline string          `json:"baseline"`
			Config   goldenConfig    `json:"config"`
			Corpus   []struct {
				Config  goldenConfig           `json:"config"`
				Results map[string]goldenScore `json:"results"`
			} `json:"corpus"`
			Tests map[string]struct {
				Results []struct {
					System string  `json:"system"`
					Score  float64 `json:"score"`
				} `json:"results"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Tests == nil && (g.DataDir == "" || g.Corpus == nil) {
			continue // edge cases or command lines
		}
		if g.Tests != nil {
			// A paired-test golden: every system's score, baseline included.
			for _, test := range g.Tests {
				for _, r := range test.Results {
					entries = append(entries, entry{g.Config, filepath.Join(dir, "data", g.Pair), []string{"sys-" + r.System + ".txt"}, []float64{r.Score}})
				}
			}
			continue
		}
		var systems map[string]string
		if err := json.Unmarshal(g.Systems, &systems); err != nil {
			t.Fatalf("%s: systems: %v", f, err)
		}
		for _, e := range g.Corpus {
			for sys, want := range e.Results {
				entries = append(entries, entry{e.Config, filepath.Join(dir, g.DataDir), []string{systems[sys]}, []float64{want.Score}})
			}
		}
	}
	files := map[string][]string{}
	read := func(path string) []string {
		if files[path] == nil {
			files[path] = conftest.ReadLines(t, path)
		}
		return files[path]
	}
	checked := 0
	for _, e := range entries {
		cfg := e.cfg.config(t)
		hyps := read(filepath.Join(e.data, e.hyps[0]))
		var refs [][]string
		for _, r := range e.cfg.Refs {
			refs = append(refs, read(filepath.Join(e.data, r)))
		}
		st := bleu.Stats{Config: cfg}
		if err := st.AddCorpus(hyps, refs...); err != nil {
			t.Fatal(err)
		}
		score := st.Score()
		sig := bleu.SignificancePercent(&st)
		if math.Float64bits(sig) != math.Float64bits(score.BLEUPercent) {
			t.Errorf("%+v %s: Stats.Score %v, the significance tests' %v", e.cfg, e.hyps[0], score.BLEUPercent, sig)
		}
		if want := e.wants[0]; score.BLEUPercent != want {
			t.Errorf("%+v %s: %v, sacreBLEU %v", e.cfg, e.hyps[0], score.BLEUPercent, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no corpus scores to check")
	}
	t.Logf("%d corpus scores, the same bits both ways and as sacreBLEU's", checked)
}

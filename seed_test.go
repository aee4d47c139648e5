package bleu_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/google/go-cmp/cmp"
)

func TestBootstrapGoldenIndices(t *testing.T) {
	forEachConformanceSet(t, testBootstrapGoldenIndices)
}

func testBootstrapGoldenIndices(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			NSegments int `json:"n_segments"`
			Bootstrap *struct {
				NBootstrap               int    `json:"n_bootstrap"`
				Seed                     string `json:"seed"`
				FirstResampleIndices     []int  `json:"first_resample_indices"`
				RNGChoiceEqualsIntegers  bool   `json:"rng_choice_equals_integers"`
				SampleScoresSortedLength []any  `json:"sample_scores_sorted"`
			} `json:"bootstrap"`
		}
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Bootstrap == nil {
			continue
		}
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			b := g.Bootstrap
			if !b.RNGChoiceEqualsIntegers {
				t.Errorf("rng_choice_equals_integers = false; FillIntn assumes choice == integers")
			}
			if len(b.SampleScoresSortedLength) != b.NBootstrap {
				t.Errorf("%d sample scores, n_bootstrap %d", len(b.SampleScoresSortedLength), b.NBootstrap)
			}
			s, err := bleu.ParseSeed(b.Seed)
			seed, seeded := s.Value()
			if err != nil || !seeded {
				t.Fatalf("ParseSeed(%q) = %d, %v, %v", b.Seed, seed, seeded, err)
			}
			// idxs = rng.choice(N, size=(n_bootstrap, N)): one fill.
			idx := make([]int, b.NBootstrap*g.NSegments)
			numpy.NewPCG64(seed).FillIntn(idx, g.NSegments)
			if diff := cmp.Diff(b.FirstResampleIndices, idx[:len(b.FirstResampleIndices)]); diff != "" {
				t.Errorf("first resample indices (-golden +got):\n%s", diff)
			}
			p := numpy.NewPCG64(seed)
			var one []int
			for range b.FirstResampleIndices {
				one = append(one, int(p.Intn(uint64(g.NSegments))))
			}
			if diff := cmp.Diff(b.FirstResampleIndices, one); diff != "" {
				t.Errorf("Intn one by one (-golden +got):\n%s", diff)
			}
		})
		checked++
	}
	if checked < 3 {
		t.Errorf("%s: checked %d golden files with a bootstrap key, want at least 3", set.Name, checked)
	}
}

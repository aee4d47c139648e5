package resample

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
)

// terRows makes the rows of testdata/gen.py: [edits, average reference
// length] of n segments, from its 64-bit linear congruential sequence.
func terRows(n int, seed uint64) *Rows {
	state := seed
	next := func(mod uint64) uint64 {
		state = state*6364136223846793005 + 1442695040888963407
		return (state >> 33) % mod
	}
	var r Rows
	for range n {
		edits := next(15)
		nrefs := 1 + next(3)
		total := uint64(0)
		for range nrefs {
			total += 1 + next(40)
		}
		r.AppendFloat([]float64{float64(edits), float64(total) / float64(nrefs)})
	}
	return &r
}

// terScore is sacreBLEU's TER._compute_score_from_stats as NumPy 1.24
// evaluates it: in the bootstrap the ratio of two float32 sums is a
// float32, and 100 times it a float64 (a Python int times a NumPy float32
// scalar); in approximate randomization everything is float64.
var terScore = ScoreFunc(func(s Sum) float64 {
	if s.Float32 != nil {
		edits, ref := s.Float32[0], s.Float32[1]
		switch {
		case ref > 0:
			return 100 * float64(edits/ref)
		case edits > 0:
			return 100
		}
		return 0
	}
	edits, ref := s.Float64[0], s.Float64[1]
	switch {
	case ref > 0:
		return 100 * (edits / ref)
	case edits > 0:
		return 100
	}
	return 0
})

// TestFloatRowsGolden checks the bootstrap and approximate randomization
// of float rows against NumPy running sacreBLEU's code on the same rows
// (testdata/float_rows.json, made by testdata/gen.py): every bootstrap
// score to the last bit, and the count of randomization trials.
func TestFloatRowsGolden(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "float_rows.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Segments  int
		Bootstrap []float64
		ARTrials  int `json:"ar_trials"`
		ARCount   int `json:"ar_count"`
		Diff      float64
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	bl, sys := terRows(g.Segments, 1), terRows(g.Segments, 2)
	got := make([]float64, len(g.Bootstrap))
	d := Draw{RNG: numpy.NewPCG64(12345), Series: []Series{{sys, got}}}
	if err := Bootstrap(context.Background(), terScore, len(got), []Draw{d}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, g.Bootstrap) {
		t.Errorf("bootstrap scores\n%v, NumPy's\n%v", got, g.Bootstrap)
	}
	count, err := Randomize(context.Background(), numpy.NewPCG64(12345), g.ARTrials, terScore, bl, sys, g.Diff, nil)
	if err != nil || count != g.ARCount {
		t.Errorf("randomization: %d trials above the difference (%v), NumPy %d", count, err, g.ARCount)
	}
}

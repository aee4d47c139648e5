package resample_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/resample"
)

// A metric with rows of [hits, total] per segment, scored as their ratio
// on the 0–100 scale, plugs into the engine with its rows and its score.
// The bounds are those NumPy gives for the same seed and rows.
func Example() {
	segments := [][2]int64{{3, 4}, {1, 5}, {6, 6}, {0, 2}, {4, 7}, {2, 3}}
	var sys resample.Rows
	for _, seg := range segments {
		sys.Append(seg[:])
	}
	score := resample.ScoreFunc(func(s resample.Sum) float64 {
		if s.Float32 != nil { // the bootstrap: a float32 ratio, times 100 in float64, as NumPy has it
			return 100 * float64(s.Float32[0]/s.Float32[1])
		}
		return 100 * float64(s.Int64[0]) / float64(s.Int64[1])
	})

	scores := make([]float64, 1000)
	draw := resample.Draw{RNG: numpy.NewPCG64(12345), Series: []resample.Series{{Rows: &sys, Scores: scores}}}
	if err := resample.Bootstrap(context.Background(), score, len(scores), []resample.Draw{draw}, nil); err != nil {
		fmt.Println(err)
		return
	}
	slices.Sort(scores)
	lo, hi := resample.Bounds(scores)
	fmt.Printf("corpus %.2f, 95%% of resamples in [%.2f, %.2f]\n", score(resample.Sum{Int64: sys.Totals()}), lo, hi)
	// Output: corpus 59.26, 95% of resamples in [33.33, 84.38]
}

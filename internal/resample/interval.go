package resample

import (
	"math"

	"github.com/go-bleu/bleu/internal/numpy"
)

// Bounds returns sacreBLEU's bounds of the 95% interval of sorted
// resample scores (estimate_ci): sorted[n//40] and sorted[n - n//40 - 1].
func Bounds(sorted []float64) (lo, hi float64) {
	n := len(sorted)
	return sorted[n/40], sorted[n-n/40-1]
}

// PValue returns sacreBLEU's p-value of count statistics of n strictly
// above the observed one: (count + 1) / (n + 1).
func PValue(count, n int) float64 {
	return float64(count+1) / float64(n+1)
}

// PairedCount returns how many resamples of a paired bootstrap count
// against the null hypothesis, as sacreBLEU's _paired_bs_test: with
// sample_diffs = |system - baseline| (resample by resample) and stats =
// sample_diffs - sample_diffs.mean() (NumPy's mean), the number of stats
// strictly above diff. diffs is scratch of len(system) values.
func PairedCount(system, baseline []float64, diff float64, diffs []float64) int {
	for r := range diffs {
		diffs[r] = math.Abs(system[r] - baseline[r])
	}
	mean := numpy.Mean(diffs)
	count := 0
	for _, d := range diffs {
		if d-mean > diff {
			count++
		}
	}
	return count
}

package ter

// PercentFromFloat32Sums is sacreBLEU's TER._compute_score_from_stats on
// the float32 sums of resampled rows ([edits, reference length], see
// [Config.Rows]) that its bootstrap resampling computes with NumPy 1.24:
// the division is float32 (edits/refLen rounded to float32), then 100 times
// it is a float64, as NumPy's legacy promotion makes a Python int times a
// float32 scalar. The result is on the 0–100 scale.
func PercentFromFloat32Sums(sums [2]float32) float64 {
	edits, refLen := sums[0], sums[1]
	switch {
	case refLen > 0:
		return 100 * float64(edits/refLen)
	case edits > 0:
		return 100
	}
	return 0
}

// PercentFromSums is sacreBLEU's TER._aggregate_and_compute on one row of
// float64 sums ([edits, reference length]), as its approximate
// randomization test calls it: the score on the 0–100 scale, computed in
// float64.
func PercentFromSums(sums [2]float64) float64 {
	edits, refLen := sums[0], sums[1]
	switch {
	case refLen > 0:
		return 100 * (edits / refLen)
	case edits > 0:
		return 100
	}
	return 0
}

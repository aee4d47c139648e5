package resample

// Sum is the column sums of a set of rows that a [Scorer] scores:
//
//   - in [Bootstrap], Float32 holds the float32 sums of the resample, as
//     NumPy's stats[idx].sum(0) on a float32 array; for integer rows Int64
//     holds the same values as integers (a float32 sum of integers is an
//     integer), for float rows it is nil;
//   - in [Randomize], Float32 is nil, and Int64 (integer rows) or Float64
//     (float rows) holds the sums in the rows' own type, as NumPy's
//     pos_sel @ stats computes them in the stats' dtype.
//
// The slices belong to the engine and are reused: a Scorer reads them
// during the call only and never modifies them.
type Sum struct {
	Float32 []float32
	Int64   []int64
	Float64 []float64
}

// Scorer is a metric's score of summed statistics, sacreBLEU's
// _compute_score_from_stats (or _aggregate_and_compute), returning the
// score on the scale sacreBLEU compares (0–100 for BLEU, chrF and TER).
// It is called from several goroutines at once.
type Scorer interface {
	Score(Sum) float64
}

// ScoreFunc adapts a function to a [Scorer].
type ScoreFunc func(Sum) float64

// Score returns f(s).
func (f ScoreFunc) Score(s Sum) float64 { return f(s) }

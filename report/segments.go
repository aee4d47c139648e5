package report

import (
	"cmp"
	"slices"
)

// Views of the sentence scores: their distribution, and the segments
// where a system and the baseline differ most.

// histogramBins is the number of bins of a sentence-BLEU histogram, each
// ten points of BLEU wide.
const histogramBins = 10

// histogram counts the sentence scores in bins [0, 0.1), [0.1, 0.2), ...,
// [0.9, 1]; a perfect score (1 or a few ulps above it) goes into the last
// bin, and the scores above the scale (see [aboveScale]) into none.
func histogram(scores []float64) [histogramBins]int {
	var h [histogramBins]int
	for _, v := range scores {
		if v <= perfectMax {
			h[min(int(v*histogramBins), histogramBins-1)]++
		}
	}
	return h
}

// perfectMax is the largest score counted as at most 100 BLEU points: a
// perfect match scores 1 plus rounding (1.0000000000000004 for sacreBLEU's
// 100.00000000000004); only floor smoothing with a value above 1 scores
// more, and then by far more than this.
const perfectMax = 1 + 1e-9

// aboveScale is the number of scores above perfectMax, which no bin of the
// histogram holds.
func aboveScale(scores []float64) int {
	n := 0
	for _, v := range scores {
		if v > perfectMax {
			n++
		}
	}
	return n
}

// difference is a segment where a system and the baseline differ.
type difference struct {
	Segment int     // index of the segment
	Delta   float64 // system's sentence BLEU minus the baseline's
}

// differences returns the segments where sys scores above base most and
// those where it scores below most, up to n of each, largest first,
// leaving out ties and segments whose reference has fewer than minWords
// words (words may be empty: no segment is left out for its length). Equal
// differences keep the order of the segments.
func differences(base, sys []float64, words []int, minWords, n int) (better, worse []difference) {
	for i := range base {
		if len(words) > 0 && words[i] < minWords {
			continue
		}
		switch d := sys[i] - base[i]; {
		case d > 0:
			better = append(better, difference{i, d})
		case d < 0:
			worse = append(worse, difference{i, d})
		}
	}
	largest := func(ds []difference) []difference {
		slices.SortStableFunc(ds, func(a, b difference) int { return cmp.Compare(abs(b.Delta), abs(a.Delta)) })
		return ds[:min(n, len(ds))]
	}
	return largest(better), largest(worse)
}

// abs is |x|.
func abs(x float64) float64 { return max(x, -x) }

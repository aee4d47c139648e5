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
// [0.9, 1]; a perfect score goes into the last bin.
func histogram(scores []float64) [histogramBins]int {
	var h [histogramBins]int
	for _, v := range scores {
		h[min(int(v*histogramBins), histogramBins-1)]++
	}
	return h
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

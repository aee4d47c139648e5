package bleu

import "github.com/go-bleu/bleu/internal/libm"

// closerRef reports whether a reference of l words is closer in length to
// a hypothesis of hypLen words than the closest one so far, of best words
// (best < 0: none yet). Closest means the smallest absolute difference,
// the shorter reference on a tie, as sacreBLEU's _get_closest_ref_len.
func closerRef(hypLen, best, l int) bool {
	if best < 0 {
		return true
	}
	d, bestDiff := absInt(hypLen-l), absInt(hypLen-best)
	return d < bestDiff || (d == bestDiff && l < best)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// brevityPenalty is BLEU's brevity penalty for a corpus whose hypotheses
// have hypLen words in all against refLen words of closest references:
// 1 when the hypotheses are not shorter, 0 when they are empty, and
// exp(1 - refLen/hypLen) otherwise, computed as sacreBLEU computes it
// (with Python's math.exp, glibc's exp: internal/libm).
func brevityPenalty(hypLen, refLen int64) float64 {
	return brevityPenaltyMemo(hypLen, refLen, nil)
}

// brevityPenaltyMemo is brevityPenalty taking its exponentials from memo,
// when not nil.
func brevityPenaltyMemo(hypLen, refLen int64, memo *scoreMemo) float64 {
	if hypLen >= refLen {
		return 1
	}
	if hypLen <= 0 {
		return 0
	}
	x := 1 - float64(refLen)/float64(hypLen)
	if memo != nil {
		return memo.exp.of(x, libm.Exp)
	}
	return libm.Exp(x)
}

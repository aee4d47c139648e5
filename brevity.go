package bleu

import "github.com/go-bleu/bleu/internal/libm"

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

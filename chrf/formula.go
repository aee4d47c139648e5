package chrf

// The one chrF formula: sacreBLEU 2.6.0's CHRF._compute_f_score, its
// float64 operations in its order.

// eps is sacreBLEU's smoothing constant.
const eps = 1e-16

// maxCount bounds every count (2^53): below it Python's int/int true
// division and float64(a)/float64(b) agree, so the formula is exact.
const maxCount = 1 << 53

// percent returns sacreBLEU's chrF, on its 0–100 scale, of summed
// statistics st (hypothesis, reference and matching n-grams of each
// order, character orders first), each below maxCount.
//
// sacreBLEU computes prec = n_match / n_hyp (Python int division,
// correctly rounded), and, with factor = beta**2 a Python int,
// denom = factor*prec + rec and (1+factor)*prec*rec/denom, left to
// right; this does the same in float64.
func (p *params) percent(st []int64) float64 {
	return fscore(p, len(st)/3, func(i int) (prec, rec float64, hyp, ref bool) {
		h, r, m := st[3*i], st[3*i+1], st[3*i+2]
		prec, rec = eps, eps
		if h > 0 {
			prec = float64(m) / float64(h)
		}
		if r > 0 {
			rec = float64(m) / float64(r)
		}
		return prec, rec, h > 0, r > 0
	})
}

// percentFloat32 is percent for statistics summed into a NumPy float32
// array, as sacreBLEU's bootstrap resampling sums them: under NumPy
// 1.24's promotion rules the two divisions are float32 by float32 and
// stay float32, and every later operation (with a Python int or float)
// is float64.
func (p *params) percentFloat32(st []float32) float64 {
	return fscore(p, len(st)/3, func(i int) (prec, rec float64, hyp, ref bool) {
		h, r, m := st[3*i], st[3*i+1], st[3*i+2]
		prec, rec = eps, eps
		if h > 0 {
			prec = float64(m / h)
		}
		if r > 0 {
			rec = float64(m / r)
		}
		return prec, rec, h > 0, r > 0
	})
}

// fscore is the body of _compute_f_score for orders orders, order i's
// precision and recall (eps when undefined) and whether its hypothesis
// and reference n-gram counts are positive given by at.
func fscore(p *params, orders int, at func(i int) (prec, rec float64, hyp, ref bool)) float64 {
	factor := float64(p.beta * p.beta)
	onePlus := float64(1 + p.beta*p.beta)
	score := 0.0
	effective := 0
	avgPrec, avgRec := 0.0, 0.0
	for i := range orders {
		prec, rec, hyp, ref := at(i)
		if p.eps { // the sum of the orders' F-scores is the score only with eps smoothing
			denom := float64(factor*prec) + rec // the conversion forbids a fused multiply-add
			if denom > 0 {
				score += onePlus * prec * rec / denom
			} else {
				score += eps
			}
		}
		if hyp && ref {
			avgPrec += prec
			avgRec += rec
			effective++
		}
	}
	if p.eps {
		return 100 * score / float64(orders)
	}
	if effective == 0 {
		avgPrec, avgRec = 0, 0
	} else {
		avgPrec /= float64(effective)
		avgRec /= float64(effective)
	}
	if avgPrec+avgRec != 0 {
		score = onePlus * avgPrec * avgRec
		score /= float64(factor*avgPrec) + avgRec
		return 100 * score
	}
	return 0
}

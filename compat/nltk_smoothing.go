package compat

import (
	"math"
	"slices"

	"github.com/go-bleu/bleu/internal/libm"
)

// smooth applies n.Smoothing to the corpus precisions p, as corpus_bleu
// calls it: with the references and hypothesis of the LAST segment (its
// loop variables) and the corpus's hypothesis length. It may modify p.
//
// NLTK's precisions are unnormalized Fractions: methods 1–4 and 6 read
// their raw numerators and denominators, the counts in t (a big.Rat would
// turn 0/7 into 0/1).
func (n NLTK) smooth(p []pyNum, t *nltkCounts, res *NLTKResult, hyp []string, refs [][]string) ([]pyNum, error) {
	num, den := t.num, t.den
	switch n.Smoothing {
	case NLTKMethod0:
		for i := range p {
			if num[i] == 0 {
				res.Warnings = append(res.Warnings, i+1)
				p[i] = pyFloatOf(floatInfoMin)
			}
		}
	case NLTKMethod1:
		eps := n.epsilon()
		for i := range p {
			if num[i] == 0 {
				p[i] = pyFloatOf(eps / float64(den[i]))
			}
		}
	case NLTKMethod2:
		for i := 1; i < len(p); i++ {
			p[i] = pyFractionOf(num[i]+1, den[i]+1)
		}
	case NLTKMethod3:
		k := 1
		for i := range p {
			if num[i] == 0 {
				// 1 / (2**k * denominator): int true division.
				p[i], _ = pyDiv(pyIntOf(1), pyIntOf(int64(1)<<k*den[i]))
				k++
			}
		}
	case NLTKMethod4:
		n.method4(p, t)
	case NLTKMethod5:
		return method5(p, hyp, refs), nil
	case NLTKMethod6:
		return n.method6(p, num, len(hyp))
	case NLTKMethod7:
		n.method4(p, t)
		return method5(p, hyp, refs), nil
	}
	return p, nil
}

func (n NLTK) epsilon() float64 {
	if n.Epsilon == 0 {
		return 0.1
	}
	return n.Epsilon
}

func (n NLTK) k() float64 {
	if n.K == 0 {
		return 5
	}
	return n.K
}

func (n NLTK) alpha() pyNum {
	a := n.Alpha
	if a == 0 {
		a = 5
	}
	if a == math.Trunc(a) && math.Abs(a) < 1<<53 {
		return pyIntOf(int64(a))
	}
	return pyFloatOf(a)
}

// method4: the k-th zero precision becomes (1 / (2**k * K / log(hyp_len)))
// / denominator, evaluated in that order, when hyp_len > 1.
func (n NLTK) method4(p []pyNum, t *nltkCounts) {
	k := 1
	for i := range p {
		if t.num[i] == 0 && t.hypLen > 1 {
			num := 1 / (math.Ldexp(1, k) * n.k() / libm.Log(float64(t.hypLen)))
			p[i] = pyFloatOf(num / float64(t.den[i]))
			k++
		}
	}
}

// method5 averages p[i] with the smoothed p[i-1] (p[0]+1 before the first)
// and the unsmoothed p[i+1], the last with the 5-gram precision of the
// last segment.
func method5(p []pyNum, hyp []string, refs [][]string) []pyNum {
	var c counter
	var sc segmentCounts
	c.count(&sc, hyp, refs, 5)
	next := append(slices.Clone(p), pyFractionOf(int64(sc.matches[4]), int64(max(1, sc.ngrams[4]))))
	three := pyIntOf(3)
	prev := pyAdd(p[0], pyIntOf(1))
	for i := range p {
		v, _ := pyDiv(pyAdd(pyAdd(prev, p[i]), next[i+1]), three)
		p[i] = v
		prev = v
	}
	return p
}

// method6 interpolates orders 3 and up: p[i] = (m + alpha·pi0) / (l +
// alpha) with m the raw numerator, pi0 = p[i-1]² / p[i-2] and l the number
// of (i+1)-grams of the last hypothesis.
func (n NLTK) method6(p []pyNum, num []int64, lastHypLen int) ([]pyNum, error) {
	if len(p) < 3 {
		return nil, pyErr("IndexError", "list index out of range")
	}
	if num[2] == 0 {
		return nil, pyErr("AssertionError", "This smoothing method requires non-zero precision for bigrams.")
	}
	alpha := n.alpha()
	for i := 2; i < len(p); i++ {
		pi0 := pyIntOf(0)
		if p[i-2].sign() != 0 {
			var err error
			if pi0, err = pyDiv(pySquare(p[i-1]), p[i-2]); err != nil {
				return nil, pyErr("ZeroDivisionError", "division by zero")
			}
		}
		m := pyIntOf(num[i])
		l := pyIntOf(int64(max(0, lastHypLen-i)))
		v, err := pyDiv(pyAdd(m, pyMul(alpha, pi0)), pyAdd(l, alpha))
		if err != nil {
			return nil, pyErr("ZeroDivisionError", "division by zero")
		}
		p[i] = v
	}
	return p, nil
}

package compat

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-bleu/bleu/internal/libm"
	"github.com/go-bleu/bleu/internal/py"
)

// NLTK is NLTK 3.8's corpus_bleu and sentence_bleu
// (nltk.translate.bleu_score). Its zero value is their defaults: weights
// (0.25, 0.25, 0.25, 0.25), SmoothingFunction().method0, no auto_reweigh.
// Scores are on NLTK's 0–1 scale.
//
// NLTK takes tokens, not text: split the text yourself (NLTK's users
// usually split on whitespace, or call nltk.word_tokenize).
//
// An NLTK is a plain value: it may be copied, and used by several
// goroutines at once. Its methods do not modify their arguments.
type NLTK struct {
	// Weights are the weights of the n-gram orders 1, 2, ...; nil means
	// NLTK's default (0.25, 0.25, 0.25, 0.25). Their number is the highest
	// order counted. With AutoReweigh, weights equal to the default are
	// reweighed as NLTK reweighs the tuple (0.25, 0.25, 0.25, 0.25).
	Weights []float64

	// Smoothing is the SmoothingFunction method; the zero value is method0,
	// which is also what NLTK uses when smoothing_function is omitted.
	Smoothing NLTKSmoothing

	// Epsilon (method1), Alpha (method6) and K (method4, method7) are the
	// SmoothingFunction parameters; 0 means NLTK's defaults, epsilon=0.1,
	// alpha=5 and k=5. An integral Alpha acts as the Python int NLTK's
	// default is (exact rational arithmetic in method6), any other as a
	// float.
	Epsilon, Alpha, K float64

	// AutoReweigh is auto_reweigh: when the corpus has fewer than 4
	// hypothesis words in all and the weights are NLTK's default tuple,
	// each of the first hyp_len orders is weighed 1/hyp_len. (NLTK compares
	// the weights with a tuple: weights passed to NLTK as a Python list are
	// never reweighed, as if AutoReweigh were false.)
	AutoReweigh bool
}

// NLTKSmoothing is one of NLTK's SmoothingFunction methods (Chen and
// Cherry, 2014), as NLTK 3.8 implements them.
type NLTKSmoothing uint8

const (
	// NLTKMethod0 leaves precisions alone; a zero precision becomes
	// sys.float_info.min (2.2250738585072014e-308) with a warning, which
	// makes BLEU tiny but not 0.
	NLTKMethod0 NLTKSmoothing = iota
	// NLTKMethod1 replaces a zero precision by Epsilon / the number of
	// hypothesis n-grams.
	NLTKMethod1
	// NLTKMethod2 adds 1 to the matches and the n-grams of every order
	// but the first.
	NLTKMethod2
	// NLTKMethod3 replaces the k-th zero precision by 1 / (2^k · n-grams)
	// (mteval-v13a's smoothing).
	NLTKMethod3
	// NLTKMethod4 replaces the k-th zero precision by
	// 1 / (2^k · K / log(hyp_len)) / n-grams, where hyp_len is the
	// corpus's hypothesis length, if it is above 1.
	NLTKMethod4
	// NLTKMethod5 averages each precision with its smoothed predecessor
	// and its successor; the successor of the last order is the 5-gram
	// precision of the last segment.
	NLTKMethod5
	// NLTKMethod6 interpolates orders 3 and up with a prior from the two
	// orders below (Gao and He, 2013); it needs a trigram match and at
	// least 3 weights.
	NLTKMethod6
	// NLTKMethod7 is method4 then method5.
	NLTKMethod7

	numNLTKSmoothing
)

// String returns NLTK's name of the method, "method0" ... "method7".
func (m NLTKSmoothing) String() string {
	if m < numNLTKSmoothing {
		return fmt.Sprintf("method%d", uint8(m))
	}
	return fmt.Sprintf("NLTKSmoothing(%d)", uint8(m))
}

// NLTKResult is everything corpus_bleu returns and warns.
type NLTKResult struct {
	// Scores has one score per weight vector.
	Scores []float64

	// EarlyZero reports NLTK's early return of the integer 0 (a list of
	// them for several weight vectors) when no unigram matches, before any
	// smoothing. Scores are then 0.
	EarlyZero bool

	// Warnings lists the n-gram orders (1-based), in the order NLTK warned
	// about them, of the UserWarnings "The hypothesis contains 0 counts of
	// N-gram overlaps" that method0 emits; NLTK prints them (once per call
	// site under Python's default warning filter), this reports them.
	Warnings []int
}

// PythonError is an exception that the reproduced Python code raises on
// the given input, such as NLTK's ZeroDivisionError for an empty corpus.
type PythonError struct {
	Exception string // the exception's type, such as "ZeroDivisionError"
	Message   string // its message, as Python's str(exception)
}

// Error returns the exception's type and message.
func (e *PythonError) Error() string {
	return "compat: the reproduced code raises " + e.Exception + ": " + e.Message
}

func pyErr(exception, format string, args ...any) error {
	return &PythonError{Exception: exception, Message: fmt.Sprintf(format, args...)}
}

var nltkDefaultWeights = []float64{0.25, 0.25, 0.25, 0.25}

// floatInfoMin is Python's sys.float_info.min, the smallest normal float64.
const floatInfoMin = 0x1p-1022

// Corpus returns corpus_bleu(refs, hyps): hyps[i] is the i-th hypothesis's
// tokens and refs[i] its references' tokens (NLTK's list_of_references).
// An error is a *PythonError when NLTK raises on the same input, or a
// problem with the NLTK value's fields.
func (n NLTK) Corpus(hyps [][]string, refs [][][]string) (float64, error) {
	r, err := n.Result(hyps, refs)
	if err != nil {
		return 0, err
	}
	return r.Scores[0], nil
}

// Sentence returns sentence_bleu(refs, hyp), which is corpus_bleu of a
// corpus of one segment.
func (n NLTK) Sentence(hyp []string, refs ...[]string) (float64, error) {
	return n.Corpus([][]string{hyp}, [][][]string{refs})
}

// Result is Corpus with everything NLTK returns and warns. With no weights
// it uses n.Weights and returns one score; with weights it is corpus_bleu
// called with that list of weight tuples: the precisions are counted and
// smoothed once, up to the longest vector's order, and there is one score
// per vector (method5–7 then differ from separate calls, as in NLTK).
func (n NLTK) Result(hyps [][]string, refs [][][]string, weights ...[]float64) (NLTKResult, error) {
	if len(weights) == 0 {
		w := n.Weights
		if w == nil {
			w = nltkDefaultWeights
		}
		weights = [][]float64{w}
	}
	if err := n.validate(weights); err != nil {
		return NLTKResult{}, err
	}
	if len(weights[0]) == 0 {
		// corpus_bleu's weights[0][0], which tells one vector from several.
		return NLTKResult{}, pyErr("IndexError", "tuple index out of range")
	}
	if len(refs) != len(hyps) {
		return NLTKResult{}, pyErr("AssertionError", "The number of hypotheses and their reference(s) should be the same ")
	}
	order := 0
	for _, w := range weights {
		order = max(order, len(w))
	}
	t, err := nltkTotals(hyps, refs, order)
	if err != nil {
		return NLTKResult{}, err
	}
	if order > 0 && len(hyps) == 0 {
		return NLTKResult{}, pyErr("ZeroDivisionError", "Fraction(0, 0)")
	}
	var lastHyp []string
	var lastRefs [][]string
	if len(hyps) > 0 {
		lastHyp, lastRefs = hyps[len(hyps)-1], refs[len(hyps)-1]
	}
	return n.score(&t, weights, lastHyp, lastRefs)
}

// score is corpus_bleu after the counting: t holds the sums up to the
// longest weight vector's order, lastHyp and lastRefs are the last segment
// (which method5–7 read).
func (n NLTK) score(t *nltkCounts, weights [][]float64, lastHyp []string, lastRefs [][]string) (NLTKResult, error) {
	order := len(t.num)
	res := NLTKResult{Scores: make([]float64, len(weights))}
	if order == 0 || t.num[0] == 0 {
		res.EarlyZero = true
		return res, nil
	}
	p := make([]pyNum, order)
	for i := range p {
		p[i] = pyFractionOf(t.num[i], t.den[i])
	}
	p, err := n.smooth(p, t, &res, lastHyp, lastRefs)
	if err != nil {
		return NLTKResult{}, err
	}
	bp := nltkBrevityPenalty(t.refLen, t.hypLen)
	var terms []float64
	for j, w := range weights {
		if n.AutoReweigh && t.hypLen < 4 && slices.Equal(w, nltkDefaultWeights) {
			w = make([]float64, t.hypLen)
			for i := range w {
				w[i] = 1 / float64(t.hypLen)
			}
		}
		terms = terms[:0]
		for i := range min(len(w), len(p)) {
			if p[i].sign() > 0 {
				terms = append(terms, w[i]*libm.Log(p[i].float()))
			}
		}
		sum, err := fsumInf(terms)
		if err != nil {
			return NLTKResult{}, err
		}
		s := bp * libm.Exp(sum)
		if math.IsInf(s, 0) || math.IsNaN(s) {
			return NLTKResult{}, fmt.Errorf("compat: NLTK's BLEU overflows float64 (%v) with weights %v", s, w)
		}
		res.Scores[j] = s
	}
	return res, nil
}

// nltkBrevityPenalty is brevity_penalty(closest_ref_len, hyp_len) for
// hyp_len > 0: 1 if the hypotheses are longer, else exp(1 - r/c).
func nltkBrevityPenalty(refLen, hypLen int64) float64 {
	if hypLen > refLen {
		return 1
	}
	return libm.Exp(1 - float64(refLen)/float64(hypLen))
}

func (n NLTK) validate(weights [][]float64) error {
	if n.Smoothing >= numNLTKSmoothing {
		return fmt.Errorf("compat: unknown NLTK smoothing %v", n.Smoothing)
	}
	for _, w := range weights {
		for _, x := range w {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return fmt.Errorf("compat: NLTK weight %v is not finite", x)
			}
		}
	}
	for _, x := range []float64{n.Epsilon, n.Alpha, n.K} {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return fmt.Errorf("compat: NLTK smoothing parameter %v is not finite", x)
		}
	}
	return nil
}

// nltkCounts are corpus_bleu's sums: per order the clipped matches and
// max(1, hypothesis n-grams) of each segment, and the lengths.
type nltkCounts struct {
	num, den       []int64
	hypLen, refLen int64
}

func nltkTotals(hyps [][]string, refs [][][]string, order int) (nltkCounts, error) {
	t := nltkCounts{num: make([]int64, order), den: make([]int64, order)}
	var c counter
	var sc segmentCounts
	for i, hyp := range hyps {
		if order > 0 {
			if len(refs[i]) == 0 && len(hyp) > 0 {
				// modified_precision looks up a hypothesis unigram that
				// no reference registered.
				return t, pyErr("KeyError", "(%s,)", py.Repr(hyp[0]))
			}
			c.count(&sc, hyp, refs[i], order)
			for k := range order {
				t.num[k] += int64(sc.matches[k])
				t.den[k] += int64(max(1, sc.ngrams[k]))
			}
		}
		if len(refs[i]) == 0 {
			return t, pyErr("ValueError", "min() arg is an empty sequence")
		}
		t.hypLen += int64(len(hyp))
		t.refLen += int64(closestRefLen(len(hyp), refs[i]))
	}
	return t, nil
}

// closestRefLen is the length of the reference closest in length to a
// hypothesis of hypLen words, the shorter one on a tie (NLTK's
// closest_ref_length; sacreBLEU's rule too). refs must not be empty.
func closestRefLen(hypLen int, refs [][]string) int {
	best := len(refs[0])
	for _, r := range refs[1:] {
		l := len(r)
		d, bd := abs(l-hypLen), abs(best-hypLen)
		if d < bd || d == bd && l < best {
			best = l
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String returns the Python repr of what corpus_bleu returns: the score
// (its int 0 as "0"), or with several weight vectors the list of scores.
func (r NLTKResult) String() string {
	one := func(f float64) string {
		if r.EarlyZero {
			return "0"
		}
		return py.FloatRepr(f)
	}
	if len(r.Scores) == 1 {
		return one(r.Scores[0])
	}
	parts := make([]string, len(r.Scores))
	for i, f := range r.Scores {
		parts[i] = one(f)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

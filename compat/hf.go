package compat

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/libm"
	"github.com/go-bleu/bleu/internal/py"
)

// HF is the "bleu" metric of Hugging Face's evaluate library
// (evaluate.load("bleu")): its port of sacreBLEU's 13a tokenizer, then
// TensorFlow NMT's compute_bleu (nmt/scripts/bleu.py). Its zero value is
// the metric's defaults: tokenizer_13a, max_order=4, smooth=False.
//
// It differs from sacreBLEU in three ways: the reference length is the
// SHORTEST reference of each segment (not the closest in length), smoothing
// is add-one on every order (Lin and Och, 2004) or none, and without
// smoothing any zero precision makes BLEU exactly 0.
//
// An HF may be copied and used by several goroutines at once if its
// Tokenizer may.
type HF struct {
	// Tokenizer splits predictions and references into words; nil means
	// evaluate's tokenizer_13a, which gives the words of sacreBLEU's 13a
	// ([bleu.Tokenizer13a]).
	Tokenizer bleu.Tokenizer

	// MaxOrder is max_order, the highest n-gram order; 0 means 4. It may
	// be at most [MaxHFOrder].
	MaxOrder int

	// Smooth is smooth: add one to the matches and the n-grams of every
	// order.
	Smooth bool
}

// MaxHFOrder is the largest [HF.MaxOrder] that [HF.Compute] accepts. The
// metric keeps and returns a precision for every order, and counts every
// order of every segment, so max_order sets the size of the result and
// the work whatever the text: the bound turns a mistyped order into an
// error rather than gigabytes. Orders past the longest prediction have no
// n-grams, so no text needs more.
const MaxHFOrder = 1 << 16

// HFResult is the dictionary evaluate's bleu returns.
type HFResult struct {
	BLEU              float64   // "bleu", on the 0–1 scale
	Precisions        []float64 // "precisions", orders 1..MaxOrder
	BrevityPenalty    float64   // "brevity_penalty"
	LengthRatio       float64   // "length_ratio": translation / reference length
	TranslationLength int       // "translation_length"
	ReferenceLength   int       // "reference_length": sum of the shortest references
}

// String returns the Python repr of the dictionary, as print(results)
// shows it.
func (r HFResult) String() string {
	var b strings.Builder
	b.WriteString("{'bleu': ")
	b.WriteString(py.FloatRepr(r.BLEU))
	b.WriteString(", 'precisions': [")
	for i, p := range r.Precisions {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(py.FloatRepr(p))
	}
	b.WriteString("], 'brevity_penalty': ")
	b.WriteString(py.FloatRepr(r.BrevityPenalty))
	b.WriteString(", 'length_ratio': ")
	b.WriteString(py.FloatRepr(r.LengthRatio))
	b.WriteString(", 'translation_length': ")
	b.WriteString(strconv.Itoa(r.TranslationLength))
	b.WriteString(", 'reference_length': ")
	b.WriteString(strconv.Itoa(r.ReferenceLength))
	b.WriteString("}")
	return b.String()
}

// Compute is bleu.compute(predictions=predictions, references=references):
// references[i] are the references of predictions[i] (one or more). An
// error is a *PythonError where the metric raises (no predictions, a
// segment without references, an empty reference or prediction side).
func (h HF) Compute(predictions []string, references [][]string) (HFResult, error) {
	order := h.MaxOrder
	if order == 0 {
		order = 4
	}
	if order < 0 {
		return HFResult{}, pyErr("ValueError", "min() arg is an empty sequence")
	}
	if order > MaxHFOrder {
		return HFResult{}, fmt.Errorf("compat: max_order %d is more than %d (MaxHFOrder)", order, MaxHFOrder)
	}
	if len(predictions) != len(references) {
		return HFResult{}, fmt.Errorf("compat: %d predictions but %d references", len(predictions), len(references))
	}
	if len(predictions) == 0 {
		return HFResult{}, pyErr("IndexError", "list index out of range")
	}
	for i, p := range predictions {
		if !utf8.ValidString(p) {
			return HFResult{}, fmt.Errorf("compat: prediction %d is not valid UTF-8 (Python's strings are text)", i+1)
		}
		if !allValid(references[i]) {
			return HFResult{}, fmt.Errorf("compat: a reference of prediction %d is not valid UTF-8 (Python's strings are text)", i+1)
		}
	}
	tok := h.Tokenizer
	if tok == nil {
		tok = bleu.Tokenizer13a
	}
	matches := make([]int, order)
	possible := make([]int, order)
	var c counter
	var sc segmentCounts
	var transLen, refLen int
	var hyp []string
	var refs [][]string
	for i, p := range predictions {
		if len(references[i]) == 0 {
			return HFResult{}, pyErr("ValueError", "min() arg is an empty sequence")
		}
		hyp = tok.Tokenize(hyp[:0], p)
		refs = refs[:0]
		shortest := -1
		for _, r := range references[i] {
			words := tok.Tokenize(nil, r)
			refs = append(refs, words)
			if shortest < 0 || len(words) < shortest {
				shortest = len(words)
			}
		}
		refLen += shortest
		transLen += len(hyp)
		c.count(&sc, hyp, refs, order)
		for k := range order {
			matches[k] += sc.matches[k]
			possible[k] += sc.ngrams[k]
		}
	}
	return hfScore(matches, possible, transLen, refLen, h.Smooth)
}

// hfScore is compute_bleu after the counting.
func hfScore(matches, possible []int, transLen, refLen int, smooth bool) (HFResult, error) {
	order := len(matches)
	res := HFResult{Precisions: make([]float64, order), TranslationLength: transLen, ReferenceLength: refLen}
	positive := true
	for i := range order {
		switch {
		case smooth:
			res.Precisions[i] = (float64(matches[i]) + 1) / (float64(possible[i]) + 1)
		case possible[i] > 0:
			res.Precisions[i] = float64(matches[i]) / float64(possible[i])
		}
		positive = positive && res.Precisions[i] > 0
	}
	geoMean := 0.0
	if positive {
		// sum() from the int 0, left to right.
		sum := 0.0
		for _, p := range res.Precisions {
			sum += float64(1 / float64(order) * libm.Log(p)) // rounded, as Python does: never fused
		}
		geoMean = libm.Exp(sum)
	}
	if refLen == 0 {
		return HFResult{}, pyErr("ZeroDivisionError", "float division by zero")
	}
	res.LengthRatio = float64(transLen) / float64(refLen)
	if res.LengthRatio > 1 {
		res.BrevityPenalty = 1
	} else {
		if res.LengthRatio == 0 {
			return HFResult{}, pyErr("ZeroDivisionError", "float division by zero")
		}
		res.BrevityPenalty = libm.Exp(1 - 1/res.LengthRatio)
	}
	res.BLEU = geoMean * res.BrevityPenalty
	return res, nil
}

func allValid(ss []string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

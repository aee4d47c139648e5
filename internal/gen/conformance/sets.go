package main

// The corpus sets: data/<set>/ref.txt, [ref2.txt,] sys-<X>.txt.
//
// A segment is first a sequence of tokens (words, punctuation, numbers)
// drawn from the set's inventory; references and system outputs are that
// sequence perturbed (words substituted, dropped, inserted, swapped) and
// rendered to text by the set's renderer, which decides what separates
// tokens (a space, nothing, or one of Python's odd whitespace
// characters). So the systems share n-grams with the references in
// proportion to how little they were perturbed, like real systems.

import (
	"strings"
	"unicode/utf8"
)

// corpusSet describes one data/<set>/ folder.
type corpusSet struct {
	name    string
	seed    uint64
	n       int      // segments
	twoRefs bool     // write ref2.txt
	crlf    string   // the system written with CRLF line ends, if any
	systems []system // in the order the goldens list them
	// content returns segment i's tokens.
	content func(r *rng, i int) []string
	// vocab is what perturbations substitute and insert.
	vocab []string
	// render joins tokens into a line.
	render func(r *rng, toks []string) string
}

// system is how one system output departs from the reference content.
type system struct {
	name         string
	perturb      float64 // probability of each edit per token
	identical    float64 // probability that a segment equals reference A
	unrelated    float64 // probability that a segment is unrelated to the references
	empty, blank float64 // probability of an empty / whitespace-only line
}

// blankLines are whitespace-only lines: Python's str.split() finds no
// word in any of them.
var blankLines = []string{" ", "  ", "\u3000", "\u00a0", "\x1c\x1d", "\x1e \x1f", "\u0085", " \u2028 ", "\u2009\u202f", "\t", " \t "}

func (s corpusSet) write(w *writer) {
	r := &rng{state: s.seed}
	refA := make([]string, s.n)
	refB := make([]string, s.n)
	hyps := make([][]string, len(s.systems))
	for k := range hyps {
		hyps[k] = make([]string, s.n)
	}
	for i := range s.n {
		toks := s.content(r, i)
		refA[i] = s.render(r, toks)
		switch {
		case r.chance(0.02):
			refA[i] = ""
		case r.chance(0.01):
			refA[i] = pick(r, blankLines)
		}
		refB[i] = s.render(r, s.edit(r, toks, 0.15))
		if r.chance(0.04) {
			refB[i] = ""
		}
		for k, sys := range s.systems {
			var h string
			switch {
			case r.chance(sys.empty):
				h = ""
			case r.chance(sys.blank):
				h = pick(r, blankLines)
			case r.chance(sys.identical):
				h = refA[i]
			case r.chance(sys.unrelated):
				h = s.render(r, s.unrelated(r, len(toks)))
			default:
				h = s.render(r, s.edit(r, toks, sys.perturb))
			}
			hyps[k][i] = h
		}
	}
	dir := "data/" + s.name + "/"
	w.lines(dir+"ref.txt", refA, "\n")
	if s.twoRefs {
		w.lines(dir+"ref2.txt", refB, "\n")
	}
	for k, sys := range s.systems {
		eol := "\n"
		if sys.name == s.crlf {
			eol = "\r\n"
		}
		w.lines(dir+"sys-"+sys.name+".txt", hyps[k], eol)
	}
}

// edit perturbs toks: each token is substituted, dropped, duplicated
// into an insertion or swapped with its successor with probability p/4.
func (s corpusSet) edit(r *rng, toks []string, p float64) []string {
	out := make([]string, 0, len(toks)+4)
	for i := 0; i < len(toks); i++ {
		switch {
		case r.chance(p / 4):
			out = append(out, pick(r, s.vocab))
		case r.chance(p / 4):
			// dropped
		case r.chance(p / 4):
			out = append(out, pick(r, s.vocab), toks[i])
		case r.chance(p/4) && i+1 < len(toks):
			out = append(out, toks[i+1], toks[i])
			i++
		default:
			out = append(out, toks[i])
		}
	}
	return out
}

// unrelated returns n tokens of the vocabulary, in an order that shares
// hardly any 4-gram with the references.
func (s corpusSet) unrelated(r *rng, n int) []string {
	out := make([]string, max(n, 1))
	for i := range out {
		out[i] = pick(r, s.vocab)
	}
	return out
}

// segmentLength draws a length in tokens: mostly 4 to 22, some of 1 to 3
// (no 4-grams) and some long ones.
func segmentLength(r *rng) int {
	switch x := r.intn(100); {
	case x < 8:
		return r.between(1, 3)
	case x < 96:
		return r.between(4, 22)
	default:
		return r.between(40, 90)
	}
}

func corpusSets() []corpusSet {
	return []corpusSet{enSet(), zhSet(), jaSet(), mulSet()}
}

func standardSystems() []system {
	return []system{
		{name: "A", perturb: 0.12, identical: 0.06, empty: 0.01, blank: 0.01},
		{name: "B", perturb: 0.3, identical: 0.01, unrelated: 0.02, empty: 0.01, blank: 0.01},
		{name: "C", perturb: 0.55, unrelated: 0.12, empty: 0.03, blank: 0.03},
	}
}

// runes returns the code points lo..hi as strings.
func runes(lo, hi rune) []string {
	var out []string
	for c := lo; c <= hi; c++ {
		if utf8.ValidRune(c) {
			out = append(out, string(c))
		}
	}
	return out
}

// words makes n words of between minLen and maxLen pieces of inventory.
func words(r *rng, n, minLen, maxLen int, inventory []string) []string {
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range r.between(minLen, maxLen) {
			b.WriteString(pick(r, inventory))
		}
		out[i] = b.String()
	}
	return out
}

// fill draws n tokens: a word from common with probability 1-pSpecial,
// otherwise one from special.
func fill(r *rng, n int, common, special []string, pSpecial float64) []string {
	out := make([]string, n)
	for i := range out {
		if r.chance(pSpecial) {
			out[i] = pick(r, special)
		} else {
			out[i] = pick(r, common)
		}
	}
	return out
}

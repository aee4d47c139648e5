package compat

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/libm"
	"github.com/go-bleu/bleu/internal/unidata"
)

// MultiBLEU is Moses' multi-bleu.perl: BLEU of text that is already
// tokenized, words being the runs of bytes between ASCII whitespace. Its
// zero value is the script's defaults; Lowercase is its -lc flag.
//
// It differs from sacreBLEU in not tokenizing at all (scores depend on the
// tokenizer used before), in printing figures rounded to 2 and 1 decimals,
// and in its quirks: hypothesis lines beyond the references' count a
// reference length of 9999, and a corpus without hypothesis words stops
// the script with a division by zero (Corpus returns an error).
//
// MultiBLEU is a plain value, safe to copy and to use concurrently.
type MultiBLEU struct {
	Lowercase bool // -lc: lowercase ASCII letters (bytes) before counting
}

// MultiBLEUDetok is Moses' multi-bleu-detok.perl: multi-bleu.perl on text
// tokenized with mteval-v13a's rules (sacreBLEU's 13a), read as UTF-8.
// Its zero value is the script's defaults; Lowercase is its -lc flag
// (Perl's lc, Unicode lowercasing).
//
// The script removes the last character of every line it reads (chop),
// which is the newline except on a last line without one: give Corpus the
// lines as [PerlLines] reads them. Invalid UTF-8 is an error (the script
// would carry on with Perl's substitutions).
//
// MultiBLEUDetok is a plain value, safe to copy and to use concurrently.
type MultiBLEUDetok struct {
	Lowercase bool // -lc
}

// MosesResult is what multi-bleu.perl and multi-bleu-detok.perl compute
// and print.
type MosesResult struct {
	BLEU       float64    // on the 0–1 scale (printed ×100)
	Precisions [4]float64 // orders 1–4, 0–1 (printed ×100)
	BP         float64    // brevity penalty
	HypLen     int        // hypothesis words
	RefLen     int        // closest reference lengths, summed

	// NoReference reports the script's early stop when RefLen is 0: it
	// prints "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)"
	// and exits with status 1. The other fields are then zero.
	NoReference bool
}

// String returns the line the script prints, with its newline.
func (r MosesResult) String() string {
	if r.NoReference {
		return "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n"
	}
	return fmt.Sprintf("BLEU = %.2f, %.1f/%.1f/%.1f/%.1f (BP=%.3f, ratio=%.3f, hyp_len=%d, ref_len=%d)\n",
		100*r.BLEU, 100*r.Precisions[0], 100*r.Precisions[1], 100*r.Precisions[2], 100*r.Precisions[3],
		r.BP, float64(r.HypLen)/float64(r.RefLen), r.HypLen, r.RefLen)
}

// ErrNoHypothesisWords is the perl scripts' "Illegal division by zero":
// the references have words but the hypotheses none.
var ErrNoHypothesisWords = errors.New("compat: the hypotheses have no words (the script dies: Illegal division by zero)")

// Corpus scores hyps, one line each, against the reference streams refs
// (each a file's lines, in the order of the script's arguments). Streams
// may differ in length, as files may: a hypothesis line takes the lines
// of the same number from the streams that have one.
func (m MultiBLEU) Corpus(hyps []string, refs ...[]string) (MosesResult, error) {
	split := func(s string) []string {
		if m.Lowercase {
			s = asciiLower(s)
		}
		return strings.FieldsFunc(s, isPerlASCIISpace)
	}
	return mosesScore(hyps, refs, split, split)
}

// Corpus is MultiBLEU.Corpus with the script's tokenization.
func (m MultiBLEUDetok) Corpus(hyps []string, refs ...[]string) (MosesResult, error) {
	for _, s := range hyps {
		if !utf8.ValidString(s) {
			return MosesResult{}, errors.New("compat: a hypothesis is not valid UTF-8 (multi-bleu-detok.perl reads UTF-8)")
		}
	}
	for _, r := range refs {
		for _, s := range r {
			if !utf8.ValidString(s) {
				return MosesResult{}, errors.New("compat: a reference is not valid UTF-8 (multi-bleu-detok.perl reads UTF-8)")
			}
		}
	}
	// The script lowercases a hypothesis before its tokenization (which
	// decodes only lowercase entities) and a reference after it.
	hypWords := func(s string) []string {
		if m.Lowercase {
			s = perlLower(s)
		}
		return words13a(s)
	}
	refWords := func(s string) []string {
		w := words13a(s)
		if m.Lowercase {
			for i := range w {
				w[i] = perlLower(w[i])
			}
		}
		return w
	}
	return mosesScore(hyps, refs, hypWords, refWords)
}

// mosesScore is the scripts' counting and formula.
func mosesScore(hyps []string, refs [][]string, hypWords, refWords func(string) []string) (MosesResult, error) {
	var c counter
	var sc segmentCounts
	var correct, total [4]int
	var hypLen, refLen int
	var segRefs [][]string
	for i, h := range hyps {
		words := hypWords(h)
		segRefs = segRefs[:0]
		closest, closestDiff := 9999, 9999
		for _, r := range refs {
			if i >= len(r) {
				continue
			}
			rw := refWords(r[i])
			segRefs = append(segRefs, rw)
			d := abs(len(words) - len(rw))
			if d < closestDiff || d == closestDiff && len(rw) < closest {
				closest, closestDiff = len(rw), d
			}
		}
		hypLen += len(words)
		refLen += closest
		c.count(&sc, words, segRefs, 4)
		for n := range 4 {
			correct[n] += sc.matches[n]
			total[n] += sc.ngrams[n]
		}
	}
	if refLen == 0 {
		return MosesResult{NoReference: true}, nil
	}
	res := MosesResult{HypLen: hypLen, RefLen: refLen, BP: 1}
	for n := range 4 {
		if total[n] > 0 {
			res.Precisions[n] = float64(correct[n]) / float64(total[n])
		}
	}
	if hypLen < refLen {
		if hypLen == 0 {
			return MosesResult{}, ErrNoHypothesisWords
		}
		res.BP = libm.Exp(1 - float64(refLen)/float64(hypLen))
	}
	sum := 0.0
	for _, p := range res.Precisions {
		sum += perlMyLog(p)
	}
	res.BLEU = res.BP * libm.Exp(sum/4)
	return res, nil
}

// perlMyLog is the scripts' my_log: log, with -9999999999 for 0.
func perlMyLog(x float64) float64 {
	if x == 0 {
		return -9999999999
	}
	return libm.Log(x)
}

// isPerlASCIISpace is Perl's whitespace for byte strings (split ' ').
func isPerlASCIISpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	}
	return false
}

// isPerlSpace is Perl's \s on Unicode strings: the White_Space property
// (Perl 5.36's Unicode 14.0, pinned in package unidata).
func isPerlSpace(r rune) bool { return unicode.Is(unidata.PerlSpace, r) }

func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// perlLower is Perl's lc on a Unicode string: each character's full
// lowercase mapping (U+0130 İ becomes "i\u0307"; no final-sigma rule), in
// Perl 5.36's Unicode 14.0 (package unidata, not Go's newer tables).
func perlLower(s string) string {
	if !strings.ContainsRune(s, 'İ') {
		return strings.Map(unidata.ToLower, s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == 'İ' {
			b.WriteString("i\u0307")
		} else {
			b.WriteRune(unidata.ToLower(r))
		}
	}
	return b.String()
}

// The rules of mteval-v13a.pl's tokenization (and multi-bleu-detok.perl's
// copy of it), as Perl applies them to a Unicode string.
var (
	mteval13aPunct   = regexp.MustCompile("([\\{-\\~\\[-\\` -\\&\\(-\\+\\:-\\@\\/])")
	mteval13aPeriod  = regexp.MustCompile(`([^0-9])([\.,])`)
	mteval13aPeriod2 = regexp.MustCompile(`([\.,])([^0-9])`)
	mteval13aDash    = regexp.MustCompile(`([0-9])(-)`)
	mteval13aSpace   = regexp.MustCompile(`[\t\n\v\f\r \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+`)
)

// words13a returns the words of mteval-v13a's tokenization of s, with
// preserved case: sacreBLEU's 13a words (package bleu's fast tokenizer),
// which are the same but on lines with U+001C..U+001F, whitespace for
// Python and not for Perl (FuzzMTEval13a checks it).
func words13a(s string) []string {
	if strings.ContainsAny(s, "\x1c\x1d\x1e\x1f") {
		return strings.FieldsFunc(mteval13a(s, true), isPerlSpace)
	}
	return bleu.Tokenizer13a.Tokenize(nil, s)
}

// mteval13a is mteval-v13a.pl's sub tokenization: the text with its
// tokens separated by single spaces. preserveCase false lowercases ASCII
// letters first (mteval's tr/[A-Z]/[a-z]/, skipped by its -c).
func mteval13a(s string, preserveCase bool) string {
	s = strings.ReplaceAll(s, "<skipped>", "")
	s = strings.ReplaceAll(s, "-\n", "")
	s = strings.ReplaceAll(s, "\n", " ")
	s = strings.ReplaceAll(s, "&quot;", `"`)
	s = strings.ReplaceAll(s, "&amp;", "&")
	s = strings.ReplaceAll(s, "&lt;", "<")
	s = strings.ReplaceAll(s, "&gt;", ">")
	s = " " + s + " "
	if !preserveCase {
		s = asciiLower(s)
	}
	s = mteval13aPunct.ReplaceAllString(s, " $1 ")
	s = mteval13aPeriod.ReplaceAllString(s, "$1 $2 ")
	s = mteval13aPeriod2.ReplaceAllString(s, " $1 $2")
	s = mteval13aDash.ReplaceAllString(s, "$1 $2 ")
	s = mteval13aSpace.ReplaceAllString(s, " ")
	return strings.TrimFunc(s, isPerlSpace)
}

// PerlLines splits the contents of a file into the lines a Perl loop
// `while (<FH>) { chomp; ... }` reads: split at "\n", without it. With
// chop, as multi-bleu-detok.perl's `chop`, a last line without a newline
// loses its last character instead.
func PerlLines(text string, chop bool) []string {
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		return lines[:len(lines)-1]
	}
	if chop {
		last := lines[len(lines)-1]
		_, n := utf8.DecodeLastRuneInString(last)
		lines[len(lines)-1] = last[:len(last)-n]
	}
	return lines
}

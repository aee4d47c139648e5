package bleubeam

import (
	"strconv"

	"github.com/go-bleu/bleu"
)

// Segment is one segment of a corpus: a hypothesis and its references.
// Every segment of a corpus should have the same number of references, as
// sacreBLEU requires; the signature says "var" otherwise.
type Segment struct {
	Hyp  string
	Refs []string
}

// Score is a BLEU score as a plain value that Beam encodes without a
// registered coder: the numbers of a [bleu.Score], with its signature and
// the part of sacreBLEU's text that does not depend on the width.
type Score struct {
	// BLEU is the score on the 0–1 scale, as [bleu.Score.BLEU]: Percent/100,
	// never clamped (floor smoothing with a value above 1 can exceed 1).
	BLEU float64
	// Percent is the score on sacreBLEU's 0–100 scale, as
	// [bleu.Score.Percent] gives it.
	Percent float64
	// Precisions, Counts, Totals, BP, HypLen, RefLen and Ratio are those
	// of [bleu.Score].
	Precisions     []float64
	Counts, Totals []int64
	BP             float64
	HypLen, RefLen int64
	Ratio          float64
	// Segments is the number of segments scored.
	Segments int64
	// Signature is the score's signature in sacreBLEU's long form, and
	// Verbose the text after the score in sacreBLEU's format (see
	// [bleu.Score.Verbose]).
	Signature string
	Verbose   string
	// ShortSignature is the signature in sacreBLEU's short form.
	ShortSignature string
}

// newScore returns the plain form of s, a score of n segments.
func newScore(s bleu.Score, n int) Score {
	return Score{
		BLEU:       s.BLEU,
		Percent:    s.Percent(),
		Precisions: s.Precisions,
		Counts:     s.Counts,
		Totals:     s.Totals,
		BP:         s.BP,
		HypLen:     s.HypLen,
		RefLen:     s.RefLen,
		Ratio:      s.Ratio,
		Segments:   int64(n),
		Signature:  s.Signature.String(),
		Verbose:    s.Verbose(),

		ShortSignature: s.Signature.Short(),
	}
}

// Text returns the score in sacreBLEU's text format with width decimals,
// as the bleu command prints it with -f text -w width:
//
//	BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0 = 33.7 66.3/41.3/27.9/19.4 (BP = ...)
func (s Score) Text(width int) string {
	b := make([]byte, 0, 64+len(s.Signature)+len(s.Verbose))
	b = append(b, "BLEU|"...)
	b = append(b, s.Signature...)
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.Percent, 'f', width, 64)
	b = append(b, ' ')
	b = append(b, s.Verbose...)
	return string(b)
}

package ter

import (
	"github.com/go-bleu/bleu/internal/sigfields"
	"strconv"

	"github.com/go-bleu/bleu"
)

// Score is a TER score with the sums it was computed from. A Score holds
// no reference to the [Stats] it came from: it is a plain value, safe to
// keep, copy and read from several goroutines.
type Score struct {
	// TER is the score on the 0–1 scale: TERPercent/100. It is 0 for
	// a perfect match and exceeds 1 when there are more edits than
	// reference words; it is never clamped.
	TER float64
	// TERPercent is the score on sacreBLEU's 0–100 scale, the very
	// float64 sacreBLEU computes: 100·(Edits/RefLength), 100 when the
	// references are empty and the hypotheses are not, 0 when both are.
	// The text formats print it.
	TERPercent float64
	// Edits is the sum over the segments of the fewest edits (word
	// insertions, deletions, substitutions and shifts of word sequences)
	// that turn the hypothesis into one of its references.
	Edits int64
	// RefLength is the sum over the segments of the mean length of the
	// segment's references in words, summed as sacreBLEU sums it (see
	// [Stats]); with one reference a segment it is a whole number.
	RefLength float64
	// Signature describes how the score was computed.
	Signature Signature
}

// Percent returns the score on sacreBLEU's 0–100 scale: TERPercent, or,
// for a Score made by hand with TER alone, 100·TER.
func (s Score) Percent() float64 {
	if s.TERPercent == 0 && s.TER != 0 {
		return 100 * s.TER
	}
	return s.TERPercent
}

// String returns the score in sacreBLEU's text format, "TER = 51.76".
func (s Score) String() string { return s.Text(2, "") }

// Text returns the score in sacreBLEU's text format with width decimals,
// after "TER|signature" when signature is not empty, as sacreBLEU's
// Score.format does: "TER|nrefs:1|case:lc|...|version:0.1.0 = 51.76".
func (s Score) Text(width int, signature string) string {
	b := make([]byte, 0, 32+len(signature))
	b = append(b, "TER"...)
	if signature != "" {
		b = append(b, '|')
		b = append(b, signature...)
	}
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.Percent(), 'f', width, 64)
	return string(b)
}

// percent is sacreBLEU's TER._compute_score_from_stats on Python numbers:
// the score on the 0–100 scale of edits edits and refLen reference words.
func percent(edits int64, refLen float64) float64 {
	switch {
	case refLen > 0:
		return 100 * (float64(edits) / refLen)
	case edits > 0:
		return 100 // empty references, non-empty hypotheses
	}
	return 0
}

// Signature records the options a score was computed with, in the fields
// and order of sacreBLEU's TER signature, so that a score can be
// reproduced:
//
//	nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:0.1.0
//
// Fields that are empty are left out of the string. The zero Signature
// formats as "".
type Signature struct {
	NRefs     string // references per segment: "1", "2", ... or "var" when it varies
	Bootstrap string // bootstrap resamples, for confidence intervals ("bs")
	AR        string // approximate randomization trials ("ar")
	Seed      string // random seed of Bootstrap or AR ("seed")
	Test      string // test set, when given ("test")
	Lang      string // language pair, when given ("lang")
	OrigLang  string // original language of the test set's subset ("origlang")
	Subset    string // test set subset ("subset")
	Case      string // "lc", or "mixed" when case-sensitive
	Tok       string // "tercom"
	Norm      string // "yes" when normalized, "no" otherwise
	Punct     string // "yes" when punctuation is kept, "no" when removed
	Asian     string // "yes" with Asian support, "no" otherwise
	Version   string // library version, that of package bleu
}

// String returns the signature in sacreBLEU's long form.
func (g Signature) String() string { return g.format(false) }

// Short returns the signature in sacreBLEU's short form, for example
// "#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|v:0.1.0".
func (g Signature) Short() string { return g.format(true) }

func (g Signature) format(short bool) string {
	fields := [...]sigfields.Field{
		{"nrefs", "#", g.NRefs},
		{"bs", "bs", g.Bootstrap},
		{"ar", "ar", g.AR},
		{"seed", "rs", g.Seed},
		{"test", "t", g.Test},
		{"lang", "l", g.Lang},
		{"origlang", "o", g.OrigLang},
		{"subset", "S", g.Subset},
		{"case", "c", g.Case},
		{"tok", "t", g.Tok},
		{"norm", "nr", g.Norm},
		{"punct", "pn", g.Punct},
		{"asian", "as", g.Asian},
		{"version", "v", g.Version},
	}
	return sigfields.Format(fields[:], short)
}

// signature returns the signature of statistics collected under c with
// the given references-per-segment field.
func (c *Config) signature(nrefs string) Signature {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	g := Signature{
		NRefs:   nrefs,
		Case:    "lc",
		Tok:     "tercom",
		Norm:    yes(c.Normalized),
		Punct:   yes(!c.NoPunct),
		Asian:   yes(c.AsianSupport),
		Version: bleu.Version,
	}
	if c.CaseSensitive {
		g.Case = "mixed"
	}
	return g
}

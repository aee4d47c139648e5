package chrf

import (
	"github.com/go-bleu/bleu/internal/sigfields"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu"
)

// Score is a chrF score with the statistics it was computed from. ChrF is
// on the 0–1 scale; sacreBLEU shows it multiplied by 100, as do
// [Score.String] and ChrFPercent.
//
// A Score holds no reference to the [Stats] it came from: it is a plain
// value, safe to keep, copy and read from several goroutines.
type Score struct {
	// ChrF is the score: ChrFPercent/100.
	ChrF float64
	// ChrFPercent is the score on sacreBLEU's 0–100 scale, the very
	// float64 that sacreBLEU computes, to the last bit.
	ChrFPercent float64
	// Name is sacreBLEU's name of the metric: "chrF" and Beta, then a "+"
	// for each word order, for example "chrF2" or "chrF2++".
	Name string
	// CharOrder, WordOrder and Beta are the options, resolved (CharOrder 6
	// for a Config's 0, Beta 0 for BetaZero).
	CharOrder, WordOrder, Beta int
	// Statistics are the summed statistics: for each order, character
	// orders first, the hypothesis, reference and matching n-grams.
	Statistics []int64
	// Signature describes how the score was computed.
	Signature Signature
}

// score returns the Score of sums under p; the Score keeps sums.
func (p *params) score(sums []int64, nrefs string) Score {
	pc := p.percent(sums)
	return Score{
		ChrF:        pc / 100,
		ChrFPercent: pc,
		Name:        p.name(),
		CharOrder:   p.nc,
		WordOrder:   p.nw,
		Beta:        p.beta,
		Statistics:  sums,
		Signature:   p.signature(nrefs),
	}
}

// name returns sacreBLEU's CHRFScore name: f'chrF{beta}' + '+'*word_order.
func (p *params) name() string {
	return "chrF" + strconv.Itoa(p.beta) + strings.Repeat("+", p.nw)
}

// String returns the score in sacreBLEU's text format, for example
// "chrF2 = 59.73".
func (s Score) String() string { return s.Text(2, "") }

// Text returns the score in sacreBLEU's text format with width decimals,
// after "name|signature" when signature is not empty, as sacreBLEU's
// Score.format does: "chrF2|nrefs:1|case:mixed|...|version:0.1.0 = 59.73".
func (s Score) Text(width int, signature string) string {
	b := make([]byte, 0, 32+len(signature))
	b = append(b, s.Name...)
	if signature != "" {
		b = append(b, '|')
		b = append(b, signature...)
	}
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.ChrFPercent, 'f', width, 64)
	return string(b)
}

// Signature records the options a score was computed with, in the fields
// and order of sacreBLEU's chrF signature:
//
//	nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:0.1.0
//
// Fields that are empty are left out of the string. The version is this
// module's, [bleu.Version], where sacreBLEU puts its own.
type Signature struct {
	NRefs     string // references per segment: "1", "2", ... or "var" when it varies
	Bootstrap string // bootstrap resamples ("bs")
	AR        string // approximate randomization trials ("ar")
	Seed      string // random seed of Bootstrap or AR ("seed")
	Test      string // test set ("test")
	Lang      string // language pair ("lang")
	OrigLang  string // original language of the test set's subset ("origlang")
	Subset    string // the test set's subset ("subset")
	Case      string // "mixed", or "lc" when lowercased
	Eff       string // "yes" for the effective-order rule, "no" for eps smoothing
	NC        string // character order
	NW        string // word order
	Space     string // "yes" when whitespace is counted
	Version   string // library version
}

// String returns the signature in sacreBLEU's long form.
func (g Signature) String() string { return g.format(false) }

// Short returns the signature in sacreBLEU's short form, for example
// "#:1|c:mixed|e:yes|nc:6|nw:0|s:no|v:0.1.0".
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
		{"eff", "e", g.Eff},
		{"nc", "nc", g.NC},
		{"nw", "nw", g.NW},
		{"space", "s", g.Space},
		{"version", "v", g.Version},
	}
	return sigfields.Format(fields[:], short)
}

// signature returns the signature of scores under p.
func (p *params) signature(nrefs string) Signature {
	return Signature{
		NRefs:   nrefs,
		Case:    yesNo(p.lowercase, "lc", "mixed"),
		Eff:     yesNo(!p.eps, "yes", "no"),
		NC:      strconv.Itoa(p.nc),
		NW:      strconv.Itoa(p.nw),
		Space:   yesNo(p.whitespace, "yes", "no"),
		Version: bleu.Version,
	}
}

// Signature returns the signature of scores under c with nrefs references
// a segment ("1", "2", ..., "var"). c must be valid.
func (c Config) Signature(nrefs string) Signature {
	p := c.params()
	return p.signature(nrefs)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func itoa(n int) string { return strconv.Itoa(n) }

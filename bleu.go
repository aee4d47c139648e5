package bleu

import (
	"fmt"
	"github.com/go-bleu/bleu/internal/sigfields"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu/internal/libm"
)

// Version is this library's version. Signatures carry it in their
// "version" field, where sacreBLEU puts its own version.
const Version = "0.1.0"

// Score is a BLEU score with the numbers it was computed from. Fractions
// (BLEU, Precisions, BP, Ratio) are on the 0–1 scale; sacreBLEU shows BLEU
// and precisions multiplied by 100, as do [Score.String] and
// [Score.Percent].
//
// A Score holds no reference to the [Stats] it came from: it is a plain
// value, safe to keep, copy and read from several goroutines.
type Score struct {
	// BLEU is BLEUPercent/100, never clamped: usually in [0, 1], but a
	// perfect match is 1.0000000000000004 (sacreBLEU's 100.00000000000004),
	// and with [SmoothFloor] and a SmoothValue above 1 an order without
	// matches gets a precision above 1, which can lift BLEU far past 1, as
	// it lifts sacreBLEU's past 100.
	BLEU float64
	// BLEUPercent is the score on sacreBLEU's 0–100 scale, the very
	// float64 that sacreBLEU computes, to the last bit (a perfect match
	// scores 100.00000000000004, as there). The text formats and the
	// command line print it, so that they print what sacreBLEU prints at
	// any number of decimals.
	BLEUPercent float64
	// Precisions are the n-gram precisions after smoothing, index 0 for
	// unigrams, in [0, 1]. Orders past the last one with any n-grams are 0.
	// The one exception is sacreBLEU's: with [SmoothFloor] and a
	// SmoothValue above 1, an order without matches has the precision
	// SmoothValue/total, which can exceed 1 (it stays finite).
	Precisions []float64
	// Counts are the clipped n-gram matches per order and Totals the
	// hypothesis n-grams per order. With add-k smoothing they include the
	// k added to orders 2 and up (unless nothing matched at all), exactly
	// as sacreBLEU reports them.
	Counts []int64
	Totals []int64
	// BP is the brevity penalty, in [0, 1].
	BP float64
	// HypLen is the number of hypothesis words and RefLen the number of
	// words of the closest references, summed over the segments.
	HypLen int64
	RefLen int64
	// Ratio is HypLen/RefLen, or 0 when RefLen is 0.
	Ratio float64
	// Signature describes how the score was computed.
	Signature Signature
}

// Percent returns the score on sacreBLEU's 0–100 scale: BLEUPercent, or,
// for a Score made by hand with BLEU alone, 100·BLEU.
func (s Score) Percent() float64 {
	if s.BLEUPercent == 0 && s.BLEU != 0 {
		return 100 * s.BLEU
	}
	return s.BLEUPercent
}

// String returns the score in sacreBLEU's text format, for example
//
//	BLEU = 48.53 82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)
func (s Score) String() string {
	return s.Text(2, "")
}

// Text returns the score in sacreBLEU's text format with width decimals,
// after "BLEU|signature" when signature is not empty, as sacreBLEU's
// Score.format does: "BLEU|nrefs:1|...|version:0.1.0 = 33.70 66.3/41.3/...".
func (s Score) Text(width int, signature string) string {
	var buf [256]byte // room for the longest signatures
	b := append(buf[:0], "BLEU"...)
	if signature != "" {
		b = append(b, '|')
		b = append(b, signature...)
	}
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.Percent(), 'f', width, 64)
	b = append(b, ' ')
	return string(s.appendVerbose(b))
}

// Verbose returns the part of sacreBLEU's text format after the score:
// precisions in percent with one decimal, then the brevity penalty, the
// ratio and the lengths, for example
// "82.4/50.0/45.5/37.5 (BP = 0.943 ratio = 0.944 hyp_len = 17 ref_len = 18)".
func (s Score) Verbose() string {
	var buf [96]byte
	return string(s.appendVerbose(buf[:0]))
}

// appendVerbose appends Verbose's text to b: with strconv's appends, not
// fmt, in one allocation at most (sentence-level scores print it for
// every segment).
func (s Score) appendVerbose(b []byte) []byte {
	for i, p := range s.Precisions {
		if i > 0 {
			b = append(b, '/')
		}
		b = strconv.AppendFloat(b, 100*p, 'f', 1, 64)
	}
	b = append(b, " (BP = "...)
	b = strconv.AppendFloat(b, s.BP, 'f', 3, 64)
	b = append(b, " ratio = "...)
	b = strconv.AppendFloat(b, s.Ratio, 'f', 3, 64)
	b = append(b, " hyp_len = "...)
	b = strconv.AppendInt(b, s.HypLen, 10)
	b = append(b, " ref_len = "...)
	b = strconv.AppendInt(b, s.RefLen, 10)
	return append(b, ')')
}

// SmoothMethod is a way of keeping BLEU from being zero when an n-gram
// order has no match, from Chen and Cherry (2014), "A Systematic
// Comparison of Smoothing Techniques for Sentence-Level BLEU". The zero
// value is [SmoothExp], sacreBLEU's default.
type SmoothMethod uint8

// The smoothing methods of sacreBLEU.
const (
	// SmoothExp is NIST's geometric smoothing (Chen and Cherry's method 3,
	// what mteval-v13a.pl does): the k-th order without matches gets
	// precision 1/(2^k · total). sacreBLEU's default ("exp").
	SmoothExp SmoothMethod = iota
	// SmoothNone applies no smoothing: an order without matches makes
	// BLEU 0 ("none").
	SmoothNone
	// SmoothFloor gives an order without matches the precision
	// SmoothValue/total, 0.1 by default (method 1, "floor").
	SmoothFloor
	// SmoothAddK adds SmoothValue, 1 by default, to the matches and totals
	// of every order from 2 up (method 2, "add-k"). SmoothValue must then
	// be a whole number.
	SmoothAddK

	numSmoothMethods
)

var smoothNames = [numSmoothMethods]string{"exp", "none", "floor", "add-k"}

// String returns sacreBLEU's name of the method: "exp", "none", "floor" or
// "add-k".
func (m SmoothMethod) String() string {
	if m < numSmoothMethods {
		return smoothNames[m]
	}
	return fmt.Sprintf("SmoothMethod(%d)", uint8(m))
}

// SmoothMethodByName returns the smoothing method with the given sacreBLEU
// name.
func SmoothMethodByName(name string) (SmoothMethod, error) {
	for i, n := range smoothNames {
		if n == name {
			return SmoothMethod(i), nil
		}
	}
	return 0, fmt.Errorf("bleu: unknown smoothing method %q (want one of %s)", name, strings.Join(smoothNames[:], ", "))
}

// defaultValue is sacreBLEU's SMOOTH_DEFAULTS entry for m (0 when the
// method takes no value).
func (m SmoothMethod) defaultValue() float64 {
	switch m {
	case SmoothFloor:
		return 0.1
	case SmoothAddK:
		return 1
	}
	return 0
}

// myLog is sacreBLEU's my_log: the natural logarithm, with log(0) taken as
// -9999999999 so that an unsmoothed zero precision makes BLEU 0. It is
// Python's math.log, glibc's log (internal/libm), to the last bit.
func myLog(x float64) float64 {
	if x == 0 {
		return -9999999999
	}
	return libm.Log(x)
}

// floatMemo remembers the values of a function of float64. Sentence scores
// (SentenceMatrix, Sentences) have precisions that are quotients of a few
// small counts, and so the same precisions, mean logarithms and brevity
// ratios again and again, whose log and exp the memo computes once. It
// maps the bits of an argument to its value, an argument to a slot, the
// last one in a slot staying: a value is always the function's own.
type floatMemo struct {
	keys [1 << floatMemoBits]uint64
	vals [1 << floatMemoBits]float64
}

const floatMemoBits = 12

// of returns f(x), f being the function whose values m holds.
func (m *floatMemo) of(x float64, f func(float64) float64) float64 {
	b := math.Float64bits(x)
	slot := b * 0x9E3779B97F4A7C15 >> (64 - floatMemoBits)
	// The keys start at 0, the bits of +0, whose value is not known.
	if m.keys[slot] == b && b != 0 {
		return m.vals[slot]
	}
	v := f(x)
	m.keys[slot], m.vals[slot] = b, v
	return v
}

// scoreMemo is the memory of a goroutine scoring sentences: myLog and
// libm.Exp.
type scoreMemo struct {
	log, exp floatMemo
}

// compute is sacreBLEU's BLEU.compute_bleu on the given statistics, which
// it does not modify. c must be valid.
func (c *Config) compute(hypLen, refLen int64, matches, totals []int64) Score {
	s := Score{
		Precisions: make([]float64, len(matches)),
		Counts:     append([]int64(nil), matches...),
		Totals:     append([]int64(nil), totals...),
		BP:         brevityPenalty(hypLen, refLen),
		HypLen:     hypLen,
		RefLen:     refLen,
	}
	if refLen != 0 {
		s.Ratio = float64(hypLen) / float64(refLen)
	}
	f := c.formula()
	s.BLEUPercent = f.percent(s.BP, matches, totals, s.Precisions, nil, false)
	s.BLEU = fraction(s.BLEUPercent)
	for i := range s.Precisions {
		s.Precisions[i] /= 100
	}
	f.reported(s.Counts, s.Totals)
	return s
}

// fraction returns BLEU on the 0–1 scale from sacreBLEU's 0–100 number,
// unclamped (see [Score.BLEU]).
func fraction(percent float64) float64 { return percent / 100 }

// formula is the one BLEU formula of the package, sacreBLEU's
// BLEU.compute_bleu, which [Stats.Score], [Config.Sentences],
// [Config.SentenceMatrix] and the significance tests all evaluate. It
// holds the scoring options of a valid Config.
type formula struct {
	smooth SmoothMethod
	value  float64 // SmoothValue or its default
	addK   int64   // add-k's k (value), 0 for other methods
	eff    bool    // effective order
}

// formula returns the formula of c, which must be valid.
func (c *Config) formula() formula {
	f := formula{smooth: c.Smooth, value: c.smoothValue(), eff: c.EffectiveOrder}
	if f.smooth == SmoothAddK {
		f.addK = int64(f.value)
	}
	return f
}

// percent evaluates compute_bleu's float64 operations in the same order,
// on the 0–100 scale, for brevity penalty bp and the clipped matches and
// totals per order, which it does not change: it returns sacreBLEU's
// score exactly, uncapped (a perfect match scores 100.00000000000004).
// When prec is not nil it sets it to the precisions in percent, 0 past
// the last order with n-grams. memo, when not nil, remembers logarithms
// and exponentials.
//
// f32 is the hook of the bootstrap tests, whose statistics sacreBLEU keeps
// in a float32 array: add-k's sums are rounded to float32, as NumPy stores
// them back into it.
func (f *formula) percent(bp float64, counts, totals []int64, prec []float64, memo *scoreMemo, f32 bool) float64 {
	x, matched := f.meanLog(counts, totals, prec, memo, f32)
	if !matched {
		return 0
	}
	if memo != nil {
		return bp * memo.exp.of(x, libm.Exp)
	}
	return bp * libm.Exp(x)
}

// meanLog is percent's mean of the logarithms of the precisions, x in
// BLEU = bp·exp(x), or false when nothing matched (BLEU is then 0).
func (f *formula) meanLog(counts, totals []int64, prec []float64, memo *scoreMemo, f32 bool) (float64, bool) {
	order := len(counts)
	clear(prec)
	matched := false
	for _, m := range counts {
		matched = matched || m != 0
	}
	if !matched {
		return 0, false
	}
	smoothMteval := 1.0
	eff := order
	sum := 0.0
	n := 1
	for ; n <= order; n++ {
		cnt, tot := counts[n-1], totals[n-1]
		if f.addK != 0 && n > 1 {
			// Saturate: statistics near the top of int64 must not wrap
			// around to negative counts (and a NaN score).
			cnt, tot = addSat(cnt, f.addK), addSat(tot, f.addK)
			if f32 {
				cnt, tot = int64(float32(cnt)), int64(float32(tot))
			}
		}
		if tot == 0 {
			break
		}
		if f.eff {
			eff = n
		}
		var p float64
		if cnt == 0 {
			switch f.smooth {
			case SmoothExp:
				smoothMteval *= 2
				p = 100 / (smoothMteval * float64(tot))
			case SmoothFloor:
				p = 100 * f.value / float64(tot)
			}
		} else {
			p = 100 * float64(cnt) / float64(tot)
		}
		if prec != nil {
			prec[n-1] = p
		}
		if memo != nil {
			sum += memo.log.of(p, myLog)
		} else {
			sum += myLog(p)
		}
	}
	// The precisions past the break are 0; without effective order they
	// take part in the mean, as log(0) = -9999999999.
	for ; n <= eff; n++ {
		sum += myLog(0)
	}
	return sum / float64(eff), true
}

// reported changes counts and totals as compute_bleu changes the ones it
// reports: add-k adds k to the orders from 2 up, unless nothing matched
// (percent's loop never stops early then, as k >= 1 makes every total
// from order 2 up positive).
func (f *formula) reported(counts, totals []int64) {
	if f.addK == 0 || !slices.ContainsFunc(counts, func(m int64) bool { return m != 0 }) {
		return
	}
	for n := 1; n < len(counts); n++ {
		counts[n], totals[n] = addSat(counts[n], f.addK), addSat(totals[n], f.addK)
	}
}

// addSat returns a+b for non-negative a and b, or math.MaxInt64 when the
// sum would overflow.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// Sentence returns the BLEU score of one hypothesis against its
// references with the defaults of sacreBLEU's sentence_bleu: the 13a
// tokenizer, exp smoothing and effective order on. For other options use
// [Config.Sentence].
//
// Sentence BLEU is noisy: averaging it over a corpus does not give corpus
// BLEU (see the package documentation). It returns the errors of
// [Stats.Add].
func Sentence(hyp string, refs ...string) (Score, error) {
	return Config{EffectiveOrder: true}.Sentence(hyp, refs...)
}

// Sentence returns the BLEU score of one hypothesis against its references
// under c, exactly as sacreBLEU's BLEU(...).sentence_score. Note that
// sacreBLEU's sentence_bleu, like [Sentence], turns EffectiveOrder on,
// while a bare BLEU object does not. It returns the errors of [Stats.Add].
//
// Each call sets up scratch space of its own (about 7 KB for two short
// sentences). To score many sentences, use [Config.Sentences], or reuse
// one [Stats]: Reset, Add and Score give the same result and, after the
// first sentences, allocate only the Score.
//
// It returns the error of [Config.Validate] before anything else.
func (c Config) Sentence(hyp string, refs ...string) (Score, error) {
	s := Stats{Config: c}
	if err := s.Add(hyp, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// Signature records the options a score was computed with, in the fields
// and order of sacreBLEU's signature, so that a score can be reproduced:
//
//	nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0
//
// Fields that are empty are left out of the string. The zero Signature
// formats as "".
type Signature struct {
	NRefs     string // references per segment: "1", "2", ... or "var" when it varies
	Bootstrap string // bootstrap resamples, for confidence intervals ("bs")
	AR        string // approximate randomization trials ("ar")
	Seed      string // random seed of Bootstrap or AR ("seed")
	Lang      string // language pair, when given ("lang")
	Case      string // "mixed", or "lc" when lowercased
	Norm      string // our normalizers, e.g. "nfkc"; not a sacreBLEU field
	Eff       string // effective order: "yes" or "no"
	Tok       string // tokenizer name, e.g. "13a"
	Smooth    string // smoothing, e.g. "exp" or "floor[0.10]"
	Version   string // library version
}

// String returns the signature in sacreBLEU's long form.
func (g Signature) String() string { return g.format(false) }

// Short returns the signature in sacreBLEU's short form, for example
// "#:1|c:mixed|e:no|tok:13a|s:exp|v:0.1.0".
func (g Signature) Short() string { return g.format(true) }

func (g Signature) format(short bool) string {
	fields := [...]sigfields.Field{
		{"nrefs", "#", g.NRefs},
		{"bs", "bs", g.Bootstrap},
		{"ar", "ar", g.AR},
		{"seed", "rs", g.Seed},
		{"lang", "l", g.Lang},
		{"case", "c", g.Case},
		{"norm", "n", g.Norm},
		{"eff", "e", g.Eff},
		{"tok", "tok", g.Tok},
		{"smooth", "s", g.Smooth},
		{"version", "v", g.Version},
	}
	return sigfields.Format(fields[:], short)
}

// signature returns the signature of scores computed under c's scoring
// options from statistics collected under the options fp, with the given
// references-per-segment field.
func (c *Config) signature(fp fingerprint, nrefs string) Signature {
	g := Signature{
		NRefs:   nrefs,
		Case:    "mixed",
		Norm:    fp.norm,
		Eff:     "no",
		Tok:     fp.tok,
		Smooth:  c.Smooth.String(),
		Version: Version,
	}
	if fp.lowercase {
		g.Case = "lc"
	}
	if c.EffectiveOrder {
		g.Eff = "yes"
	}
	if v := c.Smooth.defaultValue(); v != 0 {
		g.Smooth += "[" + strconv.FormatFloat(c.smoothValue(), 'f', 2, 64) + "]"
	}
	return g
}

// Quality is a band of the usual interpretation scale for corpus BLEU, as
// given in Google Cloud Translation's AutoML documentation. Use it to give
// a number a reading, never as a substitute for looking at translations: a
// band's meaning depends on the language pair, the domain and the
// references.
type Quality struct {
	// Min and Max bound the band on the 0–1 scale of [Score.BLEU]:
	// Min <= BLEU < Max (the last band includes 1 and every score above).
	Min, Max float64
	// Description is the band's interpretation, e.g. "high quality
	// translations".
	Description string
	// Color is the band's colour on a red-to-green scale, as "#rrggbb", for
	// reports that draw the scale.
	Color string
}

// String returns the band as it reads on sacreBLEU's 0–100 scale, for
// example "30–40: understandable to good translations".
func (q Quality) String() string {
	return percentText(q.Min) + "–" + percentText(q.Max) + ": " + q.Description
}

// percentText formats fraction x in percent, to at most six decimals.
func percentText(x float64) string {
	return strconv.FormatFloat(math.Round(x*100e6)/1e6, 'f', -1, 64)
}

// qualityBands is the interpretation scale, in ascending order; maxPercent
// is each band's Max on the 0–100 scale, to which [Score.Percent] is
// compared (100·Max can differ from it in the last bit).
var qualityBands = [...]struct {
	Quality
	maxPercent float64
}{
	{Quality{0, 0.1, "almost useless", "#d73027"}, 10},
	{Quality{0.1, 0.2, "hard to get the gist", "#f46d43"}, 20},
	{Quality{0.2, 0.3, "the gist is clear, but has significant grammatical errors", "#fdae61"}, 30},
	{Quality{0.3, 0.4, "understandable to good translations", "#fee08b"}, 40},
	{Quality{0.4, 0.5, "high quality translations", "#d9ef8b"}, 50},
	{Quality{0.5, 0.6, "very high quality, adequate, and fluent translations", "#91cf60"}, 60},
	{Quality{0.6, 1, "quality often better than human", "#1a9850"}, 100},
}

// Qualities returns the bands of the interpretation scale in ascending
// order; the slice is the caller's own.
func Qualities() []Quality {
	out := make([]Quality, len(qualityBands))
	for i, b := range qualityBands {
		out[i] = b.Quality
	}
	return out
}

// Quality returns the band of the interpretation scale that s falls in.
// Like the scale itself it is meant for corpus scores.
func (s Score) Quality() Quality {
	p := s.Percent()
	for _, b := range qualityBands[:len(qualityBands)-1] {
		if p < b.maxPercent {
			return b.Quality
		}
	}
	return qualityBands[len(qualityBands)-1].Quality
}

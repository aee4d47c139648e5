package bleu

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"
)

// Config holds the options of a BLEU computation. Its zero value is
// sacreBLEU 2.6.0's BLEU() default: the 13a tokenizer, mixed case, n-grams
// up to order 4, exp smoothing, no effective order. Every field's zero
// value is its sacreBLEU default.
//
// Tokenizer, Normalizer, Lowercase and MaxOrder decide the statistics that
// [Stats.Add] collects: once a Stats holds statistics they are fixed, and
// every entry point that would mix statistics collected under other
// values returns an error (see [Stats]). Smooth, SmoothValue and
// EffectiveOrder only affect how [Stats.Score] turns the statistics into
// a score and may change at any time.
//
// Every entry point checks a Config with [Config.Validate] and returns
// its error. A Config is a plain value, safe to copy and to use from
// several goroutines (with a custom Tokenizer or Normalizer, as far as it
// is).
type Config struct {
	// Tokenizer splits segments into words; nil means [Tokenizer13a].
	Tokenizer Tokenizer
	// Normalizer, if not nil, rewrites every segment first (for example
	// [NFKC]). sacreBLEU has no such option; the signature shows it. Text
	// it returns that is not valid UTF-8 is an error wrapping
	// [ErrInvalidUTF8], as invalid input is.
	Normalizer Normalizer
	// Lowercase lowercases every segment, after Normalizer, as Python's
	// str.lower does (sacreBLEU's lowercase=True, -lc).
	Lowercase bool
	// MaxOrder is the largest n-gram order; 0 means 4. It must be between
	// 0 and [MaxMaxOrder].
	MaxOrder int
	// Smooth is the smoothing method; the zero value is [SmoothExp].
	Smooth SmoothMethod
	// SmoothValue is the value of [SmoothFloor] (0 means 0.1) and
	// [SmoothAddK] (0 means 1; it must be a whole number). Other methods
	// ignore it. It must not be negative nor above 2^40, which keeps every
	// number of a Score finite.
	SmoothValue float64
	// EffectiveOrder averages the log precisions only over the orders up to
	// the last one that has n-grams in the hypotheses, so that a sentence
	// shorter than MaxOrder words can score above 0. sacreBLEU turns it on
	// for sentence BLEU.
	EffectiveOrder bool
}

// MaxMaxOrder is the largest [Config.MaxOrder] accepted. It bounds the
// memory of statistics that a Config or an encoding can ask for.
const MaxMaxOrder = 1 << 10

// Validate returns an error when an option of c is out of range: a
// MaxOrder below 0 or above [MaxMaxOrder], an unknown Smooth, a
// SmoothValue below 0, above 2^40 or NaN, or, for [SmoothAddK], a
// SmoothValue that is not a whole number. Every entry point of the package
// ([Stats.Add], [Stats.AddCorpus], [Stats.AddReaders], [Stats.Merge], the
// decoders, [Config.Sentence], [Config.Corpus], [Config.Sentences],
// [Config.SentenceMatrix], [Segments.Add]) returns this error before
// doing anything else.
func (c Config) Validate() error { return c.validate() }

// validate is Validate without copying c.
func (c *Config) validate() error {
	if c.MaxOrder < 0 || c.MaxOrder > MaxMaxOrder {
		return fmt.Errorf("bleu: invalid MaxOrder %d (want 0 for 4, or 1 to %d)", c.MaxOrder, MaxMaxOrder)
	}
	if c.Smooth >= numSmoothMethods {
		return fmt.Errorf("bleu: invalid SmoothMethod %d", uint8(c.Smooth))
	}
	v := c.SmoothValue
	if v < 0 || math.IsNaN(v) || v > 1<<40 {
		// Above 2^40 (or at +Inf) a floor precision can overflow to +Inf.
		return fmt.Errorf("bleu: invalid SmoothValue %v (want 0 to 2^40)", v)
	}
	if c.Smooth == SmoothAddK && v != math.Trunc(v) {
		return fmt.Errorf("bleu: add-k smoothing needs a whole-number SmoothValue, not %v", v)
	}
	return nil
}

// check panics with Validate's error: for the methods without an error
// return (Score), where an invalid Config is a programming error that
// every entry point before them would have reported.
func (c *Config) check() {
	if err := c.validate(); err != nil {
		panic(err.Error())
	}
}

// order returns the effective MaxOrder of a valid c.
func (c *Config) order() int {
	if c.MaxOrder == 0 {
		return 4
	}
	return c.MaxOrder
}

// smoothValue returns SmoothValue or the method's default for 0.
func (c *Config) smoothValue() float64 {
	if c.SmoothValue == 0 {
		return c.Smooth.defaultValue()
	}
	return c.SmoothValue
}

// fingerprint identifies the options that shape the statistics: two
// Stats can be merged only when their fingerprints are equal. It is a
// struct rather than a formatted string so that names containing the
// separators of its String form cannot make two configurations collide.
// The zero fingerprint (order 0) belongs to no configuration.
type fingerprint struct {
	tok       string // tokenizer name, as in the signature
	norm      string // normalizer name, "" for none
	lowercase bool
	order     int
}

// String formats f for messages, for example "tok:13a|norm:nfc|case:lc|order:4".
func (f fingerprint) String() string {
	var b strings.Builder
	b.WriteString("tok:")
	b.WriteString(f.tok)
	if f.norm != "" {
		b.WriteString("|norm:")
		b.WriteString(f.norm)
	}
	if f.lowercase {
		b.WriteString("|case:lc")
	} else {
		b.WriteString("|case:mixed")
	}
	b.WriteString("|order:")
	b.WriteString(strconv.Itoa(f.order))
	return b.String()
}

// fingerprint returns the fingerprint of the options that shape the
// statistics, for [Stats.Merge] and the encoding. c must be valid.
func (c *Config) fingerprint() fingerprint {
	return fingerprint{
		tok:       tokenizerName(c.Tokenizer),
		norm:      normalizerName(c.Normalizer),
		lowercase: c.Lowercase,
		order:     c.order(),
	}
}

// statsOptionsZero reports whether every option that shapes the statistics
// is zero: a Stats so configured takes the options of the statistics that
// Merge or decoding give it.
func (c *Config) statsOptionsZero() bool {
	return c.Tokenizer == nil && c.Normalizer == nil && !c.Lowercase && c.MaxOrder == 0
}

// options are the options that shape the statistics, as a Stats saw them
// when it last checked them: a Stats compares its Config with them at
// every Add, and compares fingerprints (whose names can cost an
// allocation) only when they differ.
type options struct {
	tok       Tokenizer
	norm      Normalizer
	lowercase bool
	order     int
}

// statsOptions returns the options of c that shape the statistics.
func (c *Config) statsOptions() options {
	return options{c.Tokenizer, c.Normalizer, c.Lowercase, c.MaxOrder}
}

// same reports whether o and p hold the very same values: the same
// interface words (type and data) for the tokenizer and normalizer. The
// interface values are not compared with ==, which panics for values of
// an uncomparable type such as a TokenizerFunc or a Chain; values that
// are equal without being identical are told apart by their fingerprint.
func (o *options) same(p *options) bool {
	return o.lowercase == p.lowercase && o.order == p.order &&
		ifaceWords(&o.tok) == ifaceWords(&p.tok) && ifaceWords(&o.norm) == ifaceWords(&p.norm)
}

// ifaceWords returns the two words of the interface value at p, which
// must point to a variable of an interface type.
func ifaceWords[T any](p *T) [2]uintptr {
	return *(*[2]uintptr)(unsafe.Pointer(p))
}

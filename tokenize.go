package bleu

import (
	"fmt"
	"strings"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
)

// A Tokenizer splits a segment into the words whose n-grams BLEU counts.
//
// Tokenize appends the tokens of text to dst and returns the extended
// slice, in the manner of strconv.AppendInt; it must not modify the
// elements of dst already present. Tokens are used exactly as returned:
// they should be non-empty and, for results comparable with other tools,
// contain no whitespace. Tokens may be substrings of text.
//
// [Stats] hands a tokenizer each segment after normalization, lowercasing
// and removal of trailing whitespace, exactly as sacreBLEU does.
//
// The signature of a score names its tokenizer by the tokenizer's String
// method when it has one (see [fmt.Stringer]) and "custom" otherwise.
//
// A Tokenizer used by several [Stats] at once must be safe for concurrent
// use; the built-in [StandardTokenizer] values are.
type Tokenizer interface {
	Tokenize(dst []string, text string) []string
}

// TokenizerFunc adapts an ordinary function to the [Tokenizer] interface.
// Its signature name is "custom"; to give a custom tokenizer a name, define
// a type with Tokenize and String methods instead.
type TokenizerFunc func(dst []string, text string) []string

// Tokenize calls f(dst, text).
func (f TokenizerFunc) Tokenize(dst []string, text string) []string { return f(dst, text) }

// StandardTokenizer is one of the tokenizers built into sacreBLEU 2.6.0,
// reproduced exactly. Its zero value is [Tokenizer13a], sacreBLEU's
// default. StandardTokenizer values are safe for concurrent use.
type StandardTokenizer uint8

// The standard tokenizers, under the names sacreBLEU gives them.
const (
	// Tokenizer13a is the tokenizer of mteval-v13a.pl, sacreBLEU's default
	// ("13a"): it removes "<skipped>", joins lines broken by "-\n", decodes
	// &quot; &amp; &lt; &gt; (only when the segment contains '&'), splits off
	// ASCII punctuation and symbols, splits periods and commas except
	// between digits, and splits a hyphen that follows a digit.
	Tokenizer13a StandardTokenizer = iota
	// TokenizerIntl is sacreBLEU's "intl" tokenizer (mteval-v14
	// international): it splits off Unicode punctuation (category P) unless
	// next to a digit on the relevant side, and every Unicode symbol
	// (category S).
	TokenizerIntl
	// TokenizerZh is sacreBLEU's "zh" tokenizer for Chinese: every character
	// in its table of CJK ranges becomes a token of its own, and the rest is
	// tokenized with the punctuation rules of 13a (without its entity and
	// <skipped> handling). The table is reproduced bug for bug, including
	// its misspelt astral ranges, so that CJK Extension B is not split; see
	// [TokenizerZhFixed] for the corrected table.
	TokenizerZh
	// TokenizerChar is sacreBLEU's "char" tokenizer: every code point other
	// than whitespace is a token.
	TokenizerChar
	// TokenizerNone is sacreBLEU's "none": the segment is split at
	// whitespace (as Python's str.split does it) and nothing else.
	TokenizerNone
	// TokenizerZhFixed is TokenizerZh with the astral ranges of its table
	// as their authors meant them (U+20000–U+2A6D6 and U+2F800–U+2FA1D)
	// instead of sacreBLEU's effective U+2001–U+2A6D and U+2F81–U+2FA1. It
	// is not a sacreBLEU tokenizer: its scores are comparable only with
	// each other, and the signature names it "zh-fixed".
	TokenizerZhFixed

	numStandardTokenizers
)

// standardTokenizerNames are the tokenizers' names, those of
// internal/tokenize, whose Kind numbers them as StandardTokenizer does.
var standardTokenizerNames [numStandardTokenizers]string = tokenize.Names

// String returns sacreBLEU's name of the tokenizer: "13a", "intl", "zh",
// "char" or "none" (and "zh-fixed" for [TokenizerZhFixed]).
func (t StandardTokenizer) String() string {
	if t < numStandardTokenizers {
		return standardTokenizerNames[t]
	}
	return fmt.Sprintf("StandardTokenizer(%d)", uint8(t))
}

// Tokenize appends the tokens of text to dst and returns the extended
// slice. The tokens are exactly the words sacreBLEU 2.6.0 gets by applying
// the tokenizer and then Python's str.split to text. Invalid UTF-8 bytes are
// kept and treated as characters that are neither space, punctuation,
// symbol nor digit.
//
// Tokenize panics if t is not one of the defined constants.
func (t StandardTokenizer) Tokenize(dst []string, text string) []string {
	// A scratch space of its own: the tokens may point into it, and nothing
	// else will ever write there.
	var sc tokenize.Scratch
	return t.tokenize(&sc, dst, text)
}

// tokenize is Tokenize for the hot path: the tokens may point into sc's
// buffers and are valid only until sc is used again. (It is
// tokenize.Kind.Tokenize, written out so that the scanners are called
// from here: one call fewer for every text.)
func (t StandardTokenizer) tokenize(sc *tokenize.Scratch, dst []string, text string) []string {
	switch t {
	case Tokenizer13a:
		return tokenize.Tokenize13a(sc, dst, text)
	case TokenizerIntl:
		return tokenize.TokenizeIntl(sc, dst, text)
	case TokenizerZh:
		return tokenize.TokenizeZh(sc, dst, text)
	case TokenizerZhFixed:
		return tokenize.TokenizeZhFixed(sc, dst, text)
	case TokenizerChar:
		return tokenize.AppendChars(dst, text)
	case TokenizerNone:
		return py.AppendFields(dst, text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardTokenizer %d", uint8(t)))
}

// A segmentTokenizer is a Tokenizer with faster methods for [Stats], as
// an [io.WriterTo] is a Reader's for [io.Copy]: Stats takes them when its
// Tokenizer offers them, and calls Tokenize otherwise. The built-in
// tokenizers ([StandardTokenizer]) do.
type segmentTokenizer interface {
	Tokenizer
	// tokenize is Tokenize, with the tokens in sc's buffers: they may
	// point into them and are valid only until sc is used again. Stats
	// calls it on a long text a piece at a time (internal/tokenize): it
	// must give a text the tokens of its pieces.
	tokenize(sc *tokenize.Scratch, dst []string, text string) []string
	// charTokens reports whether the tokens of a text are its characters
	// that are not whitespace, each a token of its own, as the char
	// tokenizer's are: Stats can then count their n-grams without making
	// them (internal/charngram).
	charTokens() bool
}

// charTokens reports whether t is the char tokenizer.
func (t StandardTokenizer) charTokens() bool { return t == TokenizerChar }

// TokenizerByName returns the standard tokenizer with the given sacreBLEU
// name ("13a", "intl", "zh", "char", "none", or our "zh-fixed").
func TokenizerByName(name string) (StandardTokenizer, error) {
	for i, n := range standardTokenizerNames {
		if n == name {
			return StandardTokenizer(i), nil
		}
	}
	return 0, fmt.Errorf("bleu: unknown tokenizer %q (want one of %s)", name, strings.Join(standardTokenizerNames[:], ", "))
}

// tokenizerName is the name a signature gives t.
func tokenizerName(t Tokenizer) string {
	if t == nil {
		return Tokenizer13a.String()
	}
	if s, ok := t.(fmt.Stringer); ok {
		return s.String()
	}
	return "custom"
}

package bleu

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/go-bleu/bleu/internal/py"
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

var standardTokenizerNames = [numStandardTokenizers]string{"13a", "intl", "zh", "char", "none", "zh-fixed"}

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
	var sc tokScratch
	return t.tokenize(&sc, dst, text)
}

// tokenize is Tokenize for the hot path: the tokens may point into sc's
// buffers and are valid only until sc is used again.
func (t StandardTokenizer) tokenize(sc *tokScratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	switch t {
	case Tokenizer13a:
		return tokenize13a(sc, dst, text)
	case TokenizerIntl:
		return tokenizeIntl(sc, dst, text)
	case TokenizerZh:
		return tokenizeZh(sc, dst, text, &modeZh)
	case TokenizerZhFixed:
		return tokenizeZh(sc, dst, text, &modeZhFixed)
	case TokenizerChar:
		return appendCharTokens(dst, text)
	case TokenizerNone:
		return py.AppendFields(dst, text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardTokenizer %d", uint8(t)))
}

// A segmentTokenizer is a Tokenizer with ways of its own for [Stats], as
// an [io.WriterTo] is a Reader's for [io.Copy]: Stats takes them when its
// Tokenizer offers them, and calls Tokenize otherwise. The built-in
// tokenizers ([StandardTokenizer]) do.
type segmentTokenizer interface {
	Tokenizer
	// tokenize is Tokenize, with the tokens in sc's buffers: they may
	// point into them and are valid only until sc is used again. Stats
	// calls it on a long text a piece at a time (tokenize_pieces.go): it
	// must give a text the tokens of its pieces.
	tokenize(sc *tokScratch, dst []string, text string) []string
	// charTokens reports whether the tokens of a text are its characters
	// that are not whitespace, each a token of its own, as the char
	// tokenizer's are: Stats can then count their n-grams without making
	// them (charngram.go).
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

// How the tokenizers work
//
// sacreBLEU's 13a, intl and zh tokenizers are regular-expression rewrites
// of the whole line followed by str.split. Each rule matches one or two
// adjacent characters, and whitespace plays the same part in every rule as
// the spaces the rules insert: it is a non-digit that is neither
// punctuation nor symbol nor one of 13a's characters. So no rule can carry
// an effect across whitespace, and each whitespace-separated word can be
// tokenized on its own, knowing only whether whitespace (or 13a's padding)
// comes before and after it rather than the start or end of the line.
//
// The same holds within a word for the characters that become tokens of
// their own whatever surrounds them, with the spaces the rules put around
// them: 13a's rule 1 characters, zh's characters and intl's symbols. They
// cut words into pieces, and a piece's tokens follow from a few local
// facts (is this period between digits, is this hyphen after one, is this
// punctuation next to other punctuation), so most pieces are cut up
// directly into substrings of the input (see scan13a and tokenizeIntl for
// the exact conditions). The others go through the rules literally
// (rules13a, rulesIntl) in a small buffer.
//
// The scanners find the bytes that matter several at a time (asciiEvents,
// pySpaceEvents): ASCII bytes other than letters and digits, and the lead
// bytes of multi-byte characters, the only ones that can start whitespace,
// punctuation, a symbol or a character of zh's table. Letters, digits and
// continuation bytes are skipped without being looked at one by one. The
// 13a, zh and intl scanners find the events of a line before they scan
// it, as one mask per 64 bytes (lineEvents; on amd64, in assembly, 16
// bytes an instruction). 13a and zh let through only the lead bytes that
// can start whitespace (C2, E1, E2, E3) or, for zh, a character of its
// table (E0 and above), so that the accented letters of European languages
// (and for 13a, Chinese characters) are skipped too, and E3 not when the
// byte after it makes a kana, which is neither (kanaLeads): Japanese
// words of kana are skipped whole. They cut pieces at periods, commas and
// hyphens themselves, and leave to the rules only the pieces with two
// periods or commas to split. They handle the other
// characters of three bytes themselves too: zh's by a bit a character
// (scan13aMode.zh), so that Chinese text, where every character is a token,
// does not leave the loop; whitespace they leave to scan13a. intl lets
// through every lead byte but C3, whose characters are letters but for ×
// and ÷, which it finds by their last byte, E4..E9, Chinese characters
// but for a block of symbols found the same way (leadIntl), and E3 where
// the two bytes after it make a kana that is a letter (kanaLeadsIntl);
// it looks up the class of characters of two or three bytes in a table
// (bmpClasses), handles punctuation next to ASCII, such characters or
// each other itself, and leaves to the rules only the words with two
// punctuation characters in a row next to a digit.
// tokenize_test.go checks all this against the rules applied literally to
// whole lines, with the special characters at every offset of the chunks
// and blocks.

// tokScratch holds the buffers a tokenizer reuses between segments.
type tokScratch struct {
	a, b []byte // input and output of the rules
	// arena holds the text of tokens that are not substrings of the input.
	// It only grows during one call, so tokens pointing into it stay valid
	// (a reallocation leaves the old array to them).
	arena []byte
	// ev holds the events of the line being scanned (lineEvents), in
	// evBuf while lines have at most 256 bytes: a Stats that scores a
	// single segment then allocates nothing for them.
	ev    []uint64
	evBuf [4]uint64
}

// split appends the space-separated words of out, the rules' output for
// one word, to dst, copying their text to the arena.
func (sc *tokScratch) split(dst []string, out []byte) []string {
	base := len(sc.arena)
	sc.arena = append(sc.arena, out...)
	text := bytesString(sc.arena[base:])
	for i := 0; i < len(text); {
		if text[i] == ' ' {
			i++
			continue
		}
		start := i
		for i < len(text) && text[i] != ' ' {
			i++
		}
		dst = append(dst, text[start:i])
	}
	return dst
}

// longText is the length of text past which tokenBound counts spaces.
const longText = 1 << 16

// tokenBound returns the room to make for the tokens of s beforehand.
// The scanners write one entry past the last token they keep, and a token
// is a run of bytes of s that is not ASCII whitespace, or such a run split
// at its punctuation, symbols and non-ASCII characters (13a and intl only
// put spaces in; non-ASCII whitespace splits runs too): a run with k such
// characters holds at most 2k+1 tokens, and every token holds a byte of s
// that is not a space. In a short text the room is len(s), kept for the next
// one; in a long one, where that would be 16 bytes a byte of text, the
// runs and the bytes that split them are counted (see boundTokens).
func tokenBound(s string) int {
	if len(s) <= longText {
		return len(s)
	}
	runs, splits, spaces := boundTokens(s)
	return min(len(s)-spaces, runs+2*splits) + 1
}

// boundClass has, for each byte, 1 for ASCII whitespace other than the
// space, 2 for the space, and 4 for a byte that may split a run: ASCII
// punctuation and symbols, and the first byte of a non-ASCII character
// (or a byte that cannot be in UTF-8): a run splits only at a character
// that is whitespace, punctuation or a symbol, or, for zh, a Chinese
// one, never at a stray continuation byte.
var boundClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == ' ':
			t[c] = 2
		case c >= '\t' && c <= '\r', c >= 0x1c && c <= 0x1f:
			t[c] = 1
		case c >= 0xc0, c > ' ' && c < 0x7f && !isDigit(byte(c)) && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z'):
			t[c] = 4
		}
	}
	return t
}()

// boundTokens returns the runs of bytes of s that are not ASCII
// whitespace, the bytes that may split them (see boundClass) and the
// spaces.
func boundTokens(s string) (runs, splits, spaces int) {
	inRun := false
	for i := 0; i < len(s); i++ {
		c := boundClass[s[i]]
		ws := c&3 != 0
		runs += b2i(!ws && !inRun)
		inRun = !ws
		splits += int(c >> 2)
		spaces += int(c >> 1 & 1)
	}
	return runs, splits, spaces
}

// bytesString returns a string that shares b's storage. The caller must not
// modify b while the string is in use.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

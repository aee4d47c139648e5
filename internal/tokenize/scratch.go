package tokenize

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/swar"
)

// Scratch holds the buffers a tokenizer reuses between segments.
type Scratch struct {
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
func (sc *Scratch) split(dst []string, out []byte) []string {
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

// LongText is the length of text past which TokenBound counts spaces.
const LongText = 1 << 16

// TokenBound returns the room to make for the tokens of s beforehand.
// The scanners write one entry past the last token they keep, and a token
// is a run of bytes of s that is not ASCII whitespace, or such a run split
// at its punctuation, symbols and non-ASCII characters (13a and intl only
// put spaces in; non-ASCII whitespace splits runs too): a run with k such
// characters holds at most 2k+1 tokens, and every token holds a byte of s
// that is not a space. In a short text the room is len(s), kept for the next
// one; in a long one, where that would be 16 bytes a byte of text, the
// runs and the bytes that split them are counted (see boundTokens).
func TokenBound(s string) int {
	if len(s) <= LongText {
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
		runs += swar.B2I(!ws && !inRun)
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

package tokenize

import (
	"strings"
	"unsafe"
)

// Tokens a piece at a time
//
// A token is a string of 16 bytes, more than the counter keeps of a word
// of a long segment (see "Memory of long segments"). So a long text is
// tokenized a piece at a time, and the counter numbers the tokens of a
// piece before the next piece is tokenized into the same buffer: the
// tokens of a segment never all exist at once.
//
// A piece ends at a cut: a space between two ASCII letters or digits.
// Every standard tokenizer gives a text the tokens of its pieces, one
// piece after the other. No rule carries an effect across whitespace (see
// "How the tokenizers work"), and the letters or digits on either side of
// the cut are not touched by any rule, whatever follows or precedes them:
// they are neither punctuation, symbols, periods, commas nor hyphens, nor
// characters of zh's table. So the start or end of a piece, where 13a
// pads and zh strips, is for them the same as the whitespace at the cut.
// 13a's rewrites ("<skipped>", "-\n" and the entities) hold no space, and
// a piece has an '&' wherever it has an entity. A text without cuts (a
// line of punctuation, or of Chinese) is one piece.
//
// TestPieceCuts checks all this against whole texts for every tokenizer.

// PieceBytes is the most bytes of a piece that has a cut in its second
// half; texts up to LongText long are not cut at all.
const PieceBytes = 1 << 14

// NextCut returns the index of the space that ends the piece of text
// that starts at from, or len(text) for the last piece: the last cut
// within PieceBytes, if one is at least half as far, and the first cut
// beyond otherwise. The room a tokenizer makes for the tokens of a piece
// (TokenBound) is then at most PieceBytes, but where cuts are rare.
func NextCut(text string, from int) int {
	if len(text)-from <= PieceBytes {
		return len(text)
	}
	half := from + PieceBytes/2
	for i := from + PieceBytes - 1; i > half; i-- {
		j := strings.LastIndexByte(text[half:i+1], ' ')
		if j < 0 {
			break
		}
		if i = half + j; isAlnum(text[i-1]) && isAlnum(text[i+1]) {
			return i
		}
	}
	for i := from + PieceBytes; i < len(text)-1; i++ {
		j := strings.IndexByte(text[i:len(text)-1], ' ')
		if j < 0 {
			break
		}
		if i += j; isAlnum(text[i-1]) && isAlnum(text[i+1]) {
			return i
		}
	}
	return len(text)
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return 'a' <= c|0x20 && c|0x20 <= 'z' || isDigit(c)
}

// EstimateTokens returns about how many tokens a text of total bytes has
// when its first bytes have n: as many in proportion, and a sixteenth
// more (a slice of ids made that long grows only when the rest of the
// text has more tokens to a byte).
func EstimateTokens(n, bytes, total int) int {
	if bytes >= total {
		return n
	}
	return int(float64(n)*float64(total)/float64(bytes)*(1+1.0/16)) + 1
}

// Detach replaces the tokens that are not substrings of text (the
// tokenizer's rewrites, in its scratch space) with copies of their own.
func Detach(toks []string, text string) {
	base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	for i, t := range toks {
		// Comparing addresses is safe; a token before text wraps around.
		off := uintptr(unsafe.Pointer(unsafe.StringData(t))) - base
		if len(t) > len(text) || off > uintptr(len(text)-len(t)) {
			toks[i] = strings.Clone(t)
		}
	}
}

package bleu

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/go-bleu/bleu/internal/py"
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

// pieceBytes is the most bytes of a piece that has a cut in its second
// half; texts up to longText long are not cut at all.
const pieceBytes = 1 << 14

// nextCut returns the index of the space that ends the piece of text
// that starts at from, or len(text) for the last piece: the last cut
// within pieceBytes, if one is at least half as far, and the first cut
// beyond otherwise. The room a tokenizer makes for the tokens of a piece
// (tokenBound) is then at most pieceBytes, but where cuts are rare.
func nextCut(text string, from int) int {
	if len(text)-from <= pieceBytes {
		return len(text)
	}
	half := from + pieceBytes/2
	for i := from + pieceBytes - 1; i > half; i-- {
		j := strings.LastIndexByte(text[half:i+1], ' ')
		if j < 0 {
			break
		}
		if i = half + j; isAlnum(text[i-1]) && isAlnum(text[i+1]) {
			return i
		}
	}
	for i := from + pieceBytes; i < len(text)-1; i++ {
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

// addPieces counts a segment whose hypothesis, normalized, is hyp, with
// st's tokenizer, as addTokens does, but a piece of text at a time: the
// hypothesis where it has more words than the sets of positions take (see
// ngram.go), and the references longer than longText.
func (s *Stats) addPieces(w *worker, st segmentTokenizer, hyp string, refs []string) {
	c := &w.counter
	hyp = py.RStrip(hyp)
	w.hyp.text = hyp
	// The first pieces, until they have too many words for the sets: a
	// text of few words is counted as one. Room for the tokens of a
	// piece after those: see nextCut.
	toks := slices.Grow(w.hyp.toks[:0], pieceBytes+64*maxWidth+1)
	from, end := 0, 0
	for {
		end = nextCut(hyp, from)
		n := len(toks)
		toks = st.tokenize(&w.hyp.sc, toks, hyp[from:end])
		if end == len(hyp) || len(toks) > 64*maxWidth {
			break
		}
		// The next piece's tokenization overwrites this one's rewrites.
		detach(toks[n:], hyp)
		from = end + 1
	}
	w.hyp.toks = toks
	b := &w.ref
	if end == len(hyp) && len(toks) <= 64*maxWidth {
		c.begin(&w.seg, toks, hyp)
	} else {
		c.beginLong(estimateTokens(len(toks), end, len(hyp)), true)
		c.addHypWords(toks, hyp)
		for end < len(hyp) {
			from = end + 1
			end = nextCut(hyp, from)
			toks = st.tokenize(&w.hyp.sc, toks[:0], hyp[from:end])
			c.addHypWords(toks, hyp)
		}
		w.hyp.toks = toks
		c.endHyp(&w.seg)
		// The counter keeps nothing of the hypothesis's tokens: the
		// references are tokenized into the same buffers, which a text
		// without cuts (see nextCut) has made as large as it needs.
		b = &w.hyp
	}
	only := len(refs) == 1
	for _, r := range refs {
		if r = py.RStrip(r); len(r) <= longText {
			c.addRef(&w.seg, s.tokens(b, st, r), r, only)
			continue
		}
		b.text = r
		for from := 0; from <= len(r); from = end + 1 {
			end = nextCut(r, from)
			b.toks = st.tokenize(&b.sc, b.toks[:0], r[from:end])
			if from == 0 {
				c.beginRef(estimateTokens(len(b.toks), end, len(r)), only)
			}
			c.addRefWords(b.toks, r)
		}
		c.endRef(&w.seg)
	}
	c.finish(&w.seg)
}

// estimateTokens returns about how many tokens a text of total bytes has
// when its first bytes have n: as many in proportion, and a sixteenth
// more (a slice of ids made that long grows only when the rest of the
// text has more tokens to a byte).
func estimateTokens(n, bytes, total int) int {
	if bytes >= total {
		return n
	}
	return int(float64(n)*float64(total)/float64(bytes)*(1+1.0/16)) + 1
}

// detach replaces the tokens that are not substrings of text (the
// tokenizer's rewrites, in its scratch space) with copies of their own.
func detach(toks []string, text string) {
	base := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	for i, t := range toks {
		// Comparing addresses is safe; a token before text wraps around.
		off := uintptr(unsafe.Pointer(unsafe.StringData(t))) - base
		if len(t) > len(text) || off > uintptr(len(text)-len(t)) {
			toks[i] = strings.Clone(t)
		}
	}
}

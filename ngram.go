package bleu

import (
	"fmt"
	"slices"

	"github.com/go-bleu/bleu/internal/charngram"
	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// How Stats counts the n-grams of a segment: its scratch space, the texts
// prepared and tokenized, and the tokens handed to the n-gram counter
// (internal/ngram) or the texts to the char tokenizer's counter
// (internal/charngram), which do the counting.

// scratch is the scratch space of Add: it makes a steady-state Add free of
// allocations.
type scratch struct {
	// The hypothesis words must outlive the tokenization of the references,
	// so each side has buffers of its own.
	hyp, ref tokBuffer
	counter  ngram.Counter
	char     charngram.Counter // the char tokenizer's counting
	seg      ngram.Segment
	// shards are the Stats of AddCorpus's goroutines, kept warm.
	shards []*Stats
	// prepared holds a segment's references normalized (addPrepared).
	prepared []string
	// Reset keeps the count slices here, zeroed, for the next Add.
	spareMatches, spareTotals []int64
}

// keepScratch is the most bytes of tokens and word ids a Stats's
// scratch space keeps room for after a segment (see scratch.bytes).
const keepScratch = 32 << 20

// tokBuffer is the scratch space of one tokenization.
type tokBuffer struct {
	sc   tokenize.Scratch
	toks []string
	// text is the text last tokenized, after preprocessing: the tokens
	// are usually substrings of it, which lets the counter read their
	// bytes faster.
	text string
}

// segmentTokenizer returns the Tokenizer as a segmentTokenizer, or nil if
// it is not one: its Tokenize method then tokenizes.
func (s *Stats) segmentTokenizer() segmentTokenizer {
	if s.Tokenizer == nil {
		return Tokenizer13a
	}
	st, _ := s.Tokenizer.(segmentTokenizer)
	return st
}

// addTokens counts a segment of texts hyp and refs, normalized, into
// w.seg by their tokens, with st's own tokenize if st is not nil.
func (s *Stats) addTokens(w *scratch, st segmentTokenizer, hyp string, refs []string) {
	c := &w.counter
	if st != nil && (len(hyp) > tokenize.LongText || slices.ContainsFunc(refs, func(r string) bool { return len(r) > tokenize.LongText })) {
		s.addPieces(w, st, hyp, refs)
	} else {
		c.Begin(&w.seg, s.tokens(&w.hyp, st, hyp), w.hyp.text)
		for _, r := range refs {
			c.AddRef(&w.seg, s.tokens(&w.ref, st, r), w.ref.text, len(refs) == 1)
		}
		c.Finish(&w.seg)
	}
	if w.bytes() > keepScratch {
		// A huge segment's scratch space is not kept for the segments to
		// come.
		w.hyp, w.ref, w.counter = tokBuffer{}, tokBuffer{}, ngram.Counter{}
	}
}

// bytes returns the bytes of w's largest buffers, which grow with the
// tokens of a segment: the tokens, 16 bytes each, and the counter's.
func (w *scratch) bytes() int {
	return 16*(cap(w.hyp.toks)+cap(w.ref.toks)) + w.counter.Bytes()
}

// addPrepared normalizes a segment of valid texts and counts it into
// w.seg, without tokens if char and the char tokenizer's counter takes the
// segment, by tokens if not: the texts are normalized once for both. It
// returns an error wrapping [ErrInvalidUTF8] when the Normalizer's
// rewrite of a text is not valid UTF-8.
func (s *Stats) addPrepared(w *scratch, st segmentTokenizer, char bool, hyp string, refs []string) error {
	hyp, ok := s.prepare(hyp)
	if !ok {
		return fmt.Errorf("%w in the Normalizer's rewrite of the hypothesis", ErrInvalidUTF8)
	}
	prepared := w.prepared[:0]
	for i, r := range refs {
		r, ok := s.prepare(r)
		if !ok {
			clear(prepared)
			w.prepared = prepared
			return fmt.Errorf("%w in the Normalizer's rewrite of reference %d", ErrInvalidUTF8, i+1)
		}
		prepared = append(prepared, r)
	}
	if !char || !w.char.Segment(&w.seg, hyp, prepared) {
		s.addTokens(w, st, hyp, prepared)
	}
	// Not kept: they are as long as the texts.
	clear(prepared)
	w.prepared = prepared
	return nil
}

// prepare normalizes text as the Normalizer and Lowercase say. It
// reports false when the Normalizer returned text that is not valid UTF-8.
func (s *Stats) prepare(text string) (string, bool) {
	if s.Normalizer != nil {
		text = s.Normalizer.Normalize(text)
		if !utf8x.Valid(text) {
			return text, false
		}
	}
	if s.Lowercase {
		text = py.Lower(text)
	}
	return text, true
}

// words preprocesses and tokenizes one text as sacreBLEU's
// _preprocess_segment does. The words are valid until b is used again. It
// reports false, and no words, when the Normalizer returned invalid UTF-8.
func (s *Stats) words(b *tokBuffer, text string) ([]string, bool) {
	text, ok := s.prepare(text)
	if !ok {
		return nil, false
	}
	return s.tokens(b, s.segmentTokenizer(), text), true
}

// tokens strips a normalized text of trailing whitespace and tokenizes
// it, with st's own tokenize if st is not nil. The tokens are valid until b is
// used again.
func (s *Stats) tokens(b *tokBuffer, st segmentTokenizer, text string) []string {
	text = py.RStrip(text)
	b.text = text
	if st != nil {
		b.toks = st.tokenize(&b.sc, b.toks[:0], text)
	} else {
		b.toks = s.Tokenizer.Tokenize(b.toks[:0], text)
	}
	return b.toks
}

// addPieces counts a segment whose hypothesis, normalized, is hyp, with
// st's tokenizer, as addTokens does, but a piece of text at a time: the
// hypothesis where it has more words than the sets of positions take (see
// internal/ngram), and the references longer than tokenize.LongText.
func (s *Stats) addPieces(w *scratch, st segmentTokenizer, hyp string, refs []string) {
	c := &w.counter
	hyp = py.RStrip(hyp)
	w.hyp.text = hyp
	// The first pieces, until they have too many words for the sets: a
	// text of few words is counted as one. Room for the tokens of a
	// piece after those: see nextCut.
	toks := slices.Grow(w.hyp.toks[:0], tokenize.PieceBytes+ngram.MaxSetWords+1)
	from, end := 0, 0
	for {
		end = tokenize.NextCut(hyp, from)
		n := len(toks)
		toks = st.tokenize(&w.hyp.sc, toks, hyp[from:end])
		if end == len(hyp) || len(toks) > ngram.MaxSetWords {
			break
		}
		// The next piece's tokenization overwrites this one's rewrites.
		tokenize.Detach(toks[n:], hyp)
		from = end + 1
	}
	w.hyp.toks = toks
	b := &w.ref
	if end == len(hyp) && len(toks) <= ngram.MaxSetWords {
		c.Begin(&w.seg, toks, hyp)
	} else {
		c.BeginLong(tokenize.EstimateTokens(len(toks), end, len(hyp)), true)
		c.AddHypWords(toks, hyp)
		for end < len(hyp) {
			from = end + 1
			end = tokenize.NextCut(hyp, from)
			toks = st.tokenize(&w.hyp.sc, toks[:0], hyp[from:end])
			c.AddHypWords(toks, hyp)
		}
		w.hyp.toks = toks
		c.EndHyp(&w.seg)
		// The counter keeps nothing of the hypothesis's tokens: the
		// references are tokenized into the same buffers, which a text
		// without cuts (see nextCut) has made as large as it needs.
		b = &w.hyp
	}
	only := len(refs) == 1
	for _, r := range refs {
		if r = py.RStrip(r); len(r) <= tokenize.LongText {
			c.AddRef(&w.seg, s.tokens(b, st, r), r, only)
			continue
		}
		b.text = r
		for from := 0; from <= len(r); from = end + 1 {
			end = tokenize.NextCut(r, from)
			b.toks = st.tokenize(&b.sc, b.toks[:0], r[from:end])
			if from == 0 {
				c.BeginRef(tokenize.EstimateTokens(len(b.toks), end, len(r)), only)
			}
			c.AddRefWords(b.toks, r)
		}
		c.EndRef(&w.seg)
	}
	c.Finish(&w.seg)
}

package spm

import (
	"errors"
	"math"
	"strings"
	"sync"
)

// A span is a piece of the model's segmentation: bytes [begin, end) of the
// normalized text, and the piece's id.
type span struct {
	begin, end int32
	id         int32
}

// scratch is the memory one encoding needs; scratches are pooled.
type scratch struct {
	norm  []byte
	spans []span
	best  []bestNode // unigram
	bpe   bpeState   // bpe
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// maxPooled bounds the scratch kept for reuse, in normalized bytes.
const maxPooled = 1 << 16

var (
	errNotConsumed = errors.New("spm: a control symbol in the segmentation consumes no text " +
		"(sentencepiece: all normalized characters are not consumed)")
	errTooLong = errors.New("spm: the normalized text is 2 GiB or longer")
)

// Encode returns the pieces of text exactly as sentencepiece 0.1.97's
// EncodeAsPieces returns them (and spm_encode --output_format=piece
// prints them): the text is normalized, segmented by the model, runs of
// unknown pieces are merged into one and, with byte_fallback, each
// unknown piece is replaced by the pieces of its UTF-8 bytes ("<0xE3>").
//
// The pieces share the memory of one string. The one error that
// sentencepiece also has is a segmentation that yields a control symbol,
// which a char or word model can do when a control symbol is also a
// character or a word of the text; the other is a text whose normalized
// form reaches 2 GiB.
func (m *Model) Encode(text string) ([]string, error) {
	return m.AppendPieces(nil, text)
}

// AppendPieces appends the pieces of text, as [Model.Encode] returns
// them, to dst and returns the extended slice. On error dst is returned
// as it was given.
func (m *Model) AppendPieces(dst []string, text string) ([]string, error) {
	sc := scratches.Get().(*scratch)
	defer func() {
		if cap(sc.norm) <= maxPooled {
			scratches.Put(sc)
		}
	}()
	sc.norm = m.norm.normalize(sc.norm[:0], text)
	if len(sc.norm) == 0 {
		return dst, nil
	}
	if len(sc.norm) >= math.MaxInt32 {
		return dst, errTooLong // the spans count bytes in int32
	}
	norm := string(sc.norm)
	sc.spans = sc.spans[:0]
	switch m.typ {
	case Unigram:
		sc.spans = m.unigram(sc, norm)
	case BPE:
		sc.spans = m.bpe(sc, norm)
	case Char:
		sc.spans = m.char(sc.spans, norm)
	case Word:
		sc.spans = m.word(sc.spans, norm)
	}
	return m.appendResult(dst, norm, sc.spans)
}

// appendResult turns a segmentation into pieces
// (SentencePieceProcessor::PopulateSentencePieceText).
func (m *Model) appendResult(dst []string, norm string, spans []span) ([]string, error) {
	start := len(dst)
	consumed := int32(0)
	prevUnk := false
	for _, s := range spans {
		t := m.pieces[s.id].typ
		unk := t == typeUnknown
		switch {
		case t == typeControl:
			// A control symbol has no surface: it consumes nothing.
			dst = append(dst, m.pieces[s.id].piece)
		case unk && m.byteFallback:
			for i := s.begin; i < s.end; i++ {
				dst = append(dst, m.bytePieces[norm[i]])
			}
			consumed += s.end - s.begin
		case unk && prevUnk:
			last := &dst[len(dst)-1]
			*last += norm[s.begin:s.end]
			consumed += s.end - s.begin
		default:
			dst = append(dst, norm[s.begin:s.end])
			consumed += s.end - s.begin
		}
		prevUnk = unk
	}
	if int(consumed) != len(norm) {
		clear(dst[start:])
		return dst[:start], errNotConsumed
	}
	return dst, nil
}

// char is character::Model::Encode: a user-defined symbol or a character
// a piece.
func (m *Model) char(spans []span, norm string) []span {
	for i := 0; i < len(norm); {
		l := m.prefixMatch(norm[i:])
		spans = append(spans, span{int32(i), int32(i + l), m.pieceID(norm[i : i+l])})
		i += l
	}
	return spans
}

// word is word::Model::Encode: the text cut before every U+2581
// (SplitIntoWords with its defaults, whatever treat_whitespace_as_suffix
// says).
func (m *Model) word(spans []span, norm string) []span {
	begin := 0
	for i := 0; i < len(norm); {
		l := min(oneCharLen(norm[i]), len(norm)-i)
		if i > 0 && norm[i:i+l] == spaceSymbol {
			spans = append(spans, span{int32(begin), int32(i), m.pieceID(norm[begin:i])})
			begin = i
		}
		i += l
	}
	return append(spans, span{int32(begin), int32(len(norm)), m.pieceID(norm[begin:])})
}

// prefixMatch is PrefixMatcher::PrefixMatch: the length of the longest
// user-defined symbol at the start of s, else of its first character.
func (m *Model) prefixMatch(s string) int {
	if m.user != nil {
		if l := m.user.longestPrefix(s); l > 0 {
			return l
		}
	}
	return min(oneCharLen(s[0]), len(s))
}

// oneCharLen is sentencepiece's OneCharLen: the length of a UTF-8
// sequence by its first byte alone (1 for a continuation byte).
func oneCharLen(b byte) int {
	return int("\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x02\x02\x03\x04"[b>>4])
}

// equivalent is ModelInterface::VerifyOutputsEquivalent, which the
// self-test uses: for unigram models two segmentations of the same score.
func (m *Model) equivalent(expected, actual string) bool {
	if m.typ != Unigram {
		return expected == actual
	}
	score := func(s string) float32 {
		var total float32
		for _, p := range strings.Split(s, " ") {
			id := m.pieceID(p)
			switch {
			case id == m.unkID:
				total += m.unkScore
			case m.pieces[id].typ == typeUserDefined:
				total = float32(float64(total) + (float64(float32(float32(len(p))*m.maxScore)) - 0.1))
			default:
				total = float32(float64(total) + float64(m.pieces[id].score))
			}
		}
		return total
	}
	d := score(expected) - score(actual)
	return !(d > 1e-7 || -d > 1e-7)
}

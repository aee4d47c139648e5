package chrf

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/swar"
)

// wordPad is how many zero bytes follow the texts in a counter's word
// buffer (c.low): the whitespace scan reads the texts 64 bytes at a time,
// and a word's key 16 bytes at a time, from any byte of a text.
const wordPad = 64

// appendWords appends to c.toks the codes of the words of the text
// buf[a:e], of the hypothesis if hyp, else of a reference: the
// hypothesis's words are numbered 1, 2, ... in the order first seen, a
// reference's word gets the number of the same word of the hypothesis,
// or 0 if it has none (no n-gram with it can match). buf has wordPad
// readable bytes past e.
//
// The words are sacreBLEU's CHRF._remove_punctuation's (splitWords): the
// fields between Python whitespace, a field of two characters or more
// less a last punctuation character, or else a first one, which is a
// word of its own. They are found in two passes, whose only branches on
// the text are the rare lead bytes of non-ASCII whitespace, a split
// field's second word, a slot held by another word and the end of each
// block's fields: the whitespace of each 64 bytes as a bit mask
// (spaceMasks), then the fields found in the masks, split and numbered in
// one loop (wordTable.wordCodes).
func (c *counter) appendWords(buf []byte, a, e int, hyp bool) {
	blocks := (e - a + 63) / 64
	c.spaceBits = grow(c.spaceBits, 2*blocks+2)
	masks := c.spaceBits
	if spaceMasks(masks[:2*blocks], buf, a, e) != 0 {
		multiByteSpaces(masks[:2*blocks], buf, a, e)
	}
	masks[2*blocks], masks[2*blocks+1] = ^uint64(0), 0 // what window reads past the text
	n0 := len(c.toks)
	c.toks = slices.Grow(c.toks, e-a)[:n0+e-a] // a word has a byte at least
	c.toks = c.toks[:n0+c.words.wordCodes(c.toks[n0:], masks, buf, a, e, hyp)]
}

// spaceMasksGo writes, for each 64-byte block of buf[a:e], the bits of
// its bytes that are ASCII Python whitespace or past e to masks[2i], and
// of those that may start a non-ASCII whitespace character to
// masks[2i+1] (see spaceBlock). It returns the lead bits of all blocks
// together. masks has room for every block; buf has 64 readable bytes
// past e.
func spaceMasksGo(masks []uint64, buf []byte, a, e int) (leads uint64) {
	i := 0
	for p := a; p < e; p += 64 {
		ws, ld := spaceBlock(buf, p)
		if e-p < 64 {
			past := ^uint64(0) << (e - p)
			ws |= past
			ld &^= past
		}
		masks[i], masks[i+1] = ws, ld
		leads |= ld
		i += 2
	}
	return leads
}

// window returns the whitespace bits of the 64 bytes from byte i of a
// text whose masks (spaceMasks) are followed by an all-whitespace block:
// bit j for byte i+j. i is less than the text's length.
func window(masks []uint64, i int) uint64 {
	b := 2 * (i >> 6)
	return masks[b]>>(i&63) | masks[b+2]<<(64-i&63) // << 64 is 0 in Go
}

// nextField returns the bounds of the first field of the text buf[a:e]
// (masks as window has them) that starts at or after p, or e, e if there
// is none.
func nextField(masks []uint64, a, e, p int) (s, end int) {
	for ; ; p += 64 {
		if p >= e {
			return e, e
		}
		if w := ^window(masks, p-a); w != 0 {
			s = p + bits.TrailingZeros64(w)
			break
		}
	}
	for end = s; end < e; end += 64 {
		if w := window(masks, end-a); w != 0 {
			return s, end + bits.TrailingZeros64(w)
		}
	}
	return s, e
}

// splitField returns the length of the first word of the field buf[s:end]:
// the field's, or one less with its last punctuation character split off,
// or 1, its first punctuation character; the rest of the field, if any,
// is the second word.
func splitField(buf []byte, s, end int) int {
	n := end - s
	first, last := buf[s], buf[end-1]
	one := b2u(int(utf8Len[first]) == n)
	lastP := ^one & uint32(punct256[last])
	firstP := ^one & ^lastP & uint32(punct256[first])
	return n - int(lastP) - (n-1)&-int(firstP)
}

// utf8Len is the length of the UTF-8 sequence each lead byte starts (1
// for ASCII; continuation bytes never start one).
var utf8Len = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b < utf8.RuneSelf:
			t[b] = 1
		case b >= 0xF0:
			t[b] = 4
		case b >= 0xE0:
			t[b] = 3
		default:
			t[b] = 2
		}
	}
	return t
}()

// punct256 is 1 for the bytes of Python's string.punctuation (puncts),
// 0 for the others: splitField indexes it with any byte.
var punct256 = func() (t [256]uint8) {
	for b, p := range puncts {
		if p {
			t[b] = 1
		}
	}
	return t
}()

// spaceBlock returns the bits of the bytes of buf[p:p+64] that are ASCII
// Python whitespace, and of those that may start a non-ASCII one: C2,
// E0..E2 (see swar.LeadEvents), and E3 before 80 (U+3000). The test of
// E3's next byte keeps kana, and the rest of U+3040..U+3FFF, off the
// slow path of multiByteSpaces. buf has 65 readable bytes from p.
func spaceBlock(buf []byte, p int) (ws, leads uint64) {
	b := buf[p : p+65]
	for j := 0; j < 64; j += 8 {
		x, y := binary.LittleEndian.Uint64(b[j:]), binary.LittleEndian.Uint64(b[j+1:])
		ws |= movemask(asciiSpace(x)) << j
		notSpace := swar.ZeroBytes(x^0xE3*swar.Ones) &^ swar.ZeroBytes(y^0x80*swar.Ones)
		leads |= movemask(swar.LeadEvents(x, 0xFC*swar.Ones)&^notSpace) << j
	}
	return ws, leads
}

// asciiSpace has the top bit set in the bytes of x that are ASCII Python
// whitespace, 09..0D and 1C..20. In (x|High) - c*Ones no byte borrows
// from the next, and a byte's top bit is left set if its low seven bits
// are c or more.
func asciiSpace(x uint64) uint64 {
	y := x | swar.High
	ge := func(c uint64) uint64 { return y - c*swar.Ones }
	return ^x & (ge(0x09) ^ ge(0x0E) | ge(0x1C) ^ ge(0x21)) & swar.High
}

// multiByteSpaces adds to the whitespace masks of the text buf[a:e]
// (spaceMasks) the bytes of its non-ASCII whitespace characters, which
// begin at some of the bytes of the lead masks.
func multiByteSpaces(masks []uint64, buf []byte, a, e int) {
	for b := 0; b+1 < len(masks); b += 2 {
		p := a + 32*b
		for leads := masks[b+1]; leads != 0; leads &= leads - 1 {
			i := bits.TrailingZeros64(leads)
			if w := py.MultiByteSpace(unsafe.String(&buf[p+i], e-p-i)); w > 0 {
				m := uint64(1)<<w - 1
				masks[b] |= m << i
				if spill := m >> (64 - i); spill != 0 {
					masks[b+2] |= spill // the character ends in the next block
				}
			}
		}
	}
}

// movemask gathers the top bits of m's bytes into its low eight bits.
func movemask(m uint64) uint64 {
	return (m & swar.High >> 7) * 0x0102040810204080 >> 56
}

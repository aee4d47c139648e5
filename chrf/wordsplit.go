package chrf

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/swar"
)

// wordPad is how many zero bytes follow the texts in a counter's word
// buffer (c.low): the whitespace scan reads the texts 64 bytes at a time,
// and a word's key 8 bytes at a time, from any byte of a text.
const wordPad = 64

// token is a word of the word orders, buf[off:off+n] of the word buffer.
type token struct{ off, n int }

// tokens sets c.wtoks to the words of the text buf[a:e] as sacreBLEU's
// CHRF._remove_punctuation has them (splitWords): the fields between
// Python whitespace, a field of two characters or more less a last
// punctuation character, or else a first one, which is a word of its own.
// buf has wordPad readable bytes past e.
//
// It goes in three passes, with no branch on the text but the loops'
// exits and the rare lead bytes of non-ASCII whitespace: the whitespace of each 64 bytes as a bit mask
// (spaceMasks), the bounds of the fields from the masks (fieldBounds),
// and the words from the fields (splitFields).
func (c *counter) tokens(buf []byte, a, e int) {
	blocks := (e - a + 63) / 64
	c.spaceBits = grow(c.spaceBits, 2*blocks)
	masks := c.spaceBits
	if spaceMasks(masks, buf, a, e) != 0 {
		multiByteSpaces(masks, buf, a, e)
	}
	c.bounds = grow(c.bounds, 2*((e-a)/2+1))
	nf := fieldBounds(c.bounds, masks, a, e)
	c.wtoks = grow(c.wtoks, 2*nf+1)
	c.wtoks = c.wtoks[:splitFields(c.wtoks, c.bounds[:2*nf], buf)]
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

// fieldBoundsGo writes the start of each field of the text buf[a:e],
// whose whitespace masks holds (spaceMasks), to bounds[2f], and its end
// to bounds[2f+1], and returns the number of fields. bounds has room for
// every field.
func fieldBoundsGo(bounds []int, masks []uint64, a, e int) int {
	ns, ne := 0, 0
	prev := uint64(1) // whether the byte before the block is whitespace
	for i := 0; i+1 < len(masks); i += 2 {
		p := a + 32*i
		ws := masks[i]
		after := ws<<1 | prev // whitespace at the byte before
		for m := ^ws & after; m != 0; m &= m - 1 {
			bounds[2*ns] = p + bits.TrailingZeros64(m)
			ns++
		}
		for m := ws &^ after; m != 0; m &= m - 1 {
			bounds[2*ne+1] = p + bits.TrailingZeros64(m)
			ne++
		}
		prev = ws >> 63
	}
	if ne < ns {
		bounds[2*ne+1] = e
	}
	return ns
}

// splitFieldsGo writes to toks the words of the fields that bounds holds
// (fieldBounds), as tokens describes, and returns their number. Two
// words are written for each field, and the next field's overwrite the
// second unless the field was split: toks has room for two words a
// field and one more.
func splitFieldsGo(toks []token, bounds []int, buf []byte) int {
	k := 0
	for f := 0; f+1 < len(bounds); f += 2 {
		s, n := bounds[f], bounds[f+1]-bounds[f]
		first, last := buf[s], buf[s+n-1]
		one := b2u(int(utf8Len[first]) == n)
		lastP := ^one & uint32(punct256[last])
		firstP := ^one & ^lastP & uint32(punct256[first])
		// The first word's length: n, or n-1 with the punctuation at
		// the end split off, or 1, the punctuation at the start.
		n1 := n - int(lastP) - (n-1)&-int(firstP)
		toks[k] = token{s, n1}
		toks[k+1] = token{s + n1, n - n1}
		k += 1 + int(lastP|firstP)
	}
	return k
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
// 0 for the others: splitFields indexes it with any byte.
var punct256 = func() (t [256]uint8) {
	for b, p := range puncts {
		if p {
			t[b] = 1
		}
	}
	return t
}()

// spaceBlock returns the bits of the bytes of buf[p:p+64] that are ASCII
// Python whitespace, and of those that may start a non-ASCII one (C2,
// E0..E3; see swar.LeadEvents).
func spaceBlock(buf []byte, p int) (ws, leads uint64) {
	b := buf[p : p+64]
	for j := 0; j < 64; j += 8 {
		x := binary.LittleEndian.Uint64(b[j:])
		ws |= movemask(asciiSpace(x)) << j
		leads |= movemask(swar.LeadEvents(x, 0xFC*swar.Ones)) << j
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

package charngram

import (
	"math/bits"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/swar"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// This file turns a text into the string of ids the char counting reads
// (see counter.go).

// text appends to dst the ids of the characters of s that are not
// whitespace, numbering the new non-ASCII ones if hyp. It reports false
// when s is not valid UTF-8 or has too many distinct non-ASCII or astral
// characters.
func (c *Counter) text(dst []uint8, s string, hyp bool) ([]uint8, bool) {
	// At most one id a byte: room for them all saves append's checks,
	// and eight more for copyASCII's last writes.
	if cap(dst) < len(dst)+len(s)+8 {
		dst = append(make([]uint8, 0, len(dst)+len(s)+8), dst...)
	}
	buf, k := dst[:len(dst)+len(s)+8], len(dst)
	i := 0
	for i < len(s) {
		b := s[i]
		if b < utf8.RuneSelf {
			if cpu.HasSSSE3 && len(s) >= 16 && len(s) <= cpu.AsmPiece {
				var w int
				i, w = copyASCII16(buf[k:], s, i, &charShuf)
				k += w
			} else {
				i, k = copyASCII(buf, k, s, i)
			}
			if i >= len(s) {
				break
			}
			if b = s[i]; b < utf8.RuneSelf {
				buf[k] = b
				k += int(tokenize.CharKeep[b])
				i++
				continue
			}
		}
		// A non-ASCII character: decoded here if it has two bytes (the
		// commonest case of European text) or three (Chinese, Japanese).
		var u uint
		var ok bool
		w := 0
		switch {
		case b < 0xE0 && i+1 < len(s):
			u, ok = utf8x.Rune2(b, s[i+1])
			w = 2
		case b < 0xF0 && i+2 < len(s):
			u, ok = utf8x.Rune3(b, s[i+1], s[i+2])
			w = 3
		}
		r := rune(u)
		if !ok {
			if r, w = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && w == 1 {
				return dst, false
			}
		}
		i += w
		if py.IsSpace(r) {
			continue
		}
		if r > 0xFFFF {
			u, ok := c.astral[r]
			if !ok {
				if len(c.astral) == charAstralIDs {
					return dst, false
				}
				if c.astral == nil {
					c.astral = make(map[rune]uint16)
				}
				u = uint16(0xD800 + len(c.astral))
				c.astral[r] = u
			}
			r = rune(u)
		}
		e := &c.wide[uint16(r)]
		switch v := *e; {
		case v>>8 == c.gen:
			buf[k] = uint8(v)
		case !hyp:
			buf[k] = charNone
		case c.nextID == 0x80+charWideIDs:
			return dst, false
		default:
			*e = c.gen<<8 | c.nextID
			buf[k] = uint8(c.nextID)
			c.nextID++
		}
		k++
	}
	return buf[:k], true
}

// copyASCII copies to buf from k on the bytes of s from i on that are
// not whitespace, eight at a time while they are ASCII, and returns the
// new i and k: i is then at a non-ASCII byte or the end of s, or s is
// shorter than eight bytes. Eight bytes from k on must be in buf.
//
// It is a function of its own, with few live values, so that k stays in
// a register: in text's loop it was kept on the stack, and each byte
// waited for the store of the last.
func copyASCII(buf []uint8, k int, s string, i int) (int, int) {
	for i < len(s) {
		var x uint64
		n := 8 // the bytes of x to copy
		switch {
		case i+8 <= len(s):
			x = swar.Load64(s, i)
		case len(s) >= 8:
			// The last bytes, with spaces, which are dropped, for the
			// bytes past the end.
			n = len(s) - i
			x = swar.Load64(s, len(s)-8)>>(64-8*n) | ' '*swar.Ones<<(8*n)
		default:
			return i, k
		}
		if hi := x & swar.High; hi != 0 {
			// The ASCII bytes before the first other one, and spaces.
			n = bits.TrailingZeros64(hi) >> 3
			if n == 0 {
				return i, k
			}
			low := uint64(1)<<(8*n) - 1
			x = x&low | ' '*swar.Ones&^low
		}
		// Each byte goes where the next would if it is whitespace. Without
		// branches: whether eight bytes have whitespace is hard to predict.
		// Unrolled by hand, as Go unrolls no loop.
		d := (*[8]uint8)(buf[k : k+8])
		d[0] = uint8(x)
		j := charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		x >>= 8
		d[j&7] = uint8(x)
		j += charKeepID[uint8(x)]
		k += int(j)
		i += n
		if n < 8 {
			break
		}
	}
	return i, k
}

// charShuffle is the table of copyASCII16: for the mask m of the bytes
// to keep of eight, pat[m] has their indices in order (the bytes of a
// PSHUFB pattern), and n[m] their number.
type charShuffle struct {
	pat [256]uint64
	n   [256]uint8
}

// charShuf is copyASCII16's table.
var charShuf = func() (t charShuffle) {
	for m := range 256 {
		k := 0
		for b := range 8 {
			if m>>b&1 != 0 {
				t.pat[m] |= uint64(b) << (8 * k)
				k++
			}
		}
		t.n[m] = uint8(k)
	}
	return t
}()

// charKeepID is tokenize.CharKeep for any byte, so that a byte indexes it as it is.
var charKeepID = func() (t [256]uint8) {
	copy(t[:], tokenize.CharKeep[:])
	return t
}()

// Package utf8x validates UTF-8 and decodes the characters the scanners
// look at, faster than package unicode/utf8 does for the text of
// translations: mostly ASCII with some accented letters, or mostly
// characters of two or three bytes.
//
// # Contract
//
// [Valid] is exactly utf8.ValidString. On amd64 it runs an SSE2 kernel
// (valid_amd64.s) on pieces of at most [cpu.AsmPiece] bytes cut before the
// first byte of a character; its Go twin, validGeneric, runs elsewhere, with
// the purego build tag, and on short strings, and every go test compares
// the two. [Rune2] and [Rune3] decode one character whose lead byte the
// caller has checked.
package utf8x

import (
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/swar"
)

// Rune2 and Rune3 decode the character of two or three bytes whose lead
// byte is b0 (C0..DF for Rune2, E0..EF for Rune3, which the caller has
// checked) and report whether it is valid UTF-8: continuation bytes that
// are, and for Rune3 neither an overlong form nor a surrogate. They are
// for the scanners' loops, which look at a character only after its
// lead byte.
func Rune2(b0, b1 byte) (uint, bool) {
	c1 := b1 ^ 0x80
	return uint(b0&0x1F)<<6 | uint(c1), b0 >= 0xC2 && c1 < 0x40
}

func Rune3(b0, b1, b2 byte) (uint, bool) {
	c1, c2 := b1^0x80, b2^0x80
	r := uint(b0&0x0F)<<12 | uint(c1)<<6 | uint(c2)
	return r, c1|c2 < 0x40 && r >= 0x800 && r-0xD800 >= 0x800
}

// validGeneric is utf8.ValidString, in Go: Valid on platforms
// without an assembly version, and for strings too short for one. It skips
// ASCII eight bytes at a time and goes back to doing so after each
// non-ASCII character (utf8.ValidString decodes the rest of the string byte
// by byte once it has seen one), and it checks 2- and 3-byte sequences
// inline: most segments of European text have a few accented letters among
// mostly ASCII.
func validGeneric(s string) bool {
	n := len(s)
	i := 0
	for {
		// Find the next non-ASCII byte.
		for i+8 <= n && swar.Load64(s, i)&swar.High == 0 {
			i += 8
		}
		if i+8 <= n {
			i += swar.FirstByte(swar.Load64(s, i) & swar.High)
		} else if n >= 8 {
			// The last eight bytes, less those before s[i].
			m := swar.Load64(s, n-8) & swar.High >> ((i + 8 - n) * 8)
			if m == 0 {
				return true
			}
			i += swar.FirstByte(m)
		} else {
			for i < n && s[i] < utf8.RuneSelf {
				i++
			}
			if i == n {
				return true
			}
		}
		// s[i] is not ASCII.
		switch c := s[i]; {
		case c < 0xC2:
			// A continuation byte, or the lead of an overlong 2-byte form.
			return false
		case c < 0xE0:
			if i+1 >= n || s[i+1]&0xC0 != 0x80 {
				return false
			}
			i += 2
		case c < 0xF0:
			if i+2 >= n {
				return false
			}
			// The second byte's range excludes overlong forms (after E0)
			// and surrogates (after ED), as utf8.DecodeRune's does.
			lo, hi := byte(0x80), byte(0xBF)
			switch c {
			case 0xE0:
				lo = 0xA0
			case 0xED:
				hi = 0x9F
			}
			if c1 := s[i+1]; c1 < lo || c1 > hi || s[i+2]&0xC0 != 0x80 {
				return false
			}
			i += 3
		default:
			r, w := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && w == 1 {
				return false
			}
			i += w
		}
	}
}

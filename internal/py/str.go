package py

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/swar"
	"github.com/go-bleu/bleu/internal/unidata"
)

// IsSpace reports whether r is whitespace for Python 3.11's str.isspace()
// (and hence for str.split(), str.strip() and str.rstrip() without
// arguments): U+0009..U+000D, U+001C..U+0020, U+0085, U+00A0, U+1680,
// U+2000..U+200A, U+2028, U+2029, U+202F, U+205F and U+3000.
//
// Unlike unicode.IsSpace it includes U+001C..U+001F; like it, it excludes
// U+180E, U+200B and U+FEFF.
func IsSpace(r rune) bool {
	if uint32(r) < utf8.RuneSelf {
		return pyByteClass[r] == pyByteSpace
	}
	if r > 0x3000 {
		// Past the last whitespace: most characters of Chinese and
		// Japanese text.
		return false
	}
	switch r {
	case 0x0085, 0x00A0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// Byte classes of pyByteClass.
const (
	// pyByteOther: an ASCII non-space byte, a continuation byte, or a lead
	// byte no whitespace character starts with.
	pyByteOther = iota
	// pyByteSpace: an ASCII whitespace byte.
	pyByteSpace
	// pyByteLead: the first byte of the UTF-8 encoding of some non-ASCII
	// whitespace character (0xC2, 0xE1, 0xE2, 0xE3); see MultiByteSpace.
	pyByteLead
)

// pyByteClass classifies every byte value for the whitespace scanners. It is
// never written to.
var pyByteClass = [256]uint8{
	'\t': pyByteSpace, '\n': pyByteSpace, '\v': pyByteSpace, '\f': pyByteSpace, '\r': pyByteSpace,
	0x1C: pyByteSpace, 0x1D: pyByteSpace, 0x1E: pyByteSpace, 0x1F: pyByteSpace, ' ': pyByteSpace,
	0xC2: pyByteLead, 0xE1: pyByteLead, 0xE2: pyByteLead, 0xE3: pyByteLead,
}

// MultiByteSpace returns the length of the UTF-8 encoded non-ASCII Python
// whitespace character at the start of s, or 0 if s does not start with one.
// It matches the encodings of IsSpace's non-ASCII characters byte by byte:
// C2 85, C2 A0, E1 9A 80, E2 80 80..8A, E2 80 A8, E2 80 A9, E2 80 AF,
// E2 81 9F and E3 80 80.
//
// Looking at bytes instead of decoding runes gives the same answer as
// IsSpace(utf8.DecodeRuneInString(s)) at every position a forward decode
// visits, because a whitespace encoding starts with a lead byte and a lead
// byte is never inside a validly decoded rune.
func MultiByteSpace(s string) int {
	if len(s) < 2 {
		return 0
	}
	if s[0] == 0xC2 {
		if s[1] == 0x85 || s[1] == 0xA0 {
			return 2
		}
		return 0
	}
	if len(s) < 3 {
		return 0
	}
	switch uint32(s[0])<<16 | uint32(s[1])<<8 | uint32(s[2]) {
	case 0xE19A80, // U+1680
		0xE28080, 0xE28081, 0xE28082, 0xE28083, 0xE28084, 0xE28085, // U+2000..U+2005
		0xE28086, 0xE28087, 0xE28088, 0xE28089, 0xE2808A, // U+2006..U+200A
		0xE280A8, 0xE280A9, 0xE280AF, // U+2028, U+2029, U+202F
		0xE2819F, // U+205F
		0xE38080: // U+3000
		return 3
	}
	return 0
}

// SpaceAt returns the length of the Python whitespace character starting at
// s[i], or 0 if there is none.
func SpaceAt(s string, i int) int {
	switch pyByteClass[s[i]] {
	case pyByteSpace:
		return 1
	case pyByteLead:
		return MultiByteSpace(s[i:])
	}
	return 0
}

// pyLStripIndex returns the index of the first non-whitespace character of s
// (len(s) if there is none).
func pyLStripIndex(s string) int {
	i := 0
	for i < len(s) {
		w := SpaceAt(s, i)
		if w == 0 {
			break
		}
		i += w
	}
	return i
}

// RStrip returns s without trailing whitespace, like Python's s.rstrip()
// with no argument. The result is a substring of s.
func RStrip(s string) string {
	for len(s) > 0 {
		c := s[len(s)-1]
		if c < utf8.RuneSelf {
			if pyByteClass[c] != pyByteSpace {
				break
			}
			s = s[:len(s)-1]
			continue
		}
		r, w := utf8.DecodeLastRuneInString(s)
		if !IsSpace(r) {
			break
		}
		s = s[:len(s)-w]
	}
	return s
}

// Strip returns s without leading and trailing whitespace, like Python's
// s.strip() with no argument. The result is a substring of s.
func Strip(s string) string {
	return RStrip(s[pyLStripIndex(s):])
}

// AppendFields appends the fields of s to dst and returns the extended
// slice, like Python's s.split() with no argument: s is split at runs of
// whitespace (IsSpace) and empty fields are dropped. The fields are
// substrings of s; an invalid UTF-8 byte counts as a non-space character and
// stays in its field.
//
// It looks at the bytes that may start whitespace, ASCII bytes up to ' '
// and lead bytes, finding them eight bytes at a time (see pySpaceEvents).
func AppendFields(dst []string, s string) []string {
	n := len(s)
	sub := 0 // the current field, if any, starts at s[sub]
	for i := 0; i < n; i += 8 {
		var x uint64
		if i+8 <= n {
			x = swar.Load64(s, i)
		} else {
			x = swar.LoadTail(s, i)
		}
		for m := pySpaceEvents(x); m != 0; m &= m - 1 {
			j := i + swar.FirstByte(m)
			w := 1
			switch pyByteClass[s[j]] {
			case pyByteOther:
				continue
			case pyByteLead:
				// E3 starts U+3000, and the kana and punctuation of
				// Japanese, which its next byte tells apart at once.
				if s[j] == 0xE3 && j+1 < n && s[j+1] != 0x80 {
					continue
				}
				if w = MultiByteSpace(s[j:]); w == 0 {
					continue
				}
			}
			if j > sub {
				dst = append(dst, s[sub:j])
			}
			sub = j + w
		}
	}
	if n > sub {
		dst = append(dst, s[sub:])
	}
	return dst
}

// pySpaceEvents returns, in the top bit of each byte, which bytes of x (as
// swar.Load64 reads them) may start Python whitespace: the ASCII bytes up
// to ' ', and the lead bytes C2 and E0..E3 (see swar.LeadEvents; E0 is a false
// alarm). The other lead bytes start letters of most scripts, Chinese
// characters among them, and continuation bytes never start a character.
func pySpaceEvents(x uint64) uint64 {
	y := x &^ swar.High // the low seven bits of each byte: no carry between bytes below
	low := ^(y + (0x7F-' ')*swar.Ones) &^ x
	return (low | swar.LeadEvents(x, 0xFC*swar.Ones)) & swar.High
}

// Final_Sigma classes of code points, see pyCaseClassOf.
type pyCaseClass uint8

const (
	// pyCaseOther is neither cased nor case-ignorable.
	pyCaseOther pyCaseClass = iota
	// pyCaseCased is cased and not case-ignorable.
	pyCaseCased
	// pyCaseIgnorable is case-ignorable (whether cased or not: the
	// Final_Sigma rule skips case-ignorable characters before it asks
	// whether one is cased).
	pyCaseIgnorable
)

// pyCaseClassOf returns the class of r for Python 3.11's Final_Sigma rule.
// Python (Unicode 14.0) uses the derived properties Case_Ignorable and
// Cased, which package unidata has as Python measured them. The invalid-byte
// rune utf8.RuneError (U+FFFD, So) is pyCaseOther.
func pyCaseClassOf(r rune) pyCaseClass {
	if unicode.Is(unidata.PyCaseIgnorable, r) {
		return pyCaseIgnorable
	}
	if unicode.Is(unidata.PyCased, r) {
		return pyCaseCased
	}
	return pyCaseOther
}

// pyFinalSigma reports whether the capital sigma s[i:j] is in the
// Final_Sigma context, as CPython's str.lower() decides it: the nearest
// preceding character that is not case-ignorable exists and is cased, and the
// nearest following character that is not case-ignorable does not exist or
// is not cased. Invalid bytes count as pyCaseOther.
func pyFinalSigma(s string, i, j int) bool {
	before := pyCaseOther
	for k := i; k > 0; {
		r, w := utf8.DecodeLastRuneInString(s[:k])
		if before = pyCaseClassOf(r); before != pyCaseIgnorable {
			break
		}
		k -= w
	}
	if before != pyCaseCased {
		return false
	}
	for k := j; k < len(s); {
		r, w := utf8.DecodeRuneInString(s[k:])
		switch pyCaseClassOf(r) {
		case pyCaseCased:
			return false
		case pyCaseOther:
			return true
		}
		k += w
	}
	return true
}

// Code point ranges without any lowercase mapping in Python 3.11: between
// them lie (among others) the CJK, kana and Hangul blocks. pyToLower skips
// the table look-up there. TestPyUnicodeTablesConformance checks the claim.
const (
	pyNoLower1Lo = 0x2D00 // after Coptic (U+2CF2 is the last mapping below)
	pyNoLower1Hi = 0xA63F // Cyrillic Extended-B starts at U+A640
	pyNoLower2Lo = 0xA800 // after Latin Extended-D (U+A7F5)
	pyNoLower2Hi = 0xFF20 // fullwidth A starts at U+FF21
)

// pyToLower returns the simple lowercase of r, for r other than capital sigma
// and the unidata.LowerSpecial code points: unidata.ToLower(r) (Unicode
// 14.0, whatever Go's own unicode tables are), with shortcuts for
// Latin-1 and the caseless ranges above (checked for every code point by
// TestPyUnicodeTablesConformance).
func pyToLower(r rune) rune {
	if r <= 0xFF { // Latin-1: À..Þ except × lower by 0x20
		if 0xC0 <= r && r <= 0xDE && r != 0xD7 {
			return r + 0x20
		}
		return r
	}
	if pyNoLower1Lo <= r && r <= pyNoLower1Hi || pyNoLower2Lo <= r && r <= pyNoLower2Hi {
		return r
	}
	return unidata.ToLower(r)
}

// Lower returns s lowercased exactly like Python 3.11's s.lower(): every
// code point gets its full lowercase mapping from Unicode 14.0 (U+0130 İ
// becomes "i\u0307"), and capital sigma U+03A3 becomes final sigma ς in the
// Final_Sigma context (see pyFinalSigma) and σ elsewhere. Invalid UTF-8 bytes
// are copied unchanged. If nothing changes, s itself is returned.
func Lower(s string) string {
	// Find the first byte that changes.
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if i+8 <= len(s) {
				// Skip the bytes before the first capital or non-ASCII
				// byte.
				x := swar.Load64(s, i)
				m := upperASCII(x) | x&swar.High
				if m == 0 {
					i += 8
					continue
				}
				if i += bits.TrailingZeros64(m) >> 3; s[i] >= utf8.RuneSelf {
					continue
				}
				c = s[i]
			}
			if 'A' <= c && c <= 'Z' {
				return lowerFrom(s, i)
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == 0x3A3 || pyToLower(r) != r {
			return lowerFrom(s, i)
		}
		if _, ok := unidata.LowerSpecial(r); ok {
			return lowerFrom(s, i)
		}
		i += w
	}
	return s
}

// upperASCII has the top bit set in the bytes of x that are A..Z, and
// no other bit: with its top bit cleared, a byte's top bit is set by
// adding 0x80-'A' if it is 'A' or more, and by adding 0x80-'Z'-1 if it is
// past 'Z', and no sum carries into the next byte.
func upperASCII(x uint64) uint64 {
	y := x &^ swar.High
	return (y + (0x80-'A')*swar.Ones) &^ (y + (0x80-'Z'-1)*swar.Ones) &^ x & swar.High
}

// lowerFrom is Lower for a string whose bytes before i do not change.
func lowerFrom(s string, i int) string {
	b := make([]byte, i, len(s)+8)
	copy(b, s[:i])
	b = appendLowerFrom(b, s, i)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// AppendLower appends Lower(s) to dst and returns the extended slice.
func AppendLower(dst []byte, s string) []byte {
	return appendLowerFrom(dst, s, 0)
}

// appendLowerFrom appends the lowercase of s[i:] to b, s being the whole
// text (the Final_Sigma context looks before i). Eight bytes of ASCII
// are lowercased at a time.
func appendLowerFrom(b []byte, s string, i int) []byte {
	b = slices.Grow(b, len(s)-i)
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if i+8 <= len(s) {
				// The bytes before the first non-ASCII one, lowercased
				// (0x80>>2 is 'a'-'A'): all eight written, as many kept.
				x := swar.Load64(s, i)
				n := bits.TrailingZeros64(x&swar.High) >> 3
				b = binary.LittleEndian.AppendUint64(b, x|upperASCII(x)>>2)
				b = b[:len(b)-8+n]
				i += n
				continue
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x3A3:
			if pyFinalSigma(s, i, i+w) {
				b = append(b, "\u03C2"...)
			} else {
				b = append(b, "\u03C3"...)
			}
		default:
			if special, ok := unidata.LowerSpecial(r); ok {
				b = append(b, special...)
			} else if l := pyToLower(r); l != r {
				b = utf8.AppendRune(b, l)
			} else {
				b = append(b, s[i:i+w]...) // unchanged, or a byte that is not UTF-8
			}
		}
		i += w
	}
	return b
}

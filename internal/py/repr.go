package py

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata"
)

// Repr is Python's repr of the str s: single quotes unless s has a single
// quote and no double quote, with backslash escapes for the quote,
// backslashes, \n, \r, \t and the characters that are not printable
// (\xXX, \uXXXX, \UXXXXXXXX; str.isprintable, Unicode 14.0). A byte of s that is not valid UTF-8 shows as
// the lone surrogate Python decodes it to with errors="surrogateescape",
// as it does the bytes of its command line: \udcXX.
func Repr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	b := make([]byte, 0, len(s)+2)
	b = append(b, q)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && w == 1:
			b = appendEscape(b, 0xDC00|rune(s[i]))
		case r == rune(q) || r == '\\':
			b = append(b, '\\', byte(r))
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case r < 0x20 || r == 0x7f || r >= 0x80 && !unicode.Is(unidata.PyPrintable, r):
			b = appendEscape(b, r)
		default:
			b = append(b, s[i:i+w]...)
		}
		i += w
	}
	return string(append(b, q))
}

// appendEscape appends Python's escape of the unprintable r.
func appendEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	switch {
	case r < 0x100:
		return append(b, '\\', 'x', hex[r>>4], hex[r&15])
	case r < 0x10000:
		return append(b, '\\', 'u', hex[r>>12], hex[r>>8&15], hex[r>>4&15], hex[r&15])
	}
	b = append(b, '\\', 'U')
	for sh := 28; sh >= 0; sh -= 4 {
		b = append(b, hex[r>>sh&15])
	}
	return b
}

// FloatRepr is Python's repr of a float (and str, and what print shows):
// the shortest string that reads back as f, in positional notation when
// the decimal exponent is in [-4, 16) (with ".0" for an integral value)
// and in scientific notation ("1e-05", "1.5e+16") otherwise; "nan", "inf"
// and "-inf" for the others.
func FloatRepr(f float64) string {
	if s, ok := nonFinite(f); ok {
		return s
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	_, exp, _ := strings.Cut(e, "e")
	if x, _ := strconv.Atoi(exp); x < -4 || x >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if strings.IndexByte(s, '.') < 0 {
		s += ".0"
	}
	return s
}

// FormatFixed is Python's format(f, ".Nf") for N = decimals >= 0:
// positional, rounded half to even on f's exact value, and "nan", "inf"
// and "-inf" for the non-finite values.
func FormatFixed(f float64, decimals int) string {
	if s, ok := nonFinite(f); ok {
		return s
	}
	return strconv.FormatFloat(f, 'f', decimals, 64)
}

// nonFinite returns Python's spelling of f if f is NaN or infinite.
func nonFinite(f float64) (string, bool) {
	switch {
	case math.IsNaN(f):
		return "nan", true
	case math.IsInf(f, 1):
		return "inf", true
	case math.IsInf(f, -1):
		return "-inf", true
	}
	return "", false
}

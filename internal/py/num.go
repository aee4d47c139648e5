package py

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata"
)

// IntMaxStrDigits is Python 3.11's default limit on the number of digits
// int() converts from a decimal string (sys.int_info.default_max_str_digits).
const IntMaxStrDigits = 4300

// ParseInt parses s like Python 3.11's int(s) with base 10 and returns
// the sign and magnitude. The rules are CPython's (Objects/longobject.c
// PyLong_FromString and _PyUnicode_TransformDecimalAndSpaceToASCII):
//
//   - leading and trailing whitespace is skipped: ASCII space, \t, \n, \v,
//     \f, \r, and the non-ASCII characters [IsSpace] accepts; \x1c-\x1f
//     are not, although isspace() is true for them (see [IsNumberSpace]);
//   - then an optional '+' or '-', directly followed by the digits;
//   - digits are ASCII 0-9 or any Unicode decimal digit ([DecimalValue]);
//     single underscores may separate digits; leading zeros are allowed;
//   - at most [IntMaxStrDigits] digits (underscores not counted).
//
// The error says what Python's ValueError says. ParseInt ignores
// PYTHONINTMAXSTRDIGITS and -X int_max_str_digits.
func ParseInt(s string) (neg bool, mag *big.Int, err error) {
	invalid := func() (bool, *big.Int, error) {
		return false, nil, fmt.Errorf("invalid literal for int() with base 10: %q", s)
	}
	t := strings.TrimFunc(s, IsNumberSpace)
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	digits, ok := appendDigits(make([]byte, 0, len(t)), t)
	if !ok {
		return invalid()
	}
	if len(digits) > IntMaxStrDigits {
		return false, nil, fmt.Errorf("exceeds the limit (%d digits) for integer string conversion: value has %d digits", IntMaxStrDigits, len(digits))
	}
	mag, ok = new(big.Int).SetString(string(digits), 10)
	if !ok {
		return invalid()
	}
	return neg, mag, nil
}

// appendDigits appends the ASCII digits of t, a run of decimal digits
// with single underscores between them, to dst, and reports whether t is
// one (an empty t is not).
func appendDigits(dst []byte, t string) ([]byte, bool) {
	if t == "" {
		return dst, false
	}
	prevUnderscore := true // forbids a leading underscore
	for _, r := range t {
		if r == '_' {
			if prevUnderscore {
				return dst, false
			}
			prevUnderscore = true
			continue
		}
		d, ok := DecimalValue(r)
		if !ok {
			return dst, false
		}
		dst = append(dst, byte('0'+d))
		prevUnderscore = false
	}
	return dst, !prevUnderscore // no trailing underscore
}

// IsNumberSpace reports whether int() and float() skip r as surrounding
// whitespace: [IsSpace] but for \x1c-\x1f, which CPython's
// _PyUnicode_TransformDecimalAndSpaceToASCII leaves as they are and
// Py_ISSPACE does not strip.
func IsNumberSpace(r rune) bool {
	return IsSpace(r) && (r < 0x1C || r > 0x1F)
}

// DecimalValue returns the decimal digit value of r as Python 3.11's
// unicodedata.decimal sees it (Unicode 14.0, where it equals category Nd),
// from package unidata's copy of Python's table, not Go's newer unicode.Nd.
func DecimalValue(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < utf8.RuneSelf || !unicode.Is(unidata.PyDecimal, r) {
		return 0, false
	}
	// Unicode encodes decimal digits in contiguous runs of ten, 0 to 9, so
	// the value is the distance from the start of r's contiguous Nd block
	// modulo 10.
	start := r
	for start > 0 && unicode.Is(unidata.PyDecimal, start-1) {
		start--
	}
	return int(r-start) % 10, true
}

// ParseFloat parses s like Python 3.11's float(s): surrounding
// whitespace as [ParseInt] skips it, a sign, then "inf", "infinity" or
// "nan" in any case, or a decimal number whose digits may be any Unicode
// decimal digits with single underscores between them, with an optional
// exponent. Unlike [strconv.ParseFloat] it rejects hexadecimal and
// underscores anywhere else; like Python it rounds a number too large
// to ±Inf. It reports false where Python raises ValueError.
func ParseFloat(s string) (float64, bool) {
	t := strings.TrimFunc(s, IsNumberSpace)
	neg := false
	body := t
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg, body = body[0] == '-', body[1:]
	}
	var f float64
	switch strings.ToLower(body) {
	case "inf", "infinity":
		f = math.Inf(1)
	case "nan":
		f = math.NaN()
	default:
		mant, exp, hasExp := strings.Cut(body, "e")
		if !hasExp {
			mant, exp, hasExp = strings.Cut(body, "E")
		}
		intPart, frac, hasDot := strings.Cut(mant, ".")
		if intPart == "" && frac == "" {
			return 0, false
		}
		clean := make([]byte, 0, len(body)+1)
		var ok bool
		if intPart != "" {
			if clean, ok = appendDigits(clean, intPart); !ok {
				return 0, false
			}
		}
		if hasDot {
			clean = append(clean, '.')
			if frac != "" {
				if clean, ok = appendDigits(clean, frac); !ok {
					return 0, false
				}
			}
		}
		if hasExp {
			clean = append(clean, 'e')
			if exp != "" && (exp[0] == '+' || exp[0] == '-') {
				clean = append(clean, exp[0])
				exp = exp[1:]
			}
			if clean, ok = appendDigits(clean, exp); !ok {
				return 0, false
			}
		}
		var err error
		f, err = strconv.ParseFloat(string(clean), 64)
		if err != nil && !math.IsInf(f, 0) { // Python's float("1e999") is inf
			return 0, false
		}
	}
	if neg {
		f = -f
	}
	return f, true
}

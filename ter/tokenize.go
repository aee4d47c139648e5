package ter

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// Tokenize returns text as sacreBLEU 2.6.0's TercomTokenizer under c
// returns it: the words of the text, after the rewrites c asks for, joined
// by single spaces. It is the tokenization [Stats.Add] applies to every
// hypothesis, after stripping trailing whitespace as Python's str.rstrip
// does; a reference is tokenized twice, c.Tokenize(c.Tokenize(ref)), as
// sacreBLEU does (which only Normalized can tell from once: "'s," becomes
// "'s ," and then " 's ,"). text must be valid UTF-8 (Add checks it;
// here an invalid byte is kept as it is).
//
// The rewrites, in sacreBLEU's order:
//   - unless CaseSensitive, Python's str.lower (Unicode 14.0, as Python
//     3.11 has it, including the special casings);
//   - if Normalized: "\n-" removed and "\n" made a space; &quot; &amp;
//     &lt; &gt; unescaped, in that order; ASCII punctuation but for
//     "'", ",", "-" and "." made a word of its own (and the space too,
//     which changes nothing but the possessive rule's matches); "'s "
//     split off; "." and "," split off unless between digits; "-" after a
//     digit split off;
//   - if Normalized and AsianSupport: every character of the CJK blocks
//     sacreBLEU lists (ideographs and their extension A, strokes,
//     radicals, compatibility characters and forms, enclosed letters, the
//     range U+3200–U+3F22, and CJK and full-width punctuation) made a
//     word of its own. sacreBLEU's rules for kana only apply at the start
//     of a text, which always begins with a space by then, so they never
//     do;
//   - if NoPunct: . , ? : ; ! " ( ) removed, and with AsianSupport the
//     CJK and full-width punctuation too.
//
// Every class is a fixed list of code points, so no Unicode table is
// involved beyond lowercasing and Python's whitespace (package
// internal/py, pinned to Python 3.11). Tokenize is safe for concurrent
// use.
func (c Config) Tokenize(text string) string {
	var t tokenizer
	return strings.Join(t.words(&c, nil, text), " ")
}

// tokenizer is the scratch space of the tercom tokenizer.
type tokenizer struct {
	a, b []byte
}

// words appends the words of text under c to dst (text not yet stripped
// of trailing whitespace: words does it, as _preprocess_segment). The
// words are substrings of text or of a new string of the rewritten text.
func (t *tokenizer) words(c *Config, dst []string, text string) []string {
	text = py.RStrip(text)
	if text == "" {
		return dst
	}
	if !c.CaseSensitive {
		text = py.Lower(text)
	}
	if c.Normalized || c.NoPunct {
		text = t.rewrite(c, text)
	}
	return py.AppendFields(dst, text)
}

// rewrite applies the Normalized and NoPunct rewrites to text, in two
// buffers used in turn, one pass a rule, as sacreBLEU's re.sub calls (a
// literal rule whose text does not occur is skipped). Every rule matches
// ASCII characters, or any character as "not a digit", so working on
// bytes gives the same result as on code points.
func (t *tokenizer) rewrite(c *Config, text string) string {
	src := append(t.a[:0], text...)
	dst := t.b[:0]
	pass := func(f func(dst, src []byte) []byte) {
		dst = f(dst[:0], src)
		src, dst = dst, src
	}
	replace := func(old, new string) {
		if bytes.Contains(src, []byte(old)) {
			pass(func(d, s []byte) []byte { return replaceAll(d, s, old, new) })
		}
	}
	if c.Normalized {
		replace("\n-", "")
		replace("\n", " ")
		replace("&quot;", "\"")
		replace("&amp;", "&")
		replace("&lt;", "<")
		replace("&gt;", ">")
		pass(splitPunct)
		replace("'s ", " 's ") // the text ends with a space: "'s$" never matches
		pass(splitPeriodComma1)
		pass(splitPeriodComma2)
		pass(splitDigitDash)
		if c.AsianSupport {
			pass(asian)
		}
	}
	if c.NoPunct {
		pass(func(d, s []byte) []byte { return removePunct(d, s, c.AsianSupport) })
	}
	t.a, t.b = src, dst
	return string(src)
}

// replaceAll appends src to dst with every non-overlapping old, from the
// left, replaced by new.
func replaceAll(dst, src []byte, old, new string) []byte {
	for {
		i := bytes.Index(src, []byte(old))
		if i < 0 {
			return append(dst, src...)
		}
		dst = append(dst, src[:i]...)
		dst = append(dst, new...)
		src = src[i+len(old):]
	}
}

// westernPunct is sacreBLEU's class [{-~[-` -&(-+:-@/]: ASCII
// punctuation and the space, but for ' , - and . (digits and letters are
// not in it).
var westernPunct = func() (set [256]bool) {
	for _, r := range [][2]byte{{'{', '~'}, {'[', '`'}, {' ', '&'}, {'(', '+'}, {':', '@'}, {'/', '/'}} {
		for b := r[0]; b <= r[1]; b++ {
			set[b] = true
		}
	}
	return set
}()

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

// splitPunct is f" {sent} " and then re.sub(r"([{-~[-` -&(-+:-@/])",
// r" \1 ", sent).
func splitPunct(dst, src []byte) []byte {
	dst = append(dst, "   "...) // the leading space, itself "punctuation"
	for _, b := range src {
		if westernPunct[b] {
			dst = append(dst, ' ', b, ' ')
		} else {
			dst = append(dst, b)
		}
	}
	return append(dst, "   "...)
}

// splitPeriodComma1 is re.sub(r"([^0-9])([\.,])", r"\1 \2 ", sent).
func splitPeriodComma1(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		if i+1 < len(src) && !isDigit(src[i]) && (src[i+1] == '.' || src[i+1] == ',') {
			dst = append(dst, src[i], ' ', src[i+1], ' ')
			i++
			continue
		}
		dst = append(dst, src[i])
	}
	return dst
}

// splitPeriodComma2 is re.sub(r"([\.,])([^0-9])", r" \1 \2", sent).
func splitPeriodComma2(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		if i+1 < len(src) && (src[i] == '.' || src[i] == ',') && !isDigit(src[i+1]) {
			dst = append(dst, ' ', src[i], ' ', src[i+1])
			i++
			continue
		}
		dst = append(dst, src[i])
	}
	return dst
}

// splitDigitDash is re.sub(r"([0-9])(-)", r"\1 \2 ", sent).
func splitDigitDash(dst, src []byte) []byte {
	for i := 0; i < len(src); i++ {
		if i+1 < len(src) && isDigit(src[i]) && src[i+1] == '-' {
			dst = append(dst, src[i], ' ', '-', ' ')
			i++
			continue
		}
		dst = append(dst, src[i])
	}
	return dst
}

// isAsianPunct is TercomTokenizer.ASIAN_PUNCT or FULL_WIDTH_PUNCT.
func isAsianPunct(r rune) bool {
	switch {
	case r == 0x3001, r == 0x3002, 0x3008 <= r && r <= 0x3011, 0x3014 <= r && r <= 0x301f,
		0xff61 <= r && r <= 0xff65, r == 0x30fb:
		return true
	case r == 0xff0e, r == 0xff0c, r == 0xff1f, r == 0xff1a, r == 0xff1b, r == 0xff01, r == 0xff02,
		r == 0xff08, r == 0xff09:
		return true
	}
	return false
}

// isAsianSplit reports whether _normalize_asian puts spaces around r.
func isAsianSplit(r rune) bool {
	switch {
	case 0x4e00 <= r && r <= 0x9fff, 0x3400 <= r && r <= 0x4dbf, // ideographs
		0x31c0 <= r && r <= 0x31ef, 0x2e80 <= r && r <= 0x2eff, // strokes, radicals
		0x3300 <= r && r <= 0x33ff, 0xf900 <= r && r <= 0xfaff, 0xfe30 <= r && r <= 0xfe4f, // compatibility
		0x3200 <= r && r <= 0x3f22: // "enclosed CJK letters and months", as sacreBLEU writes the range
		return true
	}
	return isAsianPunct(r)
}

// asian is _normalize_asian. Each of its passes puts spaces around single
// characters, so together they put spaces around every character of any
// of their classes (the extra spaces are lost when the words are split);
// its kana passes never match (see Config.Tokenize).
func asian(dst, src []byte) []byte {
	for i := 0; i < len(src); {
		if src[i] < 0x80 {
			dst = append(dst, src[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if isAsianSplit(r) {
			dst = append(dst, ' ')
			dst = append(dst, src[i:i+n]...)
			dst = append(dst, ' ')
		} else {
			dst = append(dst, src[i:i+n]...)
		}
		i += n
	}
	return dst
}

// removePunct is _remove_punct, and _remove_asian_punct if asian.
func removePunct(dst, src []byte, asian bool) []byte {
	for i := 0; i < len(src); {
		b := src[i]
		if b < 0x80 {
			switch b {
			case '.', ',', '?', ':', ';', '!', '"', '(', ')':
			default:
				dst = append(dst, b)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if !asian || !isAsianPunct(r) {
			dst = append(dst, src[i:i+n]...)
		}
		i += n
	}
	return dst
}

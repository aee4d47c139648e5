package conftest

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Text helpers that the fuzz targets and tests of several packages share:
// Python's view of whitespace and words, written out independently of
// the module's own tables, and quick diffs.

// PyWhitespace is every code point for which Python 3.11's str.isspace()
// is true, written out here independently of the package's own tables.
const PyWhitespace = "\t\n\v\f\r\x1c\x1d\x1e\x1f \u0085\u00a0\u1680" +
	"\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" +
	"\u2028\u2029\u202f\u205f\u3000"

// IsPyWhitespace reports whether r is Python whitespace.
func IsPyWhitespace(r rune) bool { return strings.ContainsRune(PyWhitespace, r) }

// PyUnits splits s into its characters as the package treats them: code
// points, and single bytes where s is not valid UTF-8.
func PyUnits(s string) []string {
	var units []string
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		units = append(units, s[i:i+n])
		i += n
	}
	return units
}

// IsSpaceUnit reports whether a unit of PyUnits is Python whitespace (an
// invalid byte is not).
func IsSpaceUnit(u string) bool {
	r, n := utf8.DecodeRuneInString(u)
	return !(r == utf8.RuneError && n == 1) && IsPyWhitespace(r)
}

// PySplit is Python's str.split() without arguments, written the
// straightforward way: runs of non-whitespace characters.
func PySplit(s string) []string {
	var words []string
	var cur strings.Builder
	for _, u := range PyUnits(s) {
		if IsSpaceUnit(u) {
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteString(u)
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// WithoutSpace returns s with every Python whitespace character removed.
func WithoutSpace(s string) string {
	var b strings.Builder
	for _, u := range PyUnits(s) {
		if !IsSpaceUnit(u) {
			b.WriteString(u)
		}
	}
	return b.String()
}

// DiffStrings returns "" when a and b hold the same strings (nil and empty
// alike) and their cmp.Diff otherwise; it is quick in the common case.
func DiffStrings[T comparable](a, b []T) string {
	if slices.Equal(a, b) {
		return ""
	}
	return cmp.Diff(a, b)
}

// DiffValues returns "" when a and b are deeply equal and their cmp.Diff
// otherwise, for the fuzz targets, which compare on every input.
func DiffValues[T any](a, b T) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	return cmp.Diff(a, b)
}

// FuzzTexts (never written to) are seeds shared by the text targets: punctuation, numbers,
// entities, CJK, every kind of whitespace, invalid UTF-8, BOMs, NULs.
var FuzzTexts = []string{
	"",
	" ",
	"Hello, world!",
	"3.5% of $1,000.00 - e.g. U.S.A. 1-2",
	"&amp;quot; &lt;b&gt; <skipped> co-\nop",
	"我爱北京。他说: hello, 世界 \U00020000x \u2010",
	"a\tb\nc\rd\r\ne\x1cf\x1dg\x1eh\x1fi\u0085j\u00a0k\u1680l\u2000m\u200an\u2028o\u2029p\u202fq\u205fr\u3000s",
	"\ufeffBOM \ufeff inside\u200b zero width",
	"NUL\x00byte \x00",
	"bad \xff utf8 \xed\xa0\x80 surrogate \xc3",
	"İstanbul ΣΑΣ ὈΔΥΣΣΕΎΣ Straße ǅ",
	"«Bonjour» — “quotes” ¿qué? 1.000,5 €",
}

// AddTextSeeds adds FuzzTexts to a fuzz target's seeds.
func AddTextSeeds(f *testing.F) {
	for _, s := range FuzzTexts {
		f.Add(s)
	}
}

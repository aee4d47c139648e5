package bleu

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// referenceRanges reads the ranges of internal/unidata/testdata/reference.txt
// (what the reference Python, regex module and Perl say, see
// internal/gen/unicodetables): for each name, the first code point of the
// range each code point is in, or -1.
func referenceRanges(t *testing.T) map[string][]rune {
	t.Helper()
	data, err := os.ReadFile("internal/unidata/testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	hex := func(s string) rune {
		c, err := strconv.ParseUint(s, 16, 32)
		if err != nil {
			t.Fatalf("reference.txt: %v", err)
		}
		return rune(c)
	}
	ranges := map[string][]rune{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch f := strings.Fields(line); f[0] {
		case "#", "pyLower", "perlLower":
		default:
			s := ranges[f[0]]
			if s == nil {
				s = make([]rune, utf8.MaxRune+1)
				for i := range s {
					s[i] = -1
				}
				ranges[f[0]] = s
			}
			lo := hex(f[1])
			for r := lo; r <= hex(f[2]); r++ {
				s[r] = lo
			}
		}
	}
	return ranges
}

// TestIntlClassesAllCodePoints checks, for every code point, the intl
// classes (unicodeClass, runeClass) and pyDecimalValue against what the
// reference regex module and Python say, whatever the Go toolchain's
// unicode tables are. Package py checks its other Unicode data.
func TestIntlClassesAllCodePoints(t *testing.T) {
	ref := referenceRanges(t)
	in := func(key string, r rune) bool { return ref[key][r] >= 0 }
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for r := range rune(utf8.MaxRune + 1) {
		class := uint8(classOther)
		switch {
		case in("regexN", r):
			class = classN
		case in("regexP", r):
			class = classP
		case in("regexS", r):
			class = classS
		}
		if got := unicodeClass(r); got != class {
			fail("unicodeClass(%U) = %d, want %d", r, got, class)
		}
		if got := runeClass(r); got != class {
			fail("runeClass(%U) = %d, want %d", r, got, class)
		}
		digit, isDigit := 0, in("pyDecimal", r)
		if isDigit {
			digit = int(r-ref["pyDecimal"][r]) % 10
		}
		if got, ok := pyDecimalValue(r); got != digit || ok != isDigit {
			fail("pyDecimalValue(%U) = %d, %v; want %d, %v", r, got, ok, digit, isDigit)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

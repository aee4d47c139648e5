package bleu

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// referenceRanges reads the ranges of internal/unidata/testdata/reference.txt
// (what the reference Python and regex module say, see
// internal/gen/unicodetables): for each name, the first code point of the
// range each code point is in, or -1.
func referenceRanges(t *testing.T) (ranges map[string][]rune, pyLower map[rune]string) {
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
	ranges = map[string][]rune{}
	pyLower = map[rune]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch f := strings.Fields(line); f[0] {
		case "#", "perlLower":
		case "pyLower":
			var b strings.Builder
			for _, h := range strings.Split(f[2], ",") {
				b.WriteRune(hex(h))
			}
			pyLower[hex(f[1])] = b.String()
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
	return ranges, pyLower
}

// TestPyTablesAllCodePoints checks, for every code point, the intl classes
// (unicodeClass, runeClass), the Final_Sigma classes, pyLower of one code
// point, isPySpace and pyDecimalValue against what the reference Python and
// regex module say, whatever the Go toolchain's unicode tables are.
func TestPyTablesAllCodePoints(t *testing.T) {
	ref, lower := referenceRanges(t)
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
		if got := isPySpace(r); got != in("pySpace", r) {
			fail("isPySpace(%U) = %v", r, got)
		}
		digit, isDigit := 0, in("pyDecimal", r)
		if isDigit {
			digit = int(r-ref["pyDecimal"][r]) % 10
		}
		if got, ok := pyDecimalValue(r); got != digit || ok != isDigit {
			fail("pyDecimalValue(%U) = %d, %v; want %d, %v", r, got, ok, digit, isDigit)
		}
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		case_ := pyCaseOther
		switch {
		case in("pyIgnorable", r):
			case_ = pyCaseIgnorable
		case in("pyCased", r):
			case_ = pyCaseCased
		}
		if got := pyCaseClassOf(r); got != case_ {
			fail("pyCaseClassOf(%U) = %d, want %d", r, got, case_)
		}
		want, ok := lower[r]
		if !ok {
			want = string(r)
		}
		if got := pyLower(string(r)); got != want {
			fail("pyLower(%+q) = %+q, want %+q", string(r), got, want)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

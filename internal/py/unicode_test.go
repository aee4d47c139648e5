package py

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// reference reads ../unidata/testdata/reference.txt, what the reference
// Python 3.11.2 said for every code point (see internal/gen/unicodetables):
// the code points of each named set, and chr(c).lower() where it is not
// chr(c).
func reference(t *testing.T) (sets map[string][]bool, lower map[rune]string) {
	t.Helper()
	data, err := os.ReadFile("../unidata/testdata/reference.txt")
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
	sets = map[string][]bool{}
	lower = map[rune]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch f := strings.Fields(line); f[0] {
		case "#", "perlLower":
		case "pyLower":
			var b strings.Builder
			for _, h := range strings.Split(f[2], ",") {
				b.WriteRune(hex(h))
			}
			lower[hex(f[1])] = b.String()
		default:
			s := sets[f[0]]
			if s == nil {
				s = make([]bool, utf8.MaxRune+1)
				sets[f[0]] = s
			}
			for r := hex(f[1]); r <= hex(f[2]); r++ {
				s[r] = true
			}
		}
	}
	return sets, lower
}

// TestUnicodeAllCodePoints checks, for every code point, the Final_Sigma
// classes, Lower of the code point, IsSpace and whether Repr escapes it
// against what Python 3.11.2 says, whatever the Go toolchain's unicode
// tables are.
func TestUnicodeAllCodePoints(t *testing.T) {
	sets, lower := reference(t)
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for r := range rune(utf8.MaxRune + 1) {
		if got := IsSpace(r); got != sets["pySpace"][r] {
			fail("IsSpace(%U) = %v", r, got)
		}
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if r >= 0x80 {
			if escaped := Repr(s) != "'"+s+"'"; escaped == sets["pyPrintable"][r] {
				fail("Repr(%+q) = %s, isprintable %v", s, Repr(s), sets["pyPrintable"][r])
			}
		}
		class := pyCaseOther
		switch {
		case sets["pyIgnorable"][r]:
			class = pyCaseIgnorable
		case sets["pyCased"][r]:
			class = pyCaseCased
		}
		if got := pyCaseClassOf(r); got != class {
			fail("pyCaseClassOf(%U) = %d, want %d", r, got, class)
		}
		want, ok := lower[r]
		if !ok {
			want = s
		}
		if got := Lower(s); got != want {
			fail("Lower(%+q) = %+q, want %+q", s, got, want)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

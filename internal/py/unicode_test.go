package py

import (
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata/reference"
)

// TestUnicodeAllCodePoints checks, for every code point, the Final_Sigma
// classes, Lower of the code point, IsSpace, DecimalValue and whether Repr
// escapes it
// against what Python 3.11.2 says, whatever the Go toolchain's unicode
// tables are.
func TestUnicodeAllCodePoints(t *testing.T) {
	ref, err := reference.Read("../unidata/testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	space, printable := ref.Set("pySpace"), ref.Set("pyPrintable")
	ignorable, cased := ref.Set("pyIgnorable"), ref.Set("pyCased")
	// digit[r] is the decimal value of r plus one, 0 for no digit.
	digit := make([]int8, utf8.MaxRune+1)
	for _, rg := range ref.Ranges["pyDecimal"] {
		for r := rg[0]; r <= rg[1]; r++ {
			digit[r] = int8((r-rg[0])%10) + 1
		}
	}
	bad := 0
	fail := func(format string, args ...any) {
		if bad++; bad <= 20 {
			t.Errorf(format, args...)
		}
	}
	for r := range rune(utf8.MaxRune + 1) {
		if got := IsSpace(r); got != space[r] {
			fail("IsSpace(%U) = %v", r, got)
		}
		want, isDigit := int(digit[r])-1, digit[r] > 0
		if got, ok := DecimalValue(r); ok != isDigit || ok && got != want {
			fail("DecimalValue(%U) = %d, %v; want %d, %v", r, got, ok, want, isDigit)
		}
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if r >= 0x80 {
			if escaped := Repr(s) != "'"+s+"'"; escaped == printable[r] {
				fail("Repr(%+q) = %s, isprintable %v", s, Repr(s), printable[r])
			}
		}
		class := pyCaseOther
		switch {
		case ignorable[r]:
			class = pyCaseIgnorable
		case cased[r]:
			class = pyCaseCased
		}
		if got := pyCaseClassOf(r); got != class {
			fail("pyCaseClassOf(%U) = %d, want %d", r, got, class)
		}
		if got, want := Lower(s), ref.LowerOf("pyLower", r); got != want {
			fail("Lower(%+q) = %+q, want %+q", s, got, want)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

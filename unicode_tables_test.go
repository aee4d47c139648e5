package bleu

import (
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata/reference"
)

// TestIntlClassesAllCodePoints checks, for every code point, the intl
// classes (unicodeClass, runeClass) and pyDecimalValue against what the
// reference regex module and Python say, whatever the Go toolchain's
// unicode tables are. Package py checks its other Unicode data.
func TestIntlClassesAllCodePoints(t *testing.T) {
	ref, err := reference.Read("internal/unidata/testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, p, s := ref.Set("regexN"), ref.Set("regexP"), ref.Set("regexS")
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
		class := uint8(classOther)
		switch {
		case n[r]:
			class = classN
		case p[r]:
			class = classP
		case s[r]:
			class = classS
		}
		if got := unicodeClass(r); got != class {
			fail("unicodeClass(%U) = %d, want %d", r, got, class)
		}
		if got := runeClass(r); got != class {
			fail("runeClass(%U) = %d, want %d", r, got, class)
		}
		want, isDigit := int(digit[r])-1, digit[r] > 0
		if got, ok := pyDecimalValue(r); ok != isDigit || ok && got != want {
			fail("pyDecimalValue(%U) = %d, %v; want %d, %v", r, got, ok, want, isDigit)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

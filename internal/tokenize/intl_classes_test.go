package tokenize

import (
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata/reference"
)

// TestIntlClassesAllCodePoints checks, for every code point, the intl
// classes (unicodeClass, runeClass) against what the reference regex module
// says, whatever the Go toolchain's unicode tables are. Package py checks
// the Python data.
func TestIntlClassesAllCodePoints(t *testing.T) {
	ref, err := reference.Read("../unidata/testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, p, s := ref.Set("regexN"), ref.Set("regexP"), ref.Set("regexS")
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
	}
	if bad > 0 {
		t.Errorf("%d differences", bad)
	}
}

package unidata

import (
	"fmt"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata/reference"
)

// TestTablesMatchReference checks every table for every code point against
// what the reference Python, regex module and Perl said (reference.txt).
func TestTablesMatchReference(t *testing.T) {
	ref, err := reference.Read("testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key string
		tab *unicode.RangeTable
	}{
		{"regexN", RegexN}, {"regexP", RegexP}, {"regexS", RegexS},
		{"pyCased", PyCased}, {"pyIgnorable", PyCaseIgnorable},
		{"pyDecimal", PyDecimal}, {"pySpace", PySpace}, {"pyPrintable", PyPrintable}, {"perlSpace", PerlSpace},
	} {
		want := ref.Set(tc.key)
		if want == nil {
			t.Fatalf("reference.txt has no %s", tc.key)
		}
		bad := 0
		for r := range rune(utf8.MaxRune + 1) {
			if got := unicode.Is(tc.tab, r); got != want[r] {
				if bad++; bad <= 10 {
					t.Errorf("%s: unicode.Is(%U) = %v, reference has %v", tc.key, r, got, want[r])
				}
			}
		}
	}
	for _, key := range []string{"pyLower", "perlLower"} {
		if len(ref.Lower[key]) == 0 {
			t.Fatalf("reference.txt has no %s", key)
		}
		bad := 0
		for r := range rune(utf8.MaxRune + 1) {
			if 0xD800 <= r && r <= 0xDFFF {
				continue
			}
			want := ref.LowerOf(key, r)
			got, ok := LowerSpecial(r)
			if !ok {
				got = string(ToLower(r))
			} else if ToLower(r) != r {
				t.Errorf("ToLower(%U) = %U, want the code point itself (it has a LowerSpecial)", r, ToLower(r))
			}
			if got != want {
				if bad++; bad <= 10 {
					t.Errorf("%s(%U) = %+q, reference has %+q", key, r, got, want)
				}
			}
		}
	}
}

// TestLatinOffset checks the LatinOffset field unicode.Is relies on.
func TestLatinOffset(t *testing.T) {
	for _, tab := range []*unicode.RangeTable{RegexN, RegexP, RegexS, PyCased, PyCaseIgnorable, PyDecimal, PySpace, PyPrintable, PerlSpace} {
		n := 0
		for _, r := range tab.R16 {
			if r.Hi <= unicode.MaxLatin1 {
				n++
			}
		}
		if tab.LatinOffset != n {
			t.Errorf("LatinOffset %d, want %d", tab.LatinOffset, n)
		}
	}
}

func ExampleToLower() {
	fmt.Println(string(ToLower('Σ')), string(ToLower('Ǆ')), string(ToLower('7')))
	s, ok := LowerSpecial('İ')
	fmt.Printf("%+q %v\n", s, ok)
	// Output:
	// σ ǆ 7
	// "i\u0307" true
}

func BenchmarkToLower(b *testing.B) {
	var s rune
	for b.Loop() {
		for r := rune(0x80); r < 0x3000; r += 7 {
			s += ToLower(r)
		}
	}
	sink = s
}

func BenchmarkGoToLower(b *testing.B) {
	var s rune
	for b.Loop() {
		for r := rune(0x80); r < 0x3000; r += 7 {
			s += unicode.ToLower(r)
		}
	}
	sink = s
}

var sink rune

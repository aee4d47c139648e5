package unidata

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// readReference parses testdata/reference.txt: for each range table name,
// one bool a code point; for pyLower and perlLower, the lowercase strings
// that differ from the code point.
func readReference(t *testing.T) (sets map[string][]bool, lower map[string]map[rune]string) {
	t.Helper()
	data, err := os.ReadFile("testdata/reference.txt")
	if err != nil {
		t.Fatal(err)
	}
	sets = map[string][]bool{}
	lower = map[string]map[rune]string{}
	hex := func(s string) rune {
		c, err := strconv.ParseUint(s, 16, 32)
		if err != nil {
			t.Fatalf("reference.txt: %v", err)
		}
		return rune(c)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		switch {
		case f[0] == "#":
		case f[0] == "pyLower" || f[0] == "perlLower":
			var b strings.Builder
			for _, h := range strings.Split(f[2], ",") {
				b.WriteRune(hex(h))
			}
			if lower[f[0]] == nil {
				lower[f[0]] = map[rune]string{}
			}
			lower[f[0]][hex(f[1])] = b.String()
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

// TestTablesMatchReference checks every table for every code point against
// what the reference Python, regex module and Perl said (reference.txt).
func TestTablesMatchReference(t *testing.T) {
	sets, lower := readReference(t)
	for _, tc := range []struct {
		key string
		tab *unicode.RangeTable
	}{
		{"regexN", RegexN}, {"regexP", RegexP}, {"regexS", RegexS},
		{"pyCased", PyCased}, {"pyIgnorable", PyCaseIgnorable},
		{"pyDecimal", PyDecimal}, {"pySpace", PySpace}, {"pyPrintable", PyPrintable}, {"perlSpace", PerlSpace},
	} {
		want := sets[tc.key]
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
		ref := lower[key]
		if len(ref) == 0 {
			t.Fatalf("reference.txt has no %s", key)
		}
		bad := 0
		for r := range rune(utf8.MaxRune + 1) {
			if 0xD800 <= r && r <= 0xDFFF {
				continue
			}
			want, ok := ref[r]
			if !ok {
				want = string(r)
			}
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

// Command unicodetables generates internal/unidata/tables.go: the Unicode
// tables of the tools bleu reproduces, pinned to those tools' Unicode
// versions so that results do not change with the Go toolchain's unicode
// package.
//
// Its input is internal/unidata/testdata/reference.txt, made by the two
// scripts next to this file from the reference tools themselves:
//
//	/usr/bin/python3 internal/gen/unicodetables/dump.py >  internal/unidata/testdata/reference.txt
//	/usr/bin/perl    internal/gen/unicodetables/dump.pl >> internal/unidata/testdata/reference.txt
//
// dump.py needs Debian 12's Python 3.11.2 (unicodedata 14.0.0) and
// python3-regex 2022.10.31 (Unicode 15.0), the environment sacreBLEU 2.6.0's
// goldens were made in; dump.pl needs Perl 5.36 (Unicode 14.0). The file is
// committed, so that generating needs only Go:
//
//	go run ./internal/gen/unicodetables [-dir internal/unidata]
//
// (go generate ./internal/unidata runs it). The tests of package unidata read
// the same file and check the tables against it for every code point.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// span is an inclusive range of code points.
type span struct{ lo, hi rune }

// reference is the parsed reference.txt.
type reference struct {
	header []string          // the "#" lines: tool versions
	spans  map[string][]span // regexN, pyCased, pyDecimal, perlSpace, ...
	lower  map[string]map[rune][]rune
}

func main() {
	dir := flag.String("dir", "internal/unidata", "package directory: reads testdata/reference.txt, writes tables.go")
	flag.Parse()
	ref, err := parse(filepath.Join(*dir, "testdata", "reference.txt"))
	if err != nil {
		log.Fatal(err)
	}
	src, err := generate(ref)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*dir, "tables.go"), src, 0o644); err != nil {
		log.Fatal(err)
	}
}

func parse(name string) (*reference, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	ref := &reference{spans: map[string][]span{}, lower: map[string]map[rune][]rune{}}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			ref.header = append(ref.header, h)
			continue
		}
		f := strings.Fields(line)
		bad := fmt.Errorf("%s:%d: bad line %q", name, i+1, line)
		if len(f) < 3 {
			return nil, bad
		}
		a, err := strconv.ParseUint(f[1], 16, 32)
		if err != nil {
			return nil, bad
		}
		switch f[0] {
		case "pyLower", "perlLower":
			var to []rune
			for _, h := range strings.Split(f[2], ",") {
				c, err := strconv.ParseUint(h, 16, 32)
				if err != nil {
					return nil, bad
				}
				to = append(to, rune(c))
			}
			if ref.lower[f[0]] == nil {
				ref.lower[f[0]] = map[rune][]rune{}
			}
			ref.lower[f[0]][rune(a)] = to
		default:
			b, err := strconv.ParseUint(f[2], 16, 32)
			if err != nil || b < a {
				return nil, bad
			}
			if f[0] == "pyDecimal" && (len(f) != 4 || f[3] != "0" || (b-a+1)%10 != 0) {
				// py.DecimalValue relies on runs of ten
				// digits 0..9.
				return nil, fmt.Errorf("%s:%d: a decimal run not of ten digits 0..9: %q", name, i+1, line)
			}
			ref.spans[f[0]] = append(ref.spans[f[0]], span{rune(a), rune(b)})
		}
	}
	return ref, nil
}

// tables lists the range tables tables.go defines: Go name, reference.txt
// name, doc comment.
var tables = []struct{ name, key, doc string }{
	{"RegexN", "regexN", `is \p{N} of the regex module 2022.10.31 (Unicode 15.0), the intl tokenizer's numbers.`},
	{"RegexP", "regexP", `is \p{P} of the regex module 2022.10.31 (Unicode 15.0), the intl tokenizer's punctuation.`},
	{"RegexS", "regexS", `is \p{S} of the regex module 2022.10.31 (Unicode 15.0), the intl tokenizer's symbols.`},
	{"PyCased", "pyCased", "is Python 3.11's (Unicode 14.0) Cased for str.lower()'s Final_Sigma rule, less the case-ignorable characters (the rule never asks whether those are cased)."},
	{"PyCaseIgnorable", "pyIgnorable", "is Python 3.11's (Unicode 14.0) Case_Ignorable, for str.lower()'s Final_Sigma rule."},
	{"PyDecimal", "pyDecimal", "is the code points with a decimal value in Python 3.11 (Unicode 14.0; general category Nd), the digits int() accepts. They come in runs of ten, 0 to 9."},
	{"PySpace", "pySpace", "is Python 3.11's str.isspace() (Unicode 14.0), the separators of str.split(): White_Space and U+001C..U+001F."},
	{"PyPrintable", "pyPrintable", "is Python 3.11's str.isprintable() (Unicode 14.0): the characters repr() shows unescaped."},
	{"PerlSpace", "perlSpace", `is Perl 5.36's \s (Unicode 14.0) on character strings: the White_Space property.`},
}

func generate(ref *reference) ([]byte, error) {
	py, perl := ref.lower["pyLower"], ref.lower["perlLower"]
	if len(py) == 0 || !mapsEqual(py, perl) {
		return nil, fmt.Errorf("the reference's pyLower and perlLower differ (or are missing); one table cannot serve both")
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by "go run ./internal/gen/unicodetables"; DO NOT EDIT.
//
// Made by internal/gen/unicodetables from testdata/reference.txt, which
// internal/gen/unicodetables/dump.py and dump.pl printed with:
`)
	for _, h := range ref.header {
		fmt.Fprintf(&b, "//\t%s\n", h)
	}
	fmt.Fprintf(&b, "\npackage unidata\n\nimport \"unicode\"\n\n")
	for _, t := range tables {
		sp := ref.spans[t.key]
		if len(sp) == 0 {
			return nil, fmt.Errorf("reference.txt has no %s lines", t.key)
		}
		fmt.Fprintf(&b, "%svar %s = %s\n\n", comment(t.name+" "+t.doc), t.name, rangeTable(sp))
	}
	writeLower(&b, py)
	return format.Source(b.Bytes())
}

// comment returns text as a // comment wrapped at 78 columns.
func comment(text string) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		if n > 0 && n+1+len(w) > 78 {
			b.WriteString("\n")
			n = 0
		}
		if n == 0 {
			b.WriteString("//")
			n = 2
		}
		b.WriteString(" " + w)
		n += 1 + len(w)
	}
	b.WriteString("\n")
	return b.String()
}

func mapsEqual(a, b map[rune][]rune) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// rangeTable writes sp as a *unicode.RangeTable literal with stride 1.
func rangeTable(sp []span) string {
	var r16, r32 strings.Builder
	latin := 0
	for _, s := range sp {
		if s.lo <= 0xFFFF {
			hi := min(s.hi, 0xFFFF)
			fmt.Fprintf(&r16, "\t\t{0x%04X, 0x%04X, 1},\n", s.lo, hi)
			if hi <= unicode.MaxLatin1 {
				latin++
			}
		}
		if s.hi > 0xFFFF {
			fmt.Fprintf(&r32, "\t\t{0x%X, 0x%X, 1},\n", max(s.lo, 0x10000), s.hi)
		}
	}
	var b strings.Builder
	b.WriteString("&unicode.RangeTable{\n")
	if r16.Len() > 0 {
		fmt.Fprintf(&b, "\tR16: []unicode.Range16{\n%s\t},\n", r16.String())
	}
	if r32.Len() > 0 {
		fmt.Fprintf(&b, "\tR32: []unicode.Range32{\n%s\t},\n", r32.String())
	}
	if latin > 0 {
		fmt.Fprintf(&b, "\tLatinOffset: %d,\n", latin)
	}
	b.WriteString("}")
	return b.String()
}

// writeLower writes the lowercase tables: lowerRanges for the one-code-point
// mappings, lowerSpecial for the longer ones.
func writeLower(b *bytes.Buffer, lower map[rune][]rune) {
	var keys []rune
	for c := range lower {
		keys = append(keys, c)
	}
	slices.Sort(keys)
	type rng struct {
		lo, hi rune
		delta  int32 // or alternate
	}
	var rs []rng
	var special []rune
	single := func(c rune) (rune, bool) {
		to, ok := lower[c]
		if !ok {
			return c, true
		}
		return to[0], len(to) == 1
	}
	for i := 0; i < len(keys); i++ {
		c := keys[i]
		to := lower[c]
		if len(to) != 1 {
			special = append(special, c)
			continue
		}
		d := to[0] - c
		// An alternating run: c maps to c+1, c+1 to itself, c+2 to c+3, ...
		if d == 1 {
			hi := c + 1
			for {
				l2, ok2 := single(hi + 1)
				if l1, ok1 := single(hi); !ok1 || !ok2 || l1 != hi || l2 != hi+2 {
					break
				}
				hi += 2
			}
			if hi > c+1 {
				rs = append(rs, rng{c, hi, alternate})
				for i+1 < len(keys) && keys[i+1] <= hi {
					i++
				}
				continue
			}
		}
		hi := c
		for i+1 < len(keys) && keys[i+1] == hi+1 && len(lower[hi+1]) == 1 && lower[hi+1][0]-(hi+1) == d {
			hi++
			i++
		}
		rs = append(rs, rng{c, hi, int32(d)})
	}
	fmt.Fprintf(b, `// lowerRanges holds the lowercase mappings of one code point to one other
// (Python 3.11's str.lower() and Perl 5.36's lc agree on all, Unicode 14.0),
// sorted. A delta of alternate stands for a run whose even offsets from lo
// map to the next code point and whose odd offsets are lowercase already.
var lowerRanges = [...]lowerRange{
`)
	for _, r := range rs {
		if r.delta == alternate {
			fmt.Fprintf(b, "\t{0x%04X, 0x%04X, alternate},\n", r.lo, r.hi)
		} else {
			fmt.Fprintf(b, "\t{0x%04X, 0x%04X, %d},\n", r.lo, r.hi, r.delta)
		}
	}
	fmt.Fprintf(b, "}\n\n// lowerSpecial returns the lowercase of r when it is more than one code point.\nfunc lowerSpecial(r rune) (string, bool) {\n\tswitch r {\n")
	for _, c := range special {
		fmt.Fprintf(b, "\tcase 0x%04X:\n\t\treturn %+q, true\n", c, string(lower[c]))
	}
	fmt.Fprintf(b, "\t}\n\treturn \"\", false\n}\n")
}

// alternate is lowerRange.delta for alternating runs (unidata.go has the
// same constant).
const alternate = 1 << 30

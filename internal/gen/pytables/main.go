// Command pytables generates tables.go and tables_test.go for package
// internal/py: the data that makes py.Lower reproduce Python 3.11's
// str.lower() exactly.
//
// Python 3.11 uses Unicode 14.0 (unicodedata 14.0.0); Go's unicode package
// has its own, newer version. py.Lower therefore uses Go's unicode tables and
// a small table of exceptions, computed here by asking python3 itself:
//
//   - pyLowerSpecial: every code point c whose chr(c).lower() differs from
//     Go's unicode.ToLower(c) (today only U+0130, whose lowercase is the two
//     code points "i\u0307").
//   - pyCaseClassOverride: every code point whose class for the Final_Sigma
//     rule (case-ignorable, cased, other) differs from the formula in
//     goCaseClass below (the same formula as pyCaseClassOf in internal/py/str.go:
//     Mn/Me/Cf/Lm/Sk is case-ignorable, else Lu/Ll/Lt/Other_Lowercase/
//     Other_Uppercase is cased). The overrides are the Word_Break
//     MidLetter/MidNumLet/Single_Quote characters and the characters Go
//     knows but Unicode 14.0 did not assign.
//
// The class of each code point is not exposed by Python's unicodedata, so it
// is measured through str.lower() itself:
//
//	I(c) = "AcΣ".lower() and "AΣc".lower() both lowercase Σ to final ς
//	C(c) = not I(c) and "cΣ".lower() ends in ς
//
// (the Final_Sigma scan skips case-ignorable characters before asking
// whether a character is cased, so cased-ness of a case-ignorable character
// never matters). tables_test.go gets the complete class table, so
// the tests check every code point without needing Python.
//
// Usage, from internal/py (go generate does this):
//
//	go run ../gen/pytables [-python python3] [-dir .]
//
// It refuses to run unless python3 is Python 3.11 with unicodedata 14.0.0.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// dumpScript prints one line per code point (surrogates excluded) whose
// lowercase differs from itself or whose Final_Sigma class is not "other":
// hex code point, lowercase as hex code points joined by "," (or "="), and
// the class letter I, C or -.
const dumpScript = `
import sys, unicodedata
if sys.version_info[:2] != (3, 11) or unicodedata.unidata_version != "14.0.0":
    sys.exit("need Python 3.11 with unicodedata 14.0.0, have %s with %s"
             % (sys.version.split()[0], unicodedata.unidata_version))
S, F = "\u03a3", "\u03c2"
print("version", sys.version.split()[0], unicodedata.unidata_version)
for c in range(0x110000):
    if 0xD800 <= c <= 0xDFFF:
        continue
    ch = chr(c)
    lo = ch.lower()
    t1 = (ch + S).lower()[-1] == F
    t2 = ("A" + ch + S).lower()[-1] == F
    t3 = ("A" + S + ch).lower()[-len(lo) - 1] == F
    cls = "I" if (t2 and t3) else ("C" if t1 else "-")
    if lo != ch or cls != "-":
        low = "=" if lo == ch else ",".join("%X" % ord(x) for x in lo)
        print("%X %s %s" % (c, low, cls))
`

// nameScript reads hex code points from stdin and prints their names.
const nameScript = `
import sys, unicodedata
for line in sys.stdin:
    c = int(line, 16)
    name = unicodedata.name(chr(c), "")
    if not name:
        name = "-" + unicodedata.category(chr(c))
    print("%X %s" % (c, name))
`

const (
	classOther     = '-'
	classCased     = 'C'
	classIgnorable = 'I'
)

// goCaseClass is the formula of pyCaseClassOf in internal/py/str.go without the
// overrides. Keep the two in step; TestPyCaseClassAllCodePoints catches any
// drift.
func goCaseClass(r rune) byte {
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) {
		return classIgnorable
	}
	if unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase) {
		return classCased
	}
	return classOther
}

func main() {
	python := flag.String("python", "python3", "Python 3.11 interpreter")
	dir := flag.String("dir", ".", "directory to write tables.go and tables_test.go to")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("pytables: ")

	out, err := runPython(*python, dumpScript, "")
	if err != nil {
		log.Fatal(err)
	}
	pyVersion, lower, class := parseDump(out)

	// Lowercase exceptions.
	type lowerException struct {
		r     rune
		lower string
	}
	var lowerEx []lowerException
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSurrogate(r) {
			continue
		}
		want, ok := lower[r]
		if !ok {
			want = string(r)
		}
		if want != string(unicode.ToLower(r)) {
			lowerEx = append(lowerEx, lowerException{r, want})
		}
	}

	// Class overrides and the full class table, as ranges.
	type classRange struct {
		lo, hi rune
		class  byte
	}
	pyClass := func(r rune) byte {
		if c, ok := class[r]; ok {
			return c
		}
		return classOther
	}
	var overrides, all []classRange
	add := func(rs []classRange, r rune, c byte) []classRange {
		if n := len(rs); n > 0 && rs[n-1].hi == r-1 && rs[n-1].class == c {
			rs[n-1].hi = r
			return rs
		}
		return append(rs, classRange{r, r, c})
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if isSurrogate(r) {
			continue
		}
		pc := pyClass(r)
		if pc != goCaseClass(r) {
			overrides = add(overrides, r, pc)
		}
		if pc != classOther {
			all = add(all, r, pc)
		}
	}

	// Names for the comments.
	var ask strings.Builder
	for _, e := range lowerEx {
		fmt.Fprintf(&ask, "%X\n", e.r)
	}
	for _, o := range overrides {
		fmt.Fprintf(&ask, "%X\n%X\n", o.lo, o.hi)
	}
	names := map[rune]string{}
	if ask.Len() > 0 {
		out, err := runPython(*python, nameScript, ask.String())
		if err != nil {
			log.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			hex, name, _ := strings.Cut(line, " ")
			names[mustHex(hex)] = name
		}
	}

	header := fmt.Sprintf(`// Code generated by "go run ./internal/gen/pytables"; DO NOT EDIT.
//
// Made by running internal/gen/pytables (see its doc comment) with Go's
// unicode package at Unicode %s and Python %s (unicodedata 14.0.0): the
// generator asks python3 for chr(c).lower() and for each code point's
// Final_Sigma class (measured through str.lower()) and keeps what differs
// from Go's unicode tables. Regenerate with "go generate" in
// internal/py when the Go toolchain's unicode.Version changes.

package py
`, unicode.Version, pyVersion)

	var b bytes.Buffer
	b.WriteString(header)
	fmt.Fprintf(&b, `
// pyTablesGoUnicodeVersion is the unicode.Version of the Go toolchain the
// exceptions below were computed against.
const pyTablesGoUnicodeVersion = %q

// pyLowerSpecial reports Python 3.11's chr(r).lower() for the code points
// where it differs from unicode.ToLower(r). U+03A3 (capital sigma) is not
// listed: Lower handles its Final_Sigma context itself.
func pyLowerSpecial(r rune) (string, bool) {
	switch r {
`, unicode.Version)
	for _, e := range lowerEx {
		fmt.Fprintf(&b, "\tcase 0x%04X: // %s\n\t\treturn %s, true\n", e.r, names[e.r], strconv.QuoteToASCII(e.lower))
	}
	b.WriteString("\t}\n\treturn \"\", false\n}\n")

	b.WriteString(`
// pyCaseClassOverride reports the Final_Sigma class (Python 3.11,
// Unicode 14.0) of the code points where it differs from the formula of
// pyCaseClassOf: the Word_Break MidLetter, MidNumLet and Single_Quote
// characters (case-ignorable) and the characters that Go's newer Unicode
// tables assign but Unicode 14.0 did not.
func pyCaseClassOverride(r rune) (pyCaseClass, bool) {
	switch {
`)
	for _, c := range []byte{classIgnorable, classCased, classOther} {
		var conds []string
		for _, o := range overrides {
			if o.class != c {
				continue
			}
			if o.lo == o.hi {
				conds = append(conds, fmt.Sprintf("r == 0x%04X, // %s", o.lo, describe(o.lo, o.lo, names)))
			} else {
				conds = append(conds, fmt.Sprintf("0x%04X <= r && r <= 0x%04X, // %s", o.lo, o.hi, describe(o.lo, o.hi, names)))
			}
		}
		if len(conds) == 0 {
			continue
		}
		last := conds[len(conds)-1]
		conds[len(conds)-1] = strings.Replace(last, ", //", ": //", 1)
		fmt.Fprintf(&b, "\tcase %s\n\t\treturn %s, true\n", strings.Join(conds, "\n\t\t"), className(c))
	}
	b.WriteString("\t}\n\treturn pyCaseOther, false\n}\n")
	write(filepath.Join(*dir, "tables.go"), b.Bytes())

	b.Reset()
	b.WriteString(header)
	b.WriteString(`
// pyCaseClassRangesForTest lists, as inclusive ranges, every code point whose
// Final_Sigma class in Python 3.11 is not pyCaseOther.
var pyCaseClassRangesForTest = []struct {
	lo, hi rune
	class  pyCaseClass
}{
`)
	for _, a := range all {
		fmt.Fprintf(&b, "\t{0x%04X, 0x%04X, %s},\n", a.lo, a.hi, className(a.class))
	}
	b.WriteString("}\n")
	write(filepath.Join(*dir, "tables_test.go"), b.Bytes())
}

// describe names the code points lo..hi for a comment. Python reports
// unassigned code points as "-" plus their category; for those the comment
// gives Go's general category instead.
func describe(lo, hi rune, names map[rune]string) string {
	nlo, nhi := names[lo], names[hi]
	if strings.HasPrefix(nlo, "-") && strings.HasPrefix(nhi, "-") {
		cats := map[string]bool{}
		for r := lo; r <= hi; r++ {
			cats[goCategory(r)] = true
		}
		var list []string
		for c := range cats {
			list = append(list, c)
		}
		sort.Strings(list)
		return fmt.Sprintf("unassigned in Unicode 14.0; Go: %s", strings.Join(list, ", "))
	}
	if lo == hi {
		return nlo
	}
	return nlo + " .. " + nhi
}

// goCategory returns the two-letter general category of r in Go's tables.
func goCategory(r rune) string {
	for name, table := range unicode.Categories {
		if len(name) == 2 && name != "LC" && unicode.Is(table, r) {
			return name
		}
	}
	return "Cn"
}

func className(c byte) string {
	switch c {
	case classIgnorable:
		return "pyCaseIgnorable"
	case classCased:
		return "pyCaseCased"
	}
	return "pyCaseOther"
}

func isSurrogate(r rune) bool { return r >= 0xD800 && r <= 0xDFFF }

func runPython(python, script, stdin string) (string, error) {
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s: %v", python, err)
	}
	return string(out), nil
}

func parseDump(out string) (version string, lower map[rune]string, class map[rune]byte) {
	lower = map[rune]string{}
	class = map[rune]byte{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "version" {
			version = f[1]
			continue
		}
		if len(f) != 3 || len(f[2]) != 1 {
			log.Fatalf("bad line from python: %q", sc.Text())
		}
		r := mustHex(f[0])
		if f[1] != "=" {
			var s strings.Builder
			for _, h := range strings.Split(f[1], ",") {
				s.WriteRune(mustHex(h))
			}
			lower[r] = s.String()
		}
		class[r] = f[2][0]
	}
	if version == "" {
		log.Fatal("python printed no version line")
	}
	return version, lower, class
}

func mustHex(s string) rune {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		log.Fatal(err)
	}
	return rune(v)
}

func write(path string, src []byte) {
	formatted, err := format.Source(src)
	if err != nil {
		log.Fatalf("formatting %s: %v\n%s", path, err, src)
	}
	if err := os.WriteFile(path, formatted, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(os.Stderr, "wrote", path)
}

// Package reference reads internal/unidata/testdata/reference.txt, what the
// reference Python, regex module and Perl said for every code point (see
// internal/gen/unicodetables), so that tests can check every code point
// against it.
package reference

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Data is the parsed file. Its maps are keyed by the file's names: regexN,
// pyCased, pyDecimal, perlSpace, ... for Ranges; pyLower and perlLower for
// Lower.
type Data struct {
	// Header holds the "#" lines: the tools and versions that printed it.
	Header []string
	// Ranges holds the inclusive code point ranges of each set, sorted.
	Ranges map[string][][2]rune
	// Lower holds each code point's lowercase where it is not the code
	// point itself.
	Lower map[string]map[rune]string
}

// Read parses the reference file at path (tests pass the path of
// internal/unidata/testdata/reference.txt relative to their package).
func Read(path string) (*Data, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := &Data{Ranges: map[string][][2]rune{}, Lower: map[string]map[rune]string{}}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if h, ok := strings.CutPrefix(line, "# "); ok {
			d.Header = append(d.Header, h)
			continue
		}
		f := strings.Fields(line)
		bad := fmt.Errorf("reference: %s:%d: bad line %q", path, i+1, line)
		if len(f) < 3 {
			return nil, bad
		}
		a, err := strconv.ParseUint(f[1], 16, 32)
		if err != nil {
			return nil, bad
		}
		if f[0] == "pyLower" || f[0] == "perlLower" {
			var b strings.Builder
			for _, h := range strings.Split(f[2], ",") {
				c, err := strconv.ParseUint(h, 16, 32)
				if err != nil {
					return nil, bad
				}
				b.WriteRune(rune(c))
			}
			if d.Lower[f[0]] == nil {
				d.Lower[f[0]] = map[rune]string{}
			}
			d.Lower[f[0]][rune(a)] = b.String()
			continue
		}
		b, err := strconv.ParseUint(f[2], 16, 32)
		if err != nil || b < a || b > utf8.MaxRune {
			return nil, bad
		}
		d.Ranges[f[0]] = append(d.Ranges[f[0]], [2]rune{rune(a), rune(b)})
	}
	return d, nil
}

// Set returns, for every code point, whether it is in the named set; nil if
// the file has no such set.
func (d *Data) Set(name string) []bool {
	rs, ok := d.Ranges[name]
	if !ok {
		return nil
	}
	s := make([]bool, utf8.MaxRune+1)
	for _, rg := range rs {
		for r := rg[0]; r <= rg[1]; r++ {
			s[r] = true
		}
	}
	return s
}

// LowerOf returns the named lowercase of r: the mapping, or r itself.
func (d *Data) LowerOf(name string, r rune) string {
	if s, ok := d.Lower[name][r]; ok {
		return s
	}
	return string(r)
}

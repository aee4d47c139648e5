package py

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/google/go-cmp/cmp"
)

// Expected values in this file were produced with Python 3.11 (unicodedata
// 14.0.0), the interpreter sacreBLEU's reference outputs come from.

// edgeGolden is the part of goldens/edge.json these tests read.
type edgeGolden struct {
	Cases []struct {
		Name      string                     `json:"name"`
		Hyps      []string                   `json:"hyps"`
		Refs      [][]string                 `json:"refs"`
		Tokenized map[string]json.RawMessage `json:"tokenized"`
	} `json:"cases"`
	UnicodeTables struct {
		PythonIsspace [][2]rune         `json:"python_isspace"`
		PythonLower   map[string]string `json:"python_lower"`
	} `json:"unicode_tables"`
}

func loadEdgeGolden(t *testing.T, set conftest.Set) *edgeGolden {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(set.Dir, "goldens", "edge.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g edgeGolden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// TestPyUnicodeTablesConformance checks IsSpace and Lower for every code
// point against the tables Python 3.11 produced in edge.json.
func TestPyUnicodeTablesConformance(t *testing.T) {
	conftest.ForEach(t, "../..", testPyUnicodeTables)
}

func testPyUnicodeTables(t *testing.T, set conftest.Set) {
	g := loadEdgeGolden(t, set)
	if len(g.UnicodeTables.PythonIsspace) == 0 || len(g.UnicodeTables.PythonLower) == 0 {
		t.Fatal("edge.json has no unicode_tables.python_isspace/python_lower")
	}
	space := make([]bool, utf8.MaxRune+1)
	for _, rg := range g.UnicodeTables.PythonIsspace {
		for r := rg[0]; r <= rg[1]; r++ {
			space[r] = true
		}
	}
	lower := make(map[rune]string, len(g.UnicodeTables.PythonLower))
	for k, v := range g.UnicodeTables.PythonLower {
		c, err := strconv.ParseUint(k, 16, 32)
		if err != nil {
			t.Fatalf("bad python_lower key %q: %v", k, err)
		}
		lower[rune(c)] = v
	}
	bad := 0
	for c := rune(0); c <= utf8.MaxRune; c++ {
		if c >= 0xD800 && c <= 0xDFFF {
			continue
		}
		if got := IsSpace(c); got != space[c] {
			bad++
			t.Errorf("IsSpace(%U) = %v, want %v", c, got, space[c])
		}
		want, ok := lower[c]
		if !ok {
			want = string(c)
		}
		if got := Lower(string(c)); got != want {
			bad++
			t.Errorf("Lower(%q) (%U) = %+q, want %+q", string(c), c, got, want)
		}
		if bad > 20 {
			t.Fatal("too many errors")
		}
	}
}

// TestPyLowerConformanceLowercaseSpecial checks Lower on the segments of
// the lowercase_special edge case. sacreBLEU lowercases before tokenizing,
// and for these segments the 13a tokenizer only inserts spaces, so the
// "13a+lc" output without spaces must equal Lower's output without spaces.
func TestPyLowerConformanceLowercaseSpecial(t *testing.T) {
	conftest.ForEach(t, "../..", testPyLowerLowercaseSpecial)
}

func testPyLowerLowercaseSpecial(t *testing.T, set conftest.Set) {
	g := loadEdgeGolden(t, set)
	for _, c := range g.Cases {
		if c.Name != "lowercase_special" {
			continue
		}
		raw, ok := c.Tokenized["13a+lc"]
		if !ok {
			t.Fatal(`lowercase_special has no tokenized["13a+lc"]`)
		}
		var lc struct {
			PreHyps []string   `json:"pre_hyps"`
			PreRefs [][]string `json:"pre_refs"`
		}
		if err := json.Unmarshal(raw, &lc); err != nil {
			t.Fatal(err)
		}
		noSpace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
		var got, want []string
		for i, h := range c.Hyps {
			got = append(got, noSpace(Lower(h)))
			want = append(want, noSpace(lc.PreHyps[i]))
		}
		for k, refs := range c.Refs {
			for i, r := range refs {
				got = append(got, noSpace(Lower(r)))
				want = append(want, noSpace(lc.PreRefs[k][i]))
			}
		}
		if len(want) == 0 {
			t.Fatal("lowercase_special has no segments")
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("lowercase_special mismatch (-want +got):\n%s", diff)
		}
		return
	}
	t.Fatal("edge.json has no case lowercase_special")
}

// pyBenchLines reads the lines of a conformance data file.
func pyBenchLines(b *testing.B, rel string) ([]string, int64) {
	b.Helper()
	dir := conftest.WMTDir("../..")
	if dir == "" {
		b.Skip("no WMT conformance set")
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		b.Skipf("no benchmark data: %v", err)
	}
	defer f.Close()
	var lines []string
	var n int64
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		n += int64(len(sc.Text()))
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	return lines, n
}

var pyBenchFiles = []struct{ name, path string }{
	{"de-en", "data/de-en/ref.txt"},
	{"en-de", "data/en-de/ref.txt"},
	{"en-ja", "data/en-ja/ref.txt"},
}

func BenchmarkAppendPyFields(b *testing.B) {
	for _, bf := range pyBenchFiles {
		b.Run(bf.name, func(b *testing.B) {
			lines, n := pyBenchLines(b, bf.path)
			b.SetBytes(n)
			var dst []string
			for b.Loop() {
				for _, l := range lines {
					dst = AppendFields(dst[:0], l)
				}
			}
		})
	}
}

func BenchmarkPyLower(b *testing.B) {
	for _, bf := range pyBenchFiles {
		b.Run(bf.name, func(b *testing.B) {
			lines, n := pyBenchLines(b, bf.path)
			b.SetBytes(n)
			for b.Loop() {
				for _, l := range lines {
					_ = Lower(l)
				}
			}
		})
	}
}

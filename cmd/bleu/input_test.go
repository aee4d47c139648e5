package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
)

// TestPySpace checks py.IsSpace against the table of Python's str.isspace
// recorded in the conformance set.
func TestPySpace(t *testing.T) {
	forEachConformanceSet(t, testPySpace)
}

func testPySpace(t *testing.T, set conformanceSet) {
	dir := set.Dir
	var g struct {
		Tables struct {
			Space [][2]rune `json:"python_isspace"`
		} `json:"unicode_tables"`
	}
	readJSON(t, filepath.Join(dir, "goldens", "edge.json"), &g)
	want := map[rune]bool{}
	for _, r := range g.Tables.Space {
		for c := r[0]; c <= r[1]; c++ {
			want[c] = true
		}
	}
	if len(want) == 0 {
		t.Fatal("no python_isspace table")
	}
	for c := rune(0); c <= 0x10ffff; c++ {
		if py.IsSpace(c) != want[c] {
			t.Errorf("py.IsSpace(%U) = %v, Python says %v", c, py.IsSpace(c), want[c])
		}
	}
}

func TestPyStrings(t *testing.T) {
	s := "\x1c a\u00a0b\u200bc \u3000\t\r"
	if got, want := py.RStrip(s), "\x1c a\u00a0b\u200bc"; got != want {
		t.Errorf("py.RStrip = %q, want %q", got, want)
	}
	if got, want := py.Strip(s), "a\u00a0b\u200bc"; got != want {
		t.Errorf("py.Strip = %q, want %q", got, want)
	}
	if diff := cmp.Diff([]string{"a", "b\u200bc"}, py.AppendFields(nil, s)); diff != "" {
		t.Errorf("py.AppendFields: (-want +got)\n%s", diff)
	}
	if py.AppendFields(nil, " \x1f ") != nil {
		t.Errorf("pySplit of whitespace is not empty")
	}
}

// TestLineReader checks how lines are split: files at "\n" only, standard
// input with universal newlines, whatever the size of the reads.
func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 200000)
	tests := []struct {
		name      string
		in        string
		universal bool
		sig       bool
		want      []string
	}{
		{"empty", "", false, false, nil},
		{"one empty line", "\n", false, false, []string{""}},
		{"final newline", "a\nb\n", false, false, []string{"a", "b"}},
		{"no final newline", "a\nb", false, false, []string{"a", "b"}},
		{"CRLF in a file", "a\r\nb\r\n", false, false, []string{"a\r", "b\r"}},
		{"CR in a file", "a\rb\n", false, false, []string{"a\rb"}},
		{"other Python line breaks are not line ends", "a\x1cb\u2028c\u0085d\n", false, false, []string{"a\x1cb\u2028c\u0085d"}},
		{"CRLF on standard input", "a\r\nb\r\n", true, false, []string{"a", "b"}},
		{"CR on standard input", "a\rb\r\rc", true, false, []string{"a", "b", "", "c"}},
		{"LF, CR and CRLF mixed on standard input", "a\nb\rc\r\nd\n\re", true, false, []string{"a", "b", "c", "d", "", "e"}},
		{"a long line", long + "\n" + long, false, false, []string{long, long}},
		{"BOM kept", "\ufeffa\n", false, false, []string{"\ufeffa"}},
		{"BOM dropped (utf-8-sig)", "\ufeffa\n\ufeffb\n", false, true, []string{"a", "\ufeffb"}},
	}
	for _, tt := range tests {
		for _, reads := range []string{"whole", "one byte at a time", "each ending at a CR"} {
			var src io.Reader = strings.NewReader(tt.in)
			switch reads {
			case "one byte at a time":
				src = iotest.OneByteReader(src)
			case "each ending at a CR":
				// The reader's buffer is refilled while a line that ends
				// at a CR is still in it.
				src = &crReader{tt.in}
			}
			lr := newStdinLines(src, encUTF8, false)
			lr.universal, lr.sig = tt.universal, tt.sig
			var got []string
			for {
				l, ok, err := lr.next()
				if err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
				if !ok {
					break
				}
				got = append(got, l)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s (reads %s): (-want +got)\n%s", tt.name, reads, diff)
			}
		}
	}
}

// crReader reads its text in pieces that end after each "\r".
type crReader struct{ s string }

func (r *crReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := len(r.s)
	if i := strings.IndexByte(r.s, '\r'); i >= 0 {
		n = i + 1
	}
	n = copy(p, r.s[:n])
	r.s = r.s[n:]
	return n, nil
}

func TestLookupEncoding(t *testing.T) {
	for name, want := range map[string]encoding{"utf-8": encUTF8, "UTF8": encUTF8, "utf_8": encUTF8, "U8": encUTF8, "utf-8-sig": encUTF8Sig, "UTF_8_SIG": encUTF8Sig} {
		if got, ok := lookupEncoding(name); !ok || got != want {
			t.Errorf("lookupEncoding(%q) = %v, %v", name, got, ok)
		}
	}
	for _, name := range []string{"latin-1", "utf-16", ""} {
		if _, ok := lookupEncoding(name); ok {
			t.Errorf("lookupEncoding(%q) succeeded", name)
		}
	}
}

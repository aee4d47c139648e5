package spm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse parses arbitrary bytes as a model: an error or a model that
// encodes without panicking, never a panic.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"unigram_identity", "bpe_symbols", "char_symbols", "word_no_prefix", "unigram_rules", "bpe_bytes", "bpe_unused"} {
		b, err := os.ReadFile(filepath.Join("testdata", "models", name+".model"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Parse(b)
		if err != nil {
			if m != nil || !strings.HasPrefix(err.Error(), "spm: ") {
				t.Fatalf("Parse: %v, %v", m, err)
			}
			return
		}
		for _, s := range []string{"", " a b ", "ab abc abcde\t東京 <s> \xff\xfe 123 ▁x"} {
			m.Encode(s)
		}
	})
}

// FuzzEncode encodes arbitrary text with the test models and checks that
// the pieces spell out the normalized text (byte pieces standing for
// their bytes), as sentencepiece's encoder requires.
func FuzzEncode(f *testing.F) {
	for _, l := range testGoldens(f).Lines {
		f.Add(l)
	}
	models := map[string]*Model{}
	for _, gm := range testGoldens(f).Models {
		models[gm.Name] = testModel(f, gm.Name)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, m := range models {
			pieces, err := m.Encode(text)
			if err != nil {
				if len(pieces) != 0 {
					t.Fatalf("%s: %q: pieces %q with error %v", name, text, pieces, err)
				}
				continue
			}
			var b strings.Builder
			for _, p := range pieces {
				if p == "" {
					t.Fatalf("%s: %q: empty piece", name, text)
				}
				if c, ok := pieceToByte(p); ok && m.byteFallback {
					b.WriteByte(c)
				} else {
					b.WriteString(p)
				}
			}
			if want := string(m.norm.normalize(nil, text)); b.String() != want {
				t.Fatalf("%s: %q: pieces %q spell %q, not the normalized %q", name, text, pieces, b.String(), want)
			}
		}
	})
}

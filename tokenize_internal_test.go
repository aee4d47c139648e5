package bleu

import (
	"path/filepath"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/tokenize"
)

func BenchmarkTokenize(b *testing.B) {
	lines := benchLines(b)
	for tok := range numStandardTokenizers {
		b.Run(tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
	}
}

// BenchmarkTokenizeLangs is BenchmarkTokenize on the references of the
// conformance set's en-zh and en-ja.
func BenchmarkTokenizeLangs(b *testing.B) {
	dir := conftest.WMTDir(".")
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"en-zh", "en-ja"} {
		lines := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		for tok := range numStandardTokenizers {
			b.Run(pair+"/"+tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
		}
	}
}

// benchTokenize tokenizes lines with tok.
func benchTokenize(b *testing.B, tok StandardTokenizer, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	var sc tokenize.Scratch
	var dst []string
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range lines {
			dst = tok.tokenize(&sc, dst[:0], l)
		}
	}
}

// benchLines returns the en-de reference of the conformance set, or our
// sample when the set is absent.
func benchLines(b *testing.B) []string {
	dir := conftest.WMTDir(".")
	if dir == "" {
		return conftest.ReadLines(b, filepath.Join("testdata", "sample.ref.txt"))
	}
	return conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
}

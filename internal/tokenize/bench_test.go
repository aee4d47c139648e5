package tokenize

import (
	"path/filepath"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
)

// BenchmarkTokenize tokenizes the en-de reference of the conformance set
// (our sample when the set is absent) with each tokenizer, reusing one
// Scratch as package bleu's Stats does.
func BenchmarkTokenize(b *testing.B) {
	lines := benchLines(b)
	for tok := range NumKinds {
		b.Run(tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
	}
}

// BenchmarkTokenizeLangs is BenchmarkTokenize on the references of the
// conformance set's en-zh and en-ja.
func BenchmarkTokenizeLangs(b *testing.B) {
	dir := conftest.WMTDir(filepath.Join("..", ".."))
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"en-zh", "en-ja"} {
		lines := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		for tok := range NumKinds {
			b.Run(pair+"/"+tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
		}
	}
}

// benchTokenize tokenizes lines with tok.
func benchTokenize(b *testing.B, tok Kind, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	var sc Scratch
	var dst []string
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range lines {
			dst = tok.Tokenize(&sc, dst[:0], l)
		}
	}
}

// benchLines returns the en-de reference of the conformance set, or the
// module's sample when the set is absent.
func benchLines(b *testing.B) []string {
	root := filepath.Join("..", "..")
	dir := conftest.WMTDir(root)
	if dir == "" {
		return conftest.ReadLines(b, filepath.Join(root, "testdata", "sample.ref.txt"))
	}
	return conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
}

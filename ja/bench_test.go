package ja

import (
	"path/filepath"
	"testing"

	"github.com/ikawaha/kagome-dict/ipa"
)

// BenchmarkTokenize tokenizes the en-ja reference of the conformance set
// (2,037 lines); lines/s is the figure to compare with MeCab's.
func BenchmarkTokenize(b *testing.B) {
	lines := readSegments(b, filepath.Join(conformanceDir(b), "data", "en-ja", "ref.txt"))
	if err := Load(); err != nil {
		b.Fatal(err)
	}
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	b.SetBytes(int64(size))
	var toks []string
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, l := range lines {
			toks = MeCab.Tokenize(toks[:0], l)
		}
	}
	b.ReportMetric(float64(b.N*len(lines))/b.Elapsed().Seconds(), "lines/s")
}

// BenchmarkBuild measures the dictionary's construction from kagome-dict's
// data once that is loaded (which ipa.DictShrink does once per process).
func BenchmarkBuild(b *testing.B) {
	kd := ipa.DictShrink()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := build(kd); err != nil {
			b.Fatal(err)
		}
	}
}

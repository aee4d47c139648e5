package chrf

import (
	"context"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/benchtext"
)

// BenchmarkAddReaders reads a corpus of 6000 lines, a hypothesis and two
// references, through several batches.
func BenchmarkAddReaders(b *testing.B) {
	texts := benchtext.Corpus(6000, 3)
	size := len(texts[0]) + len(texts[1]) + len(texts[2])
	b.SetBytes(int64(size))
	start := cpuTime()
	for b.Loop() {
		var s Stats
		if err := s.AddReaders(context.Background(), strings.NewReader(texts[0]), strings.NewReader(texts[1]), strings.NewReader(texts[2])); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

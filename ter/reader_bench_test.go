package ter

import (
	"context"
	"io"
	"testing"

	"github.com/go-bleu/bleu/internal/benchtext"
)

// BenchmarkAddReaders reads a corpus of 6000 lines, a hypothesis and two
// references, through several batches.
func BenchmarkAddReaders(b *testing.B) {
	texts := benchtext.Corpus(6000, 3)
	start := cpuTime()
	benchtext.AddReaders(b, texts, func(ctx context.Context, hyp io.Reader, refs ...io.Reader) error {
		var s Stats
		return s.AddReaders(ctx, hyp, refs...)
	})
	reportCPU(b, start)
}

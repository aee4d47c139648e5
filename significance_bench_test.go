package bleu_test

import (
	"context"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// syntheticSegments returns the Segments of n segments of conftest's
// synthetic rows, built without tokenizing.
func syntheticSegments(n int, sysSeed, refSeed uint64) *bleu.Segments {
	return bleu.SegmentsOfRows(conftest.SyntheticRows(n, sysSeed, refSeed))
}

// BenchmarkPaired1M is the size of a large WMT test: 1,000,000 segments, a
// baseline and 3 systems, 1,000 paired bootstrap resamples. It takes tens
// of seconds, so it is skipped with -short.
func BenchmarkPaired1M(b *testing.B) {
	if testing.Short() {
		b.Skip("1M segments × 4 systems × 1000 resamples")
	}
	const N = 1_000_000
	base := syntheticSegments(N, 1, 100)
	systems := []*bleu.Segments{syntheticSegments(N, 2, 100), syntheticSegments(N, 3, 100), syntheticSegments(N, 4, 100)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bleu.PairedBootstrap(context.Background(), base, systems, bleu.DefaultResamples, bleu.SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSignificanceMemory measures the memory of a paired bootstrap
// per segment and system: the rows a Segments keeps (rows-B/seg/sys), the
// allocations of the test itself (test-B/seg/sys), and both (B/seg/sys).
// The goal is at most 48 bytes plus a constant.
func BenchmarkSignificanceMemory(b *testing.B) {
	var rows, test float64
	for b.Loop() {
		var err error
		if rows, test, err = pairedMemory(200_000, 4); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(rows, "rows-B/seg/sys")
	b.ReportMetric(test, "test-B/seg/sys")
	b.ReportMetric(rows+test, "B/seg/sys")
}

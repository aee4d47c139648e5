package bleu_test

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
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

// benchSegments returns the baseline and a system of the conformance de-en
// set, or synthetic ones of 2000 segments when it is absent.
func benchSegments(b *testing.B) (*bleu.Segments, *bleu.Segments) {
	b.Helper()
	if dir := conformanceDirOrEmpty(); dir != "" {
		data := filepath.Join(dir, "data", "de-en")
		if _, err := os.Stat(filepath.Join(data, "sys-Online-B.txt")); err == nil {
			refs := streams(conftest.ReadLines(b, filepath.Join(data, "ref.txt")))
			return segmentsOf(b, bleu.Config{}, conftest.ReadLines(b, filepath.Join(data, "sys-JDExploreAcademy.txt")), refs),
				segmentsOf(b, bleu.Config{}, conftest.ReadLines(b, filepath.Join(data, "sys-Online-B.txt")), refs)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	var refs [][]string
	var h1, h2 []string
	for range 2000 {
		refs = append(refs, []string{conftest.RandomText(r, 40)})
		h1 = append(h1, conftest.RandomText(r, 40))
		h2 = append(h2, conftest.RandomText(r, 40))
	}
	return segmentsOf(b, bleu.Config{}, h1, refs), segmentsOf(b, bleu.Config{}, h2, refs)
}

func BenchmarkBootstrap(b *testing.B) {
	s, _ := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := s.Bootstrap(context.Background(), bleu.DefaultResamples, bleu.SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPairedBootstrap(b *testing.B) {
	base, sys := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := bleu.PairedBootstrap(context.Background(), base, []*bleu.Segments{sys}, bleu.DefaultResamples, bleu.SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPairedAR(b *testing.B) {
	base, sys := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := bleu.PairedRandomization(context.Background(), base, []*bleu.Segments{sys}, bleu.DefaultTrials, bleu.SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

package report

import (
	"context"
	"io"
	"testing"
)

// benchCorpus is the sample test set repeated to 2,000 segments, with
// its two systems.
func benchCorpus(b *testing.B) Corpus {
	c := sampleCorpus(b)
	var big Corpus
	big.Names = c.Names
	big.References = [][]string{nil}
	big.Hypotheses = [][]string{nil, nil}
	for range 200 {
		big.References[0] = append(big.References[0], c.References[0]...)
		for s := range c.Hypotheses {
			big.Hypotheses[s] = append(big.Hypotheses[s], c.Hypotheses[s]...)
		}
	}
	return big
}

// BenchmarkFromCorpus scores two systems of 2,000 segments with the
// default tests (1000 bootstrap resamples each, paired bootstrap).
func BenchmarkFromCorpus(b *testing.B) {
	c := benchCorpus(b)
	for b.Loop() {
		if _, err := FromCorpus(context.Background(), c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteHTML writes the report of two systems of 2,000 segments.
func BenchmarkWriteHTML(b *testing.B) {
	r, err := FromCorpus(context.Background(), benchCorpus(b), Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := r.WriteHTML(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

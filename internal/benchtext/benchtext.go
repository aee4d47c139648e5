// Package benchtext makes the synthetic text the benchmarks of bleu, chrf
// and ter read, and runs the benchmarks they share, so that they measure
// the same input in the same way. It is for tests alone.
package benchtext

import (
	"context"
	"io"
	"strings"
	"testing"
)

// Corpus returns streams texts of n lines each, "\n" after every line:
// 5 to 13 words from a list of sixteen, a different mix for each stream,
// so that a hypothesis and its references share some words.
func Corpus(n, streams int) []string {
	words := strings.Fields("the cat sat on a mat while dogs ran over hills and far away under skies")
	texts := make([]string, streams)
	for k := range texts {
		var b strings.Builder
		for i := range n {
			for j := range 5 + (i+k)%9 {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(words[(i*7+j*3+k)%len(words)])
			}
			b.WriteByte('\n')
		}
		texts[k] = b.String()
	}
	return texts
}

// AddReaders runs b over addReaders, a package's AddReaders on a new
// Stats, reading texts: the hypothesis, then the references.
func AddReaders(b *testing.B, texts []string, addReaders func(ctx context.Context, hyp io.Reader, refs ...io.Reader) error) {
	size := 0
	for _, t := range texts {
		size += len(t)
	}
	b.SetBytes(int64(size))
	refs := make([]io.Reader, len(texts)-1)
	for b.Loop() {
		for k := range refs {
			refs[k] = strings.NewReader(texts[1+k])
		}
		if err := addReaders(context.Background(), strings.NewReader(texts[0]), refs...); err != nil {
			b.Fatal(err)
		}
	}
}

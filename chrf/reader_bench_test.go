package chrf

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkAddReaders reads a corpus of 6000 lines, a hypothesis and two
// references, through several batches.
func BenchmarkAddReaders(b *testing.B) {
	words := strings.Fields("the cat sat on a mat while dogs ran over hills and far away under skies")
	var texts [3]strings.Builder
	for i := range 6000 {
		for k := range texts {
			for j := range 5 + (i+k)%9 {
				if j > 0 {
					texts[k].WriteByte(' ')
				}
				texts[k].WriteString(words[(i*7+j*3+k)%len(words)])
			}
			texts[k].WriteByte('\n')
		}
	}
	size := 0
	for k := range texts {
		size += texts[k].Len()
	}
	b.SetBytes(int64(size))
	start := cpuTime()
	for b.Loop() {
		var s Stats
		if err := s.AddReaders(context.Background(), strings.NewReader(texts[0].String()), strings.NewReader(texts[1].String()), strings.NewReader(texts[2].String())); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

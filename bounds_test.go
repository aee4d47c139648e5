package bleu_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// TestSizesBounded sweeps every number of the library that sets a size,
// from 0 and negative values to the largest int: each is an error with the
// package's prefix before anything is allocated, never a panic. (The
// trials of approximate randomization take time, not memory, and are
// bounded by the context.)
func TestSizesBounded(t *testing.T) {
	var s bleu.Segments
	for _, text := range []string{"a b c d", "e f g h"} {
		if err := s.Add(text, text); err != nil {
			t.Fatal(err)
		}
	}
	const limit = 1 << 30
	opt := bleu.SignificanceOptions{MemoryLimit: limit}
	for _, n := range []int{math.MinInt, -1, 0, 1 << 30, math.MaxInt32, math.MaxInt} {
		_, err := s.Bootstrap(context.Background(), n, opt)
		_, perr := bleu.PairedBootstrap(context.Background(), &s, []*bleu.Segments{&s}, n, opt)
		for _, err := range []error{err, perr} {
			if err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
				t.Errorf("%d resamples: %v", n, err)
			}
		}
	}
	for _, n := range []int{math.MinInt, -1, 0} {
		if _, err := bleu.PairedRandomization(context.Background(), &s, []*bleu.Segments{&s}, n, opt); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("%d trials: %v", n, err)
		}
	}
	for _, order := range []int{math.MinInt, -1, bleu.MaxMaxOrder + 1, 1 << 30, math.MaxInt} {
		c := bleu.Config{MaxOrder: order}
		if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("MaxOrder %d: %v", order, err)
		}
		if _, err := c.Sentence("a b", "a b"); err == nil {
			t.Errorf("Sentence with MaxOrder %d: no error", order)
		}
		if _, err := c.Sentences([]string{"a b"}, []string{"a b"}); err == nil {
			t.Errorf("Sentences with MaxOrder %d: no error", order)
		}
	}
}

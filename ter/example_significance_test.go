package ter_test

import (
	"context"
	"fmt"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/ter"
)

// The bootstrap confidence interval of a system's TER, as sacreBLEU's
// -m ter --confidence computes it (seed 12345, 100 resamples).
func ExampleSegments_Bootstrap() {
	var s ter.Segments
	err := s.AddCorpus(
		[]string{"The cat sat on the mat.", "It is raining today.", "He read a book.", "We meet at noon."},
		[]string{"The cat sat on the mat.", "It rains today.", "He read the book.", "We will meet at noon."})
	if err != nil {
		panic(err)
	}
	e, err := s.Bootstrap(context.Background(), 100, bleu.SignificanceOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("TER %.1f (μ = %.1f ± %.1f)\n", e.Score.TERPercent, e.MeanPercent, e.CIPercent)
	fmt.Printf("bs:%s|seed:%s\n", e.Score.Signature.Bootstrap, e.Score.Signature.Seed)
	// Output:
	// TER 22.2 (μ = 24.7 ± 24.7)
	// bs:100|seed:12345
}

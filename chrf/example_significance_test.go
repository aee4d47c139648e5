package chrf_test

import (
	"context"
	"fmt"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/chrf"
)

// A paired bootstrap test of a system against a baseline, as sacreBLEU's
// -m chrf --paired-bs computes it (seed 12345, 100 resamples).
func ExamplePairedBootstrap() {
	refs := []string{"The cat sat on the mat.", "It rains today.", "He read the book.", "We meet at noon."}
	var baseline, system chrf.Segments
	for j, h := range []string{"The cat sat on the mat.", "It is raining today.", "He read a book.", "We meet at noon."} {
		if err := baseline.Add(h, refs[j]); err != nil {
			panic(err)
		}
	}
	for j, h := range []string{"A cat is on the mat.", "Today it rains.", "He read the book.", "At noon we meet."} {
		if err := system.Add(h, refs[j]); err != nil {
			panic(err)
		}
	}
	res, err := chrf.PairedBootstrap(context.Background(), &baseline, []*chrf.Segments{&system}, 100, bleu.SignificanceOptions{})
	if err != nil {
		panic(err)
	}
	b, s := res.Baseline, res.Systems[0]
	fmt.Printf("baseline %.1f (%.1f ± %.1f)\n", b.Score.ChrFPercent, b.MeanPercent, b.CIPercent)
	fmt.Printf("system   %.1f (%.1f ± %.1f), p = %.4f\n", s.Score.ChrFPercent, s.MeanPercent, s.CIPercent, s.PValue)
	fmt.Printf("bs:%s|seed:%s\n", res.Signature.Bootstrap, res.Signature.Seed)
	// Output:
	// baseline 76.5 (74.8 ± 25.9)
	// system   60.3 (60.3 ± 14.5), p = 0.1683
	// bs:100|seed:12345
}

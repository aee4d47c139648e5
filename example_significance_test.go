package bleu_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-bleu/bleu"
)

// A tiny test set with a reference and three systems' translations.
var (
	exampleRefs = []string{
		"The cat sat on the mat.",
		"It rains today in the city.",
		"He read the book last night.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and one pear.",
		"The train to Berlin leaves at eight.",
		"Please close the window before you leave.",
	}
	exampleSystemA = []string{
		"The cat sat on the mat.",
		"It is raining today in the city.",
		"He read the book yesterday evening.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and a pear.",
		"The train to Berlin departs at eight.",
		"Please close the window before leaving.",
	}
	exampleSystemB = []string{
		"The cat is sitting on the mat.",
		"Today it rains in the city.",
		"Yesterday evening he read a book.",
		"We meet at noon at the station.",
		"The results were better than we expected.",
		"She has bought three apples and one pear.",
		"The train for Berlin goes at eight o'clock.",
		"Close the window, please, before you go.",
	}
	exampleSystemC = []string{
		"The cat sat on the mat.",
		"Today it rains in the city.",
		"He read the book yesterday evening.",
		"We meet at noon at the station.",
		"The results were better than expected.",
		"She has bought three apples and one pear.",
		"The train to Berlin departs at eight.",
		"Close the window, please, before you go.",
	}
)

// segments collects the per-segment statistics of a system.
func segments(hyps []string) *bleu.Segments {
	var s bleu.Segments // sacreBLEU's defaults, as for Stats
	for i, h := range hyps {
		if err := s.Add(h, exampleRefs[i]); err != nil {
			panic(err)
		}
	}
	return &s
}

// A bootstrap confidence interval, as sacreBLEU's --confidence prints it.
// The zero Seed is sacreBLEU's default, 12345, so the numbers are
// sacreBLEU's.
func ExampleSegments_Bootstrap() {
	s := segments(exampleSystemA)
	iv, err := s.Bootstrap(context.Background(), bleu.DefaultResamples, bleu.SignificanceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(iv.Text(1, iv.Score.Signature.String()))
	fmt.Printf("95%% of the resamples score %.4f to %.4f (0–1 scale, as Score.BLEU)\n", iv.Low, iv.High)
	// Output:
	// BLEU|nrefs:1|bs:1000|seed:12345|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0 = 72.8 (μ = 72.2 ± 15.7) 88.5/77.4/68.9/59.5 (BP = 1.000 ratio = 1.000 hyp_len = 61 ref_len = 61)
	// 95% of the resamples score 0.5721 to 0.8866 (0–1 scale, as Score.BLEU)
}

// Comparing systems with a baseline by paired bootstrap resampling, as
// sacreBLEU's --paired-bs. HolmPValue corrects for testing several systems
// against the same baseline.
func ExamplePairedBootstrap() {
	baseline := segments(exampleSystemB)
	systems := []*bleu.Segments{segments(exampleSystemA), segments(exampleSystemC)}
	res, err := bleu.PairedBootstrap(context.Background(), baseline, systems, bleu.DefaultResamples, bleu.SignificanceOptions{Seed: bleu.Seeded(7)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Signature)
	b := res.Baseline
	fmt.Printf("baseline %.1f (μ = %.1f ± %.1f)\n", b.Score.BLEUPercent, b.MeanPercent, b.CIPercent)
	for i, c := range res.Systems {
		fmt.Printf("system %d %.1f (μ = %.1f ± %.1f) p = %.4f, Holm-adjusted p = %.4f\n", i+1, c.Score.BLEUPercent, c.MeanPercent, c.CIPercent, c.PValue, c.HolmPValue)
	}
	// Output:
	// nrefs:1|bs:1000|seed:7|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0
	// baseline 35.6 (μ = 34.7 ± 18.2)
	// system 1 72.8 (μ = 71.5 ± 15.8) p = 0.0010, Holm-adjusted p = 0.0020
	// system 2 56.1 (μ = 55.2 ± 20.5) p = 0.0080, Holm-adjusted p = 0.0080
}

// Paired approximate randomization, as sacreBLEU's --paired-ar. It
// reports p-values only.
func ExamplePairedRandomization() {
	baseline := segments(exampleSystemB)
	system := segments(exampleSystemA)
	res, err := bleu.PairedRandomization(context.Background(), baseline, []*bleu.Segments{system}, bleu.DefaultTrials, bleu.SignificanceOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := res.Systems[0]
	fmt.Printf("%s: %.2f vs %.2f, p = %.4f\n", res.Method, c.Score.BLEUPercent, res.Baseline.Score.BLEUPercent, c.PValue)
	// Output:
	// ar: 72.78 vs 35.65, p = 0.0160
}

// Long tests take a context, which stops them, and report their progress
// to a callback; a command-line tool would draw a bar and cancel the
// context on Ctrl-C.
func ExampleSignificanceOptions() {
	baseline := segments(exampleSystemB)
	systems := []*bleu.Segments{segments(exampleSystemA)}
	last := 0
	opt := bleu.SignificanceOptions{
		Seed:     bleu.Seeded(7),
		Progress: func(done, total int) { last = done },
	}
	res, err := bleu.PairedRandomization(context.Background(), baseline, systems, 2000, opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d of 2000 trials, p = %.4f\n", last, res.Systems[0].PValue)

	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as an interrupt would
	_, err = bleu.PairedRandomization(ctx, baseline, systems, 2000, opt)
	fmt.Println(err, errors.Is(err, context.Canceled))
	// Output:
	// 2000 of 2000 trials, p = 0.0185
	// bleu: approximate randomization stopped: context canceled true
}

// Holm–Bonferroni adjusts p-values for testing several hypotheses at once.
func ExampleHolmBonferroni() {
	fmt.Println(bleu.HolmBonferroni([]float64{0.01, 0.04, 0.03}))
	// Output: [0.03 0.06 0.06]
}

// Seeds follow sacreBLEU's SACREBLEU_SEED. The signatures show them as
// sacreBLEU does.
func ExampleParseSeed() {
	for _, v := range []string{"42", "None", " 7"} {
		s, err := bleu.ParseSeed(v)
		if err != nil {
			fmt.Println(err)
			continue
		}
		n, ok := s.Value()
		fmt.Printf("%q: seed:%s (%d, %v)\n", v, s, n, ok)
	}
	_, err := bleu.ParseSeed("0x10")
	fmt.Println(err)
	// Output:
	// "42": seed:42 (42, true)
	// "None": seed:none (0, false)
	// " 7": seed: 7 (7, true)
	// bleu: SACREBLEU_SEED: invalid literal for int() with base 10: "0x10"
}

package bleu_test

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/go-bleu/bleu"
)

// Scoring a corpus: add every segment with its reference, then ask for the
// score. The zero Stats uses sacreBLEU's defaults.
func Example() {
	hyps := []string{
		"The cat sat on the mat.",
		"It is raining today.",
	}
	refs := []string{
		"The cat sat on the mat.",
		"It rains today.",
	}
	var s bleu.Stats
	for i := range hyps {
		if err := s.Add(hyps[i], refs[i]); err != nil {
			fmt.Println(err)
			return
		}
	}
	sc := s.Score()
	fmt.Println(sc)
	fmt.Println(sc.Signature)
	// Output:
	// BLEU = 70.21 83.3/70.0/62.5/66.7 (BP = 1.000 ratio = 1.091 hyp_len = 12 ref_len = 11)
	// nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0
}

// The worked example of the original paper: clipping counts a hypothesis
// word at most as often as the reference has it.
func ExampleStats_Add_clipping() {
	var s bleu.Stats
	if err := s.Add("the the the cat mat", "the cat is on the mat"); err != nil {
		fmt.Println(err)
		return
	}
	sc := s.Score()
	fmt.Printf("unigram precision %d/%d = %.1f\n", sc.Counts[0], sc.Totals[0], sc.Precisions[0])
	// Output: unigram precision 4/5 = 0.8
}

// With several references, each hypothesis n-gram is clipped by its
// largest count in any one reference, and the brevity penalty uses the
// reference closest in length.
func ExampleStats_Add_multipleReferences() {
	var s bleu.Stats
	err := s.Add("The cat is on the mat.",
		"There is a cat on the mat.",
		"The cat sits on the mat.")
	if err != nil {
		fmt.Println(err)
		return
	}
	sc := s.Score()
	fmt.Println(sc)
	fmt.Println(sc.Signature)
	// Output:
	// BLEU = 50.81 100.0/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
	// nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0
}

// The NASA example: two candidate translations of one reference. Without
// smoothing the first scores 0, because it has no 4-gram in common with
// the reference.
func ExampleConfig_Sentence() {
	ref := "The NASA Opportunity rover is battling a massive dust storm on Mars."
	cfg := bleu.Config{Smooth: bleu.SmoothNone}
	for _, hyp := range []string{
		"The Opportunity rover is combating a big sandstorm on Mars.",
		"A NASA rover is fighting a massive storm on Mars.",
	} {
		sc, err := cfg.Sentence(hyp, ref)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("matches %v of %v, BP %.2f, BLEU %.2f\n", sc.Counts, sc.Totals, sc.BP, sc.BLEU)
	}
	// Output:
	// matches [8 4 2 0] of [11 10 9 8], BP 0.83, BLEU 0.00
	// matches [9 5 2 1] of [11 10 9 8], BP 0.83, BLEU 0.27
}

// Sentence BLEU with sacreBLEU's sentence_bleu defaults (exp smoothing,
// effective order): a short sentence without any 4-gram match still gets a
// useful score.
func ExampleSentence() {
	sc, err := bleu.Sentence("The cat sat on a mat.", "The cat sat on the mat.")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.2f\n", sc.Percent())
	fmt.Println(sc.Signature)
	// Output:
	// 48.89
	// nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:0.1.0
}

// A custom tokenizer: here a whitespace tokenizer that also splits words at
// hyphens. A type with a String method would name itself in the signature;
// a TokenizerFunc is "custom".
func ExampleTokenizerFunc() {
	splitHyphens := bleu.TokenizerFunc(func(dst []string, text string) []string {
		for _, w := range strings.Fields(text) {
			for _, part := range strings.Split(w, "-") {
				if part != "" {
					dst = append(dst, part)
				}
			}
		}
		return dst
	})
	s := bleu.Stats{Config: bleu.Config{Tokenizer: splitHyphens}}
	if err := s.Add("a state-of-the-art system", "a state of the art system"); err != nil {
		fmt.Println(err)
		return
	}
	sc := s.Score()
	fmt.Printf("%.1f %s\n", sc.Percent(), sc.Signature)
	// Output: 100.0 nrefs:1|case:mixed|eff:no|tok:custom|smooth:exp|version:0.1.0
}

// A normalizer makes compatibility forms count as the same word: here the
// hypothesis uses full-width Latin letters. The signature records it.
func ExampleNFKC() {
	hyp, ref := "ＢＬＥＵ scores text", "BLEU scores text"
	for _, norm := range []bleu.Normalizer{nil, bleu.NFKC} {
		s := bleu.Stats{Config: bleu.Config{Normalizer: norm, EffectiveOrder: true}}
		if err := s.Add(hyp, ref); err != nil {
			fmt.Println(err)
			return
		}
		sc := s.Score()
		fmt.Printf("%.1f %s\n", sc.Percent(), sc.Signature)
	}
	// Output:
	// 55.0 nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:0.1.0
	// 100.0 nrefs:1|case:mixed|norm:nfkc|eff:yes|tok:13a|smooth:exp|version:0.1.0
}

// Scoring a corpus on every core, as a validation loop would, corpus after
// corpus: AddCorpus splits it among goroutines, and the Stats keeps their
// scratch space from one corpus to the next.
func ExampleStats_AddCorpus() {
	hyps := []string{"The cat sat on the mat.", "It was raining.", "Nobody came."}
	refs := []string{"The cat sat on a mat.", "It rained.", "Nobody came."}

	var s bleu.Stats
	for step := range 2 {
		s.Reset()
		if err := s.AddCorpus(hyps, refs); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("step %d: %.2f\n", step, s.Score().Percent())
	}
	// Output:
	// step 0: 42.34
	// step 1: 42.34
}

// Sharded scoring: each goroutine fills a Stats of its own, and Merge
// combines them. The result is the same as adding every segment to one
// Stats.
func ExampleStats_Merge() {
	hyps := []string{"a b c d", "the cat sat", "on the mat", "x y z"}
	refs := []string{"a b c d", "the cat sat down", "on a mat", "x y z"}

	shards := make([]bleu.Stats, 2)
	var wg sync.WaitGroup
	for w := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(hyps); i += len(shards) {
				_ = shards[w].Add(hyps[i], refs[i]) // no error: every segment has a reference
			}
		}()
	}
	wg.Wait()

	var total, whole bleu.Stats
	for i := range shards {
		if err := total.Merge(&shards[i]); err != nil {
			fmt.Println(err)
			return
		}
	}
	for i := range hyps {
		_ = whole.Add(hyps[i], refs[i])
	}
	fmt.Println(total.Score())
	fmt.Println(whole.Score().BLEU == total.Score().BLEU)
	// Output:
	// BLEU = 80.61 92.3/77.8/80.0/100.0 (BP = 0.926 ratio = 0.929 hyp_len = 13 ref_len = 14)
	// true
}

// Reading a corpus score on the usual interpretation scale.
func ExampleScore_Quality() {
	sc := bleu.Score{BLEU: 0.3370}
	q := sc.Quality()
	fmt.Printf("%.1f: %s (%s)\n", sc.Percent(), q.Description, q.Color)
	fmt.Println(q)
	// Output:
	// 33.7: understandable to good translations (#fee08b)
	// 30–40: understandable to good translations
}

// A corpus in memory, one slice per reference stream.
func ExampleCorpus() {
	hyps := []string{"The cat sat on the mat.", "It was raining."}
	refs := []string{"The cat sat on a mat.", "It rained heavily all day."}
	sc, err := bleu.Corpus(hyps, refs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc)
	// Output: BLEU = 30.74 72.7/44.4/28.6/20.0 (BP = 0.834 ratio = 0.846 hyp_len = 11 ref_len = 13)
}

// BLEUPercent is sacreBLEU's number itself, to the last digit; BLEU is the
// same score on the 0–1 scale.
func ExampleScore_BLEUPercent() {
	sc, _ := bleu.Sentence("a perfect match", "a perfect match")
	fmt.Println(sc.BLEU, sc.BLEUPercent)
	// Output: 1.0000000000000004 100.00000000000004
}

// Floor smoothing with a value above 1 gives an order without matches a
// precision above 1, and the score can exceed 1, as sacreBLEU's exceeds
// 100: it is reported as it is, never clamped.
func ExampleScore_BLEU_aboveOne() {
	cfg := bleu.Config{Smooth: bleu.SmoothFloor, SmoothValue: 50}
	sc, _ := cfg.Sentence("a b c d e", "a b x y z")
	fmt.Printf("%.4f\n%s\n", sc.BLEU, sc)
	// Output:
	// 2.5407
	// BLEU = 254.07 40.0/25.0/1666.7/2500.0 (BP = 1.000 ratio = 1.000 hyp_len = 5 ref_len = 5)
}

// A corpus read from files or pipes, line by line, as sacreBLEU's command
// line reads files.
func ExampleStats_AddReaders() {
	hyps := strings.NewReader("The cat sat on the mat.\nIt was raining.\n")
	refs := strings.NewReader("The cat sat on a mat.\r\nIt rained heavily all day.\r\n")
	var s bleu.Stats
	if err := s.AddReaders(context.Background(), hyps, refs); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Len(), s.Score())

	// Errors name the stream, the line and the byte.
	var bad bleu.Stats
	err := bad.AddReaders(context.Background(), strings.NewReader("ok\nnot \xff UTF-8\n"), strings.NewReader("ok\nok\n"))
	fmt.Println(err)
	// Output:
	// 2 BLEU = 30.74 72.7/44.4/28.6/20.0 (BP = 0.834 ratio = 0.846 hyp_len = 11 ref_len = 13)
	// bleu: invalid UTF-8: hypothesis line 2, byte 0xff at byte 5 of the line
}

// Options are checked before any work.
func ExampleConfig_Validate() {
	cfg := bleu.Config{Smooth: bleu.SmoothAddK, SmoothValue: 0.5}
	fmt.Println(cfg.Validate())
	_, err := cfg.Sentence("a b", "a b")
	fmt.Println(err)
	// Output:
	// bleu: add-k smoothing needs a whole-number SmoothValue, not 0.5
	// bleu: add-k smoothing needs a whole-number SmoothValue, not 0.5
}

// Filtering parallel data: the sentence BLEU of every pair at once, on
// every core, each exactly what Sentence gives.
func ExampleSentences() {
	hyps := []string{"The cat sat on the mat.", "It was raining.", "Nobody came."}
	refs := []string{"The cat sat on a mat.", "It rained heavily all day.", "Nobody came."}
	scores, err := bleu.Sentences(hyps, refs)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, sc := range scores {
		if sc >= 0.3 {
			fmt.Printf("keep %q (%.1f)\n", hyps[i], 100*sc)
		}
	}
	// Output:
	// keep "The cat sat on the mat." (48.9)
	// keep "Nobody came." (100.0)
}

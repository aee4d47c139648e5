package chrf_test

import (
	"fmt"

	"github.com/go-bleu/bleu/chrf"
)

func ExampleCorpus() {
	hyps := []string{"The cat sat on the mat.", "A dog barked."}
	refs := []string{"The cat sat on a mat.", "The dog barked loudly."}
	sc, err := chrf.Corpus(hyps, refs)
	if err != nil {
		panic(err)
	}
	fmt.Println(sc)
	fmt.Printf("%.4f\n", sc.ChrF)
	// Output:
	// chrF2 = 57.15
	// 0.5715
}

func ExampleConfig_Corpus() {
	hyps := []string{"The cat sat on the mat.", "A dog barked."}
	refs := []string{"The cat sat on a mat.", "The dog barked loudly."}
	sc, err := chrf.Config{WordOrder: 2}.Corpus(hyps, refs) // chrF++
	if err != nil {
		panic(err)
	}
	fmt.Println(sc.Name, sc.Signature.Short()[:len("#:1|c:mixed|e:yes|nc:6|nw:2|s:no")])
	// Output:
	// chrF2++ #:1|c:mixed|e:yes|nc:6|nw:2|s:no
}

func ExampleConfig_SentenceMatrix() {
	samples := []string{"the cat sat", "a cat sat", "the dog ran"}
	m, err := chrf.Config{}.SentenceMatrix(samples, samples)
	if err != nil {
		panic(err)
	}
	for _, row := range m {
		fmt.Printf("%.3f %.3f %.3f\n", row[0], row[1], row[2])
	}
	// Output:
	// 1.000 0.672 0.140
	// 0.536 1.000 0.039
	// 0.140 0.045 1.000
}

func ExampleStats_Merge() {
	var a, b, total chrf.Stats
	_ = a.Add("the cat sat", "the cat sat down")
	_ = b.Add("a dog", "the dog")
	data, _ := b.MarshalBinary() // sent from another machine
	var decoded chrf.Stats
	if err := decoded.UnmarshalBinary(data); err != nil {
		panic(err)
	}
	_ = total.Merge(&a)
	_ = total.Merge(&decoded)
	fmt.Println(total.Len(), total.Score())
	// Output:
	// 2 chrF2 = 56.92
}

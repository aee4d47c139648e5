package compat_test

import (
	"fmt"
	"strings"

	"github.com/go-bleu/bleu/compat"
)

func ExampleNLTK() {
	hyp := strings.Fields("the cat sat on the mat")
	ref := strings.Fields("the cat is on the mat")
	var n compat.NLTK // corpus_bleu's defaults: weights 0.25×4, method0
	s, _ := n.Sentence(hyp, ref)
	fmt.Println(s) // no 4-gram match: method0's tiny value, not 0
	n.Smoothing = compat.NLTKMethod1
	s, _ = n.Sentence(hyp, ref)
	fmt.Println(s)
	n.Weights = []float64{0.5, 0.5}
	s, _ = n.Sentence(hyp, ref)
	fmt.Println(s)
	// Output:
	// 7.262123179505913e-78
	// 0.25406637407730737
	// 0.7071067811865476
}

func ExampleNLTK_Result() {
	hyps := [][]string{strings.Fields("the cat sat on the mat")}
	refs := [][][]string{{strings.Fields("the cat is on the mat")}}
	r, _ := compat.NLTK{}.Result(hyps, refs, []float64{1}, []float64{0.25, 0.25, 0.25, 0.25})
	fmt.Println(r)          // the Python repr of corpus_bleu's list
	fmt.Println(r.Warnings) // the orders NLTK warned about
	// Output:
	// [0.8333333333333334, 7.262123179505913e-78]
	// [4]
}

func ExampleHF() {
	predictions := []string{"hello there general kenobi", "foo bar foobar"}
	references := [][]string{
		{"hello there general kenobi", "hello there!"},
		{"foo bar foobar"},
	}
	r, _ := compat.HF{}.Compute(predictions, references)
	fmt.Println(r)
	// Output:
	// {'bleu': 1.0, 'precisions': [1.0, 1.0, 1.0, 1.0], 'brevity_penalty': 1.0, 'length_ratio': 1.1666666666666667, 'translation_length': 7, 'reference_length': 6}
}

func ExampleMultiBLEU() {
	hyps := []string{"the cat sat on the mat ."}
	refs := []string{"the cat is on the mat ."}
	r, _ := compat.MultiBLEU{}.Corpus(hyps, refs)
	fmt.Print(r)
	// Output:
	// BLEU = 48.89, 85.7/66.7/40.0/25.0 (BP=1.000, ratio=1.000, hyp_len=7, ref_len=7)
}

func ExampleMTEval() {
	hyps := []string{"The cat sat on the mat."}
	refs := []string{"The cat is on the mat."}
	r, _ := compat.MTEval{PreserveCase: true, BLEUOnly: true}.Corpus(hyps, refs)
	fmt.Printf("BLEU %.4f from %d words\n", r.BLEU, r.HypLen)
	// Output:
	// BLEU 0.4889 from 7 words
}

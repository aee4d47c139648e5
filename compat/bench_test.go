package compat

import "testing"

// benchText is the edge text repeated to 1,000 segments, with its three
// references per segment.
func benchText(b *testing.B) (hyps []string, refs [][]string, streams [][]string) {
	h, r := goldenText(b, "edge3")
	for len(hyps) < 1000 {
		hyps = append(hyps, h...)
		refs = append(refs, r...)
	}
	streams = make([][]string, len(refs[0]))
	for _, seg := range refs {
		for k, s := range seg {
			streams[k] = append(streams[k], s)
		}
	}
	return hyps, refs, streams
}

func BenchmarkNLTKCorpus(b *testing.B) {
	hyps, refs, _ := benchText(b)
	toks := make([][]string, len(hyps))
	refToks := make([][][]string, len(hyps))
	for i := range hyps {
		toks[i] = SplitWords(hyps[i])
		for _, r := range refs[i] {
			refToks[i] = append(refToks[i], SplitWords(r))
		}
	}
	for _, m := range []NLTKSmoothing{NLTKMethod0, NLTKMethod5} {
		b.Run(m.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := (NLTK{Smoothing: m}).Corpus(toks, refToks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkHF(b *testing.B) {
	hyps, refs, _ := benchText(b)
	for b.Loop() {
		if _, err := (HF{}).Compute(hyps, refs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMultiBLEUDetok(b *testing.B) {
	hyps, _, streams := benchText(b)
	for b.Loop() {
		if _, err := (MultiBLEUDetok{}).Corpus(hyps, streams...); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMTEval(b *testing.B) {
	hyps, _, streams := benchText(b)
	for b.Loop() {
		if _, err := (MTEval{}).Corpus(hyps, streams...); err != nil {
			b.Fatal(err)
		}
	}
}

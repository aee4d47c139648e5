package bleu_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// reportCPU reports the process's CPU time per iteration since start
// (cpu-ns/op), which a machine shared with other work changes less than
// the time by the clock. With -cpu 1 it is the benchmark's own work plus
// the collector's; with more processors, all of theirs.
func reportCPU(b *testing.B, start time.Duration) {
	if end := cpuTime(); end > 0 && b.N > 0 {
		b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkCorpus scores the en-de conformance set (one system, reference
// A) from text: tokenizing, counting and scoring.
func BenchmarkCorpus(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, tok := range standardTokenizers {
		b.Run(tok.String(), func(b *testing.B) {
			s := bleu.Stats{Config: bleu.Config{Tokenizer: tok}}
			b.SetBytes(n)
			start := cpuTime()
			for b.Loop() {
				s.Reset()
				for i := range hyps {
					_ = s.Add(hyps[i], refs[i])
				}
				_ = s.Score()
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkAdd adds the en-de set's segments to a Stats, one Add each
// (13a): after the first pass an Add allocates nothing.
func BenchmarkAdd(b *testing.B) {
	hyps, refs, _ := benchCorpus(b)
	var s bleu.Stats
	for i := range hyps {
		_ = s.Add(hyps[i], refs[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := s.Add(hyps[i], refs[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(hyps) {
			i = 0
		}
	}
}

func BenchmarkSentence(b *testing.B) {
	for b.Loop() {
		_, _ = bleu.Sentence("The Opportunity rover is combating a big sandstorm on Mars.",
			"The NASA Opportunity rover is battling a massive dust storm on Mars.")
	}
}

func BenchmarkScore(b *testing.B) {
	var s bleu.Stats
	_ = s.Add("the cat sat on the mat", "the cat is on the mat")
	for b.Loop() {
		_ = s.Score()
	}
}

// BenchmarkScoreText formats a score as the command line prints each
// sentence's: Text with a signature, which includes Verbose.
func BenchmarkScoreText(b *testing.B) {
	var s bleu.Stats
	_ = s.Add("the cat sat on the mat", "the cat is on the mat")
	sc := s.Score()
	sig := sc.Signature.String()
	b.ReportAllocs()
	for b.Loop() {
		_ = sc.Text(1, sig)
	}
}

// BenchmarkCorpusDocs scores the en-de set as documents: k consecutive
// segments joined into one (at 20 words a sentence, 16 make about 300
// words and 64 about 1,300), with 13a, and with char and two references
// (references A and B of the set) or one (char-1ref).
func BenchmarkCorpusDocs(b *testing.B) {
	hyps, refs, _ := benchCorpus(b)
	refs2 := conftest.ReadLines(b, filepath.Join(conformanceDirOrEmpty(), "data", "en-de", "ref2.txt"))
	for _, bm := range []struct {
		name string
		tok  bleu.StandardTokenizer
		refs int
		ks   []int
	}{
		{"13a", bleu.Tokenizer13a, 1, []int{1, 4, 16, 64}},
		{"char", bleu.TokenizerChar, 2, []int{1, 4, 16}},
		{"char-1ref", bleu.TokenizerChar, 1, []int{4, 16}},
	} {
		for _, k := range bm.ks {
			var h, r, r2 []string
			var n int64
			for i := 0; i+k <= len(hyps); i += k {
				h = append(h, strings.Join(hyps[i:i+k], " "))
				r = append(r, strings.Join(refs[i:i+k], " "))
				r2 = append(r2, strings.Join(refs2[i:i+k], " "))
				n += int64(len(h[len(h)-1]) + len(r[len(r)-1]))
			}
			b.Run(fmt.Sprintf("%s/%d", bm.name, k), func(b *testing.B) {
				s := bleu.Stats{Config: bleu.Config{Tokenizer: bm.tok}}
				b.SetBytes(n)
				for b.Loop() {
					s.Reset()
					for i := range h {
						var err error
						if bm.refs == 2 {
							err = s.Add(h[i], r[i], r2[i])
						} else {
							err = s.Add(h[i], r[i])
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkReadBytes is the baseline of BenchmarkCorpus: it reads every
// byte of the same text once, which is as fast as any scorer can be.
func BenchmarkReadBytes(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	b.SetBytes(n)
	var sink byte
	for b.Loop() {
		sink ^= xorBytes(hyps) ^ xorBytes(refs)
	}
	_ = sink
}

// BenchmarkCorpusRatio is BenchmarkCorpus and BenchmarkReadBytes in turns,
// one of each per iteration, timed apart: it reports the corpus's time
// ("corpus-ns/op"), the baseline's ("read-ns/op") and their ratio
// ("x-read"). On the shared machines the project runs on, speed changes
// from second to second, and the two benchmarks run one after the other
// can see different machines; taken in turns, a millisecond apart, they
// see the same one.
func BenchmarkCorpusRatio(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, tok := range standardTokenizers {
		b.Run(tok.String(), func(b *testing.B) { benchRatio(b, tok, hyps, refs, n) })
	}
}

// BenchmarkCorpusLangs is BenchmarkCorpusRatio on the conformance set's
// Chinese and Japanese (JDExploreAcademy and reference A of en-zh and
// en-ja), where most characters take three bytes and are tokens of their
// own with zh, intl and char, and 13a and none see long words.
func BenchmarkCorpusLangs(b *testing.B) {
	dir := conformanceDirOrEmpty()
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"en-zh", "en-ja"} {
		hyps := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "sys-JDExploreAcademy.txt"))
		refs := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		var n int64
		for i := range hyps {
			n += int64(len(hyps[i]) + len(refs[i]))
		}
		for _, tok := range standardTokenizers {
			b.Run(pair+"/"+tok.String(), func(b *testing.B) { benchRatio(b, tok, hyps, refs, n) })
		}
	}
}

// benchRatio scores hyps against refs (n bytes in all) with tok, and reads
// their bytes, in turns, as BenchmarkCorpusRatio tells.
func benchRatio(b *testing.B, tok bleu.StandardTokenizer, hyps, refs []string, n int64) {
	s := bleu.Stats{Config: bleu.Config{Tokenizer: tok}}
	var sink byte
	var read, corpus time.Duration
	b.SetBytes(n)
	for b.Loop() {
		t0 := time.Now()
		sink ^= xorBytes(hyps) ^ xorBytes(refs)
		t1 := time.Now()
		s.Reset()
		for i := range hyps {
			if err := s.Add(hyps[i], refs[i]); err != nil {
				b.Fatal(err)
			}
		}
		_ = s.Score()
		read += t1.Sub(t0)
		corpus += time.Since(t1)
	}
	_ = sink
	b.ReportMetric(float64(corpus.Nanoseconds())/float64(b.N), "corpus-ns/op")
	b.ReportMetric(float64(read.Nanoseconds())/float64(b.N), "read-ns/op")
	b.ReportMetric(float64(corpus)/float64(read), "x-read")
}

// xorBytes reads every byte of segs, one at a time. It is a function of
// its own so that the accumulator stays in a register: inlined in the
// benchmark loop, the compiler kept it in memory, which made the baseline
// several times slower on some processors.
//
//go:noinline
func xorBytes(segs []string) byte {
	var x byte
	for _, s := range segs {
		for i := 0; i < len(s); i++ {
			x ^= s[i]
		}
	}
	return x
}

// benchCorpus returns the en-de conformance set's JDExploreAcademy
// hypotheses and reference A, and their size in bytes; it skips the
// benchmark when the set is absent.
func benchCorpus(b *testing.B) (hyps, refs []string, bytes int64) {
	return conftest.BenchCorpus(b, ".")
}

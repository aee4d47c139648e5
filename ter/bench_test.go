package ter

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/conftest"
)

// wmtSystem reads a system and its references from the WMT conformance
// set, or skips b when the set is absent.
func wmtSystem(tb testing.TB, pair, system string, nrefs int) (hyps []string, refs [][]string) {
	tb.Helper()
	dir := conftest.WMTDir("..")
	if dir == "" {
		tb.Skip("the WMT conformance set is absent")
	}
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(dir, "data", pair, name))
		if err != nil {
			tb.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	}
	hyps = read("sys-" + system + ".txt")
	for k, name := range []string{"ref.txt", "ref2.txt"}[:nrefs] {
		refs = append(refs, read(name))
		_ = k
	}
	return hyps, refs
}

// reportCPU reports the process's CPU time per iteration since start
// (cpu-ns/op), which a machine shared with other work changes less than
// the time by the clock. With -cpu 1 it is the benchmark's own work plus
// the collector's; with more processors, all of theirs.
func reportCPU(b *testing.B, start time.Duration) {
	if end := cpuTime(); end > 0 && b.N > 0 {
		b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkCorpusWMT scores one WMT22 system (en-de, 2,037 segments) as
// sacreBLEU's corpus_score does, on every core.
func BenchmarkCorpusWMT(b *testing.B) {
	for _, bc := range []struct {
		name, pair, system string
		c                  Config
	}{
		{"en-de", "en-de", "PROMT", Config{}},
		{"en-de-JDExploreAcademy", "en-de", "JDExploreAcademy", Config{}},
		{"en-zh-asian", "en-zh", "HuaweiTSC", Config{Normalized: true, NoPunct: true, AsianSupport: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			hyps, refs := wmtSystem(b, bc.pair, bc.system, 1)
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, err := bc.c.Corpus(hyps, refs...); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// longPair returns a hypothesis and a reference of n words: the reference
// over a vocabulary of 1,000 words, the hypothesis the reference with a
// word in ten replaced and blocks of words moved.
func longPair(n int) (hyp, ref string) {
	r := rand.New(rand.NewPCG(7, uint64(n)))
	words := make([]string, n)
	for i := range words {
		words[i] = "w" + strconv.Itoa(r.IntN(1000))
	}
	ref = strings.Join(words, " ")
	for i := range words {
		if r.IntN(10) == 0 {
			words[i] = "x" + strconv.Itoa(r.IntN(1000))
		}
	}
	for range n / 50 {
		s := r.IntN(n - 10)
		t := max(0, min(n-10, s+r.IntN(80)-40))
		block := slices.Clone(words[s : s+5])
		words = slices.Delete(words, s, s+5)
		words = slices.Insert(words, t, block...)
	}
	return strings.Join(words, " "), ref
}

// BenchmarkLongSegment scores one pair of long segments.
func BenchmarkLongSegment(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		hyp, ref := longPair(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, err := Sentence(hyp, ref); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkTokenize tokenizes a WMT-like sentence under the default and
// the fullest options.
func BenchmarkTokenize(b *testing.B) {
	text := `Sie können beispielsweise ein "Dokument" erstellen, das 3.5 Autos (über die Bühne) enthält – &amp; 1,000-mal mehr. 美众院公布对特「拳銃」。`
	for _, bc := range []struct {
		name string
		c    Config
	}{{"default", Config{}}, {"normalized-asian-nopunct", Config{Normalized: true, NoPunct: true, AsianSupport: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			var t tokenizer
			var words []string
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				words = t.words(&bc.c, words[:0], text)
			}
		})
	}
}

// BenchmarkSentence scores one sentence pair of 25 words with a few
// shifts, the typical segment of a WMT corpus.
func BenchmarkSentence(b *testing.B) {
	hyp := "the committee said on Tuesday that it would vote next week on the new rules for the banks , officials told reporters here"
	ref := "officials told reporters here that the committee would vote on the new bank rules next week , it said on Tuesday"
	var s Stats
	b.ReportAllocs()
	for b.Loop() {
		s.Reset()
		if err := s.Add(hyp, ref); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncoding encodes and decodes statistics.
func BenchmarkEncoding(b *testing.B) {
	var s Stats
	_ = s.Add("a b c", "a c b")
	b.ReportAllocs()
	for b.Loop() {
		data, _ := s.MarshalBinary()
		var d Stats
		if err := d.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGoldenLong scores the long segments of testdata/goldens.json of
// 1,000 words or more, each alone, as internal/bench/sacrebleu_ter.py
// times sacreBLEU on them.
func BenchmarkGoldenLong(b *testing.B) {
	g := loadGoldens(b)
	for _, set := range g.Segments {
		if set.Name != "long" {
			continue
		}
		for i, tc := range set.Cases {
			if len(strings.Fields(tc.Hyp)) < 1000 && len(strings.Fields(tc.Refs[0])) < 1000 {
				continue
			}
			b.Run(strconv.Itoa(i), func(b *testing.B) {
				start := cpuTime()
				for b.Loop() {
					if _, err := Sentence(tc.Hyp, tc.Refs...); err != nil {
						b.Fatal(err)
					}
				}
				reportCPU(b, start)
			})
		}
	}
}

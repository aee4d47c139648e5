package chrf

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
)

// benchCorpus returns a WMT system and its reference (en-de JDExploreAcademy,
// 2,037 segments) when the conformance set is present, else 2,037
// segments of the goldens' generated text.
func benchCorpus(b testing.TB) (hyps, refs []string) {
	if dir := conftest.WMTDir(".."); dir != "" {
		pair := filepath.Join(dir, "data", "en-de")
		return readLines(b, filepath.Join(pair, "sys-JDExploreAcademy.txt")), readLines(b, filepath.Join(pair, "ref.txt"))
	}
	g := loadGoldens(b)
	for len(hyps) < 2037 {
		for _, c := range g.Cases {
			hyps = append(hyps, c.Hyps...)
			refs = append(refs, c.Refs[0]...)
		}
	}
	return hyps[:2037], refs[:2037]
}

// BenchmarkCorpus's words are chrF++'s word orders alone, what they add
// to chrF.
func BenchmarkCorpus(b *testing.B) {
	hyps, refs := benchCorpus(b)
	benchCorpusScores(b, hyps, [][]string{refs}, true)
}

// BenchmarkCorpusTwoRefs is BenchmarkCorpus against the conformance
// set's two references (A and B), when it is present.
func BenchmarkCorpusTwoRefs(b *testing.B) {
	dir := conftest.WMTDir("..")
	if dir == "" {
		b.Skip("no WMT conformance set")
	}
	pair := filepath.Join(dir, "data", "en-de")
	hyps := readLines(b, filepath.Join(pair, "sys-JDExploreAcademy.txt"))
	refs := [][]string{readLines(b, filepath.Join(pair, "ref.txt")), readLines(b, filepath.Join(pair, "ref2.txt"))}
	benchCorpusScores(b, hyps, refs, false)
}

// benchCorpusScores runs Config.Corpus on hyps and refs for chrF and
// chrF++, and for their words alone if words.
func benchCorpusScores(b *testing.B, hyps []string, refs [][]string, words bool) {
	cases := []struct {
		name string
		c    Config
	}{{"chrF", Config{}}, {"chrF++", Config{WordOrder: 2}}, {"words", Config{CharOrder: NoCharNGrams, WordOrder: 2}}}
	if !words {
		cases = cases[:2]
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if _, err := bc.c.Corpus(hyps, refs...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSentences(b *testing.B) {
	hyps, refs := benchCorpus(b)
	benchSentences(b, hyps, refs)
}

// BenchmarkSentencesCyrillic is BenchmarkSentences on its text with
// every ASCII letter written in a Cyrillic one (cyrillic): characters of
// two bytes, as in Russian, Ukrainian or Greek.
func BenchmarkSentencesCyrillic(b *testing.B) {
	hyps, refs := benchCorpus(b)
	for i := range hyps {
		hyps[i], refs[i] = cyrillic(hyps[i]), cyrillic(refs[i])
	}
	benchSentences(b, hyps, refs)
}

// BenchmarkSentencesCJK is BenchmarkSentences on the conformance set's
// en-zh and en-ja systems (JDExploreAcademy against reference A), when it
// is present: characters of three bytes, most beyond the table of small
// numbers. In paragraphs of 20 segments (as BenchmarkSentencesParagraphs
// joins them), half the texts have more distinct characters than a
// sorting key holds.
func BenchmarkSentencesCJK(b *testing.B) {
	dir := conftest.WMTDir("..")
	if dir == "" {
		b.Skip("no WMT conformance set")
	}
	for _, pair := range []string{"en-zh", "en-ja"} {
		p := filepath.Join(dir, "data", pair)
		hyps, refs := readLines(b, filepath.Join(p, "sys-JDExploreAcademy.txt")), readLines(b, filepath.Join(p, "ref.txt"))
		b.Run(pair, func(b *testing.B) { benchSentences(b, hyps, refs) })
		b.Run(pair+"/k=20", func(b *testing.B) { benchSentences(b, paragraphs(hyps, 20), paragraphs(refs, 20)) })
	}
}

// BenchmarkSentencesParagraphs is BenchmarkSentences on paragraphs: each
// k consecutive segments of its text joined by a space, as document-level
// test sets pair them (k = 5: about 570 characters a side, and 40% with
// a text of more than 511 characters less whitespace; k = 20: about
// 2,270).
func BenchmarkSentencesParagraphs(b *testing.B) {
	hyps, refs := benchCorpus(b)
	for _, k := range []int{5, 20} {
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			benchSentences(b, paragraphs(hyps, k), paragraphs(refs, k))
		})
	}
}

// paragraphs joins each k consecutive lines by a space
// (internal/bench/sacrebleu_chrf.py joins them alike).
func paragraphs(lines []string, k int) []string {
	var out []string
	for i := 0; i < len(lines); i += k {
		out = append(out, strings.Join(lines[i:min(i+k, len(lines))], " "))
	}
	return out
}

// benchSentences runs Config.Sentences on hyps and refs, for chrF and
// for chrF++.
func benchSentences(b *testing.B, hyps, refs []string) {
	for _, bc := range []struct {
		name string
		c    Config
	}{{"chrF", Config{}}, {"chrF++", Config{WordOrder: 2}}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if _, err := bc.c.Sentences(hyps, refs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// cyrillic writes each ASCII letter of s as a Cyrillic one, a to z as
// а, б, ц, д, ... (internal/bench/sacrebleu_chrf.py maps them alike).
func cyrillic(s string) string {
	cyr := []rune("абцдефгхийклмнопярстуввхыз")
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z':
			return cyr[r-'a']
		case 'A' <= r && r <= 'Z':
			return unicode.ToUpper(cyr[r-'A'])
		}
		return r
	}, s)
}

// BenchmarkSentence is Config.Sentence a segment at a time, the way a
// caller scoring one pair at a time uses it.
func BenchmarkSentence(b *testing.B) {
	hyps, refs := benchCorpus(b)
	b.ReportAllocs()
	defer reportCPU(b, cpuTime())
	i := 0
	for b.Loop() {
		if _, err := (Config{}).Sentence(hyps[i], refs[i]); err != nil {
			b.Fatal(err)
		}
		if i++; i == len(hyps) {
			i = 0
		}
	}
}

// BenchmarkAdd is one goroutine adding the corpus a segment at a time:
// no allocation once grown.
func BenchmarkAdd(b *testing.B) {
	hyps, refs := benchCorpus(b)
	for _, bc := range []struct {
		name string
		c    Config
	}{{"chrF", Config{}}, {"chrF++", Config{WordOrder: 2}}, {"chrF++lc", Config{WordOrder: 2, Lowercase: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			s := Stats{Config: bc.c}
			b.ReportAllocs()
			defer reportCPU(b, cpuTime())
			i := 0
			for b.Loop() {
				if err := s.Add(hyps[i], refs[i]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(hyps) {
					i = 0
				}
			}
		})
	}
}

func BenchmarkSentenceMatrix(b *testing.B) {
	hyps, refs := benchCorpus(b)
	for _, bc := range []struct {
		name string
		c    Config
	}{{"chrF", Config{}}, {"chrF++", Config{WordOrder: 2}}} {
		b.Run(bc.name+"/1000x1000", func(b *testing.B) {
			defer reportCPU(b, cpuTime())
			for b.Loop() {
				if _, err := bc.c.SentenceMatrix(hyps[:1000], refs[:1000]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestAddAllocs checks that adding a segment allocates nothing once the
// scratch space has grown.
func TestAddAllocs(t *testing.T) {
	if raceEnabled {
		t.Log("allocations are not counted under the race detector")
		return
	}
	hyps, refs := texts(t)
	for _, c := range []Config{{}, {WordOrder: 2}, {Whitespace: true, WordOrder: 3}, {Lowercase: true, WordOrder: 2}} {
		s := Stats{Config: c}
		add := func() {
			for i := range hyps {
				if err := s.Add(hyps[i], refs[0][i], refs[1][i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		add()
		if n := testing.AllocsPerRun(3, add); n != 0 {
			t.Errorf("%+v: %v allocations a corpus", c, n)
		}
	}
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

// BenchmarkLongLine adds one segment of a million characters a side (the
// en-de text, or the goldens', joined into one line) to a new Stats, and
// reports the memory its scratch space takes per character of hypothesis
// and reference together (B/char).
func BenchmarkLongLine(b *testing.B) {
	hyps, refs := benchCorpus(b)
	join := func(v []string) string {
		var sb strings.Builder
		for sb.Len() < 1<<20 {
			for _, s := range v {
				sb.WriteString(s)
				sb.WriteByte(' ')
			}
		}
		return sb.String()[:1<<20]
	}
	hyp, ref := strings.ToValidUTF8(join(hyps), ""), strings.ToValidUTF8(join(refs), "")
	chars := float64(utf8.RuneCountInString(hyp) + utf8.RuneCountInString(ref))
	for _, bc := range []struct {
		name string
		c    Config
	}{{"chrF", Config{}}, {"chrF++", Config{WordOrder: 2}}} {
		b.Run(bc.name, func(b *testing.B) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				s := Stats{Config: bc.c}
				if err := s.Add(hyp, ref); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/chars, "B/char")
		})
	}
}

package bleu

import (
	"path/filepath"
	"testing"
)

// BenchmarkCount counts the n-grams of the en-de conformance set from
// words tokenized beforehand: the cost of ngram.go alone.
func BenchmarkCount(b *testing.B) {
	dir := conformanceDirOrEmpty()
	if dir == "" {
		b.Skip("no conformance set")
	}
	hyps := readSegments(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))
	refs := readSegments(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
	var hw, rw [][]string
	words := 0
	for i := range hyps {
		hw = append(hw, Tokenizer13a.Tokenize(nil, hyps[i]))
		rw = append(rw, Tokenizer13a.Tokenize(nil, refs[i]))
		words += len(hw[i]) + len(rw[i])
	}
	var c ngramCounter
	st := segmentStats{matches: make([]int64, 4), totals: make([]int64, 4)}
	for b.Loop() {
		for i := range hw {
			c.begin(&st, hw[i])
			c.addRef(&st, rw[i], true)
			c.finish(&st)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(words), "ns/word")
}

// TestAddAllocs checks that Add allocates nothing in steady state: once
// its buffers have grown to the corpus's segments, scoring more of them
// costs no garbage (with the default configuration; lowercasing and
// normalizers allocate a copy of each text they change).
func TestAddAllocs(t *testing.T) {
	hyps := readSegments(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs := readSegments(t, filepath.Join("testdata", "sample.ref.txt"))
	for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerIntl, TokenizerZh, TokenizerChar, TokenizerNone} {
		s := Stats{Config: Config{Tokenizer: tok}}
		addAll := func() {
			for i := range hyps {
				if err := s.Add(hyps[i], refs[i], hyps[(i+1)%len(hyps)]); err != nil {
					t.Fatal(err)
				}
			}
		}
		addAll()
		if n := testing.AllocsPerRun(20, addAll); n != 0 {
			t.Errorf("%s: %v allocations per corpus in steady state, want 0", tok, n)
		}
	}
}

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
			c.begin(&st, hw[i], hyps[i])
			c.addRef(&st, rw[i], refs[i], true)
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

// TestWordKey checks that a word's key is the same whether it is read
// from the text it lies in or on its own, wherever it lies and whatever
// its length, and that keys of words of up to 16 bytes tell them apart.
func TestWordKey(t *testing.T) {
	const text = "ab\x00cdefghijklmnopqrstuvwxyz0123456789\xff\x00\x00\x00ABCDEFGHIJKLMNOPQRSTUVWXYZ aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	type key struct {
		a, b uint64
		n    int
	}
	seen := map[key]string{}
	for i := 0; i <= len(text); i++ {
		for j := i; j <= len(text); j++ {
			w := text[i:j]
			a, b := wordKey(w, text, 7)
			sa, sb := wordKeySlow(w, 7)
			copied := string([]byte(w)) // not a substring of text
			ca, cb := wordKey(copied, text, 7)
			if a != sa || b != sb || a != ca || b != cb {
				t.Fatalf("key of text[%d:%d] = %x,%x in text, %x,%x alone, %x,%x copied", i, j, a, b, sa, sb, ca, cb)
			}
			if len(w) > 16 {
				continue
			}
			k := key{a, b, len(w)}
			if other, ok := seen[k]; ok && other != w {
				t.Fatalf("%q and %q have the same key", other, w)
			}
			seen[k] = w
		}
	}
	// A word that starts in the text but runs past its end is read on its
	// own.
	buf := text + "zz"
	txt, w := buf[:len(text)-10], buf[len(text)-13:]
	a, b := wordKey(w, txt, 7)
	sa, sb := wordKeySlow(w, 7)
	if a != sa || b != sb {
		t.Errorf("key of a word running past the text = %x,%x, want %x,%x", a, b, sa, sb)
	}
}

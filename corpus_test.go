package bleu_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
)

func TestCorpus(t *testing.T) {
	hyps, refs := conftest.SampleCorpus(t, ".", 500, 7)
	refs2 := append(refs[1:len(refs):len(refs)], refs[0])
	for _, streams := range [][][]string{{refs}, {refs, refs2}} {
		for _, cfg := range []bleu.Config{{}, {Tokenizer: bleu.TokenizerIntl, Lowercase: true}} {
			s := bleu.Stats{Config: cfg}
			for i := range hyps {
				var segRefs []string
				for _, st := range streams {
					segRefs = append(segRefs, st[i])
				}
				if err := s.Add(hyps[i], segRefs...); err != nil {
					t.Fatal(err)
				}
			}
			got, err := cfg.Corpus(hyps, streams...)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(s.Score(), got); d != "" {
				t.Errorf("Corpus differs from one bleu.Stats (-bleu.Stats +Corpus):\n%s", d)
			}
		}
	}
	if _, err := (bleu.Config{}).Corpus(hyps, refs[:3]); err == nil || err.Error() != "bleu: reference stream 1 has 3 segments, the hypotheses 500" {
		t.Errorf("short stream: err = %v", err)
	}
	if _, err := (bleu.Config{}).Corpus(hyps); err != bleu.ErrNoReference {
		t.Errorf("no streams: err = %v", err)
	}
	bad := append([]string(nil), hyps...)
	bad[321] = "\xff"
	if _, err := (bleu.Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 321: invalid UTF-8 in the hypothesis" {
		t.Errorf("invalid segment: err = %v", err)
	}
	// With several bad segments, the error is the first one's, however the
	// chunks were shared out.
	bad[17], bad[480] = "\xfe", "\xfe"
	for range 20 {
		if _, err := (bleu.Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 17: invalid UTF-8 in the hypothesis" {
			t.Fatalf("several invalid segments: err = %v", err)
		}
	}
	if sc, err := (bleu.Config{}).Corpus(nil, nil); err != nil || sc.BLEU != 0 {
		t.Errorf("empty corpus: %v, %v", sc, err)
	}
}

// TestCorpusProcs checks Corpus against one Stats however many processors
// share the work, and that the error is the first failing segment's
// wherever the failing segments lie in the chunks.
func TestCorpusProcs(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var hyps, refs, refs2 []string
	for i := range 3000 {
		words := 15
		if i%97 == 0 {
			words = 300 // long lines, past the short-hypothesis counting
		}
		hyps = append(hyps, conftest.RandomText(r, words))
		refs = append(refs, conftest.RandomText(r, words))
		refs2 = append(refs2, conftest.RandomText(r, words))
	}
	long := strings.Repeat("a long invalid line ", 500)
	bad := append([]string(nil), hyps...)
	bad[2500] = long + "\xff"
	bad2 := append([]string(nil), bad...)
	bad2[2497] = "\xfe"
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		for _, cfg := range []bleu.Config{{}, {Tokenizer: bleu.TokenizerIntl, Lowercase: true}, {Tokenizer: bleu.TokenizerFunc(py.AppendFields), MaxOrder: 2}} {
			s := bleu.Stats{Config: cfg}
			for i := range hyps {
				if err := s.Add(hyps[i], refs[i], refs2[i]); err != nil {
					t.Fatal(err)
				}
			}
			got, err := cfg.Corpus(hyps, refs, refs2)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(s.Score(), got); d != "" {
				t.Errorf("GOMAXPROCS %d, %+v: Corpus differs from one Stats (-Stats +Corpus):\n%s", procs, cfg, d)
			}
		}
		if _, err := (bleu.Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 2500: invalid UTF-8 in the hypothesis" {
			t.Errorf("GOMAXPROCS %d, invalid segment: err = %v", procs, err)
		}
		if _, err := (bleu.Config{}).Corpus(bad2, refs); err == nil || err.Error() != "bleu: segment 2497: invalid UTF-8 in the hypothesis" {
			t.Errorf("GOMAXPROCS %d, two invalid segments: err = %v", procs, err)
		}
	}
}

// BenchmarkCorpusParallel is BenchmarkCorpus through Config.Corpus,
// whose scratch space is new at each call, with 13a and char (whose
// tables a Stats makes once it has enough text: see charngram.TablesAfter and
// charLongAfter): compare -cpu 1 and -cpu 2 for the speed-up of sharding.
func BenchmarkCorpusParallel(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, tok := range []bleu.StandardTokenizer{bleu.Tokenizer13a, bleu.TokenizerChar} {
		b.Run(tok.String(), func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				if _, err := (bleu.Config{Tokenizer: tok}).Corpus(hyps, refs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestAddCorpus checks that AddCorpus adds to what a Stats has, as Add
// would, that a Stats kept from corpus to corpus (Reset, AddCorpus) gives
// the same results every time, and that an error leaves it unchanged.
func TestAddCorpus(t *testing.T) {
	hyps, refs := conftest.SampleCorpus(t, ".", 700, 9)
	for _, cfg := range []bleu.Config{{}, {Tokenizer: bleu.TokenizerChar}, {Tokenizer: bleu.TokenizerZh, MaxOrder: 2}} {
		want := bleu.Stats{Config: cfg}
		_ = want.Add("Ein Satz vorher.", "Ein Satz davor.")
		for i := range hyps {
			if err := want.Add(hyps[i], refs[i]); err != nil {
				t.Fatal(err)
			}
		}
		s := bleu.Stats{Config: cfg}
		for range 3 {
			s.Reset()
			_ = s.Add("Ein Satz vorher.", "Ein Satz davor.")
			if err := s.AddCorpus(hyps, refs); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want.Score(), s.Score()); d != "" {
				t.Fatalf("%+v: AddCorpus differs from Add (-Add +AddCorpus):\n%s", cfg, d)
			}
			if s.Len() != len(hyps)+1 {
				t.Fatalf("%+v: Len = %d, want %d", cfg, s.Len(), len(hyps)+1)
			}
		}
		bad := append([]string(nil), hyps...)
		bad[400] = "\xff"
		before := s.Score()
		if err := s.AddCorpus(bad, refs); err == nil || err.Error() != "bleu: segment 400: invalid UTF-8 in the hypothesis" {
			t.Errorf("%+v: invalid segment: err = %v", cfg, err)
		}
		if d := cmp.Diff(before, s.Score()); d != "" || s.Len() != len(hyps)+1 {
			t.Errorf("%+v: a failed AddCorpus changed the statistics (-before +after):\n%s", cfg, d)
		}
	}
}

// BenchmarkAddCorpus is BenchmarkCorpusParallel with one Stats kept from
// corpus to corpus (Reset, AddCorpus, Score), as a validation loop would:
// its goroutines' scratch space is warm. Compare -cpu 1 and -cpu 2.
// The second sub-benchmark scores the set four times over, as one corpus.
func BenchmarkAddCorpus(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, times := range []int{1, 4} {
		var hs, rs []string
		for range times {
			hs, rs = append(hs, hyps...), append(rs, refs...)
		}
		b.Run(fmt.Sprintf("x%d", times), func(b *testing.B) {
			b.SetBytes(int64(times) * n)
			var s bleu.Stats
			for b.Loop() {
				s.Reset()
				if err := s.AddCorpus(hs, rs); err != nil {
					b.Fatal(err)
				}
				_ = s.Score()
			}
		})
	}
}

// TestSentences checks that Sentences gives, segment by segment, the BLEU
// of Config.Sentence exactly, with one or two reference streams and
// several configurations (the char tokenizer's counter included), and
// its errors.
func TestSentences(t *testing.T) {
	hyps, refs := conftest.SampleCorpus(t, ".", 700, 11)
	if dir := conformanceDirOrEmpty(); dir != "" {
		hyps = append(hyps, conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))[:300]...)
		refs = append(refs, conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "ref.txt"))[:300]...)
	}
	hyps[3], refs[5] = "", "" // an empty hypothesis, an empty reference
	refs2 := append(refs[1:len(refs):len(refs)], refs[0])
	for _, streams := range [][][]string{{refs}, {refs, refs2}} {
		for _, cfg := range []bleu.Config{
			{EffectiveOrder: true}, {}, {Tokenizer: bleu.TokenizerChar}, {Tokenizer: bleu.TokenizerIntl, Lowercase: true},
			{Smooth: bleu.SmoothAddK}, {Smooth: bleu.SmoothFloor, SmoothValue: 0.2, MaxOrder: 2}, {Smooth: bleu.SmoothNone, EffectiveOrder: true},
		} {
			got, err := cfg.Sentences(hyps, streams...)
			if err != nil {
				t.Fatal(err)
			}
			want := make([]float64, len(hyps))
			for i := range hyps {
				var segRefs []string
				for _, st := range streams {
					segRefs = append(segRefs, st[i])
				}
				sc, err := cfg.Sentence(hyps[i], segRefs...)
				if err != nil {
					t.Fatal(err)
				}
				want[i] = sc.BLEU
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%+v, %d streams: Sentences differs from Sentence (-Sentence +Sentences):\n%s", cfg, len(streams), d)
			}
		}
	}
	got, err := bleu.Sentences(hyps[:20], refs[:20])
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if sc, _ := bleu.Sentence(hyps[i], refs[i]); sc.BLEU != got[i] {
			t.Errorf("Sentences()[%d] = %v, Sentence gives %v", i, got[i], sc.BLEU)
		}
	}

	bad := append([]string(nil), hyps...)
	bad[650], bad[400] = "\xff", "ok \xc3"
	for _, tt := range []struct {
		name       string
		hyps       []string
		refs       [][]string
		err        string
		wantLength int
	}{
		{"invalid UTF-8", bad, [][]string{refs}, "bleu: segment 400: invalid UTF-8 in the hypothesis", 0},
		{"invalid reference", hyps, [][]string{refs, bad}, "bleu: segment 400: invalid UTF-8 in reference 2", 0},
		{"no streams", hyps, nil, bleu.ErrNoReference.Error(), 0},
		{"a short stream", hyps, [][]string{refs, refs[1:]}, fmt.Sprintf("bleu: reference stream 2 has %d segments, the hypotheses %d", len(hyps)-1, len(hyps)), 0},
		{"nothing", nil, [][]string{nil}, "", 0},
	} {
		got, err := bleu.Config{}.Sentences(tt.hyps, tt.refs...)
		if msg := fmt.Sprint(err); tt.err != "" && msg != tt.err || tt.err == "" && err != nil {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.err)
		}
		if err == nil && (got == nil || len(got) != tt.wantLength) {
			t.Errorf("%s: got %v", tt.name, got)
		}
		if err != nil && got != nil {
			t.Errorf("%s: scores %v with an error", tt.name, got)
		}
	}
}

// BenchmarkSentences scores each segment of the en-de set on its own,
// with Sentences, against a Stats reused for each (Reset, Add, Score) on
// one goroutine; and Sentences on batches of 1, 8 and 64 of its pairs.
func BenchmarkSentences(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	b.Run("Sentences", func(b *testing.B) {
		b.SetBytes(n)
		start := cpuTime()
		for b.Loop() {
			if _, err := bleu.Sentences(hyps, refs); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
	// Small batches, as in a training loop's rewards: the fixed cost of
	// a call (scratch space, char tables, memories) shows here.
	for _, tok := range []bleu.StandardTokenizer{bleu.Tokenizer13a, bleu.TokenizerChar} {
		for _, k := range []int{1, 8, 64} {
			cfg := bleu.Config{Tokenizer: tok, EffectiveOrder: true}
			b.Run(fmt.Sprintf("batch/%s/%d", tok, k), func(b *testing.B) {
				i := 0
				for b.Loop() {
					if i+k > len(hyps) {
						i = 0
					}
					if _, err := cfg.Sentences(hyps[i:i+k], refs[i:i+k]); err != nil {
						b.Fatal(err)
					}
					i += k
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*k), "ns/pair")
			})
		}
	}
	b.Run("reused-Stats", func(b *testing.B) {
		b.SetBytes(n)
		s := bleu.Stats{Config: bleu.Config{EffectiveOrder: true}}
		out := make([]float64, len(hyps))
		start := cpuTime()
		for b.Loop() {
			for i := range hyps {
				s.Reset()
				if err := s.Add(hyps[i], refs[i]); err != nil {
					b.Fatal(err)
				}
				out[i] = s.Score().BLEU
			}
		}
		reportCPU(b, start)
	})
}

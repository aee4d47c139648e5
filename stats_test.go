package bleu_test

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestAddErrors(t *testing.T) {
	var s bleu.Stats
	if err := s.Add("a b c", "a b c"); err != nil {
		t.Fatal(err)
	}
	before := s.Clone()
	tests := []struct {
		hyp  string
		refs []string
		is   error
		msg  string
	}{
		{"a", nil, bleu.ErrNoReference, "bleu: no reference for the segment"},
		{"a\xff", []string{"a"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"a", []string{"a", "\xc3"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in reference 2"},
	}
	for _, tt := range tests {
		err := s.Add(tt.hyp, tt.refs...)
		if !errors.Is(err, tt.is) || err.Error() != tt.msg {
			t.Errorf("Add(%q, %q) = %v, want %q", tt.hyp, tt.refs, err, tt.msg)
		}
	}
	if d := cmp.Diff(before.Score(), s.Score()); d != "" || s.Len() != 1 {
		t.Errorf("a failed Add changed the statistics:\n%s", d)
	}
}

func TestMerge(t *testing.T) {
	var a, b bleu.Stats
	_ = a.Add("the cat sat", "the cat sat")
	_ = b.Add("a dog", "the dog")
	whole := bleu.Stats{}
	_ = whole.Add("the cat sat", "the cat sat")
	_ = whole.Add("a dog", "the dog")
	if err := a.Merge(&b); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(whole.Score(), a.Score()); d != "" || a.Len() != 2 {
		t.Errorf("merged score differs from the whole (-whole +merged):\n%s", d)
	}

	// Merging into an empty Stats, and an empty one into a full one.
	var empty bleu.Stats
	if err := empty.Merge(&a); err != nil {
		t.Fatal(err)
	}
	if err := a.Merge(&bleu.Stats{Config: bleu.Config{Tokenizer: bleu.TokenizerChar}}); err != nil {
		t.Errorf("merging an empty Stats: %v", err)
	}
	if d := cmp.Diff(a.Score(), empty.Score()); d != "" {
		t.Errorf("merge into empty differs:\n%s", d)
	}

	for _, cfg := range []bleu.Config{
		{Tokenizer: bleu.TokenizerIntl},
		{Lowercase: true},
		{MaxOrder: 3},
		{Normalizer: bleu.NFC},
	} {
		o := bleu.Stats{Config: cfg}
		_ = o.Add("a", "a")
		before := a.Score()
		err := a.Merge(&o)
		if err == nil || !strings.HasPrefix(err.Error(), "bleu: cannot merge") {
			t.Errorf("Merge with %+v: err = %v, want a bleu: error", cfg, err)
		}
		if d := cmp.Diff(before, a.Score()); d != "" {
			t.Errorf("a failed Merge changed the statistics:\n%s", d)
		}
	}
	// Scoring options may differ: they do not change the statistics.
	o := bleu.Stats{Config: bleu.Config{Smooth: bleu.SmoothFloor, EffectiveOrder: true}}
	_ = o.Add("a", "a")
	if err := a.Merge(&o); err != nil {
		t.Errorf("Merge with other scoring options: %v", err)
	}
}

func TestCloneReset(t *testing.T) {
	var s bleu.Stats
	_ = s.Add("a b c d", "a b c d")
	c := s.Clone()
	_ = s.Add("x", "y")
	if c.Len() != 1 || c.Score().HypLen != 4 {
		t.Errorf("clone changed by its original: len %d, hyp_len %d", c.Len(), c.Score().HypLen)
	}
	s.Reset()
	if s.Len() != 0 || s.Score().HypLen != 0 {
		t.Errorf("Reset left len %d, hyp_len %d", s.Len(), s.Score().HypLen)
	}
	_ = s.Add("a b c d", "a b c d")
	if d := cmp.Diff(c.Score(), s.Score()); d != "" {
		t.Errorf("after Reset, the same segment scores differently:\n%s", d)
	}
}

func TestEmptyStats(t *testing.T) {
	var s bleu.Stats
	want := bleu.Score{Precisions: []float64{0, 0, 0, 0}, Counts: []int64{0, 0, 0, 0}, Totals: []int64{0, 0, 0, 0}, BP: 1,
		Signature: bleu.Signature{NRefs: "0", Case: "mixed", Eff: "no", Tok: "13a", Smooth: "exp", Version: bleu.Version}}
	if d := cmp.Diff(want, s.Score()); d != "" {
		t.Errorf("empty Stats score (-want +got):\n%s", d)
	}
}

// TestConcurrentStats runs many goroutines, each with its own Stats but
// sharing tokenizers and normalizers (run with -race). Each worker sends
// its statistics to a coordinator, half of them encoded in binary and
// half in JSON as if from another machine, which merges them as they
// arrive; meanwhile every worker also reads a shared finished Stats
// (Score, MarshalBinary) and calls Sentence, which are safe for
// concurrent use.
func TestConcurrentStats(t *testing.T) {
	hyps := conftest.ReadLines(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs := conftest.ReadLines(t, filepath.Join("testdata", "sample.ref.txt"))
	shared := bleu.Chain(bleu.NFC, bleu.Lowercase)
	custom := bleu.TokenizerFunc(func(dst []string, text string) []string { return py.AppendFields(dst, text) })
	for i, cfg := range []bleu.Config{
		{Tokenizer: bleu.TokenizerIntl, Normalizer: shared},
		{Lowercase: true},
		{Tokenizer: bleu.TokenizerZh, Normalizer: bleu.NFKC},
		{Tokenizer: bleu.TokenizerChar, MaxOrder: 6, Normalizer: shared},
		{Tokenizer: bleu.TokenizerNone},
		{Tokenizer: custom, Normalizer: shared},
	} {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			whole := bleu.Stats{Config: cfg}
			for i := range hyps {
				_ = whole.Add(hyps[i], refs[i])
			}
			want := whole.Score()
			wantBin, err := whole.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			const workers, rounds = 16, 5
			sent := make(chan *bleu.Stats)
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					part := bleu.Stats{Config: cfg}
					for range rounds {
						for i := range hyps {
							if err := part.Add(hyps[i], refs[i]); err != nil {
								t.Error(err)
								return
							}
						}
					}
					// Readers of the shared Stats, and Sentence.
					if d := cmp.Diff(want, whole.Score()); d != "" {
						t.Errorf("shared Stats scored differently:\n%s", d)
					}
					if b, err := whole.MarshalBinary(); err != nil || string(b) != string(wantBin) {
						t.Errorf("shared Stats encoded differently: %v", err)
					}
					if _, err := cfg.Sentence(hyps[w%len(hyps)], refs[w%len(refs)]); err != nil {
						t.Error(err)
					}
					// Send the statistics, encoded.
					recv := &bleu.Stats{Config: cfg}
					if w%2 == 0 {
						b, err := part.MarshalBinary()
						if err == nil {
							err = recv.UnmarshalBinary(b)
						}
						if err != nil {
							t.Error(err)
							return
						}
					} else {
						b, err := json.Marshal(&part)
						if err == nil {
							err = json.Unmarshal(b, recv)
						}
						if err != nil {
							t.Error(err)
							return
						}
					}
					sent <- recv
				}()
			}
			go func() { wg.Wait(); close(sent) }()
			total := bleu.Stats{Config: cfg}
			for part := range sent {
				if err := total.Merge(part); err != nil {
					t.Fatal(err)
				}
			}
			got := total.Score()
			for k := range want.Counts {
				want.Counts[k] *= workers * rounds
				want.Totals[k] *= workers * rounds
			}
			want.HypLen *= workers * rounds
			want.RefLen *= workers * rounds
			if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-15)); d != "" || total.Len() != workers*rounds*len(hyps) {
				t.Errorf("merged concurrent statistics, %d segments (-want +got):\n%s", total.Len(), d)
			}
		})
	}
}

// TestSentenceReuse checks what Config.Sentence's doc promises: one Stats
// reused with Reset gives the same scores, and after warming up allocates
// only what Score returns.
func TestSentenceReuse(t *testing.T) {
	hyps := conftest.ReadLines(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs := conftest.ReadLines(t, filepath.Join("testdata", "sample.ref.txt"))
	cfg := bleu.Config{EffectiveOrder: true}
	s := bleu.Stats{Config: cfg}
	score := func(i int) bleu.Score {
		s.Reset()
		if err := s.Add(hyps[i], refs[i]); err != nil {
			t.Fatal(err)
		}
		return s.Score()
	}
	for i := range hyps {
		want, err := cfg.Sentence(hyps[i], refs[i])
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, score(i)); d != "" {
			t.Errorf("segment %d: reused Stats differs from Sentence (-Sentence +reused):\n%s", i, d)
		}
	}
	sc := s.Score()
	want := testing.AllocsPerRun(50, func() { sc = s.Score() })
	if got := testing.AllocsPerRun(50, func() { sc = score(0) }); got != want {
		t.Errorf("Reset, Add and Score allocate %v times, want %v (those of Score)", got, want)
	}
	_ = sc
}

package bleu_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-bleu/bleu"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestStandardTokenizers(t *testing.T) {
	tests := []struct {
		tok  bleu.StandardTokenizer
		in   string
		want []string
	}{
		{bleu.Tokenizer13a, "", nil},
		{bleu.Tokenizer13a, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{bleu.Tokenizer13a, "3.5% of $1,000.00", []string{"3.5", "%", "of", "$", "1,000.00"}},
		{bleu.Tokenizer13a, "a--b 3-4 x-y", []string{"a--b", "3", "-", "4", "x-y"}},
		{bleu.Tokenizer13a, ".5 and 5. a.b", []string{".", "5", "and", "5", ".", "a", ".", "b"}},
		{bleu.Tokenizer13a, "&amp;quot; &lt;b&gt; &apos;", []string{"&", "quot", ";", "<", "b", ">", "&", "apos", ";"}},
		{bleu.Tokenizer13a, "<skipped>ab<skipped>c", []string{"abc"}},
		{bleu.Tokenizer13a, "co-\nop next\nline", []string{"coop", "next", "line"}},
		{bleu.Tokenizer13a, "don't (it's) [x] {y} a/b @me #tag", []string{"don't", "(", "it's", ")", "[", "x", "]", "{", "y", "}", "a", "/", "b", "@", "me", "#", "tag"}},
		{bleu.Tokenizer13a, "1..2 a.. ,,", []string{"1", ".", ".", "2", "a", ".", ".", ",", ","}},
		{bleu.Tokenizer13a, "e.g. U.S.A.", []string{"e", ".", "g", ".", "U", ".", "S", ".", "A", "."}},
		{bleu.Tokenizer13a, "Straße,\u00a0café.", []string{"Straße", ",", "café", "."}},
		{bleu.Tokenizer13a, "a\x1cb", []string{"a", "b"}},
		{bleu.TokenizerIntl, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{bleu.TokenizerIntl, "Prices: 3.5% in 2020. Up 2.", []string{"Prices", ":", "3.5", "%", "in", "2020", ".", "Up", "2."}},
		{bleu.TokenizerIntl, "$5 for «Bonjour»", []string{"$", "5", "for", "«", "Bonjour", "»"}},
		{bleu.TokenizerZh, "我爱北京。", []string{"我", "爱", "北", "京", "。"}},
		{bleu.TokenizerZh, " 他说: hello, 世界 ", []string{"他", "说", ":", "hello", ",", "世", "界"}},
		{bleu.TokenizerZh, "\U00020000x", []string{"\U00020000x"}},
		{bleu.TokenizerZhFixed, "\U00020000x", []string{"\U00020000", "x"}},
		{bleu.TokenizerChar, "ab c\u3000日本", []string{"a", "b", "c", "日", "本"}},
		{bleu.TokenizerNone, " a\tb,\u200bc  ", []string{"a", "b,\u200bc"}},
	}
	for _, tt := range tests {
		got := tt.tok.Tokenize(nil, tt.in)
		if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s.Tokenize(%q) mismatch (-want +got):\n%s", tt.tok, tt.in, d)
		}
	}
}

func TestTokenizeAppends(t *testing.T) {
	dst := []string{"keep"}
	got := bleu.Tokenizer13a.Tokenize(dst, "a, b")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" {
		t.Errorf("Tokenize did not append (-want +got):\n%s", d)
	}
	// The returned tokens must survive further use of the tokenizer.
	again := bleu.Tokenizer13a.Tokenize(nil, "x, y")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" || again[0] != "x" {
		t.Errorf("tokens changed by a later call:\n%s", d)
	}
}

// standardTokenizers are the tokenizers StandardTokenizer defines, in
// order: the values from 0 up to the first that String does not name.
var standardTokenizers = func() []bleu.StandardTokenizer {
	var ts []bleu.StandardTokenizer
	for t := bleu.StandardTokenizer(0); t.String() != fmt.Sprintf("StandardTokenizer(%d)", uint8(t)); t++ {
		ts = append(ts, t)
	}
	return ts
}()

func TestTokenizerByName(t *testing.T) {
	if n := len(standardTokenizers); n == 0 || standardTokenizers[n-1] < bleu.TokenizerZhFixed {
		t.Fatalf("standard tokenizers %v, want at least up to %v", standardTokenizers, bleu.TokenizerZhFixed)
	}
	for _, i := range standardTokenizers {
		tok, err := bleu.TokenizerByName(i.String())
		if err != nil || tok != i {
			t.Errorf("TokenizerByName(%q) = %v, %v", i.String(), tok, err)
		}
	}
	if _, err := bleu.TokenizerByName("ja-mecab"); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
		t.Errorf("TokenizerByName(ja-mecab) error = %v, want a bleu: error", err)
	}
}

func TestSignature(t *testing.T) {
	tests := []struct {
		cfg         bleu.Config
		long, short string
	}{
		{bleu.Config{}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version, "#:1|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version},
		{bleu.Config{Smooth: bleu.SmoothFloor}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|version:" + bleu.Version, "#:1|c:mixed|e:no|tok:13a|s:floor[0.10]|v:" + bleu.Version},
		{bleu.Config{Smooth: bleu.SmoothFloor, SmoothValue: 0.5}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.50]|version:" + bleu.Version, "#:1|c:mixed|e:no|tok:13a|s:floor[0.50]|v:" + bleu.Version},
		{bleu.Config{Smooth: bleu.SmoothAddK}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:add-k[1.00]|version:" + bleu.Version, "#:1|c:mixed|e:no|tok:13a|s:add-k[1.00]|v:" + bleu.Version},
		{bleu.Config{Smooth: bleu.SmoothNone, EffectiveOrder: true, Lowercase: true, Tokenizer: bleu.TokenizerIntl}, "nrefs:1|case:lc|eff:yes|tok:intl|smooth:none|version:" + bleu.Version, "#:1|c:lc|e:yes|tok:intl|s:none|v:" + bleu.Version},
		{bleu.Config{Normalizer: bleu.Chain(bleu.NFKC, bleu.Lowercase), Tokenizer: bleu.TokenizerChar}, "nrefs:1|case:mixed|norm:nfkc+lc|eff:no|tok:char|smooth:exp|version:" + bleu.Version, "#:1|c:mixed|n:nfkc+lc|e:no|tok:char|s:exp|v:" + bleu.Version},
		{bleu.Config{Normalizer: bleu.NormalizerFunc(strings.TrimSpace), Tokenizer: bleu.TokenizerFunc(py.AppendFields)}, "nrefs:1|case:mixed|norm:custom|eff:no|tok:custom|smooth:exp|version:" + bleu.Version, "#:1|c:mixed|n:custom|e:no|tok:custom|s:exp|v:" + bleu.Version},
	}
	for _, tt := range tests {
		s := bleu.Stats{Config: tt.cfg}
		if err := s.Add("a b c", "a b d"); err != nil {
			t.Fatal(err)
		}
		sig := s.Score().Signature
		if d := cmp.Diff([]string{tt.long, tt.short}, []string{sig.String(), sig.Short()}); d != "" {
			t.Errorf("signature mismatch (-want +got):\n%s", d)
		}
	}

	var s bleu.Stats
	for _, refs := range [][]string{{"a"}, {"a", "b"}} {
		if err := s.Add("a", refs...); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Score().Signature.NRefs; got != "var" {
		t.Errorf("nrefs with 1 and 2 references = %q, want var", got)
	}
}

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

// TestSpecExamples checks the worked examples of the metric's description.
func TestSpecExamples(t *testing.T) {
	ref := "The NASA Opportunity rover is battling a massive dust storm on Mars."
	tests := []struct {
		hyp             string
		matches, totals []int64
		bleu            float64
	}{
		{"The Opportunity rover is combating a big sandstorm on Mars.", []int64{8, 4, 2, 0}, []int64{11, 10, 9, 8}, 0},
		{"A NASA rover is fighting a massive storm on Mars.", []int64{9, 5, 2, 1}, []int64{11, 10, 9, 8},
			math.Exp(1-13.0/11) * math.Pow(9.0/11*5.0/10*2.0/9*1.0/8, 0.25)},
	}
	for _, tt := range tests {
		sc, err := bleu.Config{Smooth: bleu.SmoothNone}.Sentence(tt.hyp, ref)
		if err != nil {
			t.Fatal(err)
		}
		type view struct {
			Matches, Totals []int64
			BLEU, BP        float64
		}
		want := view{tt.matches, tt.totals, tt.bleu, math.Exp(1 - 13.0/11)}
		got := view{sc.Counts, sc.Totals, sc.BLEU, sc.BP}
		if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-12)); d != "" {
			t.Errorf("%q (-want +got):\n%s", tt.hyp, d)
		}
	}
}

// TestLargeCorpus scores 20,000 long segments: the totals reach millions,
// so a product of counts would overflow int64; the score must stay exact.
func TestLargeCorpus(t *testing.T) {
	const lines, words = 20000, 100
	var hyp, ref strings.Builder
	for i := range words {
		fmt.Fprintf(&hyp, "w%d ", i)
		if i == words/2 {
			ref.WriteString("other ")
		} else {
			fmt.Fprintf(&ref, "w%d ", i)
		}
	}
	h, r := hyp.String(), ref.String()
	var s bleu.Stats
	for range lines {
		if err := s.Add(h, r); err != nil {
			t.Fatal(err)
		}
	}
	got := s.Score()
	// One substituted word in the middle removes n n-grams of order n.
	var counts, totals []int64
	logSum := 0.0
	for n := int64(1); n <= 4; n++ {
		c, tot := (words-n+1-n)*lines, (words-n+1)*lines
		counts, totals = append(counts, c), append(totals, tot)
		logSum += math.Log(100 * float64(c) / float64(tot))
	}
	want := bleu.Score{
		BLEU: math.Exp(logSum/4) / 100, Counts: counts, Totals: totals, BP: 1,
		HypLen: words * lines, RefLen: words * lines, Ratio: 1,
	}
	want.BLEUPercent = 100 * want.BLEU
	for i := range counts {
		want.Precisions = append(want.Precisions, float64(counts[i])/float64(totals[i]))
	}
	if d := cmp.Diff(want, got, cmpopts.IgnoreFields(bleu.Score{}, "Signature"), cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
		t.Errorf("large corpus (-want +got):\n%s", d)
	}
}

// TestProperties checks, on random corpora, that scores are finite and in
// [0, 1] for every option, and that merging the statistics of any split of
// a corpus equals adding it all to one Stats.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	configs := []bleu.Config{
		{}, {Smooth: bleu.SmoothNone}, {Smooth: bleu.SmoothFloor}, {Smooth: bleu.SmoothAddK, SmoothValue: 3},
		{EffectiveOrder: true}, {Tokenizer: bleu.TokenizerChar, MaxOrder: 6}, {Tokenizer: bleu.TokenizerIntl, Lowercase: true, MaxOrder: 1},
	}
	for iter := range 200 {
		cfg := configs[iter%len(configs)]
		n := 1 + r.IntN(20)
		hyps := make([]string, n)
		refs := make([][]string, n)
		for i := range n {
			hyps[i] = conftest.RandomText(r, 12)
			for range 1 + r.IntN(3) {
				refs[i] = append(refs[i], conftest.RandomText(r, 12))
			}
		}
		whole := bleu.Stats{Config: cfg}
		for i := range n {
			if err := whole.Add(hyps[i], refs[i]...); err != nil {
				t.Fatal(err)
			}
			sc, err := cfg.Sentence(hyps[i], refs[i]...)
			if err != nil {
				t.Fatal(err)
			}
			checkRange(t, sc, fmt.Sprintf("sentence %q", hyps[i]))
		}
		want := whole.Score()
		checkRange(t, want, "corpus")

		cut := r.IntN(n + 1)
		a, b := bleu.Stats{Config: cfg}, bleu.Stats{Config: cfg}
		for i := range n {
			s := &a
			if i >= cut {
				s = &b
			}
			_ = s.Add(hyps[i], refs[i]...)
		}
		if err := b.Merge(&a); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, b.Score()); d != "" {
			t.Fatalf("iteration %d: merged split differs from the whole (-whole +merged):\n%s", iter, d)
		}
	}
}

// checkRange checks that sc's numbers are finite and in range: BLEU is
// exactly BLEUPercent/100, never clamped, and within rounding of 1 at most
// unless a precision exceeds 1 (floor smoothing with a value above 1).
func checkRange(t *testing.T, sc bleu.Score, what string) {
	t.Helper()
	conftest.CheckRange(t, what, sc.BLEU, sc.BLEUPercent, sc.BP, sc.Precisions, sc)
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

func TestQuality(t *testing.T) {
	tests := []struct {
		pct  float64
		want string
	}{
		{0, "almost useless"}, {9.99, "almost useless"}, {10, "hard to get the gist"},
		{29.99, "the gist is clear, but has significant grammatical errors"},
		{30, "understandable to good translations"}, {45, "high quality translations"},
		{59.9, "very high quality, adequate, and fluent translations"},
		{60, "quality often better than human"}, {100.00000000000004, "quality often better than human"},
	}
	for _, tt := range tests {
		if got := (bleu.Score{BLEU: min(1, tt.pct/100), BLEUPercent: tt.pct}).Quality().Description; got != tt.want {
			t.Errorf("Quality(%v) = %q, want %q", tt.pct, got, tt.want)
		}
	}
	for i, q := range bleu.Qualities() {
		// Bounds on the 0–1 scale, each band starting where the one before ends.
		if q.Min < 0 || q.Max > 1 || q.Min >= q.Max || (i > 0 && q.Min != bleu.Qualities()[i-1].Max) {
			t.Errorf("band %d: [%v, %v)", i, q.Min, q.Max)
		}
	}
	if got, want := bleu.Qualities()[3].String(), "30–40: understandable to good translations"; got != want {
		t.Errorf("Quality.String() = %q, want %q", got, want)
	}
	qs := bleu.Qualities()
	qs[0].Description = "changed"
	if bleu.Qualities()[0].Description == "changed" {
		t.Error("Qualities returned the package's own slice")
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

package bleu

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestStandardTokenizers(t *testing.T) {
	tests := []struct {
		tok  StandardTokenizer
		in   string
		want []string
	}{
		{Tokenizer13a, "", nil},
		{Tokenizer13a, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{Tokenizer13a, "3.5% of $1,000.00", []string{"3.5", "%", "of", "$", "1,000.00"}},
		{Tokenizer13a, "a--b 3-4 x-y", []string{"a--b", "3", "-", "4", "x-y"}},
		{Tokenizer13a, ".5 and 5. a.b", []string{".", "5", "and", "5", ".", "a", ".", "b"}},
		{Tokenizer13a, "&amp;quot; &lt;b&gt; &apos;", []string{"&", "quot", ";", "<", "b", ">", "&", "apos", ";"}},
		{Tokenizer13a, "<skipped>ab<skipped>c", []string{"abc"}},
		{Tokenizer13a, "co-\nop next\nline", []string{"coop", "next", "line"}},
		{Tokenizer13a, "don't (it's) [x] {y} a/b @me #tag", []string{"don't", "(", "it's", ")", "[", "x", "]", "{", "y", "}", "a", "/", "b", "@", "me", "#", "tag"}},
		{Tokenizer13a, "1..2 a.. ,,", []string{"1", ".", ".", "2", "a", ".", ".", ",", ","}},
		{Tokenizer13a, "e.g. U.S.A.", []string{"e", ".", "g", ".", "U", ".", "S", ".", "A", "."}},
		{Tokenizer13a, "Straße,\u00a0café.", []string{"Straße", ",", "café", "."}},
		{Tokenizer13a, "a\x1cb", []string{"a", "b"}},
		{TokenizerIntl, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{TokenizerIntl, "Prices: 3.5% in 2020. Up 2.", []string{"Prices", ":", "3.5", "%", "in", "2020", ".", "Up", "2."}},
		{TokenizerIntl, "$5 for «Bonjour»", []string{"$", "5", "for", "«", "Bonjour", "»"}},
		{TokenizerZh, "我爱北京。", []string{"我", "爱", "北", "京", "。"}},
		{TokenizerZh, " 他说: hello, 世界 ", []string{"他", "说", ":", "hello", ",", "世", "界"}},
		{TokenizerZh, "\U00020000x", []string{"\U00020000x"}},
		{TokenizerZhFixed, "\U00020000x", []string{"\U00020000", "x"}},
		{TokenizerChar, "ab c\u3000日本", []string{"a", "b", "c", "日", "本"}},
		{TokenizerNone, " a\tb,\u200bc  ", []string{"a", "b,\u200bc"}},
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
	got := Tokenizer13a.Tokenize(dst, "a, b")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" {
		t.Errorf("Tokenize did not append (-want +got):\n%s", d)
	}
	// The returned tokens must survive further use of the tokenizer.
	again := Tokenizer13a.Tokenize(nil, "x, y")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" || again[0] != "x" {
		t.Errorf("tokens changed by a later call:\n%s", d)
	}
}

func TestTokenizerByName(t *testing.T) {
	for i := range numStandardTokenizers {
		tok, err := TokenizerByName(i.String())
		if err != nil || tok != i {
			t.Errorf("TokenizerByName(%q) = %v, %v", i.String(), tok, err)
		}
	}
	if _, err := TokenizerByName("ja-mecab"); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
		t.Errorf("TokenizerByName(ja-mecab) error = %v, want a bleu: error", err)
	}
}

// TestCompute checks the final formula on hand-computed statistics.
func TestCompute(t *testing.T) {
	p := func(xs ...float64) []float64 { return xs }
	i := func(xs ...int64) []int64 { return xs }
	tests := []struct {
		name            string
		cfg             Config
		hypLen, refLen  int64
		matches, totals []int64
		want            Score
	}{
		{
			name: "perfect", hypLen: 8, refLen: 8, matches: i(8, 7, 6, 5), totals: i(8, 7, 6, 5),
			// exp(4·log(100)/4) is 100.00000000000004 in float64, as in sacreBLEU;
			// we report exactly 1.
			want: Score{BLEU: 1, BLEUPercent: 100.00000000000004, Precisions: p(1, 1, 1, 1), Counts: i(8, 7, 6, 5), Totals: i(8, 7, 6, 5), BP: 1, HypLen: 8, RefLen: 8, Ratio: 1},
		},
		{
			name: "exp smoothing", hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(25)+math.Log(100.0/(2*3))+math.Log(100.0/(4*2)))/4) / 100,
				Precisions: p(0.6, 0.25, 1.0/6, 1.0/8), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "no smoothing", cfg: Config{Smooth: SmoothNone}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{BLEU: 0, Precisions: p(0.6, 0.25, 0, 0), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1},
		},
		{
			name: "floor", cfg: Config{Smooth: SmoothFloor}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(25)+math.Log(100*0.1/3)+math.Log(100*0.1/2))/4) / 100,
				Precisions: p(0.6, 0.25, 0.1/3, 0.05), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "add-k changes counts", cfg: Config{Smooth: SmoothAddK, SmoothValue: 2}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(50)+math.Log(40)+math.Log(50))/4) / 100,
				Precisions: p(0.6, 0.5, 0.4, 0.5), Counts: i(3, 3, 2, 2), Totals: i(5, 6, 5, 4), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "no match at all: add-k adds nothing", cfg: Config{Smooth: SmoothAddK}, hypLen: 2, refLen: 3, matches: i(0, 0, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(2, 1, 0, 0), BP: math.Exp(1 - 3.0/2), HypLen: 2, RefLen: 3, Ratio: 2.0 / 3},
		},
		{
			name: "short hypothesis without effective order", hypLen: 2, refLen: 2, matches: i(2, 1, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 0, Precisions: p(1, 1, 0, 0), Counts: i(2, 1, 0, 0), Totals: i(2, 1, 0, 0), BP: 1, HypLen: 2, RefLen: 2, Ratio: 1},
		},
		{
			name: "short hypothesis with effective order", cfg: Config{EffectiveOrder: true}, hypLen: 2, refLen: 2, matches: i(2, 1, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 1, BLEUPercent: 100.00000000000004, Precisions: p(1, 1, 0, 0), Counts: i(2, 1, 0, 0), Totals: i(2, 1, 0, 0), BP: 1, HypLen: 2, RefLen: 2, Ratio: 1},
		},
		{
			name: "empty hypothesis", hypLen: 0, refLen: 4, matches: i(0, 0, 0, 0), totals: i(0, 0, 0, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(0, 0, 0, 0), BP: 0, HypLen: 0, RefLen: 4, Ratio: 0},
		},
		{
			name: "empty reference", hypLen: 3, refLen: 0, matches: i(0, 0, 0, 0), totals: i(3, 2, 1, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(3, 2, 1, 0), BP: 1, HypLen: 3, RefLen: 0, Ratio: 0},
		},
		{
			name: "order 1", cfg: Config{MaxOrder: 1}, hypLen: 4, refLen: 8, matches: i(3), totals: i(4),
			want: Score{BLEU: math.Exp(1-8.0/4) * math.Exp(math.Log(75)) / 100, Precisions: p(0.75), Counts: i(3), Totals: i(4), BP: math.Exp(1 - 8.0/4), HypLen: 4, RefLen: 8, Ratio: 0.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := append([]int64(nil), tt.matches...)
			tot := append([]int64(nil), tt.totals...)
			got := tt.cfg.compute(tt.hypLen, tt.refLen, m, tot)
			if tt.want.BLEUPercent == 0 {
				tt.want.BLEUPercent = 100 * tt.want.BLEU
			}
			if d := cmp.Diff(tt.want, got, cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
				t.Errorf("mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.matches, m); d != "" {
				t.Errorf("compute modified its input:\n%s", d)
			}
		})
	}
}

func TestSignature(t *testing.T) {
	tests := []struct {
		cfg         Config
		long, short string
	}{
		{Config{}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + Version, "#:1|c:mixed|e:no|tok:13a|s:exp|v:" + Version},
		{Config{Smooth: SmoothFloor}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|version:" + Version, "#:1|c:mixed|e:no|tok:13a|s:floor[0.10]|v:" + Version},
		{Config{Smooth: SmoothFloor, SmoothValue: 0.5}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.50]|version:" + Version, "#:1|c:mixed|e:no|tok:13a|s:floor[0.50]|v:" + Version},
		{Config{Smooth: SmoothAddK}, "nrefs:1|case:mixed|eff:no|tok:13a|smooth:add-k[1.00]|version:" + Version, "#:1|c:mixed|e:no|tok:13a|s:add-k[1.00]|v:" + Version},
		{Config{Smooth: SmoothNone, EffectiveOrder: true, Lowercase: true, Tokenizer: TokenizerIntl}, "nrefs:1|case:lc|eff:yes|tok:intl|smooth:none|version:" + Version, "#:1|c:lc|e:yes|tok:intl|s:none|v:" + Version},
		{Config{Normalizer: Chain(NFKC, Lowercase), Tokenizer: TokenizerChar}, "nrefs:1|case:mixed|norm:nfkc+lc|eff:no|tok:char|smooth:exp|version:" + Version, "#:1|c:mixed|n:nfkc+lc|e:no|tok:char|s:exp|v:" + Version},
		{Config{Normalizer: NormalizerFunc(strings.TrimSpace), Tokenizer: TokenizerFunc(py.AppendFields)}, "nrefs:1|case:mixed|norm:custom|eff:no|tok:custom|smooth:exp|version:" + Version, "#:1|c:mixed|n:custom|e:no|tok:custom|s:exp|v:" + Version},
	}
	for _, tt := range tests {
		s := Stats{Config: tt.cfg}
		if err := s.Add("a b c", "a b d"); err != nil {
			t.Fatal(err)
		}
		sig := s.Score().Signature
		if d := cmp.Diff([]string{tt.long, tt.short}, []string{sig.String(), sig.Short()}); d != "" {
			t.Errorf("signature mismatch (-want +got):\n%s", d)
		}
	}

	var s Stats
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
	var s Stats
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
		{"a", nil, ErrNoReference, "bleu: no reference for the segment"},
		{"a\xff", []string{"a"}, ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"a", []string{"a", "\xc3"}, ErrInvalidUTF8, "bleu: invalid UTF-8 in reference 2"},
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
	var a, b Stats
	_ = a.Add("the cat sat", "the cat sat")
	_ = b.Add("a dog", "the dog")
	whole := Stats{}
	_ = whole.Add("the cat sat", "the cat sat")
	_ = whole.Add("a dog", "the dog")
	if err := a.Merge(&b); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(whole.Score(), a.Score()); d != "" || a.Len() != 2 {
		t.Errorf("merged score differs from the whole (-whole +merged):\n%s", d)
	}

	// Merging into an empty Stats, and an empty one into a full one.
	var empty Stats
	if err := empty.Merge(&a); err != nil {
		t.Fatal(err)
	}
	if err := a.Merge(&Stats{Config: Config{Tokenizer: TokenizerChar}}); err != nil {
		t.Errorf("merging an empty Stats: %v", err)
	}
	if d := cmp.Diff(a.Score(), empty.Score()); d != "" {
		t.Errorf("merge into empty differs:\n%s", d)
	}

	for _, cfg := range []Config{
		{Tokenizer: TokenizerIntl},
		{Lowercase: true},
		{MaxOrder: 3},
		{Normalizer: NFC},
	} {
		o := Stats{Config: cfg}
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
	o := Stats{Config: Config{Smooth: SmoothFloor, EffectiveOrder: true}}
	_ = o.Add("a", "a")
	if err := a.Merge(&o); err != nil {
		t.Errorf("Merge with other scoring options: %v", err)
	}
}

func TestCloneReset(t *testing.T) {
	var s Stats
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
	var s Stats
	want := Score{Precisions: []float64{0, 0, 0, 0}, Counts: []int64{0, 0, 0, 0}, Totals: []int64{0, 0, 0, 0}, BP: 1,
		Signature: Signature{NRefs: "0", Case: "mixed", Eff: "no", Tok: "13a", Smooth: "exp", Version: Version}}
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
		sc, err := Config{Smooth: SmoothNone}.Sentence(tt.hyp, ref)
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
	var s Stats
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
	want := Score{
		BLEU: math.Exp(logSum/4) / 100, Counts: counts, Totals: totals, BP: 1,
		HypLen: words * lines, RefLen: words * lines, Ratio: 1,
	}
	want.BLEUPercent = 100 * want.BLEU
	for i := range counts {
		want.Precisions = append(want.Precisions, float64(counts[i])/float64(totals[i]))
	}
	if d := cmp.Diff(want, got, cmpopts.IgnoreFields(Score{}, "Signature"), cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
		t.Errorf("large corpus (-want +got):\n%s", d)
	}
}

// randomText returns a segment of up to maxWords words drawn from a small
// vocabulary, so that n-grams repeat, with punctuation and odd spacing.
func randomText(r *rand.Rand, maxWords int) string {
	vocab := []string{"the", "cat", "sat", "on", "mat", "a", "dog", ",", ".", "3.5", "It's", "x-y", "Σ", "日本", "\u00a0", "\t"}
	var b strings.Builder
	for range r.IntN(maxWords + 1) {
		b.WriteString(vocab[r.IntN(len(vocab))])
		b.WriteByte(" \n"[r.IntN(8)/7])
	}
	return b.String()
}

// TestProperties checks, on random corpora, that scores are finite and in
// [0, 1] for every option, and that merging the statistics of any split of
// a corpus equals adding it all to one Stats.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	configs := []Config{
		{}, {Smooth: SmoothNone}, {Smooth: SmoothFloor}, {Smooth: SmoothAddK, SmoothValue: 3},
		{EffectiveOrder: true}, {Tokenizer: TokenizerChar, MaxOrder: 6}, {Tokenizer: TokenizerIntl, Lowercase: true, MaxOrder: 1},
	}
	for iter := range 200 {
		cfg := configs[iter%len(configs)]
		n := 1 + r.IntN(20)
		hyps := make([]string, n)
		refs := make([][]string, n)
		for i := range n {
			hyps[i] = randomText(r, 12)
			for range 1 + r.IntN(3) {
				refs[i] = append(refs[i], randomText(r, 12))
			}
		}
		whole := Stats{Config: cfg}
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
		a, b := Stats{Config: cfg}, Stats{Config: cfg}
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
func checkRange(t *testing.T, sc Score, what string) {
	t.Helper()
	if sc.BLEU != sc.BLEUPercent/100 {
		t.Fatalf("%s: BLEU %v is not BLEUPercent/100 = %v", what, sc.BLEU, sc.BLEUPercent/100)
	}
	top := 1.0
	for _, p := range sc.Precisions {
		top = max(top, p)
	}
	vals := append([]float64{sc.BLEU, sc.BP}, sc.Precisions...)
	for i, v := range vals {
		limit := 1.0
		if i == 0 {
			limit = top * (1 + 1e-14)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || (i <= 1 && v > limit) {
			t.Fatalf("%s: value %v out of range in %+v", what, v, sc)
		}
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
	shared := Chain(NFC, Lowercase)
	custom := TokenizerFunc(func(dst []string, text string) []string { return py.AppendFields(dst, text) })
	for _, cfg := range []Config{
		{Tokenizer: TokenizerIntl, Normalizer: shared},
		{Lowercase: true},
		{Tokenizer: TokenizerZh, Normalizer: NFKC},
		{Tokenizer: TokenizerChar, MaxOrder: 6, Normalizer: shared},
		{Tokenizer: TokenizerNone},
		{Tokenizer: custom, Normalizer: shared},
	} {
		t.Run(cfg.fingerprint().String(), func(t *testing.T) {
			whole := Stats{Config: cfg}
			for i := range hyps {
				_ = whole.Add(hyps[i], refs[i])
			}
			want := whole.Score()
			wantBin, err := whole.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			const workers, rounds = 16, 5
			sent := make(chan *Stats)
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					part := Stats{Config: cfg}
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
					recv := &Stats{Config: cfg}
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
			total := Stats{Config: cfg}
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
		if got := (Score{BLEU: min(1, tt.pct/100), BLEUPercent: tt.pct}).Quality().Description; got != tt.want {
			t.Errorf("Quality(%v) = %q, want %q", tt.pct, got, tt.want)
		}
	}
	for i, q := range Qualities() {
		// Bounds on the 0–1 scale, each band starting where the one before ends.
		if q.Min < 0 || q.Max > 1 || q.Min >= q.Max || (i > 0 && q.Min != Qualities()[i-1].Max) {
			t.Errorf("band %d: [%v, %v)", i, q.Min, q.Max)
		}
	}
	if got, want := Qualities()[3].String(), "30–40: understandable to good translations"; got != want {
		t.Errorf("Quality.String() = %q, want %q", got, want)
	}
	qs := Qualities()
	qs[0].Description = "changed"
	if Qualities()[0].Description == "changed" {
		t.Error("Qualities returned the package's own slice")
	}
}

func BenchmarkTokenize(b *testing.B) {
	lines := benchLines(b)
	for tok := range numStandardTokenizers {
		b.Run(tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
	}
}

// BenchmarkTokenizeLangs is BenchmarkTokenize on the references of the
// conformance set's en-zh and en-ja.
func BenchmarkTokenizeLangs(b *testing.B) {
	dir := conformanceDirOrEmpty()
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"en-zh", "en-ja"} {
		lines := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		for tok := range numStandardTokenizers {
			b.Run(pair+"/"+tok.String(), func(b *testing.B) { benchTokenize(b, tok, lines) })
		}
	}
}

// benchTokenize tokenizes lines with tok.
func benchTokenize(b *testing.B, tok StandardTokenizer, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	var sc tokenize.Scratch
	var dst []string
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, l := range lines {
			dst = tok.tokenize(&sc, dst[:0], l)
		}
	}
}

// benchLines returns the en-de reference of the conformance set, or our
// sample when the set is absent.
func benchLines(b *testing.B) []string {
	dir := conformanceDirOrEmpty()
	if dir == "" {
		return conftest.ReadLines(b, filepath.Join("testdata", "sample.ref.txt"))
	}
	return conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
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
	for tok := range numStandardTokenizers {
		b.Run(tok.String(), func(b *testing.B) {
			s := Stats{Config: Config{Tokenizer: tok}}
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
	var s Stats
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
		_, _ = Sentence("The Opportunity rover is combating a big sandstorm on Mars.",
			"The NASA Opportunity rover is battling a massive dust storm on Mars.")
	}
}

func BenchmarkScore(b *testing.B) {
	var s Stats
	_ = s.Add("the cat sat on the mat", "the cat is on the mat")
	for b.Loop() {
		_ = s.Score()
	}
}

// BenchmarkScoreText formats a score as the command line prints each
// sentence's: Text with a signature, which includes Verbose.
func BenchmarkScoreText(b *testing.B) {
	var s Stats
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
		tok  StandardTokenizer
		refs int
		ks   []int
	}{
		{"13a", Tokenizer13a, 1, []int{1, 4, 16, 64}},
		{"char", TokenizerChar, 2, []int{1, 4, 16}},
		{"char-1ref", TokenizerChar, 1, []int{4, 16}},
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
				s := Stats{Config: Config{Tokenizer: bm.tok}}
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
	for tok := range numStandardTokenizers {
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
		for tok := range numStandardTokenizers {
			b.Run(pair+"/"+tok.String(), func(b *testing.B) { benchRatio(b, tok, hyps, refs, n) })
		}
	}
}

// benchRatio scores hyps against refs (n bytes in all) with tok, and reads
// their bytes, in turns, as BenchmarkCorpusRatio tells.
func benchRatio(b *testing.B, tok StandardTokenizer, hyps, refs []string, n int64) {
	s := Stats{Config: Config{Tokenizer: tok}}
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
	dir := conformanceDirOrEmpty()
	if dir == "" {
		b.Skip("no conformance set")
	}
	hyps = conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))
	refs = conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
	for i := range hyps {
		bytes += int64(len(hyps[i]) + len(refs[i]))
	}
	return hyps, refs, bytes
}

// TestSentenceReuse checks what Config.Sentence's doc promises: one Stats
// reused with Reset gives the same scores, and after warming up allocates
// only what Score returns.
func TestSentenceReuse(t *testing.T) {
	hyps := conftest.ReadLines(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs := conftest.ReadLines(t, filepath.Join("testdata", "sample.ref.txt"))
	cfg := Config{EffectiveOrder: true}
	s := Stats{Config: cfg}
	score := func(i int) Score {
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

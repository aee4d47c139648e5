package bleu_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

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

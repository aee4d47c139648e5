package bleu

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// namedTokenizer is a custom tokenizer whose signature name is chosen by
// the test.
type namedTokenizer string

func (n namedTokenizer) Tokenize(dst []string, text string) []string {
	return Tokenizer13a.Tokenize(dst, text)
}

func (n namedTokenizer) String() string { return string(n) }

// TestMergeFingerprintNames checks that a custom tokenizer whose name
// contains the separators of the fingerprint's text form is not mistaken
// for another configuration: "13a|norm:nfc" without a normalizer once
// formatted exactly like 13a with NFC.
func TestMergeFingerprintNames(t *testing.T) {
	a := Stats{Config: Config{Tokenizer: namedTokenizer("13a|norm:nfc")}}
	b := Stats{Config: Config{Normalizer: NFC}}
	for _, s := range []*Stats{&a, &b} {
		if err := s.Add("a b c", "a b c"); err != nil {
			t.Fatal(err)
		}
	}
	err := a.Merge(&b)
	if err == nil || !strings.HasPrefix(err.Error(), "bleu: cannot merge") {
		t.Errorf("Merge of %q with 13a+nfc: err = %v, want a bleu: cannot merge error", a.fp, err)
	}
	if a.Len() != 1 {
		t.Errorf("a failed Merge changed the statistics: %d segments", a.Len())
	}
}

// TestMergeBeyond32Bits merges a Stats into itself until it holds
// statistics for more than 2^32 n-grams of each order, and checks the exact
// totals and the score: scaling every count by a power of two changes no
// ratio, so the score must be bit for bit the same.
func TestMergeBeyond32Bits(t *testing.T) {
	words := make([]string, 1000)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i%97)
	}
	hyp := strings.Join(words, " ")
	words[500] = "other"
	ref := strings.Join(words[:990], " ")

	var base Stats
	if err := base.Add(hyp, ref); err != nil {
		t.Fatal(err)
	}
	s := base.Clone()
	const doublings = 23 // 1000 · 2^23 > 2^33
	for range doublings {
		if err := s.Merge(s); err != nil {
			t.Fatal(err)
		}
	}
	want := base.Score()
	for k := range want.Counts {
		want.Counts[k] <<= doublings
		want.Totals[k] <<= doublings
	}
	want.HypLen <<= doublings
	want.RefLen <<= doublings
	got := s.Score()
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("score after %d doublings (-want +got):\n%s", doublings, d)
	}
	if got.Totals[3] <= 1<<32 || s.Len() != 1<<doublings {
		t.Errorf("totals %v, %d segments: not past 2^32", got.Totals, s.Len())
	}
	checkRange(t, got, "doubled statistics")
}

// maxStats returns statistics whose every count is math.MaxInt64: 2^63-1
// copies of the segment "a" against "a", of order 1, built with Merge from
// powers of two.
func maxStats(t *testing.T) *Stats {
	t.Helper()
	if strconv.IntSize < 64 {
		t.Skip("segment counts are int, too small here for 2^63-1 segments")
	}
	p := &Stats{Config: Config{MaxOrder: 1}}
	if err := p.Add("a", "a"); err != nil {
		t.Fatal(err)
	}
	s := &Stats{Config: p.Config}
	for k := range 63 {
		if k > 0 {
			if err := p.Merge(p); err != nil {
				t.Fatalf("2^%d: %v", k, err)
			}
		}
		if err := s.Merge(p); err != nil {
			t.Fatalf("adding 2^%d: %v", k, err)
		}
	}
	return s
}

// TestOverflow checks that Add and Merge refuse to take a count past
// math.MaxInt64, leaving the statistics unchanged, and that statistics at
// the limit still score finitely.
func TestOverflow(t *testing.T) {
	s := maxStats(t)
	want := Score{
		BLEU: 1, Precisions: []float64{1}, Counts: []int64{math.MaxInt64}, Totals: []int64{math.MaxInt64},
		BP: 1, HypLen: math.MaxInt64, RefLen: math.MaxInt64, Ratio: 1,
		Signature: Signature{NRefs: "1", Case: "mixed", Eff: "no", Tok: "13a", Smooth: "exp", Version: Version},
	}
	if d := cmp.Diff(want, s.Score()); d != "" || s.Len() != math.MaxInt {
		t.Fatalf("statistics at the limit, %d segments (-want +got):\n%s", s.Len(), d)
	}

	one := Stats{Config: Config{MaxOrder: 1}}
	if err := one.Add("b", "b c"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		op   func() error
		msg  string
	}{
		{"Merge", func() error { return s.Merge(&one) }, "bleu: statistics overflow int64: cannot merge 1 segments into 9223372036854775807"},
		{"Merge itself", func() error { return s.Merge(s) }, "bleu: statistics overflow int64: cannot merge 9223372036854775807 segments into 9223372036854775807"},
		{"Add", func() error { return s.Add("b", "b") }, "bleu: statistics overflow int64: cannot add a segment to 9223372036854775807 segments"},
	} {
		err := tt.op()
		if !errors.Is(err, ErrOverflow) || err.Error() != tt.msg {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.msg)
		}
		if d := cmp.Diff(want, s.Score()); d != "" || s.Len() != math.MaxInt {
			t.Errorf("%s: a failed call changed the statistics (-want +got):\n%s", tt.name, d)
		}
	}
}

// TestAddKSaturates checks that add-k smoothing of statistics near the top
// of int64 saturates instead of wrapping around to negative totals, which
// made the precision negative and BLEU NaN.
func TestAddKSaturates(t *testing.T) {
	const max = math.MaxInt64
	cfg := Config{Smooth: SmoothAddK, SmoothValue: 1 << 40}
	got := cfg.compute(max, max, []int64{max - 5, 5, 5, 0}, []int64{max, max - 1, max - 2, max - 3})
	want := Score{
		BLEU:       math.Exp((math.Log(100*float64(max-5)/max)+math.Log(100*float64(5+1<<40)/max)*2+math.Log(100*float64(1<<40)/max))/4) / 100,
		Precisions: []float64{float64(max-5) / max, float64(5+1<<40) / max, float64(5+1<<40) / max, float64(1<<40) / max},
		Counts:     []int64{max - 5, 5 + 1<<40, 5 + 1<<40, 1 << 40},
		Totals:     []int64{max, max, max, max},
		BP:         1, HypLen: max, RefLen: max, Ratio: 1,
	}
	if d := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-15)); d != "" {
		t.Errorf("add-k at the limit (-want +got):\n%s", d)
	}
	checkRange(t, got, "add-k at the limit")
}

// TestFloorLargeValue checks the largest floor value allowed: the
// precision of an order without matches is SmoothValue/total, above 1 as
// in sacreBLEU, but finite. 1e308 once made it +Inf and BLEU 1; it now
// panics (see TestConfigPanics).
func TestFloorLargeValue(t *testing.T) {
	sc, err := Config{Smooth: SmoothFloor, SmoothValue: 1 << 40}.Sentence("a b", "a c")
	if err != nil {
		t.Fatal(err)
	}
	want := Score{
		Precisions: []float64{0.5, 1 << 40, 0, 0}, Counts: []int64{1, 0, 0, 0}, Totals: []int64{2, 1, 0, 0},
		BP: 1, HypLen: 2, RefLen: 2, Ratio: 1,
	}
	if d := cmp.Diff(want, sc, cmpopts.IgnoreFields(Score{}, "Signature")); d != "" {
		t.Errorf("floor 2^40 (-want +got):\n%s", d)
	}
}

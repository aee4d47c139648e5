package bleu_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// namedTokenizer is a custom tokenizer whose signature name is chosen by
// the test.
type namedTokenizer string

func (n namedTokenizer) Tokenize(dst []string, text string) []string {
	return bleu.Tokenizer13a.Tokenize(dst, text)
}

func (n namedTokenizer) String() string { return string(n) }

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

	var base bleu.Stats
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
func maxStats(t *testing.T) *bleu.Stats {
	t.Helper()
	if strconv.IntSize < 64 {
		t.Skip("segment counts are int, too small here for 2^63-1 segments")
	}
	p := &bleu.Stats{Config: bleu.Config{MaxOrder: 1}}
	if err := p.Add("a", "a"); err != nil {
		t.Fatal(err)
	}
	s := &bleu.Stats{Config: p.Config}
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
	want := bleu.Score{
		BLEU: 1.0000000000000004, BLEUPercent: 100.00000000000004, Precisions: []float64{1}, Counts: []int64{math.MaxInt64}, Totals: []int64{math.MaxInt64},
		BP: 1, HypLen: math.MaxInt64, RefLen: math.MaxInt64, Ratio: 1,
		Signature: bleu.Signature{NRefs: "1", Case: "mixed", Eff: "no", Tok: "13a", Smooth: "exp", Version: bleu.Version},
	}
	if d := cmp.Diff(want, s.Score()); d != "" || s.Len() != math.MaxInt {
		t.Fatalf("statistics at the limit, %d segments (-want +got):\n%s", s.Len(), d)
	}

	one := bleu.Stats{Config: bleu.Config{MaxOrder: 1}}
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
		if !errors.Is(err, bleu.ErrOverflow) || err.Error() != tt.msg {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.msg)
		}
		if d := cmp.Diff(want, s.Score()); d != "" || s.Len() != math.MaxInt {
			t.Errorf("%s: a failed call changed the statistics (-want +got):\n%s", tt.name, d)
		}
	}
}

// TestFloorLargeValue checks the largest floor value allowed: the
// precision of an order without matches is SmoothValue/total, above 1 as
// in sacreBLEU, but finite. 1e308 once made it +Inf and BLEU 1; it now
// panics (see TestConfigPanics).
func TestFloorLargeValue(t *testing.T) {
	sc, err := bleu.Config{Smooth: bleu.SmoothFloor, SmoothValue: 1 << 40}.Sentence("a b", "a c")
	if err != nil {
		t.Fatal(err)
	}
	want := bleu.Score{
		Precisions: []float64{0.5, 1 << 40, 0, 0}, Counts: []int64{1, 0, 0, 0}, Totals: []int64{2, 1, 0, 0},
		BP: 1, HypLen: 2, RefLen: 2, Ratio: 1,
	}
	if d := cmp.Diff(want, sc, cmpopts.IgnoreFields(bleu.Score{}, "Signature")); d != "" {
		t.Errorf("floor 2^40 (-want +got):\n%s", d)
	}
}

// TestHostileInput scores odd and hostile segments, each with the tokens,
// counts, totals, lengths, brevity penalty and BLEU that sacreBLEU 2.6.0
// gives (with effective order, so that short segments score above 0).
// The README's "Behaviour on bad input" table describes these cases.
func TestHostileInput(t *testing.T) {
	i := func(xs ...int64) []int64 { return xs }
	tests := []struct {
		name            string
		tok             bleu.StandardTokenizer
		hyp             string
		refs            []string
		hypToks         []string
		counts, totals  []int64
		hypLen, refLen  int64
		bleu, bp        float64
		extraNormalizer bleu.Normalizer
	}{
		// NUL is an ordinary character: not whitespace, not punctuation.
		{name: "NUL bytes", tok: bleu.Tokenizer13a, hyp: "a\x00b c\x00", refs: []string{"a\x00b c"}, hypToks: []string{"a\x00b", "c\x00"},
			counts: i(1, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 2, bleu: 0.49999999999999994, bp: 1},
		{name: "NUL with char", tok: bleu.TokenizerChar, hyp: "\x00\x00", refs: []string{"\x00"}, hypToks: []string{"\x00", "\x00"},
			counts: i(1, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 1, bleu: 0.49999999999999994, bp: 1},
		// U+FEFF is not whitespace in Python: a BOM stays part of the first
		// word (its own token for zh and char), which then matches nothing.
		{name: "BOM 13a", tok: bleu.Tokenizer13a, hyp: "\ufeffThe cat sat", refs: []string{"The cat sat"}, hypToks: []string{"\ufeffThe", "cat", "sat"},
			counts: i(2, 1, 0, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 0.5503212081491042, bp: 1},
		{name: "BOM intl", tok: bleu.TokenizerIntl, hyp: "\ufeffThe cat sat", refs: []string{"The cat sat"}, hypToks: []string{"\ufeffThe", "cat", "sat"},
			counts: i(2, 1, 0, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 0.5503212081491042, bp: 1},
		{name: "BOM zh", tok: bleu.TokenizerZh, hyp: "\ufeff我爱你", refs: []string{"我爱你"}, hypToks: []string{"\ufeff", "我", "爱", "你"},
			counts: i(3, 2, 1, 0), totals: i(4, 3, 2, 1), hypLen: 4, refLen: 3, bleu: 0.5946035575013604, bp: 1},
		{name: "BOM char", tok: bleu.TokenizerChar, hyp: "\ufeffab", refs: []string{"ab"}, hypToks: []string{"\ufeff", "a", "b"},
			counts: i(2, 1, 0, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 2, bleu: 0.5503212081491042, bp: 1},
		{name: "BOM none", tok: bleu.TokenizerNone, hyp: "\ufeffThe cat", refs: []string{"The cat"}, hypToks: []string{"\ufeffThe", "cat"},
			counts: i(1, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 2, bleu: 0.49999999999999994, bp: 1},
		{name: "BOM alone", tok: bleu.Tokenizer13a, hyp: "\ufeff", refs: []string{"\ufeff"}, hypToks: []string{"\ufeff"},
			counts: i(1, 0, 0, 0), totals: i(1, 0, 0, 0), hypLen: 1, refLen: 1, bleu: 1, bp: 1},
		// \r is whitespace; a final CRLF is stripped. 13a turns \n into a
		// space and joins "-\n", but not "-\r\n".
		{name: "CRLF line end", tok: bleu.Tokenizer13a, hyp: "the cat sat\r\n", refs: []string{"the cat sat"}, hypToks: []string{"the", "cat", "sat"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
		{name: "CR and CRLF inside", tok: bleu.Tokenizer13a, hyp: "the\rcat\r\nsat", refs: []string{"the cat sat"}, hypToks: []string{"the", "cat", "sat"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
		{name: "hyphen CRLF", tok: bleu.Tokenizer13a, hyp: "co-\r\nop", refs: []string{"co-\nop"}, hypToks: []string{"co-", "op"},
			counts: i(0, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 1, bleu: 0, bp: 1},
		{name: "hyphen LF", tok: bleu.Tokenizer13a, hyp: "co-\nop", refs: []string{"coop"}, hypToks: []string{"coop"},
			counts: i(1, 0, 0, 0), totals: i(1, 0, 0, 0), hypLen: 1, refLen: 1, bleu: 1, bp: 1},
		// Python's other whitespace: line and paragraph separators, NEL,
		// no-break space, the information separators, VT and FF.
		{name: "U+2028 U+2029", tok: bleu.Tokenizer13a, hyp: "the\u2028cat\u2029sat", refs: []string{"the cat sat"}, hypToks: []string{"the", "cat", "sat"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
		{name: "U+2028 char", tok: bleu.TokenizerChar, hyp: "a\u2028b\u2029", refs: []string{"ab"}, hypToks: []string{"a", "b"},
			counts: i(2, 1, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 2, bleu: 1, bp: 1},
		{name: "NEL NBSP", tok: bleu.TokenizerNone, hyp: "a\u0085b\u00a0c", refs: []string{"a b c"}, hypToks: []string{"a", "b", "c"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
		{name: "information separators", tok: bleu.Tokenizer13a, hyp: "a\x1cb\x1dc\x1ed\x1fe", refs: []string{"a b c d e"}, hypToks: []string{"a", "b", "c", "d", "e"},
			counts: i(5, 4, 3, 2), totals: i(5, 4, 3, 2), hypLen: 5, refLen: 5, bleu: 1, bp: 1},
		{name: "VT FF", tok: bleu.TokenizerIntl, hyp: "a\vb\fc", refs: []string{"a b c"}, hypToks: []string{"a", "b", "c"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
		// Not whitespace: U+200B and control characters such as ESC.
		{name: "zero width space", tok: bleu.Tokenizer13a, hyp: "a\u200bb c", refs: []string{"a b c"}, hypToks: []string{"a\u200bb", "c"},
			counts: i(1, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 3, bleu: 0.30326532985631666, bp: 0.6065306597126334},
		{name: "ANSI escape", tok: bleu.Tokenizer13a, hyp: "\x1b[31mred\x1b[0m", refs: []string{"red"}, hypToks: []string{"\x1b", "[", "31mred\x1b", "[", "0m"},
			counts: i(0, 0, 0, 0), totals: i(5, 4, 3, 2), hypLen: 5, refLen: 1, bleu: 0, bp: 1},
		// Empty texts are segments of no words.
		{name: "empty hypothesis", tok: bleu.Tokenizer13a, hyp: "", refs: []string{"a b"},
			counts: i(0, 0, 0, 0), totals: i(0, 0, 0, 0), hypLen: 0, refLen: 2, bleu: 0, bp: 0},
		{name: "empty reference", tok: bleu.Tokenizer13a, hyp: "a b", refs: []string{""}, hypToks: []string{"a", "b"},
			counts: i(0, 0, 0, 0), totals: i(2, 1, 0, 0), hypLen: 2, refLen: 0, bleu: 0, bp: 1},
		{name: "both empty", tok: bleu.Tokenizer13a, hyp: "", refs: []string{""},
			counts: i(0, 0, 0, 0), totals: i(0, 0, 0, 0), hypLen: 0, refLen: 0, bleu: 0, bp: 1},
		{name: "whitespace only", tok: bleu.Tokenizer13a, hyp: " \t\u3000\u2028 ", refs: []string{"a"},
			counts: i(0, 0, 0, 0), totals: i(0, 0, 0, 0), hypLen: 0, refLen: 1, bleu: 0, bp: 0},
		{name: "empty and full references", tok: bleu.Tokenizer13a, hyp: "a b c d", refs: []string{"", "a b c d e"}, hypToks: []string{"a", "b", "c", "d"},
			counts: i(4, 3, 2, 1), totals: i(4, 3, 2, 1), hypLen: 4, refLen: 5, bleu: 0.7788007830714052, bp: 0.7788007830714049},
		// U+FFFD itself is valid UTF-8, an ordinary symbol.
		{name: "replacement character", tok: bleu.TokenizerIntl, hyp: "a\ufffdb", refs: []string{"a \ufffd b"}, hypToks: []string{"a", "\ufffd", "b"},
			counts: i(3, 2, 1, 0), totals: i(3, 2, 1, 0), hypLen: 3, refLen: 3, bleu: 1, bp: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := bleu.Config{Tokenizer: tt.tok, EffectiveOrder: true, Normalizer: tt.extraNormalizer}
			hyp := tt.hyp
			if tt.extraNormalizer != nil {
				hyp = tt.extraNormalizer.Normalize(hyp)
			}
			toks := tt.tok.Tokenize(nil, py.RStrip(hyp))
			if d := cmp.Diff(tt.hypToks, toks, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("hypothesis tokens (-want +got):\n%s", d)
			}
			for way, s := range statsEachCounter(cfg) {
				if err := s.Add(tt.hyp, tt.refs...); err != nil {
					t.Fatal(err)
				}
				got := s.Score()
				type result struct {
					Counts, Totals []int64
					HypLen, RefLen int64
					BLEU, BP       float64
				}
				want := result{tt.counts, tt.totals, tt.hypLen, tt.refLen, tt.bleu, tt.bp}
				if d := cmp.Diff(want, result{got.Counts, got.Totals, got.HypLen, got.RefLen, got.BLEU, got.BP}, cmpopts.EquateApprox(0, 1e-15)); d != "" {
					t.Errorf("way %d: score (-sacreBLEU +ours):\n%s", way, d)
				}
				checkRange(t, got, tt.name)
			}
		})
	}
}

// TestHostileErrors checks the inputs Add rejects: invalid UTF-8 anywhere
// (lone surrogates encoded in bytes, overlong forms, truncated sequences,
// stray continuation bytes) and segments without references. The
// statistics are left as they were.
func TestHostileErrors(t *testing.T) {
	tests := []struct {
		name string
		hyp  string
		refs []string
		is   error
		msg  string
	}{
		{"invalid byte", "a \xff b", []string{"a b"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"lone high surrogate", "\xed\xa0\x80", []string{"x"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"lone low surrogate in a reference", "x", []string{"\xed\xbf\xbf"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in reference 1"},
		{"surrogate pair in CESU-8", "\xed\xa0\xbd\xed\xb8\x80", []string{"x"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"overlong slash", "a\xc0\xafb", []string{"a/b"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"overlong NUL", "a\xc0\x80", []string{"a"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"truncated sequence at the end", "日\xe6\x97", []string{"日本"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"continuation byte alone", "x", []string{"ok", "\x80"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in reference 2"},
		{"beyond U+10FFFF", "\xf4\x90\x80\x80", []string{"x"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"Latin-1 text", "caf\xe9", []string{"café"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"no references", "a b c", nil, bleu.ErrNoReference, "bleu: no reference for the segment"},
		{"no references, invalid hypothesis", "\xff", nil, bleu.ErrNoReference, "bleu: no reference for the segment"},
		{"invalid after a long ASCII run", "the quick brown fox jumps \xc3", []string{"the quick brown fox"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in the hypothesis"},
		{"invalid at the end of a long reference", "the quick brown fox", []string{"the quick brown fox jumps\xe2\x80"}, bleu.ErrInvalidUTF8, "bleu: invalid UTF-8 in reference 1"},
	}
	// Every tokenizer (char checks its texts as it reads them), on
	// statistics fresh and used, and for char both regimes.
	for _, tok := range standardTokenizers {
		for i := range 4 {
			used, counters := i%2 == 1, statsEachCounter(bleu.Config{Tokenizer: tok})
			if i/2 >= len(counters) {
				continue
			}
			s := counters[i/2]
			if used {
				if err := s.Add("the cat", "the cat"); err != nil {
					t.Fatal(err)
				}
			}
			want := view(s)
			for _, tt := range tests {
				err := s.Add(tt.hyp, tt.refs...)
				if !errors.Is(err, tt.is) || err.Error() != tt.msg {
					t.Errorf("%v: %s: Add(%q, %q) = %v, want %q", tok, tt.name, tt.hyp, tt.refs, err, tt.msg)
				}
				if _, err := (bleu.Config{Tokenizer: tok}).Sentence(tt.hyp, tt.refs...); !errors.Is(err, tt.is) {
					t.Errorf("%v: %s: Sentence: err = %v, want %v", tok, tt.name, err, tt.is)
				}
			}
			if d := cmp.Diff(want, view(s)); d != "" {
				t.Errorf("%v: failed Adds changed the statistics:\n%s", tok, d)
			}
		}
	}
}

// hostileUnit is a unit of text with something for every tokenizer to
// split, repeated into long lines by TestHostileLarge and
// BenchmarkHostileLarge.
const hostileUnit = "ab, cd. 3-4 日本 x&amp;y\u00a0"

// hostileLine returns hostileUnit repeated to about n bytes, and the count.
func hostileLine(n int) (line string, units int) {
	units = n / len(hostileUnit)
	return strings.Repeat(hostileUnit, units), units
}

// TestHostileLarge scores a line of a million words of one repeated word,
// and lines of a megabyte for every tokenizer, and checks their exact
// counts. How long they take is BenchmarkHostileLarge's to tell; that it
// does not grow faster than the line is TestLongLineAllocs's (in
// allocations) and the benchmark's (in time).
func TestHostileLarge(t *testing.T) {
	t.Parallel()
	const words = 1_000_000
	hyp := strings.Repeat("the ", words)
	ref := strings.Repeat("the ", words/2)
	var s bleu.Stats
	if err := s.Add(hyp, ref); err != nil {
		t.Fatal(err)
	}
	got := s.Score()
	// Every n-gram is "the the ...": clipped to its count in the reference.
	want := bleu.Score{
		Counts: []int64{words / 2, words/2 - 1, words/2 - 2, words/2 - 3},
		Totals: []int64{words, words - 1, words - 2, words - 3},
		BP:     1, HypLen: words, RefLen: words / 2, Ratio: 2,
	}
	logSum := 0.0
	for k := range want.Counts {
		p := 100 * float64(want.Counts[k]) / float64(want.Totals[k])
		want.Precisions = append(want.Precisions, p/100)
		logSum += math.Log(p)
	}
	want.BLEU = math.Exp(logSum/4) / 100
	want.BLEUPercent = 100 * want.BLEU
	if d := cmp.Diff(want, got, cmpopts.IgnoreFields(bleu.Score{}, "Signature"), cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
		t.Errorf("a million repeated words (-want +got):\n%s", d)
	}

	// A megabyte of one unit repeated, against itself: tokens per unit for
	// each tokenizer, as sacreBLEU counts them.
	line, units := hostileLine(1 << 20)
	for _, tt := range []struct {
		tok     bleu.StandardTokenizer
		perUnit int64
	}{
		{bleu.Tokenizer13a, 11},     // ab , cd . 3 - 4 日本 x & y
		{bleu.TokenizerIntl, 11},    // ab , cd . 3-4 日本 x & amp ; y
		{bleu.TokenizerZh, 14},      // ab , cd . 3 - 4 日 本 x & amp ; y
		{bleu.TokenizerZhFixed, 14}, // the same
		{bleu.TokenizerChar, 18},    // every character but the spaces
		{bleu.TokenizerNone, 5},     // ab, cd. 3-4 日本 x&amp;y
	} {
		s := bleu.Stats{Config: bleu.Config{Tokenizer: tt.tok}}
		if err := s.Add(line, line); err != nil {
			t.Fatal(err)
		}
		got := s.Score()
		n := int64(units) * tt.perUnit
		want := []int64{n, n - 1, n - 2, n - 3}
		if d := conftest.DiffStrings(want, got.Totals); d != "" || got.BLEU < 1 || !slices.Equal(got.Counts, got.Totals) {
			t.Errorf("%s on a 1 MB line: BLEU %v, counts %v (-want +got totals):\n%s", tt.tok, got.BLEU, got.Counts, d)
		}
	}
}

// TestLongLineAllocs checks that adding a line twice as long allocates no
// more often, for every tokenizer (and for char both regimes): no allocation
// per word or per block, which would make long lines slow. The counts do
// not depend on the machine's speed or load, unlike a time limit.
func TestLongLineAllocs(t *testing.T) {
	short, _ := hostileLine(32 << 10)
	long, _ := hostileLine(64 << 10)
	words := strings.Repeat("the ", 8<<10)
	for _, tok := range standardTokenizers {
		for way, s := range statsEachCounter(bleu.Config{Tokenizer: tok}) {
			for _, pair := range [][2]string{{short, long}, {words, words + words}} {
				// Grown to the longer line first: steady state.
				if err := s.Add(pair[1], pair[1]); err != nil {
					t.Fatal(err)
				}
				var n [2]float64
				for k, line := range pair {
					n[k] = testing.AllocsPerRun(1, func() {
						if err := s.Add(line, line); err != nil {
							t.Fatal(err)
						}
					})
				}
				if n[1] > n[0] {
					t.Errorf("%s way %d: %v allocations for a line of %d bytes, %v for %d", tok, way, n[0], len(pair[0]), n[1], len(pair[1]))
				}
			}
		}
	}
}

// BenchmarkHostileLarge adds the lines of TestHostileLarge, and lines of
// half and twice their length, for every tokenizer: the time per byte
// (MB/s) stays the same when the time grows linearly with the line.
func BenchmarkHostileLarge(b *testing.B) {
	for _, words := range []int{500_000, 1_000_000, 2_000_000} {
		hyp, ref := strings.Repeat("the ", words), strings.Repeat("the ", words/2)
		b.Run(fmt.Sprintf("repeated/%dk", words/1000), func(b *testing.B) {
			var s bleu.Stats
			b.SetBytes(int64(len(hyp) + len(ref)))
			for b.Loop() {
				if err := s.Add(hyp, ref); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, size := range []int{512 << 10, 1 << 20, 2 << 20} {
		line, _ := hostileLine(size)
		for _, tok := range standardTokenizers {
			b.Run(fmt.Sprintf("%dKB/%s", size>>10, tok), func(b *testing.B) {
				s := bleu.Stats{Config: bleu.Config{Tokenizer: tok}}
				b.SetBytes(int64(2 * len(line)))
				for b.Loop() {
					if err := s.Add(line, line); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

package chrf

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// configs are Configs of every option, for tests that compare entry points.
var configs = []Config{
	{},
	{WordOrder: 2},
	{Lowercase: true, WordOrder: 1},
	{Whitespace: true, EpsSmoothing: true},
	{CharOrder: NoCharNGrams, WordOrder: 3, Beta: BetaZero},
	{CharOrder: 2, WordOrder: 2, Beta: -3, Lowercase: true, Whitespace: true},
}

// texts returns the hypotheses and first references of the goldens'
// first case, and the case's references.
func texts(t testing.TB) ([]string, [][]string) {
	g := loadGoldens(t)
	return g.Cases[3].Hyps, g.Cases[3].Refs
}

func TestSentenceMatrix(t *testing.T) {
	hyps, refs := texts(t)
	cands := append(slices.Clone(refs[0][:20]), "", " ", "İSTANBUL ΟΔΟΣ.", hyps[0])
	hyps = append(slices.Clone(hyps[:20]), "", "\t", "istanbul οδος.")
	for _, c := range configs {
		m, err := c.SentenceMatrix(hyps, cands)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range hyps {
			for j, r := range cands {
				want, err := c.Sentence(h, r)
				if err != nil {
					t.Fatal(err)
				}
				if !same(m[i][j], want.ChrF) {
					t.Fatalf("%+v: m[%d][%d] = %v, Sentence %v", c, i, j, m[i][j], want.ChrF)
				}
			}
		}
	}
	if _, err := SentenceMatrix([]string{"a"}, nil); !errors.Is(err, ErrNoReference) {
		t.Errorf("no candidates: %v", err)
	}
	if _, err := SentenceMatrix([]string{"a"}, []string{"b", "\xff"}); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid candidate: %v", err)
	}
	if m, err := SentenceMatrix(nil, nil); err != nil || len(m) != 0 {
		t.Errorf("empty: %v %v", m, err)
	}
}

func TestBadInput(t *testing.T) {
	var s Stats
	if err := s.Add("a b", "a c"); err != nil {
		t.Fatal(err)
	}
	before := s.Statistics()
	for _, tc := range []struct {
		name string
		add  func() error
		want error
	}{
		{"no reference", func() error { return s.Add("a") }, ErrNoReference},
		{"invalid hypothesis", func() error { return s.Add("\xffa", "a") }, ErrInvalidUTF8},
		{"invalid reference", func() error { return s.Add("a", "a", "b\xc3") }, ErrInvalidUTF8},
		{"corpus", func() error { return s.AddCorpus([]string{"a", "b"}, []string{"a", "\xff"}) }, ErrInvalidUTF8},
		{"readers", func() error {
			return s.AddReaders(context.Background(), strings.NewReader("a\nb\n"), strings.NewReader("a\n\xff\n"))
		}, ErrInvalidUTF8},
	} {
		err := tc.add()
		if !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), "chrf: ") {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if !slices.Equal(s.Statistics(), before) || s.Len() != 1 {
			t.Errorf("%s: statistics changed", tc.name)
		}
	}
	for _, change := range []func(*Config){
		func(c *Config) { c.WordOrder = 2 },
		func(c *Config) { c.Beta = 3 },
		func(c *Config) { c.Lowercase = true },
		func(c *Config) { c.Whitespace = true },
		func(c *Config) { c.EpsSmoothing = true },
		func(c *Config) { c.CharOrder = 5 },
	} {
		s2 := Stats{}
		if err := s2.Add("a b", "a c"); err != nil {
			t.Fatal(err)
		}
		change(&s2.Config)
		if err := s2.Add("x", "y"); err == nil || !strings.HasPrefix(err.Error(), "chrf: ") {
			t.Errorf("options changed: %v", err)
		}
		if _, err := s2.MarshalBinary(); err == nil {
			t.Error("options changed: MarshalBinary succeeded")
		}
		var other Stats
		if err := other.Merge(&s2); err == nil {
			t.Error("options changed: Merge succeeded")
		}
		if s2.Len() != 1 || !slices.Equal(s2.Statistics(), before) {
			t.Error("options changed: statistics changed")
		}
	}
	for _, c := range []Config{{CharOrder: -2}, {CharOrder: MaxOrder + 1}, {WordOrder: -1},
		{Beta: MaxBeta + 1}, {CharOrder: NoCharNGrams}} {
		if err := c.Validate(); err == nil || !strings.HasPrefix(err.Error(), "chrf: ") {
			t.Errorf("%+v: Validate %v", c, err)
		}
		if _, err := c.Sentence("a", "a"); err == nil {
			t.Errorf("%+v: Sentence succeeded", c)
		}
	}
	if _, err := Corpus([]string{"a"}, []string{"a", "b"}); err == nil {
		t.Error("streams of different lengths")
	}
	if _, err := Corpus([]string{"a"}); !errors.Is(err, ErrNoReference) {
		t.Errorf("no streams: %v", err)
	}
}

func TestMergeAndEncodings(t *testing.T) {
	hyps, refs := texts(t)
	for _, c := range configs {
		whole := Stats{Config: c}
		if err := whole.AddCorpus(hyps, refs...); err != nil {
			t.Fatal(err)
		}
		var total Stats
		for lo := 0; lo < len(hyps); lo += 7 {
			hi := min(lo+7, len(hyps))
			part := Stats{Config: c}
			rs := [][]string{refs[0][lo:hi], refs[1][lo:hi]}
			if err := part.AddCorpus(hyps[lo:hi], rs...); err != nil {
				t.Fatal(err)
			}
			b, err := part.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var dec Stats
			if err := dec.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			j, err := json.Marshal(&dec)
			if err != nil {
				t.Fatal(err)
			}
			var dec2 Stats
			if err := json.Unmarshal(j, &dec2); err != nil {
				t.Fatal(err)
			}
			if err := total.Merge(&dec2); err != nil {
				t.Fatal(err)
			}
		}
		a, b := whole.Score(), total.Score()
		if !same(a.ChrFPercent, b.ChrFPercent) || !slices.Equal(a.Statistics, b.Statistics) || a.Signature != b.Signature {
			t.Errorf("%+v: merged %v, whole %v", c, b, a)
		}
		// Clone and doubling.
		cl := whole.Clone()
		if err := cl.Merge(cl); err != nil {
			t.Fatal(err)
		}
		for k, v := range cl.Statistics() {
			if v != 2*a.Statistics[k] {
				t.Fatal("s.Merge(s) does not double")
			}
		}
	}
}

func TestEncodingRejects(t *testing.T) {
	var s Stats
	if err := s.Add("a b c", "a b d"); err != nil {
		t.Fatal(err)
	}
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var d Stats
	for i := range b {
		c := bytes.Clone(b)
		c[i] ^= 1
		if err := d.UnmarshalBinary(c); err == nil {
			t.Errorf("flipped byte %d decoded", i)
		}
		if err := d.UnmarshalBinary(b[:i]); err == nil {
			t.Errorf("truncated to %d decoded", i)
		}
	}
	if d.Len() != 0 {
		t.Error("failed decodings changed the Stats")
	}
	j, _ := json.Marshal(&s)
	for _, bad := range []string{
		strings.Replace(string(j), `"beta":2`, `"beta":2,"beta":2`, 1),
		strings.Replace(string(j), `"beta":2,`, ``, 1),
		strings.Replace(string(j), `"beta":2`, `"beta":2,"x":1`, 1),
		strings.Replace(string(j), `"segments":1`, `"segments":0`, 1),
		strings.Replace(string(j), `"char_order":6`, `"char_order":5`, 1),
		string(j) + "{}",
	} {
		if err := d.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("decoded %s", bad)
		}
	}
	// A Config that is not that of the statistics.
	e := Stats{Config: Config{WordOrder: 2}}
	if err := e.UnmarshalBinary(b); err == nil {
		t.Error("decoded into a Stats of other options")
	}
}

func TestCopyDetected(t *testing.T) {
	var a Stats
	if err := a.Add("a b", "a b"); err != nil {
		t.Fatal(err)
	}
	b := copyOf(&a) // b := a, which go vet reports
	for name, use := range map[string]func(){
		"Add":           func() { _ = b.Add("a", "a") },
		"Score":         func() { b.Score() },
		"Merge":         func() { _ = b.Merge(&a) },
		"Merge from":    func() { _ = a.Merge(&b) },
		"AddCorpus":     func() { _ = b.AddCorpus([]string{"a"}, []string{"a"}) },
		"Clone":         func() { b.Clone() },
		"MarshalBinary": func() { _, _ = b.MarshalBinary() },
	} {
		func() {
			defer func() {
				if r := recover(); r != errCopied {
					t.Errorf("%s on a copy: recovered %v, want the copy panic", name, r)
				}
			}()
			use()
		}()
	}
	b.Reset()
	if err := b.Add("a", "b"); err != nil || a.Len() != 1 || b.Len() != 1 {
		t.Errorf("after Reset: %v", err)
	}
}

func copyOf[T any](p *T) T { return *p }

func TestAddReaders(t *testing.T) {
	hyps, refs := texts(t)
	for _, c := range configs {
		want, err := c.Corpus(stripAll(hyps), stripAll(refs[0]), stripAll(refs[1]))
		if err != nil {
			t.Fatal(err)
		}
		s := Stats{Config: c}
		join := func(v []string) *strings.Reader { return strings.NewReader(strings.Join(v, "\n") + "\n") }
		if err := s.AddReaders(context.Background(), join(hyps), join(refs[0]), join(refs[1])); err != nil {
			t.Fatal(err)
		}
		if got := s.Score(); !same(got.ChrFPercent, want.ChrFPercent) || !slices.Equal(got.Statistics, want.Statistics) {
			t.Errorf("%+v: AddReaders %v, Corpus %v", c, got, want)
		}
	}
	var s Stats
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := s.AddReaders(ctx, strings.NewReader("a\n"), strings.NewReader("a\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if err := s.AddReaders(context.Background(), strings.NewReader("a\nb\n"), strings.NewReader("a\n")); err == nil {
		t.Error("different numbers of lines")
	}
}

// stripAll returns the texts right-stripped as the readers strip lines,
// none of which has a newline inside.
func stripAll(v []string) []string {
	out := make([]string, len(v))
	for i, s := range v {
		out[i] = strings.TrimRightFunc(s, func(r rune) bool {
			return strings.ContainsRune(" \t\v\f\r\x1c\x1d\x1e\x1f\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000", r)
		})
	}
	return out
}

func TestZeroAndSentinels(t *testing.T) {
	var s Stats
	sc := s.Score()
	if sc.ChrF != 0 || sc.Name != "chrF2" || sc.Signature.String() != "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:"+sc.Signature.Version {
		t.Errorf("empty score %+v", sc)
	}
	c := Config{CharOrder: NoCharNGrams, WordOrder: 3, Beta: BetaZero}
	sc, err := c.Sentence("a b c", "a b c")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Name != "chrF0+++" || sc.CharOrder != 0 || sc.Beta != 0 || sc.ChrFPercent != 100 || sc.String() != "chrF0+++ = 100.00" {
		t.Errorf("sentinels: %+v", sc)
	}
	if math.IsNaN(sc.ChrF) {
		t.Error("NaN")
	}
}

// TestBitsAndTable checks that the three ways of counting, sorting (one
// reference), bit sets for short texts and the hash table, give the same
// statistics, for every option and one to three references.
func TestBitsAndTable(t *testing.T) {
	g := loadGoldens(t)
	checked, sorted := 0, 0
	for _, gc := range g.Cases {
		c := configOf(gc.CharOrder, gc.WordOrder, gc.Beta, gc.Lowercase, gc.Whitespace, gc.EpsSmoothing)
		p := c.params()
		// Sorting where it can (one reference), bit sets where they fit,
		// the table.
		ways := []*counter{{p: p, noBits: true}, {p: p, noSort: true}, {p: p, noSort: true, noBits: true}}
		rows := [][]int64{make([]int64, p.width()), make([]int64, p.width()), make([]int64, p.width())}
		refs := make([]string, len(gc.Refs))
		for j, h := range gc.Hyps {
			for k := range gc.Refs {
				refs[k] = gc.Refs[k][j]
			}
			for i, cn := range ways {
				cn.segment(rows[i], h, refs)
			}
			if !slices.Equal(rows[0], rows[2]) || !slices.Equal(rows[1], rows[2]) {
				t.Fatalf("%+v segment %d: sorting %v, bit sets %v, table %v", c, j, rows[0], rows[1], rows[2])
			}
			if bitsFit(ways[1].roff) {
				checked++
			}
			if len(refs) == 1 && p.nc > 0 && fitsLanes(p.nc, ways[0].roff[1], ways[0].roff[2]-ways[0].roff[1]) {
				sorted++
			}
		}
	}
	if checked == 0 || sorted == 0 {
		t.Fatalf("%d segments short enough for the bit sets, %d with one reference", checked, sorted)
	}
}

// TestSortedLong checks the sorting route against the hash table on
// texts past the 511 characters it once stopped at, up to the most it
// takes (fitsLanes), where its lanes hold counts and matches of up to
// 32,767, and one past it.
func TestSortedLong(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	text := func(alpha string, n int) string {
		r := []rune(alpha)
		var b strings.Builder
		for range n {
			b.WriteRune(r[rng.IntN(len(r))])
		}
		return b.String()
	}
	a := strings.Repeat("a", 1<<15)
	prose := "the cat sat on the mat, with the hat of the bat and the rat. "
	for _, tc := range []struct {
		c        Config
		hyp, ref string
		sorted   bool // within fitsLanes
	}{
		{Config{}, text("abcdefghij klm", 512), text("abcdefghij klm", 700), true},
		{Config{}, text("ab", 3000), text("abc", 3000), true},
		{Config{}, strings.Repeat(prose, 80), strings.Repeat(prose, 70) + text("abcdefgh ", 900), true},
		{Config{WordOrder: 2}, strings.Repeat(prose, 300), strings.Repeat(prose, 290), true},
		{Config{}, text("aäbßcé中文　xyz", 20000), text("aäbßcé中文　xyzq", 15000), true},
		{Config{}, a[1:], a[1:], true},
		{Config{CharOrder: 3}, a[1:], a[2:] + "b", true},
		{Config{}, a[1:], a, false},
		{Config{}, a, a[1:], false},
	} {
		p := tc.c.params()
		sorted, table := &counter{p: p, noBits: true}, &counter{p: p, noBits: true, noSort: true}
		got, want := make([]int64, p.width()), make([]int64, p.width())
		sorted.segment(got, tc.hyp, []string{tc.ref})
		table.segment(want, tc.hyp, []string{tc.ref})
		if !slices.Equal(got, want) {
			t.Errorf("%+v %.20q (%d, %d characters): sorting %v, table %v", tc.c, tc.hyp, len(tc.hyp), len(tc.ref), got, want)
		}
		hl, rl := sorted.roff[1], sorted.roff[2]-sorted.roff[1]
		if fits := fitsLanes(p.nc, hl, rl); fits != tc.sorted {
			t.Errorf("%.20q: %d and %d characters fit the lanes: %v, want %v", tc.hyp, hl, rl, fits, tc.sorted)
		}
	}
}

// TestSortedEdges checks the sorting route against the hash table where
// the sorting takes its less common turns: a 4-gram repeated past
// maxInsertionRun (radix sorted), characters one text lacks inside the
// keys, texts too short for a trigram, and word orders.
func TestSortedEdges(t *testing.T) {
	abab := strings.Repeat("ab", 120)
	// 300 distinct characters past U+0800: too many for the bigram table.
	var wide strings.Builder
	for r := rune(0x4E00); r < 0x4E00+300; r++ {
		wide.WriteRune(r)
	}
	for _, tc := range []struct {
		c        Config
		hyp, ref string
		radix    string // repeated more than maxInsertionRun times
	}{
		{Config{}, abab + "abc", strings.Repeat("ab", 90) + "ba" + abab[:60], "ab"},
		{Config{}, strings.Repeat("a", 300), strings.Repeat("a", 200) + "b" + strings.Repeat("a", 40), "aa"},
		{Config{}, "the cat sat on the mat with the hat of the bat and the rat", "the cat zat on tXe mat with the hat of the bat and the rat", ""},
		{Config{}, "ab" + strings.Repeat("xyz", 30), "abq" + strings.Repeat("xyq", 30), ""},
		{Config{}, "ab", strings.Repeat("abcdefghij", 10), ""},
		{Config{}, "中文的句子，中文的词", "中文句子的词，中文", ""},
		{Config{}, wide.String(), wide.String()[30:600] + "中文", ""},
		{Config{WordOrder: 2}, strings.Repeat("a b ", 80) + "c", strings.Repeat("b a ", 70) + "c d", ""},
		{Config{CharOrder: 4, WordOrder: 6}, strings.Repeat("x y z ", 30), strings.Repeat("x y w ", 30), ""},
	} {
		p := tc.c.params()
		sorted, table := &counter{p: p, noBits: true}, &counter{p: p, noBits: true, noSort: true}
		got, want := make([]int64, p.width()), make([]int64, p.width())
		table.segment(want, tc.hyp, []string{tc.ref})
		for range 2 {
			sorted.segment(got, tc.hyp, []string{tc.ref})
			if !slices.Equal(got, want) {
				t.Errorf("%+v %.20q: sorting %v, table %v", tc.c, tc.hyp, got, want)
			}
			sorted.slotGen = 1<<16 - 1 // the next segment starts the bigram table's generations over
		}
		if tc.radix != "" && strings.Count(tc.hyp, tc.radix) <= maxInsertionRun {
			t.Errorf("%.20q: %q not repeated past maxInsertionRun", tc.hyp, tc.radix)
		}
	}
}

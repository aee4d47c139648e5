package bleu

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/google/go-cmp/cmp"
)

// Segments of any length (see "Memory of long segments" in ngram.go and
// tokenBound in tokenize.go): exact counts past every size where the
// counter and the tokenizers change how they make room, and the memory a
// token of such a segment costs.

// TestHugeSegmentCounts compares the counter with naiveStats on segments
// longer than longChunk words: many distinct words, some longer than 16
// bytes (the word table and its long words grow in the middle of a
// segment, the n-gram table past longChunk keys), few distinct words, and
// references of other lengths, one and two of them.
func TestHugeSegmentCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 8))
	n := longChunk + longChunk/8
	text := func(n int, word func(i int) string) (string, []string) {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = word(i)
		}
		s := strings.Join(ws, " ")
		return s, strings.Fields(s)
	}
	distinct := func(i int) string {
		if k := r.IntN(3 * n); k%10 == 0 {
			return fmt.Sprintf("a-word-longer-than-sixteen-bytes-%d", k/10)
		} else {
			return fmt.Sprintf("w%d", k)
		}
	}
	few := func(int) string { return []string{"a", "b", "the", "a-word-longer-than-sixteen-bytes"}[r.IntN(4)] }
	var c ngramCounter
	for _, tt := range []struct {
		name string
		word func(int) string
		refs []int // reference lengths
	}{
		{"distinct words", distinct, []int{n}},
		{"distinct words, two references", distinct, []int{n - 1000, n + longChunk}},
		{"few words", few, []int{n + 7}},
		{"few words, two references", few, []int{longChunk - 1, 2 * n}},
	} {
		if testing.Short() && strings.HasSuffix(tt.name, "two references") {
			continue
		}
		hypText, hyp := text(n, tt.word)
		var refs [][]string
		var refTexts []string
		for _, rl := range tt.refs {
			// The hypothesis's words, shuffled in runs, so that long
			// n-grams match.
			rt, rw := text(rl, func(i int) string {
				if r.IntN(8) == 0 {
					return tt.word(i)
				}
				return hyp[(i+r.IntN(2))%len(hyp)]
			})
			refs, refTexts = append(refs, rw), append(refTexts, rt)
		}
		want := naiveStats4(hyp, refs)
		got := counterStats(&c, hyp, hypText, refs, refTexts, 4)
		if d := cmp.Diff(want, got, cmp.AllowUnexported(segmentStats{})); d != "" {
			t.Errorf("%s (-naive +counter):\n%s", tt.name, d)
		}
	}
}

// naiveStats4 is naiveStats for order 4, with n-grams as arrays of word
// numbers: quicker on segments of a hundred thousand words.
func naiveStats4(hyp []string, refs [][]string) segmentStats {
	num := map[string]int32{}
	return naiveStatsBy(hyp, refs, 4, func(words []string, k int) map[[4]int32]int {
		m := map[[4]int32]int{}
		var g [4]int32
		for i := 0; i+k <= len(words); i++ {
			for j := range k {
				id, ok := num[words[i+j]]
				if !ok {
					id = int32(len(num)) + 1
					num[words[i+j]] = id
				}
				g[j] = id
			}
			m[g]++
		}
		return m
	})
}

// BenchmarkLongLine adds one segment whose hypothesis and reference are
// each a line of a million tokens and reports the bytes allocated per
// token of the segment (hypothesis and reference tokens together), an
// upper bound of the memory it holds at once ("B/token"): text of one
// repeated word, of two, of punctuation without spaces (which has no cut:
// see "Tokens a piece at a time"), of words drawn from a Zipf
// distribution, and the en-de set joined into one line (when the
// conformance set is present).
func BenchmarkLongLine(b *testing.B) {
	for _, l := range longLines(b) {
		b.Run(l.name, func(b *testing.B) {
			tokens := len(Tokenizer13a.Tokenize(nil, l.hyp)) + len(Tokenizer13a.Tokenize(nil, l.ref))
			var allocated uint64
			for b.Loop() {
				allocated += longLineAlloc(b, l.hyp, l.ref)
			}
			b.ReportMetric(float64(allocated)/float64(b.N)/float64(tokens), "B/token")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tokens), "ns/token")
		})
	}
}

// longLine is a segment of BenchmarkLongLine and TestLongSegmentMemory.
type longLine struct{ name, hyp, ref string }

// longLines returns the segments of BenchmarkLongLine.
func longLines(tb testing.TB) []longLine {
	hyp, ref := zipfLines(1e6)
	lines := []longLine{
		{"a", strings.Repeat("a ", 1e6), strings.Repeat("a ", 1e6)},
		{"ab_cd", strings.Repeat("ab cd ", 5e5), strings.Repeat("cd ab ", 5e5)},
		{"periods", strings.Repeat(".", 1e6), strings.Repeat(".", 1e6)},
		{"zipf", hyp, ref},
	}
	if dir := conformanceDirOrEmpty(); dir != "" {
		h := strings.Join(conftest.ReadLines(tb, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt")), " ")
		r := strings.Join(conftest.ReadLines(tb, filepath.Join(dir, "data", "en-de", "ref.txt")), " ")
		lines = append(lines, longLine{"en-de_x5", strings.Repeat(h+" ", 5), strings.Repeat(r+" ", 5)})
	}
	return lines
}

// zipfLines returns a hypothesis of n words drawn from a Zipf
// distribution over 100,000 words, as the words of natural text are, with
// a period now and then, and a reference that has the same word at a
// position seven times in ten and another drawn word otherwise: most
// n-grams of a line that long are distinct, unlike in text repeated. The
// words are 1 to 13 bytes long, and one in 18 of the less common ones
// (German's share) 17 to 24.
func zipfLines(n int) (hyp, ref string) {
	r := rand.New(rand.NewPCG(27, 12))
	z := rand.NewZipf(r, 1.1, 2, 1e5-1)
	word := func() string {
		if r.IntN(20) == 0 {
			return "."
		}
		k := z.Uint64()
		w := strconv.FormatUint(k, 36)
		switch h := k * 0x9E3779B97F4A7C15 >> 58; {
		case k >= 100 && k%18 == 0:
			return w + strings.Repeat("x", 17+int(h%8)-len(w))
		case k >= 100:
			return w + strings.Repeat("e", int(h%10))
		}
		return w
	}
	var h, rf strings.Builder
	for range n {
		w := word()
		h.WriteString(w)
		h.WriteByte(' ')
		if r.IntN(10) >= 7 {
			w = word()
		}
		rf.WriteString(w)
		rf.WriteByte(' ')
	}
	return h.String(), rf.String()
}

// longLineAlloc returns the bytes a fresh Stats allocates to add the
// segment hyp, ref.
func longLineAlloc(tb testing.TB, hyp, ref string) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	var s Stats
	if err := s.Add(hyp, ref); err != nil {
		tb.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestLongSegmentMemory checks the memory one long segment allocates (an
// upper bound of what it holds at once): at most 32 bytes a token of
// hypothesis and reference together for each line of BenchmarkLongLine,
// a million tokens a side (9 to 27 bytes today; 33 to 161 when each
// segment's tokens were all made at once and its n-gram tables grew with
// the distinct n-grams of every order), and for short hypotheses of a
// reference of a million tokens (9 to 13; about 50).
func TestLongSegmentMemory(t *testing.T) {
	if testing.Short() || conftest.RaceEnabled {
		t.Skip("lines of a million tokens a side; the race detector's allocations are larger")
	}
	_, zipf := zipfLines(1e6)
	lines := append(longLines(t),
		// Hypotheses counted with sets of positions, of one word of bits
		// and of three, against a reference of a million tokens.
		longLine{"a short hypothesis", "the a Haus", zipf},
		longLine{"a hypothesis of 180 words", strings.Repeat("w1 w2 w3 ", 60), zipf})
	for _, l := range lines {
		tokens := len(Tokenizer13a.Tokenize(nil, l.hyp)) + len(Tokenizer13a.Tokenize(nil, l.ref))
		if perToken := float64(longLineAlloc(t, l.hyp, l.ref)) / float64(tokens); perToken > 32 {
			t.Errorf("%s: %.1f bytes allocated a token, want at most 32", l.name, perToken)
		}
	}
	hyp, ref := strings.Repeat("a b ", 5e5), strings.Repeat("b a ", 5e5)
	var s Stats
	if err := s.Add(hyp, ref); err != nil {
		t.Fatal(err)
	}
	if got, want := s.Score().Counts, []int64{1e6, 999998, 999998, 999996}; !slices.Equal(got, want) {
		t.Errorf("matches %v, want %v", got, want)
	}
}

// TestPiecesMatchWhole adds long segments, counted a piece at a time,
// and compares their statistics with those of the tokens of the whole
// texts: every standard tokenizer, one reference and several (long and
// short), a hypothesis of few words in a long text, texts without cuts,
// short hypotheses of long references, and a segment after another.
func TestPiecesMatchWhole(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 11))
	size := 3 * tokenize.LongText
	if testing.Short() {
		size = tokenize.LongText + tokenize.PieceBytes
	}
	long := func() string { return conftest.PieceText(r, size) }
	cases := []struct {
		name string
		hyp  string
		refs []string
	}{
		{"one reference", long(), []string{long()}},
		{"references long and short", long(), []string{long(), "the a Haus", long()}},
		{"a short reference", long(), []string{"the a Haus 2020"}},
		{"an empty reference", long(), []string{"", long()}},
		{"few words, many spaces", "the" + strings.Repeat(" ", size) + "Haus", []string{long()}},
		{"few words, then many", "x e.g.,a-word-longer-than-sixteen-bytes" + strings.Repeat(" ", tokenize.PieceBytes) + long(), []string{long()}},
		{"no cuts", strings.Repeat(".a", size/2), []string{strings.Repeat("a.", size/2)}},
		{"repeated words", strings.Repeat("the a ", size/6), []string{strings.Repeat("a the ", size/5)}},
		// Hypotheses of sets of one word of positions, of several, and of
		// tables, in texts not long themselves.
		{"a short hypothesis", "the a Haus 2020 x9 . a the", []string{long(), "the a", long()}},
		{"a short hypothesis, matched at the end", "zz yy xx ww vv the", []string{long() + " zz yy xx ww"}},
		{"an empty hypothesis", "", []string{long(), strings.Repeat(" ", size)}},
		{"a hypothesis of 150 words", conftest.PieceText(r, 700), []string{long()}},
		{"a hypothesis of 256 words", strings.Join(strings.Fields(conftest.PieceText(r, 6000))[:256], " "), []string{long()}},
		{"a hypothesis of 150 words, two references", conftest.PieceText(r, 700), []string{long(), long()}},
		{"a hypothesis of 2,000 words", conftest.PieceText(r, 9000), []string{long(), "x"}},
	}
	for tok := range numStandardTokenizers {
		s := Stats{Config: Config{Tokenizer: tok}}
		for _, tt := range cases {
			want := wholeStats(tok, tt.hyp, tt.refs)
			before := s.Score()
			if err := s.Add(tt.hyp, tt.refs...); err != nil {
				t.Fatal(err)
			}
			after := s.Score()
			got := segmentStats{hypLen: int(after.HypLen - before.HypLen), refLen: int(after.RefLen - before.RefLen), matches: make([]int64, 4), totals: make([]int64, 4)}
			for k := range 4 {
				got.matches[k] = after.Counts[k] - before.Counts[k]
				got.totals[k] = after.Totals[k] - before.Totals[k]
			}
			if d := cmp.Diff(want, got, cmp.AllowUnexported(segmentStats{})); d != "" {
				t.Errorf("%s, %s (-whole +pieces):\n%s", tok, tt.name, d)
			}
		}
	}
}

// wholeStats counts a segment from the tokens of its whole texts.
func wholeStats(tok StandardTokenizer, hyp string, refs []string) segmentStats {
	words := func(s string) []string { return tok.Tokenize(nil, py.RStrip(s)) }
	var rw [][]string
	for _, r := range refs {
		rw = append(rw, words(r))
	}
	return naiveStats4(words(hyp), rw)
}

package bleu_test

import (
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/google/go-cmp/cmp"
)

// Segments of any length (see "Memory of long segments" in internal/ngram
// and TokenBound in internal/tokenize): exact counts past every size where the
// counter and the tokenizers change how they make room, and the memory a
// token of such a segment costs.

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
			tokens := len(bleu.Tokenizer13a.Tokenize(nil, l.hyp)) + len(bleu.Tokenizer13a.Tokenize(nil, l.ref))
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
	var s bleu.Stats
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
		tokens := len(bleu.Tokenizer13a.Tokenize(nil, l.hyp)) + len(bleu.Tokenizer13a.Tokenize(nil, l.ref))
		if perToken := float64(longLineAlloc(t, l.hyp, l.ref)) / float64(tokens); perToken > 32 {
			t.Errorf("%s: %.1f bytes allocated a token, want at most 32", l.name, perToken)
		}
	}
	hyp, ref := strings.Repeat("a b ", 5e5), strings.Repeat("b a ", 5e5)
	var s bleu.Stats
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
	for _, tok := range standardTokenizers {
		s := bleu.Stats{Config: bleu.Config{Tokenizer: tok}}
		for _, tt := range cases {
			want := wholeStats(tok, tt.hyp, tt.refs)
			before := s.Score()
			if err := s.Add(tt.hyp, tt.refs...); err != nil {
				t.Fatal(err)
			}
			after := s.Score()
			got := ngram.Segment{HypLen: int(after.HypLen - before.HypLen), RefLen: int(after.RefLen - before.RefLen), Matches: make([]int64, 4), Totals: make([]int64, 4)}
			for k := range 4 {
				got.Matches[k] = after.Counts[k] - before.Counts[k]
				got.Totals[k] = after.Totals[k] - before.Totals[k]
			}
			if d := cmp.Diff(want, got, cmp.AllowUnexported(ngram.Segment{})); d != "" {
				t.Errorf("%s, %s (-whole +pieces):\n%s", tok, tt.name, d)
			}
		}
	}
}

// wholeStats counts a segment from the tokens of its whole texts.
func wholeStats(tok bleu.StandardTokenizer, hyp string, refs []string) ngram.Segment {
	words := func(s string) []string { return tok.Tokenize(nil, py.RStrip(s)) }
	var rw [][]string
	for _, r := range refs {
		rw = append(rw, words(r))
	}
	return ngram.Segment(conftest.Naive4(words(hyp), rw))
}

package bleu

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
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

// TestLongTextTokens tokenizes texts longer than longText, where the room
// made for the tokens is counted (tokenBound), and compares them with the
// rules applied literally: random text of every class the rules care
// about, and texts that have as many tokens as tokenBound allows or
// nearly (all punctuation, one word and spaces, CJK, spaces of other
// kinds).
func TestLongTextTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 9))
	var random strings.Builder
	for random.Len() <= longText+1000 {
		random.WriteString(trickyPieces[r.IntN(len(trickyPieces))])
	}
	n := longText + 5
	texts := map[string]string{
		"random":              random.String(),
		"periods":             strings.Repeat(".", n),
		"symbols":             strings.Repeat("$%(", n/3),
		"a word, then spaces": "a" + strings.Repeat(" ", n),
		"spaces, then a word": strings.Repeat(" ", n) + "a",
		"one-letter words":    strings.Repeat("a ", n/2),
		"tabs":                strings.Repeat("a\t", n/2),
		"ideographic spaces":  strings.Repeat("a\u3000", n/4),
		"CJK":                 strings.Repeat("我。", n/6),
		"digits and hyphens":  strings.Repeat("1-2.3,", n/6),
		"one word":            strings.Repeat("x", n),
	}
	for name, text := range texts {
		for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerIntl, TokenizerZh, TokenizerZhFixed} {
			got := tok.Tokenize(nil, text)
			want := literalTokens(tok, text)
			if len(want) != len(got) || (len(want) > 0 && !slices.Equal(want, got)) {
				t.Errorf("%s, %s: %d tokens, want %d", name, tok, len(got), len(want))
			}
		}
		// char: every code point but whitespace, an invalid byte on its own.
		var want []string
		for i := 0; i < len(text); {
			r, w := utf8.DecodeRuneInString(text[i:])
			if !py.IsSpace(r) || (r == utf8.RuneError && w == 1) {
				want = append(want, text[i:i+w])
			}
			i += w
		}
		if got := TokenizerChar.Tokenize(nil, text); !slices.Equal(want, got) {
			t.Errorf("%s, char: %d tokens, want %d", name, len(got), len(want))
		}
	}
}

// BenchmarkLongLine adds one segment whose hypothesis and reference are
// each a line of a million tokens and reports the bytes allocated per
// token of the segment (hypothesis and reference tokens together), an
// upper bound of the memory it holds at once ("B/token"): text of one
// repeated word, of two, of punctuation, and the en-de set joined into one
// line (when the conformance set is present).
func BenchmarkLongLine(b *testing.B) {
	lines := []struct{ name, hyp, ref string }{
		{"a", strings.Repeat("a ", 1e6), strings.Repeat("a ", 1e6)},
		{"ab_cd", strings.Repeat("ab cd ", 5e5), strings.Repeat("cd ab ", 5e5)},
		{"periods", strings.Repeat(".", 1e6), strings.Repeat(".", 1e6)},
	}
	if dir := conformanceDirOrEmpty(); dir != "" {
		h := strings.Join(readSegments(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt")), " ")
		r := strings.Join(readSegments(b, filepath.Join(dir, "data", "en-de", "ref.txt")), " ")
		lines = append(lines, struct{ name, hyp, ref string }{"en-de_x5", strings.Repeat(h+" ", 5), strings.Repeat(r+" ", 5)})
	}
	for _, l := range lines {
		b.Run(l.name, func(b *testing.B) {
			tokens := len(Tokenizer13a.Tokenize(nil, l.hyp)) + len(Tokenizer13a.Tokenize(nil, l.ref))
			var m0, m1 runtime.MemStats
			var allocated uint64
			for b.Loop() {
				runtime.ReadMemStats(&m0)
				var s Stats
				if err := s.Add(l.hyp, l.ref); err != nil {
					b.Fatal(err)
				}
				runtime.ReadMemStats(&m1)
				allocated += m1.TotalAlloc - m0.TotalAlloc
			}
			b.ReportMetric(float64(allocated)/float64(b.N)/float64(tokens), "B/token")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(tokens), "ns/token")
		})
	}
}

// TestLongSegmentMemory checks the memory one long segment allocates (an
// upper bound of what it holds at once): under 48 bytes a token of
// hypothesis and reference together for a line of a million tokens a
// side (some 33 today; it was 135 when the tables were sized by the
// length of the segment rather than by its distinct words).
func TestLongSegmentMemory(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a line of a million tokens a side; the race detector's allocations are larger")
	}
	hyp, ref := strings.Repeat("a b ", 5e5), strings.Repeat("b a ", 5e5)
	var s Stats
	if err := s.Add("warm up", "warm up"); err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	if err := s.Add(hyp, ref); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	const tokens = 2e6
	if perToken := float64(m1.TotalAlloc-m0.TotalAlloc) / tokens; perToken > 48 {
		t.Errorf("%.1f bytes allocated a token, want at most 48", perToken)
	}
	if got, want := s.Score().Counts, []int64{1e6 + 2, 999998 + 1, 999998, 999996}; !slices.Equal(got, want) {
		t.Errorf("matches %v, want %v", got, want)
	}
}

package charngram

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/ngram"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/tokenize"
)

// charSegment counts a segment with the char tokenizer's counter, or
// returns false when it would be counted by tokens.
func charSegment(c *Counter, hyp string, refs []string, order int) (ngram.Segment, bool) {
	st := ngram.Segment{Matches: make([]int64, order), Totals: make([]int64, order)}
	ok := c.Segment(&st, hyp, refs)
	return st, ok
}

// TestCharCounterMatchesNaive compares the char tokenizer's counter with
// naiveStats of the char tokens, on random segments over small alphabets
// (so that n-grams repeat and long ones match) with whitespace, NUL,
// non-ASCII and astral characters, at lengths on both sides of its
// limits.
// One counter does them all in turn, as Stats does, its stamps wrapping
// around halfway.
func TestCharCounterMatchesNaive(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "b", "c", "e", " ", "\x00", "é", "ß", "\u3000", "\u2028", "中", "😀", "🙂", "\t", ".", "\x1f", "\ufeff", "\u00a0"}
	// More letters, for long hypotheses with many distinct n-grams.
	letters := append(slices.Clip(alphabet), strings.Split("fghijklmnopqrstuvwxyzABCDEFGHIJ", "")...)
	text := func(alphabet []string, n, v int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(v)])
		}
		return b.String()
	}
	c := Counter{longText: charLongAfter} // long hypotheses counted from the first
	var long, refused, several int
	n := 3000
	if testing.Short() {
		n = 600
	}
	for i := range n {
		if i == n/2 {
			c.gen = charGenMask - 3 // as if after many more segments
		}
		var hypLen int
		alpha := alphabet
		switch i % 5 {
		case 0:
			hypLen = r.IntN(20)
		case 1:
			hypLen = 60 + r.IntN(30)
		case 2:
			hypLen = r.IntN(300)
		case 3:
			hypLen = maxCharHyp - 40 + r.IntN(80)
		default:
			// countHypLong's, some with more distinct bigrams or
			// trigrams than it numbers.
			hypLen = maxCharHyp + r.IntN(3000)
			if r.IntN(2) == 0 {
				alpha = letters
			}
		}
		v := 1 + r.IntN(len(alpha))
		order := []int{4, 4, 4, 1, 2, 3, 5}[r.IntN(7)]
		hyp := text(alpha, hypLen, v)
		var refs []string
		for range 1 + r.IntN(2)*r.IntN(3) {
			rl := max(0, hypLen+r.IntN(21)-10)
			if r.IntN(4) == 0 {
				rl = r.IntN(2*hypLen + 1)
			}
			refs = append(refs, text(alpha, rl, v))
		}
		var refToks [][]string
		for _, ref := range refs {
			refToks = append(refToks, tokenize.AppendChars(nil, ref))
		}
		want := naiveStats(tokenize.AppendChars(nil, hyp), refToks, order)
		got, ok := charSegment(&c, hyp, refs, order)
		if !ok {
			if n := len(tokenize.AppendChars(nil, hyp)); order <= 4 {
				if n <= maxCharHyp {
					t.Fatalf("segment %d: %q counted by tokens", i, hyp)
				}
				refused++
			}
			continue
		}
		if got.HypLen > maxCharHyp {
			long++
		}
		if len(refs) > 1 {
			several++
		}
		if d := diffSegmentStats(want, got); d != "" {
			t.Fatalf("segment %d: hypothesis %q, references %q, order %d (-naive +counter):\n%s", i, hyp, refs, order, d)
		}
	}
	if long == 0 || refused == 0 {
		t.Errorf("of the hypotheses longer than maxCharHyp, %d were counted and %d refused: want some of each", long, refused)
	}
	if several < n/5 {
		t.Errorf("%d segments with several references counted of %d: want a fifth at least", several, n)
	}

	// Texts longer than cpu.AsmPiece bytes, which the assembly leaves to the
	// Go loops: a reference against a short hypothesis, and against one
	// longer than maxCharHyp or cpu.AsmPiece, alone and with a second
	// reference. The reference is a character the hypothesis lacks but
	// for its end, a piece of the hypothesis.
	for _, tt := range []struct{ hypLen, refLen, refs int }{
		{200, 3*cpu.AsmPiece + 5, 1}, {maxCharHyp + 300, cpu.AsmPiece + 1, 1},
		{200, 3*cpu.AsmPiece + 5, 2}, {maxCharHyp + 300, cpu.AsmPiece + 1, 2},
		{3 * cpu.AsmPiece, 10, 1}, {3 * cpu.AsmPiece, 10, 2},
	} {
		hyp := text(alphabet, tt.hypLen, 8)
		refs := []string{strings.Repeat("q", tt.refLen) + string([]rune(hyp)[:tt.hypLen/2])}
		if tt.refs == 2 {
			refs = append(refs, string([]rune(hyp)[tt.hypLen/3:]))
		}
		got, ok := charSegment(&c, hyp, refs, 4)
		if !ok {
			t.Fatalf("%d and %d characters, %d references: counted by tokens", tt.hypLen, tt.refLen, tt.refs)
		}
		var refToks [][]string
		for _, ref := range refs {
			refToks = append(refToks, tokenize.AppendChars(nil, ref))
		}
		want := naiveStats(tokenize.AppendChars(nil, hyp), refToks, 4)
		if d := diffSegmentStats(want, got); d != "" {
			t.Errorf("%d and %d characters, %d references (-naive +counter):\n%s", tt.hypLen, tt.refLen, tt.refs, d)
		}
	}
}

// TestCharRefusedReference checks that a segment whose second or third
// reference the char tokenizer's counter refuses (invalid UTF-8), after
// the first has been counted, leaves nothing behind: the next segment,
// the same texts but for the refused reference, counts as naiveStats
// does, with several references still. The hypothesis is short, and
// longer than maxCharHyp characters (whose 4-grams are counted apart).
func TestCharRefusedReference(t *testing.T) {
	long := strings.Repeat("abcab abcab caba ", maxCharHyp/12)
	if n := len(tokenize.AppendChars(nil, long)); n <= maxCharHyp {
		t.Fatalf("the long hypothesis has %d characters, not more than %d", n, maxCharHyp)
	}
	for _, tt := range []struct {
		hyp  string
		refs []string
		bad  int
	}{
		{"abcab abcab caba", []string{"abcab", "ab\xffca", "bca"}, 1},
		{"abcab abcab caba", []string{"abcab bca", "cab", "abc\xff"}, 2},
		{"abcab abcab caba", []string{"bcabc", "abcab abc", "ca\xffb", "abcab"}, 2},
		// More of each n-gram in the first reference than in the
		// hypothesis: a count of the hypothesis's left behind shows.
		{long, []string{long + long, "ab\xffca", "bcabc"}, 1},
		{long, []string{"bcabc", long[50:], "ca\xffb", long[:300]}, 2},
	} {
		hyp := tt.hyp
		c := Counter{longText: charLongAfter} // long hypotheses counted from the first
		if _, ok := charSegment(&c, hyp, tt.refs, 4); ok {
			t.Fatalf("references %q: counted", tt.refs)
		}
		refs := slices.Delete(slices.Clone(tt.refs), tt.bad, tt.bad+1)
		got, ok := charSegment(&c, hyp, refs, 4)
		if !ok {
			t.Fatalf("references %q: counted by tokens", refs)
		}
		var refToks [][]string
		for _, ref := range refs {
			refToks = append(refToks, tokenize.AppendChars(nil, ref))
		}
		want := naiveStats(tokenize.AppendChars(nil, hyp), refToks, 4)
		if d := diffSegmentStats(want, got); d != "" {
			t.Errorf("references %q after %q (-naive +counter):\n%s", refs, tt.refs, d)
		}
	}
}

// TestCharLongLimit checks the limit of the hypotheses longer than
// maxCharHyp: one with charLongNums-1 distinct trigrams is counted, as
// naiveStats does, against a reference with every n-gram of it and more
// (in a counter whose tables hold an earlier segment's), and one with a
// trigram more is refused. The bigrams run out only with the trigrams,
// give or take one (each new bigram but the first ends a new trigram):
// the last text, where every bigram and so every trigram is new, has one
// bigram past the limit and charLongNums-1 trigrams.
func TestCharLongLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for _, k := range []int{20, 36, 62, 0} {
		// A text of random letters up to its first trigram past the limit.
		var text []byte
		seen := map[string]bool{}
		for len(seen) < charLongNums && k > 0 {
			text = append(text, letters[r.IntN(k)])
			if len(text) >= 3 {
				seen[string(text[len(text)-3:])] = true
			}
		}
		if k == 0 {
			// Each bigram of 46 letters once (a de Bruijn sequence),
			// up to the first past the limit.
			text = deBruijn2(letters[:46])[:charLongNums+1]
			bi, tri := map[string]bool{}, map[string]bool{}
			for i := range len(text) - 1 {
				bi[string(text[i:i+2])] = true
			}
			for i := range len(text) - 2 {
				tri[string(text[i:i+3])] = true
			}
			if len(bi) != charLongNums || len(tri) != charLongNums-1 {
				t.Fatalf("de Bruijn: %d bigrams and %d trigrams", len(bi), len(tri))
			}
		}
		c := Counter{longText: charLongAfter}
		fits := string(text[:len(text)-1])
		for _, hyp := range []string{fits, string(text)} {
			if len(hyp) <= maxCharHyp {
				t.Fatalf("%d letters, not more than maxCharHyp", len(hyp))
			}
			refs := []string{hyp[len(hyp)/3:] + " " + fits, hyp[:len(hyp)/2]}
			got, ok := charSegment(&c, hyp, refs, 4)
			if hyp == fits {
				if !ok {
					t.Fatalf("%d letters: %d characters, refused", k, len(hyp))
				}
				want := naiveStats(tokenize.AppendChars(nil, hyp), [][]string{tokenize.AppendChars(nil, refs[0]), tokenize.AppendChars(nil, refs[1])}, 4)
				if d := diffSegmentStats(want, got); d != "" {
					t.Errorf("%d letters (-naive +counter):\n%s", k, d)
				}
			} else if ok {
				t.Errorf("%d letters: %d characters, a trigram past the limit, counted", k, len(hyp))
			}
		}
	}
}

// TestCharLongAfter checks that a Counter leaves hypotheses of more
// than maxCharHyp characters to counting by tokens, without making their
// tables, until it has seen charLongAfter characters of them, and counts
// them after, while shorter ones are counted all along.
func TestCharLongAfter(t *testing.T) {
	long := strings.Repeat("abcdefghij", 60) // 600 characters
	var c Counter
	seen := 0
	for seen+len(long) < charLongAfter {
		if _, ok := charSegment(&c, long, []string{long}, 4); ok || c.long != nil {
			t.Fatalf("after %d characters of long hypotheses: counted %v, tables made %v", seen, ok, c.long != nil)
		}
		seen += len(long)
		if _, ok := charSegment(&c, "abc", []string{"abd"}, 4); !ok {
			t.Fatalf("a short hypothesis refused")
		}
	}
	for _, refs := range [][]string{{long}, {long[10:], long}} {
		got, ok := charSegment(&c, long, refs, 4)
		if !ok || c.long == nil {
			t.Fatalf("after %d characters of long hypotheses, %d references: counted %v, tables made %v", seen, len(refs), ok, c.long != nil)
		}
		seen += len(long)
		var refToks [][]string
		for _, ref := range refs {
			refToks = append(refToks, tokenize.AppendChars(nil, ref))
		}
		want := naiveStats(tokenize.AppendChars(nil, long), refToks, 4)
		if d := diffSegmentStats(want, got); d != "" {
			t.Errorf("%d references (-naive +counter):\n%s", len(refs), d)
		}
	}
}

// deBruijn2 returns a text of the letters in which each pair of them
// occurs once: a path through the graph of the letters that takes each
// pair once (Hierholzer's way).
func deBruijn2(letters string) []byte {
	k := len(letters)
	next := make([]int, k) // the next letter to follow each
	var path []byte
	var walk func(a int)
	walk = func(a int) {
		for next[a] < k {
			b := next[a]
			next[a]++
			walk(b)
		}
		path = append(path, letters[a])
	}
	walk(0)
	slices.Reverse(path)
	return path
}

// FuzzCharCounterMatchesNaive compares the char tokenizer's counter with
// naiveStats of the char tokens on any two texts: the hypothesis repeated
// repeat times (past maxCharHyp, into the long tables, at the largest
// counts), and the references, ref's lines (up to four). Invalid UTF-8
// must be refused, not counted.
func FuzzCharCounterMatchesNaive(f *testing.F) {
	f.Add("abcab ab", "abc abd", uint8(4), uint8(0))
	f.Add("ääää\x00 a", "ä\x00ä", uint8(2), uint8(3))
	f.Add("中文字中文", "中文 😀字", uint8(3), uint8(1))
	f.Add("aaaa", "aaaaaaaaaaaa", uint8(4), uint8(200))
	f.Add("abcab abcab", "abcab\nab ab ca\nbbbb", uint8(4), uint8(0))
	f.Add("aaab aaab", "aa\naaaa\naab\n\n", uint8(4), uint8(130))
	// One counter for every input, as a Stats has, counting long
	// hypotheses from the first.
	c := Counter{longText: charLongAfter}
	f.Fuzz(func(t *testing.T, hyp, ref string, order, repeat uint8) {
		hyp = strings.Repeat(hyp, 1+int(repeat)%200)
		k := 1 + int(order)%5
		refs := strings.SplitN(ref, "\n", 4)
		got, ok := charSegment(&c, hyp, refs, k)
		valid := utf8.ValidString(hyp) && utf8.ValidString(ref)
		if !valid {
			if ok {
				t.Fatalf("invalid UTF-8 counted")
			}
			return
		}
		hw := tokenize.AppendChars(nil, hyp)
		if !ok {
			if k <= 4 && len(hw) <= maxCharHyp && charIDsFit(hyp) {
				t.Fatalf("%d characters, order %d: counted by tokens", len(hw), k)
			}
			return
		}
		var rws [][]string
		for _, r := range refs {
			rws = append(rws, tokenize.AppendChars(nil, r))
		}
		want := naiveStats(hw, rws, k)
		if d := diffSegmentStats(want, got); d != "" {
			t.Fatalf("%d hypothesis characters, %d references, order %d (-naive +counter):\n%s", len(hw), len(refs), k, d)
		}
	})
}

// charIDsFit reports whether the non-ASCII characters of hyp, but
// whitespace, have ids enough.
func charIDsFit(hyp string) bool {
	seen := map[rune]bool{}
	for _, r := range hyp {
		if r >= utf8.RuneSelf && !py.IsSpace(r) {
			seen[r] = true
		}
	}
	return len(seen) <= charWideIDs
}

// TestCharText compares the ids that text makes with those of a plain
// loop over the characters, on random texts of all ASCII bytes, with some
// non-ASCII ones, at every length up to past a few blocks of eight bytes,
// so that each byte of a block, and of the last, is whitespace, kept or
// non-ASCII in some of them, and runs of non-ASCII characters; and that it
// refuses exactly the texts that are not valid UTF-8.
func TestCharText(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	wide := []string{"é", "ß", "中", "文", "。", "あ", "😀", "\u3000", "\u00a0", "\u1680", "\u0800", "\ud7ff", "\ue000", "\uffff",
		"\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\xbf\xbf", "\xe4\xb8", "\xe4", "\xc0\x80", "\xc2", "\xff", "\xf0\x9f"}
	var c Counter
	c.wide = new([1 << 16]uint32)
	for i := range 40000 {
		var b strings.Builder
		p := 8 // one byte in p is non-ASCII
		if i%2 == 1 {
			p = 2
		}
		for range r.IntN(40) {
			if r.IntN(p) == 0 {
				w := wide[r.IntN(len(wide))]
				if i%4 < 2 {
					w = wide[r.IntN(14)] // valid UTF-8 only
				}
				b.WriteString(w)
			} else {
				b.WriteByte(byte(r.IntN(utf8.RuneSelf)))
			}
		}
		s := b.String()
		c.gen++
		c.nextID = 0x80
		clear(c.astral)
		got, ok := c.text(nil, s, true)
		if valid := utf8.ValidString(s); ok != valid {
			t.Fatalf("text %d: %q: counted %v, valid UTF-8 %v", i, s, ok, valid)
		}
		if !ok {
			continue
		}
		var want []uint8
		ids := map[rune]uint8{}
		for _, ch := range s {
			switch {
			case py.IsSpace(ch):
			case ch < utf8.RuneSelf:
				want = append(want, uint8(ch))
			default:
				if _, ok := ids[ch]; !ok {
					ids[ch] = uint8(0x80 + len(ids))
				}
				want = append(want, ids[ch])
			}
		}
		if string(got) != string(want) {
			t.Fatalf("text %d: %q gives %v, want %v", i, s, got, want)
		}
	}
}

// TestCopyASCII16 checks copyASCII16 (in assembly, on amd64 processors
// with SSSE3) against a plain loop on texts of ASCII letters and every
// ASCII whitespace, with a non-ASCII byte here and there, from every
// start.
func TestCopyASCII16(t *testing.T) {
	if !cpu.HasSSSE3 {
		t.Skip("copyASCII16 is not used here")
	}
	r := rand.New(rand.NewPCG(16, 17))
	pieces := []string{"a", "Z", "0", "~", " ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x08", "\x0e", "\x1b", "!", "\x7f", "\x00"}
	for n := range 5000 {
		var b strings.Builder
		for b.Len() < 16 || r.IntN(60) != 0 {
			if r.IntN(40) == 0 {
				b.WriteString([]string{"é", "\xff", "中"}[r.IntN(3)])
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		s := b.String()
		for i := range len(s) + 1 {
			// dst has the room required, and canaries after it.
			room := len(s) - i + 8
			buf := bytes.Repeat([]byte{0xAA}, room+16)
			got := buf[:room:room]
			next, written := copyASCII16(got, s, i, &charShuf)
			if c := bytes.Count(buf[room:], []byte{0xAA}); c != 16 {
				t.Fatalf("text %d: copyASCII16(%q, %d) wrote past the room it was given", n, s, i)
			}
			var want []uint8
			j := i
			for ; j < len(s) && s[j] < utf8.RuneSelf; j++ {
				if !py.IsSpace(rune(s[j])) {
					want = append(want, s[j])
				}
			}
			if next != j || string(got[:written]) != string(want) {
				t.Fatalf("text %d: copyASCII16(%q, %d) = %d, %q; want %d, %q", n, s, i, next, got[:written], j, want)
			}
		}
	}
}

// diffSegmentStats returns "" when a and b are equal and their cmp.Diff
// otherwise.
func diffSegmentStats(a, b ngram.Segment) string {
	return conftest.DiffCounts(conftest.Counts(a), conftest.Counts(b))
}

// naiveStats is conftest.Naive: the statistics of one segment counted the
// obvious way, which the counter must match.
func naiveStats(hyp []string, refs [][]string, order int) ngram.Segment {
	return ngram.Segment(conftest.Naive(hyp, refs, order))
}

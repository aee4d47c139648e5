package ngram

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/swar"
	"github.com/go-bleu/bleu/internal/tokenize"
	"github.com/google/go-cmp/cmp"
)

// BenchmarkCount counts the n-grams of the en-de conformance set from
// words tokenized beforehand: the cost of the counter alone.
func BenchmarkCount(b *testing.B) {
	hyps, refs, _ := benchCorpus(b)
	var hw, rw [][]string
	words := 0
	for i := range hyps {
		hw = append(hw, tokens(tokenize.Kind13a, hyps[i]))
		rw = append(rw, tokens(tokenize.Kind13a, refs[i]))
		words += len(hw[i]) + len(rw[i])
	}
	var c Counter
	st := Segment{Matches: make([]int64, 4), Totals: make([]int64, 4)}
	for b.Loop() {
		for i := range hw {
			c.Begin(&st, hw[i], hyps[i])
			c.AddRef(&st, rw[i], refs[i], true)
			c.Finish(&st)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(words), "ns/word")
}

// BenchmarkLongRegimes counts the en-de set as documents of k segments,
// tokenized beforehand (13a, and char as its tokens go when they take
// counting by tokens), both regimes that finishLong has, in turns: with lists of
// positions and with n-gram tables. It reports each regime's time a corpus
// ("lists-ns", "tables-ns"), their ratio ("x"), and the share of the
// documents counted by finishLong for which positional chooses lists
// ("chose-lists"; the others have at most 256 tokens).
func BenchmarkLongRegimes(b *testing.B) {
	hyps, refs, _ := benchCorpus(b)
	for _, bm := range []struct {
		tok tokenize.Kind
		k   int
	}{{tokenize.Kind13a, 16}, {tokenize.Kind13a, 64}, {tokenize.Kind13a, 256}, {tokenize.Kind13a, 1024}, {tokenize.KindChar, 1}, {tokenize.KindChar, 4}} {
		var ht, rt []string
		var hw, rw [][]string
		for i := 0; i+bm.k <= len(hyps); i += bm.k {
			ht = append(ht, strings.Join(hyps[i:i+bm.k], " "))
			rt = append(rt, strings.Join(refs[i:i+bm.k], " "))
			hw = append(hw, tokens(bm.tok, ht[len(ht)-1]))
			rw = append(rw, tokens(bm.tok, rt[len(rt)-1]))
		}
		b.Run(fmt.Sprintf("%s/%d", bm.tok, bm.k), func(b *testing.B) {
			var c Counter
			st := Segment{Matches: make([]int64, 4), Totals: make([]int64, 4)}
			var took [2]time.Duration
			chose, long := 0, 0
			for b.Loop() {
				for way, lists := range []bool{true, false} {
					start := time.Now()
					for i := range hw {
						c.Begin(&st, hw[i], ht[i])
						c.AddRef(&st, rw[i], rt[i], true)
						if c.width != 0 {
							c.Finish(&st)
							continue
						}
						if way == 0 {
							long++
							chose += swar.B2I(c.positional())
						}
						c.finishLong(&st, lists)
					}
					took[way] += time.Since(start)
				}
			}
			n := float64(b.N)
			b.ReportMetric(float64(took[0].Nanoseconds())/n, "lists-ns")
			b.ReportMetric(float64(took[1].Nanoseconds())/n, "tables-ns")
			b.ReportMetric(float64(took[1])/float64(took[0]), "x")
			b.ReportMetric(float64(chose)/float64(max(1, long)), "chose-lists")
		})
	}
}

// TestWordKey checks that a word's key is the same whether it is read
// from the text it lies in or on its own, wherever it lies and whatever
// its length, and that keys of words of up to 16 bytes tell them apart.
func TestWordKey(t *testing.T) {
	c := Counter{seed0: 7}
	wordKey := func(w, text string, seed uint64) (a, b uint64) {
		k := c.keysOf([]string{w}, text)[0]
		return k.a, k.b
	}
	const text = "ab\x00cdefghijklmnopqrstuvwxyz0123456789\xff\x00\x00\x00ABCDEFGHIJKLMNOPQRSTUVWXYZ aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	type key struct {
		a, b uint64
		n    int
	}
	seen := map[key]string{}
	for i := 0; i <= len(text); i++ {
		for j := i; j <= len(text); j++ {
			w := text[i:j]
			a, b := wordKey(w, text, 7)
			sa, sb := wordKeySlow(w, 7)
			copied := string([]byte(w)) // not a substring of text
			ca, cb := wordKey(copied, text, 7)
			if a != sa || b != sb || a != ca || b != cb {
				t.Fatalf("key of text[%d:%d] = %x,%x in text, %x,%x alone, %x,%x copied", i, j, a, b, sa, sb, ca, cb)
			}
			if len(w) > 16 {
				continue
			}
			k := key{a, b, len(w)}
			if other, ok := seen[k]; ok && other != w {
				t.Fatalf("%q and %q have the same key", other, w)
			}
			seen[k] = w
		}
	}
	// A word that ends in the text but starts before it (as a word from
	// another buffer may lie just before it in memory) is read on its own:
	// its offset from the text, negative, must not wrap around.
	for d := 1; d <= 8; d++ {
		for n := d + 1; n <= 16; n++ {
			txt, w := text[d:], text[:n]
			a, b := wordKey(w, txt, 7)
			sa, sb := wordKeySlow(w, 7)
			if a != sa || b != sb {
				t.Fatalf("key of a word %d bytes before the text = %x,%x, want %x,%x", d, a, b, sa, sb)
			}
		}
	}
	// A word that starts in the text but runs past its end is read on its
	// own.
	buf := text + "zz"
	txt, w := buf[:len(text)-10], buf[len(text)-13:]
	a, b := wordKey(w, txt, 7)
	sa, sb := wordKeySlow(w, 7)
	if a != sa || b != sb {
		t.Errorf("key of a word running past the text = %x,%x, want %x,%x", a, b, sa, sb)
	}
}

// diffSegmentStats returns "" when a and b are equal and their cmp.Diff
// otherwise.
func diffSegmentStats(a, b Segment) string {
	return conftest.DiffCounts(conftest.Counts(a), conftest.Counts(b))
}

// naiveStats is conftest.Naive: the statistics of one segment counted the
// obvious way, which the counter must match.
func naiveStats(hyp []string, refs [][]string, order int) Segment {
	return Segment(conftest.Naive(hyp, refs, order))
}

// counterStats runs c over one segment whose words are substrings of
// hypText and refTexts.
func counterStats(c *Counter, hyp []string, hypText string, refs [][]string, refTexts []string, order int) Segment {
	st := Segment{Matches: make([]int64, order), Totals: make([]int64, order)}
	c.Begin(&st, hyp, hypText)
	for i, r := range refs {
		c.AddRef(&st, r, refTexts[i], len(refs) == 1)
	}
	c.Finish(&st)
	return st
}

// counterStatsLong is counterStats for a segment counted by finishLong,
// the regime lists says; it also returns the regime positional chose.
func counterStatsLong(t testing.TB, c *Counter, hyp []string, hypText string, refs [][]string, refTexts []string, order int, lists bool) (st Segment, chose bool) {
	st = Segment{Matches: make([]int64, order), Totals: make([]int64, order)}
	c.Begin(&st, hyp, hypText)
	for i, r := range refs {
		c.AddRef(&st, r, refTexts[i], len(refs) == 1)
	}
	if c.width != 0 {
		t.Fatalf("%d hypothesis words, order %d: counted with sets", len(hyp), order)
	}
	chose = c.positional()
	c.finishLong(&st, lists)
	return st, chose
}

// TestCounterMatchesNaive compares the counter with naiveStats on random
// segments over small vocabularies, so that n-grams repeat and long ones
// match, at lengths that take each of the counter's regimes: one word of
// bits, several, and tables. One counter does them all in turn, as Stats
// does.
func TestCounterMatchesNaive(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	vocab := []string{"a", "b", "the", "cat", ",", ".", "Donaudampfschifffahrt", "Donaudampfschiffahrt", "éé", "x\x00", "x"}
	words := func(n, v int) (string, []string) {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = vocab[r.IntN(v)]
		}
		text := strings.Join(ws, " ")
		return text, strings.Fields(text) // substrings of text
	}
	var c Counter
	n := 2000
	if testing.Short() {
		n = 400
	}
	for i := range n {
		var hypLen int
		switch i % 4 {
		case 0, 1:
			hypLen = r.IntN(70)
		case 2:
			hypLen = 60 + r.IntN(64*maxWidth)
		default:
			hypLen = 64*maxWidth - 10 + r.IntN(40)
		}
		v := 1 + r.IntN(len(vocab))
		order := []int{4, 4, 1, 2, 3, 5, 7, 70}[r.IntN(8)]
		if order > 7 && hypLen > 70 {
			order = 4 // keep the naive count quick
		}
		hypText, hyp := words(hypLen, v)
		var refs [][]string
		var refTexts []string
		for range 1 + r.IntN(3) {
			rl := max(0, hypLen+r.IntN(21)-10)
			if r.IntN(4) == 0 {
				rl = r.IntN(2*hypLen + 1)
			}
			text, ws := words(rl, v)
			refs = append(refs, ws)
			refTexts = append(refTexts, text)
		}
		want := naiveStats(hyp, refs, order)
		got := counterStats(&c, hyp, hypText, refs, refTexts, order)
		if d := diffSegmentStats(want, got); d != "" {
			t.Fatalf("segment %d: %d hypothesis words, %d references, order %d (-naive +counter):\n%s", i, hypLen, len(refs), order, d)
		}
	}

	// A reference longer than cpu.AsmPiece words against a short hypothesis:
	// the assembly probes it in pieces and leaves its matching to Go. It
	// is a word the hypothesis lacks but for pieces of the hypothesis
	// around the cuts, so that a word's positions found wrong would show.
	for _, order := range []int{4, 3} {
		hypText, hyp := words(50, len(vocab))
		fill := make([]string, 2*cpu.AsmPiece+7)
		for i := range fill {
			fill[i] = "zz"
		}
		for k, at := range []int{cpu.AsmPiece - 3, cpu.AsmPiece - 1, 2*cpu.AsmPiece - 2, 2*cpu.AsmPiece + 2} {
			copy(fill[at:], hyp[10*k:10*k+5])
		}
		refText := strings.Join(fill, " ")
		ref := strings.Fields(refText)
		want := naiveStats(hyp, [][]string{ref}, order)
		got := counterStats(&c, hyp, hypText, [][]string{ref}, []string{refText}, order)
		if d := diffSegmentStats(want, got); d != "" {
			t.Errorf("a reference of %d words, order %d (-naive +counter):\n%s", len(ref), order, d)
		}
	}
}

// TestLongRegimes counts segments too long for sets of positions both regimes,
// with lists of positions and with n-gram tables, and compares both with
// naiveStats at several orders, with one and two references: text whose
// word frequencies follow Zipf's law, as natural text's do; documents of
// the en-de set when present; repetitive text; a hypothesis longer than
// maxPositional; and bigrams at the hypothesis's first word. It checks
// that positional takes lists for the natural text and tables for the
// others, and that the conformance set's long lines take both regimes, so
// that TestConformance checks both against sacreBLEU.
func TestLongRegimes(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(7, 8))
	zipf := rand.NewZipf(r, 1.2, 8, 20000)
	natural := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("w%d", zipf.Uint64())
		}
		return strings.Join(ws, " ")
	}
	repetitive := func(n int) string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = []string{"a", "b", "c"}[r.IntN(3)]
		}
		return strings.Join(ws, " ")
	}
	type seg struct {
		name  string
		hyp   string
		refs  []string
		lists bool // what positional should choose
	}
	var segs []seg
	for _, n := range []int{300, 1300, 5000} {
		segs = append(segs,
			seg{fmt.Sprintf("natural %d", n), natural(n), []string{natural(n + 20)}, true},
			seg{fmt.Sprintf("natural %d, two references", n), natural(n), []string{natural(n - 30), natural(n + 5)}, true})
	}
	// The second word of "w0 first" is the hypothesis's first, and
	// "w0 second" has its second word at position 1: the bigrams taken
	// from their second word's positions.
	{
		h := "first second " + natural(400)
		segs = append(segs, seg{"bigrams at the start", h, []string{natural(50) + " w0 first w0 second " + natural(300)}, true})
	}
	if dir := conftest.WMTDir("../.."); dir != "" {
		hyps := conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))
		refsA := conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "ref.txt"))
		refsB := conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "ref2.txt"))
		for _, k := range []int{16, 64, 512} {
			for i := 0; i+k <= len(hyps) && i < 4*k; i += k {
				h, a, b := strings.Join(hyps[i:i+k], " "), strings.Join(refsA[i:i+k], " "), strings.Join(refsB[i:i+k], " ")
				if len(strings.Fields(h)) <= 64*maxWidth {
					continue // counted with sets of positions
				}
				segs = append(segs,
					seg{fmt.Sprintf("en-de %d+%d", i, k), h, []string{a}, true},
					seg{fmt.Sprintf("en-de %d+%d, two references", i, k), h, []string{a, b}, true})
			}
		}
	}
	// The conformance set's long lines, which TestConformance checks
	// against sacreBLEU, take both regimes.
	if dir := conftest.WMTDir("../.."); dir != "" {
		for _, e := range []struct {
			name  string
			tok   tokenize.Kind
			lists bool
		}{{"long_line_10k", tokenize.KindNone, true}, {"long_line_10k", tokenize.Kind13a, false}, {"long_line_25k", tokenize.Kind13a, false}} {
			line := func(ext string) string {
				b, err := os.ReadFile(filepath.Join(dir, "edge", e.name+ext))
				if err != nil {
					t.Fatal(err)
				}
				return strings.Join(tokens(e.tok, strings.TrimRight(string(b), "\n")), " ")
			}
			segs = append(segs, seg{e.name + ", " + e.tok.String(), line(".hyp.txt"), []string{line(".ref.txt")}, e.lists})
		}
	}
	segs = append(segs,
		seg{"repetitive", repetitive(400), []string{repetitive(390)}, false},
		seg{"repetitive, two references", repetitive(1000), []string{repetitive(1000), repetitive(900)}, false},
		seg{"longer than maxPositional", natural(maxPositional + 1), []string{natural(maxPositional)}, false})

	var c Counter
	for _, sg := range segs {
		hyp := strings.Fields(sg.hyp)
		var refs [][]string
		for _, rt := range sg.refs {
			refs = append(refs, strings.Fields(rt))
		}
		for _, order := range []int{2, 4, 7} {
			want := naiveStats(hyp, refs, order)
			for _, lists := range []bool{true, false} {
				st, chose := counterStatsLong(t, &c, hyp, sg.hyp, refs, sg.refs, order, lists)
				if chose != sg.lists && lists && order == 4 {
					t.Errorf("%s: positional() = %v, want %v", sg.name, chose, sg.lists)
				}
				if d := diffSegmentStats(want, st); d != "" {
					t.Errorf("%s, order %d, lists %v (-naive +counter):\n%s", sg.name, order, lists, d)
				}
			}
		}
	}
}

// TestLongWordsCompared checks that words longer than 16 bytes are told
// apart by comparing them, not only by their keys: two different long
// words given the same key (a hash collision) keep slots of their own.
func TestLongWordsCompared(t *testing.T) {
	var c Counter
	st := Segment{Matches: make([]int64, 4), Totals: make([]int64, 4)}
	c.Begin(&st, nil, "")
	w1, w2 := "Donaudampfschifffahrt", "Donaudampfschiffahrtx"
	k := wkey{a: 1, b: 2, n: uint32(len(w1))} // the same for both
	e1 := c.slotLong(k, w1)
	e1.bits = 1
	e2 := c.slotLong(k, w2)
	if e1 == e2 {
		t.Fatal("two long words with the same key share a slot")
	}
	e2.bits = 2
	if e := c.slotLong(k, w1); e != e1 {
		t.Error("a long word seen again got a new slot")
	}
	for _, tt := range []struct {
		w    string
		want uint64
	}{{w1, 1}, {w2, 2}, {"Donaudampfschiffahrty", 0}} {
		var got uint64
		if e := c.findLong(k, tt.w); e != nil {
			got = e.bits
		}
		if got != tt.want {
			t.Errorf("findLong(%q) has bits %d, want %d", tt.w, got, tt.want)
		}
	}
}

// TestLongWordsCollide checks that refBits, in every regime,
// compares a reference word longer than 16 bytes with the hypothesis word
// whose key it shares: the table is made to hold, in the slot of one
// long hypothesis word, the key of another long word (a hash collision,
// which no test could find), and that other word must not match.
func TestLongWordsCollide(t *testing.T) {
	w1, w2 := "Donaudampfschifffahrt", "Donaudampfschiffahrtx"
	for _, n := range []int{10, 100, 300} { // short, wide, long
		hyp := make([]string, n)
		for i := range hyp {
			hyp[i] = fmt.Sprint("w", i%7)
		}
		hyp[n/2] = w1
		text := strings.Join(hyp, " ")
		var c Counter
		st := Segment{Matches: make([]int64, 4), Totals: make([]int64, 4)}
		c.Begin(&st, hyp, text)
		ref := []string{"w1", w1, w2}
		got := make([]uint64, len(ref))
		c.refBits(got, ref, w1+" "+w2)
		if got[0] == 0 || got[1] == 0 || got[2] != 0 {
			t.Errorf("%d words: refBits(%q) = %v, want the first two set and the third 0", n, ref, got)
		}
		// w1's slot, again where w2's key leads, with w2's key.
		k1 := c.keysOf([]string{w1}, w1)[0]
		k2 := c.keysOf([]string{w2}, w2)[0]
		e := c.findLong(k1, w1)
		if e == nil {
			t.Fatalf("%d words: %q is not in the table", n, w1)
		}
		// The first free slot where a search for w2 looks.
		i := k2.hash(&c) & c.words.mask
		for c.words.slots[i].stamp == c.words.gen {
			i = (i + 1) & c.words.mask
		}
		c.words.slots[i] = *e
		c.words.slots[i].a, c.words.slots[i].b = k2.a, k2.b
		c.setLong(i, w1)
		c.refBits(got[:1], []string{w2}, w2)
		if got[0] != 0 {
			t.Errorf("%d words: %q matched %q, whose key it has", n, w2, w1)
		}
	}
}

// FuzzCounterMatchesNaive is TestCounterMatchesNaive on segments the
// fuzzer builds: each byte of hyp and refs picks a word of a small
// vocabulary (so that n-grams repeat), a 0xFF in refs starts another
// reference, and repeat lengthens the hypothesis past 64 words, into the
// counter's wider sets and its tables.
func FuzzCounterMatchesNaive(f *testing.F) {
	f.Add([]byte{0, 1, 2, 0, 1}, []byte{0, 1, 2, 3}, uint8(4), uint8(0))
	f.Add([]byte{0, 0, 0, 0}, []byte{0, 0, 0xFF, 0, 0, 0}, uint8(2), uint8(1))
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, []byte{1, 2, 9, 4, 5, 0xFF, 6, 7, 8}, uint8(4), uint8(20))
	// 320 hypothesis words, for finishLong: a short reference (lists) and
	// a long one (tables).
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, []byte{3, 4, 5, 0, 1}, uint8(3), uint8(39))
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8}, bytes.Repeat([]byte{2, 3, 4, 1, 0, 7}, 60), uint8(3), uint8(39))
	vocab := []string{"a", "b", "the", "cat", ",", ".", "Donaudampfschifffahrt", "éé", "x\x00", "x", "Donaudampfschiffahrt!"}
	var c Counter // one counter for every input, as a Stats has
	f.Fuzz(func(t *testing.T, hyp, refs []byte, order, repeat uint8) {
		words := func(b []byte) (string, []string) {
			var ws []string
			for _, x := range b {
				ws = append(ws, vocab[int(x)%len(vocab)])
			}
			text := strings.Join(ws, " ")
			return text, strings.Fields(text)
		}
		var hb []byte
		for range 1 + int(repeat)%40 {
			hb = append(hb, hyp...)
		}
		hypText, hw := words(hb)
		var rws [][]string
		var rts []string
		for _, r := range bytes.Split(refs, []byte{0xFF}) {
			text, ws := words(r)
			rws = append(rws, ws)
			rts = append(rts, text)
		}
		k := 1 + int(order)%8
		want := naiveStats(hw, rws, k)
		got := counterStats(&c, hw, hypText, rws, rts, k)
		if d := diffSegmentStats(want, got); d != "" {
			t.Fatalf("%d hypothesis words, %d references, order %d (-naive +counter):\n%s", len(hw), len(rws), k, d)
		}
		if c.width == 0 {
			// Counted by finishLong: the regime not chosen counts alike.
			for _, lists := range []bool{true, false} {
				got, _ := counterStatsLong(t, &c, hw, hypText, rws, rts, k, lists)
				if d := diffSegmentStats(want, got); d != "" {
					t.Fatalf("%d hypothesis words, %d references, order %d, lists %v (-naive +counter):\n%s", len(hw), len(rws), k, lists, d)
				}
			}
		}
	})
}

// TestLongWordsAfterGrowth counts segments with many long words after
// smaller ones, so that the word table, and the record of its long
// words, grow in the middle of a segment.
func TestLongWordsAfterGrowth(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	rounds := 30
	if testing.Short() || conftest.RaceEnabled {
		rounds = 8
	}
	for range rounds {
		var c Counter
		for _, n := range []int{3, 40, 200, 1500, 3000} {
			ws := make([]string, n)
			for i := range ws {
				ws[i] = fmt.Sprintf("a-long-word-of-more-than-16-bytes-%d", r.IntN(1+n/4))
			}
			text := strings.Join(ws, " ")
			hyp := strings.Fields(text)
			refs := [][]string{hyp[:n/2], hyp[n/3:]}
			want := naiveStats(hyp, refs, 4)
			got := counterStats(&c, hyp, text, refs, []string{text, text}, 4)
			if d := diffSegmentStats(want, got); d != "" {
				t.Fatalf("%d long words (-naive +counter):\n%s", n, d)
			}
		}
	}
}

// TestProbeLoops runs the word table's probe loops, in assembly on amd64,
// and their Go versions on the same segments, a table reused from segment
// to segment with its stamps as Stats uses it (the keys of a vocabulary
// small enough for words to repeat, and some longer than 16 bytes, where
// addPositions stops): the slots and positions must be identical.
func TestProbeLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	vocab := []string{"a", "the", "cat", "sat", "on", "mat", ".", ",", "Haus", "über",
		"Donaudampfschifffahrt", "sixteen-bytes-xx", "seventeen-bytes-x", "0123456789"}
	c := Counter{seed0: 0x9E3779B97F4A7C15}
	var asm, gen wordTable
	for seg := range 3000 {
		words := make([]string, 1+r.IntN(64))
		for i := range words {
			words[i] = vocab[r.IntN(len(vocab))]
		}
		text := strings.Join(words, " ")
		keys := slices.Clone(c.keysOf(words, text))
		n := 4 * len(words)
		asm.reset(n)
		gen.reset(n)
		if seg == 1500 {
			// As if after 2^32 segments: the stamps wrap around.
			asm.gen, gen.gen = ^uint32(0), ^uint32(0)
			asm.reset(n)
			gen.reset(n)
		}
		slots, mask := unsafe.Pointer(unsafe.SliceData(gen.slots)), gen.byteMask()
		for p := 0; p < len(keys); p++ {
			pa := asm.addPositions(keys, p, c.seed0)
			pg := addPositionsGo(keys, p, slots, mask, uint64(gen.gen)<<32, c.seed0)
			if pa != pg {
				t.Fatalf("segment %d: addPositions from %d stops at %d, addPositionsGo at %d", seg, p, pa, pg)
			}
			p = pa
		}
		if !slices.Equal(gen.slots, asm.slots) {
			t.Fatalf("segment %d: slots differ (-Go +assembly):\n%s", seg, cmp.Diff(gen.slots, asm.slots, cmp.AllowUnexported(wordSlot{})))
		}
		ref := make([]string, r.IntN(80))
		for i := range ref {
			ref[i] = vocab[r.IntN(len(vocab))]
		}
		rkeys := c.keysOf(ref, strings.Join(ref, " "))
		got, want := make([]uint64, len(rkeys)), make([]uint64, len(rkeys))
		asm.positions(got, rkeys, c.seed0)
		positionsGo(want, rkeys, slots, mask, uint64(gen.gen)<<32, c.seed0)
		if diff := conftest.DiffStrings(want, got); diff != "" {
			t.Fatalf("segment %d: positions differ (-Go +assembly):\n%s", seg, diff)
		}
	}
}

// TestMatch4 compares match4BMI (in assembly on amd64 processors with
// BMI1) with match4Go on random sets of positions, sparse and dense,
// followed by the three empty sets match4 requires.
func TestMatch4(t *testing.T) {
	if !cpu.HasBMI1 {
		t.Skip("match4BMI is not used here")
	}
	r := rand.New(rand.NewPCG(4, 4))
	for i := range 20000 {
		rb := make([]uint64, r.IntN(70)+3)
		for j := range len(rb) - 3 {
			switch r.IntN(3) {
			case 0:
				rb[j] = 1 << r.IntN(64)
			case 1:
				rb[j] = r.Uint64() & r.Uint64() & r.Uint64()
			}
		}
		a0, a1, a2, a3 := match4BMI(rb)
		g0, g1, g2, g3 := match4Go(rb)
		if got, want := [4]uint64{a0, a1, a2, a3}, [4]uint64{g0, g1, g2, g3}; got != want {
			t.Fatalf("sets %d %x: match4BMI = %x, match4Go = %x", i, rb, got, want)
		}
	}
}

// tokens returns the tokens of text by the tokenizer k.
func tokens(k tokenize.Kind, text string) []string {
	var sc tokenize.Scratch
	return k.Tokenize(&sc, nil, text)
}

// benchCorpus returns the en-de hypotheses and references of the WMT
// conformance set and their bytes, or skips b without it.
func benchCorpus(b *testing.B) (hyps, refs []string, bytes int64) {
	dir := conftest.WMTDir("../..")
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

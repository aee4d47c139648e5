package chrf

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/cpu"
)

// wordText returns a random text of about n characters from alpha, with
// now and then a word of up to 40 letters, so that fields of every length
// and whitespace of every kind fall on every byte of the 64-byte blocks.
func wordText(rng *rand.Rand, alpha []rune, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if rng.IntN(8) == 0 {
			for range 1 + rng.IntN(40) {
				b.WriteByte(byte('a' + rng.IntN(3)))
			}
			continue
		}
		b.WriteRune(alpha[rng.IntN(len(alpha))])
	}
	return b.String()
}

// wordAlphabets have whitespace of every kind Python knows, one-byte and
// not, punctuation, letters of one to four bytes, and bytes that look
// like the start of whitespace but are not (U+2000's neighbours).
var wordAlphabets = []string{
	"ab ,.",
	"abc  (),.!?'\"-",
	"aäbßcé中文あア \u3000\u00a0\u0085\u2028\u2029\u202f\u205f\u1680\u2000\u200a„“",
	"\x00\t\n\v\f\r\x1c\x1d\x1e\x1f \x0e\x1b\x21\x7f~a\u200b\u180e\ufeff\u2010\u3001𝔸",
	"xyz.,;: ",
}

// numbering numbers words as the word orders must: a hypothesis's 1, 2,
// ... in the order first seen, a reference's by the same word of the
// hypothesis, or 0.
type numbering map[string]uint32

// codes returns the codes of the words of text as splitWords finds them.
func (m numbering) codes(text string, hyp bool) (words []string, codes []uint32) {
	splitWords(nil, text, func(w string) {
		id, ok := m[w]
		if !ok && hyp {
			id = uint32(len(m)) + 1
			m[w] = id
		}
		words = append(words, w)
		codes = append(codes, id)
	})
	return words, codes
}

// codesOf numbers the words of texts with tab as a counter does
// (counter.appendWords), the first text the hypothesis, the others references,
// all in one buffer, and returns their codes.
func codesOf(tab *wordTable, texts ...string) []uint32 {
	c := &counter{words: *tab}
	buf := append([]byte(strings.Join(texts, "")), make([]byte, wordPad)...)
	a := 0
	for k, text := range texts {
		c.appendWords(buf, a, a+len(text), k == 0)
		a += len(text)
	}
	*tab = c.words
	return c.toks
}

// TestTokens checks the codes of the words that appendWords finds against
// splitWords, the rule written plainly, on random texts, the reference at
// every offset of its buffer.
func TestTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	c := &counter{}
	for i := range 3000 {
		alpha := []rune(wordAlphabets[i%len(wordAlphabets)])
		texts := []string{wordText(rng, alpha, rng.IntN(300)), wordText(rng, alpha, rng.IntN(300))}
		buf := []byte(strings.Join(texts, ""))
		buf = append(buf, make([]byte, wordPad)...)
		c.words.reset()
		m := numbering{}
		a := 0
		for k, text := range texts {
			c.toks = c.toks[:0]
			c.appendWords(buf, a, a+len(text), k == 0)
			words, want := m.codes(text, k == 0)
			if !slices.Equal(c.toks, want) {
				t.Fatalf("%q: codes %v, want %v for %q", text, c.toks, want, words)
			}
			a += len(text)
		}
	}
}

// TestTokensEdges checks the codes of the words of texts at the edges of
// wordCodes's loop: fields and whitespace runs across the 64-byte blocks
// and windows, longer than a window and than cpu.AsmPiece, words of 16
// and 17 bytes split or not, and texts that end with a block.
func TestTokensEdges(t *testing.T) {
	sp := strings.Repeat
	for _, text := range []string{
		"", " ", sp(" ", 64), sp(" ", 200), sp("a", 64), sp("a", 63) + " b",
		sp(" ", 63) + "ab.", sp(" ", 64) + "ab. c", sp(" ", 100) + "a b",
		"a" + sp(" ", 64) + "b.", "a" + sp(" ", 130) + "(b" + sp(" ", 61) + "c",
		sp("x", 16) + " " + sp("y", 17) + " " + sp("z", 16) + ". (" + sp("w", 16) + " " + sp("v", 17) + ".",
		sp("q", 15) + "," + " " + sp("q", 15) + " ,",
		sp("a", 60) + " " + sp("b", 10) + " c", sp("d", 62) + " " + sp("e", 70) + " f.",
		sp(" ", 3*cpu.AsmPiece+5) + "end. of it", "a " + sp(" ", cpu.AsmPiece) + sp("b", cpu.AsmPiece) + " c",
		"ä. .ä ä.ä „x“ x\u00a0y\u3000z\u2028w", ". , ! ?",
	} {
		var tab wordTable
		tab.reset()
		codes := codesOf(&tab, text, text)
		m := numbering{}
		words, want := m.codes(text, true)
		_, wantRef := m.codes(text, false)
		if !slices.Equal(codes, append(want, wantRef...)) {
			t.Errorf("%.80q: codes %v, want %v then %v for %q", text, codes, want, wantRef, words)
		}
	}
}

// TestWordTable checks the numbers of the word table against a map's,
// over segments of few and of many distinct words (the table grows, and
// shrinks again when emptied), words of up to 40 bytes that share their
// first and last eight, and words that differ only in their length
// (trailing NUL bytes).
func TestWordTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var tab wordTable
	for seg := range 120 {
		distinct := []int{5, 50, 500, 5000}[seg%4]
		var words []string
		for range 2 * distinct {
			k := rng.IntN(distinct)
			var w string
			switch k % 4 {
			case 0:
				w = fmt.Sprint(k)
			case 1:
				w = fmt.Sprintf("prefix12%0*dsuffix12", 1+k%8, k) // the same key for a length
			case 2:
				w = "w" + strings.Repeat("\x00", k%20)
			default:
				w = fmt.Sprintf("%0*d", 9+k%8, k)
			}
			words = append(words, w)
		}
		// The hypothesis is the first half, a reference the second.
		tab.reset()
		hl := len(words) / 2
		codes := codesOf(&tab, strings.Join(words[:hl], " ")+" ", strings.Join(words[hl:], " "))
		ids := map[string]uint32{}
		for i, w := range words {
			want, ok := ids[w]
			if !ok && i < hl {
				want = uint32(len(ids)) + 1
				ids[w] = want
			}
			if codes[i] != want {
				t.Fatalf("segment %d, word %d %q: code %d, want %d", seg, i, w, codes[i], want)
			}
		}
		if int(tab.n) != len(ids) {
			t.Fatalf("segment %d: %d words numbered, want %d", seg, tab.n, len(ids))
		}
	}
}

// TestWordTableSpread checks that long words alike at both ends (numbers
// or identifiers of one length) spread over the word table: in one run of
// slots, numbering a text of them would take time quadratic in its words.
func TestWordTableSpread(t *testing.T) {
	var words []string
	for k := range 4000 {
		words = append(words, fmt.Sprintf("prefix12%06dsuffix12", k))
	}
	var tab wordTable
	tab.reset()
	codesOf(&tab, strings.Join(words, " "))
	mask := uint32(1)<<(64-tab.shift) - 1
	longest := uint32(0)
	for _, i := range tab.used[:tab.n] {
		s := &tab.slots[i]
		home := uint32(tab.hash(s.lo, s.hi, s.n) >> tab.shift)
		longest = max(longest, (i-home)&mask)
	}
	if tab.n != 4000 || longest > 32 {
		t.Errorf("%d words, one %d slots past its own", tab.n, longest)
	}
}

// TestLongTexts checks the characters, the words and their numbers of
// texts longer than cpu.AsmPiece bytes and words, which the assembly
// loops take a piece at a time or leave to the Go loops, against the
// rules written plainly.
func TestLongTexts(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i, alpha := range wordAlphabets {
		n := 3*cpu.AsmPiece + 37*i
		if i == 0 {
			n = 20 * cpu.AsmPiece // more words than cpu.AsmPiece
		}
		hyp := wordText(rng, []rune(alpha), n)
		ref := wordText(rng, []rune(alpha), n/2)
		for _, ws := range []bool{false, true} {
			c, g := &counter{p: (&Config{Whitespace: ws}).params()}, &counter{p: (&Config{Whitespace: ws}).params()}
			c.appendRunes(hyp)
			g.appendRunesGo(hyp)
			if !slices.Equal(c.runes, g.runes) {
				t.Fatalf("alphabet %d: appendRunes differs from appendRunesGo", i)
			}
		}
		buf := append([]byte(hyp+ref), make([]byte, wordPad)...)
		c := &counter{}
		c.words.reset()
		m := numbering{}
		for k, r := range [][2]int{{0, len(hyp)}, {len(hyp), len(hyp) + len(ref)}} {
			c.toks = c.toks[:0]
			c.appendWords(buf, r[0], r[1], k == 0)
			words, want := m.codes(string(buf[r[0]:r[1]]), k == 0)
			if i == 0 && k == 0 && len(want) <= cpu.AsmPiece {
				t.Fatalf("%d words, not more than cpu.AsmPiece", len(want))
			}
			if len(c.toks) != len(want) {
				t.Fatalf("alphabet %d: %d words, want %d", i, len(c.toks), len(want))
			}
			for j, w := range words {
				if c.toks[j] != want[j] {
					t.Fatalf("alphabet %d: text %d word %d %q numbered %d, want %d", i, k, j, w, c.toks[j], want[j])
				}
			}
		}
	}
}

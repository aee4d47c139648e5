package tokenize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
)

// TestLongTextTokens tokenizes texts longer than LongText, where the room
// made for the tokens is counted (tokenBound), and compares them with the
// rules applied literally: random text of every class the rules care
// about, and texts that have as many tokens as tokenBound allows or
// nearly (all punctuation, one word and spaces, CJK, spaces of other
// kinds).
func TestLongTextTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 9))
	var random strings.Builder
	for random.Len() <= LongText+1000 {
		random.WriteString(conftest.TrickyPieces[r.IntN(len(conftest.TrickyPieces))])
	}
	n := LongText + 5
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
		for _, tok := range []Kind{Kind13a, KindIntl, KindZh, KindZhFixed} {
			got := tok.tokens(nil, text)
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
		if got := KindChar.tokens(nil, text); !slices.Equal(want, got) {
			t.Errorf("%s, char: %d tokens, want %d", name, len(got), len(want))
		}
	}
}

// TestPieceCuts checks that every standard tokenizer gives a text the
// tokens of its pieces (see "Tokens a piece at a time"): at every cut of
// random text, and at the cuts nextCut picks, whose pieces are at most
// PieceBytes long where cuts are dense.
func TestPieceCuts(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(27, 10))
	n := 30000
	if testing.Short() {
		n = 3000
	}
	for range n {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(conftest.TrickyPieces[r.IntN(len(conftest.TrickyPieces))])
		}
		b.WriteString([]string{"a", "Z", "9", "word"}[r.IntN(4)])
		b.WriteByte(' ')
		b.WriteString([]string{"a", "Z", "0", "x1"}[r.IntN(4)])
		for range r.IntN(8) {
			b.WriteString(conftest.TrickyPieces[r.IntN(len(conftest.TrickyPieces))])
		}
		text := b.String()
		for i := 1; i+1 < len(text); i++ {
			if text[i] != ' ' || !isAlnum(text[i-1]) || !isAlnum(text[i+1]) {
				continue
			}
			for tok := range NumKinds {
				want := literalTokens(tok, text)
				got := append(literalTokens(tok, text[:i]), literalTokens(tok, text[i+1:])...)
				if !slices.Equal(want, got) {
					t.Errorf("%s, %q cut at %d: %q, want %q", tok, text, i, got, want)
				}
			}
		}
	}

	text := conftest.PieceText(r, 4*PieceBytes)
	for tok := range NumKinds {
		var got []string
		for from, end := 0, 0; from <= len(text); from = end + 1 {
			end = NextCut(text, from)
			if end < len(text) && end-from > PieceBytes {
				t.Errorf("a piece of %d bytes", end-from)
			}
			got = tok.tokens(got, text[from:end])
		}
		if want := tok.tokens(nil, text); !slices.Equal(want, got) {
			t.Errorf("%s: the pieces give %d tokens, the text %d", tok, len(got), len(want))
		}
	}
}

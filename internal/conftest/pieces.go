package conftest

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"
)

// TrickyPieces are pieces of text for random lines: every class of
// character the tokenizers' rules care about.
var TrickyPieces = []string{
	"a", "Z", "0", "9", "12", ".", ",", "-", "--", "'", "&", "&amp;", "&quot;", "&lt;", "&gt;",
	"<skipped>", "\n", "-\n", " ", "  ", "\t", "\u00a0", "\u3000", "\x1c", "\u2028", "$", "%", "(", ")",
	"«", "»", "—", "…", "€", "²", "½", "٣", "。", "，", "我", "日本", "\U00020000", "\u2001", "\u2fa1",
	"é", "e\u0301", "\ufeff", "\u200b", "😀", "\xff", "\xc3", "1.5", "3-4", "U.S.", "e.g.,", ".5",
	"ひらがな", "カタカナ", "・", "゛", "ー", "、", "「", "」", "！", "ｱ", "ệ", "\u1680", "\u205f", "\u2040",
	"\u2a6d", "\u2a6e", "\u2e80", "\uffef", "\ufff0", "\u2f81", "\u2fa1", "\u2fa2", "\U0002f800",
	"\xe0\x80\xa0", "\xed\xa0\x80", "\xe4\xb8", "\xe4", "\xf0\xa0", "\xc2", "\xe3\x80", "\xef\xbf\xbd",
}

// PieceText returns random text of about n bytes: the tokenizers' tricky
// pieces, words of letters and digits (some longer than 16 bytes, which
// the counter compares whole), pieces that 13a's rules rewrite into its
// scratch space, and single spaces between letters, which tokenize.NextCut takes
// as cuts. Its words come from a small vocabulary, so that n-grams of
// every order match across texts.
func PieceText(r *rand.Rand, n int) string {
	vocab := []string{"the", "a", "Haus", "2020", "x9", "a-word-longer-than-sixteen-bytes", "and.so.on.and.so.forth.x", "e.g.,x", "e.g.,a-word-longer-than-sixteen-bytes", "1.5", "&amp;", "U.S.", "ab", "cd"}
	var b strings.Builder
	for b.Len() < n {
		switch k := r.IntN(10); {
		case k < 7:
			b.WriteString(vocab[r.IntN(len(vocab))])
			b.WriteByte(' ')
		case k < 9:
			b.WriteString("w" + vocab[r.IntN(3)] + " x ")
		default:
			if p := TrickyPieces[r.IntN(len(TrickyPieces))]; utf8.ValidString(p) {
				b.WriteString(p)
			}
		}
	}
	return b.String()
}

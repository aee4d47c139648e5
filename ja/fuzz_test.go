package ja

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// isMeCabSpace reports whether MeCab (IPADIC's char.def) skips r as a space
// before a word: U+0020, tab, LF and VT. (char.def lists U+00D0 as SPACE
// too, but a later line makes it ALPHA.)
func isMeCabSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\v'
}

// FuzzTokenize checks that no input makes Tokenize panic or return an empty
// token, and that for valid UTF-8 the tokens joined together are the input
// without MeCab's spaces and Python's whitespace.
func FuzzTokenize(f *testing.F) {
	for _, s := range []string{
		"", " ", "今日は東京で大事な会議があります。", "ＪＲ東日本の〜と～、−と－", "a\u3000b  c\td\ne\vfÐg",
		"一二三〇万円", "ｱｲｳｴｵ", "\U0001F600\U0001F600漢字", "x\uffffy", "\x00\xff\xc3 \xe3\x81",
		strings.Repeat("ア", 30), strings.Repeat("a", 26) + "。", "令和元年", "$100£ ¢ ¬",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := MeCab.Tokenize(nil, s)
		for i, tok := range toks {
			if tok == "" {
				t.Fatalf("%q: token %d is empty: %q", s, i, toks)
			}
		}
		if !utf8.ValidString(s) {
			return
		}
		want := strings.Map(func(r rune) rune {
			if py.IsSpace(r) || isMeCabSpace(r) {
				return -1
			}
			return r
		}, s)
		if got := strings.Join(toks, ""); got != want {
			t.Fatalf("%q: tokens %q join to %q, want %q", s, toks, got, want)
		}
	})
}

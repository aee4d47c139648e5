package tokenize

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/unidata"
)

// Native fuzz targets of the tokenizers. Each checks properties of its
// tokenizer on every input, not only that it does not panic. Without
// -fuzz, go test runs them on the seeds of conftest.FuzzTexts and in
// testdata/fuzz/<FuzzName>/; .ci/run fuzzes each for a few seconds.

// checkTokens checks the properties every standard tokenizer has on text,
// and returns the tokens.
func checkTokens(t *testing.T, tok Kind, text string) []string {
	t.Helper()
	got := tok.tokens([]string{"keep"}, text)
	if len(got) == 0 || got[0] != "keep" {
		t.Fatalf("%s.tokens(%q) did not append to dst: %q", tok, text, got)
	}
	got = got[1:]
	for _, w := range got {
		if w == "" {
			t.Fatalf("%s.tokens(%q): empty token in %q", tok, text, got)
		}
		for _, u := range conftest.PyUnits(w) {
			if conftest.IsSpaceUnit(u) {
				t.Fatalf("%s.tokens(%q): token %q contains whitespace %q", tok, text, w, u)
			}
		}
	}
	// The hot path, with scratch space dirtied by another text, agrees.
	var sc Scratch
	tok.Tokenize(&sc, nil, "dirty the scratch space: a, b. 1-2 « x » "+text+text)
	fast := slices.Clone(tok.Tokenize(&sc, nil, text))
	if d := conftest.DiffStrings(got, fast); d != "" {
		t.Fatalf("%s: Tokenize and tokenize differ on %q (-Tokenize +tokenize):\n%s", tok, text, d)
	}
	if utf8.ValidString(text) {
		for _, w := range got {
			if !utf8.ValidString(w) {
				t.Fatalf("%s.tokens(%q): token %q is not valid UTF-8", tok, text, w)
			}
		}
	}
	return got
}

// checkSplitsOnly checks that the tokens are text without its whitespace,
// cut into pieces: the tokenizer inserted spaces and changed nothing else.
func checkSplitsOnly(t *testing.T, tok Kind, text string, toks []string) {
	t.Helper()
	if joined, want := strings.Join(toks, ""), conftest.WithoutSpace(text); joined != want {
		t.Fatalf("%s.tokens(%q) = %q: joined %q, want %q", tok, text, toks, joined, want)
	}
}

// checkAlone checks that every unit for which alone is true is a token of
// its own.
func checkAlone(t *testing.T, tok Kind, text string, toks []string, alone func(string) bool) {
	t.Helper()
	for _, w := range toks {
		units := conftest.PyUnits(w)
		if len(units) == 1 {
			continue
		}
		for _, u := range units {
			if alone(u) {
				t.Fatalf("%s.tokens(%q): %q is not a token of its own in %q", tok, text, u, w)
			}
		}
	}
}

func FuzzTokenizer13a(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		toks := checkTokens(t, Kind13a, text)
		// Rule 1 of 13a puts spaces around these ASCII characters.
		checkAlone(t, Kind13a, text, toks, func(u string) bool {
			return len(u) == 1 && u[0] < utf8.RuneSelf && is13aPunct[u[0]]
		})
		// Without the replacements (entities, <skipped>, joined lines), 13a
		// only inserts spaces.
		if !strings.Contains(text, "&") && !strings.Contains(text, "<skipped>") && !strings.Contains(text, "\n") {
			checkSplitsOnly(t, Kind13a, text, toks)
		}
	})
}

// FuzzPieceCuts checks the cut of "Tokens a piece at a time": every
// standard tokenizer gives left+"x y"+right the tokens of left+"x" and
// then those of "y"+right, with its scanners and with the rules applied
// literally.
func FuzzPieceCuts(f *testing.F) {
	for i, s := range conftest.FuzzTexts {
		f.Add(s, conftest.FuzzTexts[(i+1)%len(conftest.FuzzTexts)])
	}
	f.Fuzz(func(t *testing.T, left, right string) {
		text := left + "x y" + right
		cut := len(left) + 1
		for tok := range NumKinds {
			want := tok.tokens(nil, text)
			if got := tok.tokens(tok.tokens(nil, text[:cut]), text[cut+1:]); !slices.Equal(want, got) {
				t.Errorf("%s, %q cut at %d: %q, want %q", tok, text, cut, got, want)
			}
			if got := append(literalTokens(tok, text[:cut]), literalTokens(tok, text[cut+1:])...); !slices.Equal(literalTokens(tok, text), got) {
				t.Errorf("%s, %q cut at %d, rules applied literally: %q, want %q", tok, text, cut, got, want)
			}
		}
	})
}

func FuzzTokenizerIntl(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		toks := checkTokens(t, KindIntl, text)
		checkSplitsOnly(t, KindIntl, text, toks)
		// Rule 3 puts spaces around every symbol (\p{S} of the regex module).
		checkAlone(t, KindIntl, text, toks, func(u string) bool {
			r, n := utf8.DecodeRuneInString(u)
			return !(r == utf8.RuneError && n == 1) && unicode.Is(unidata.RegexS, r)
		})
	})
}

func FuzzTokenizerZh(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		zh := checkTokens(t, KindZh, text)
		fixed := checkTokens(t, KindZhFixed, text)
		for _, c := range []struct {
			tok  Kind
			toks []string
			isZh func(rune) bool
		}{{KindZh, zh, isZhChar}, {KindZhFixed, fixed, isZhCharFixed}} {
			checkSplitsOnly(t, c.tok, text, c.toks)
			checkAlone(t, c.tok, text, c.toks, func(u string) bool {
				r, n := utf8.DecodeRuneInString(u)
				return !(r == utf8.RuneError && n == 1) && c.isZh(r)
			})
		}
		// The two differ only through their tables.
		differ := false
		for _, r := range text {
			differ = differ || isZhChar(r) != isZhCharFixed(r)
		}
		if !differ {
			if d := conftest.DiffStrings(zh, fixed); d != "" {
				t.Fatalf("zh and zh-fixed differ on %q without a character where their tables do (-zh +zh-fixed):\n%s", text, d)
			}
		}
	})
}

func FuzzTokenizerChar(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		toks := checkTokens(t, KindChar, text)
		var want []string
		for _, u := range conftest.PyUnits(text) {
			if !conftest.IsSpaceUnit(u) {
				want = append(want, u)
			}
		}
		if d := conftest.DiffStrings(want, toks); d != "" {
			t.Fatalf("char.tokens(%q): not one code point per token (-want +got):\n%s", text, d)
		}
		for _, w := range toks {
			if utf8.RuneCountInString(w) != 1 {
				t.Fatalf("char.tokens(%q): token %q is not one code point", text, w)
			}
		}
	})
}

func FuzzTokenizerNone(f *testing.F) {
	conftest.AddTextSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		toks := checkTokens(t, KindNone, text)
		if d := conftest.DiffStrings(conftest.PySplit(text), toks); d != "" {
			t.Fatalf("none.tokens(%q) is not Python's split (-split +none):\n%s", text, d)
		}
	})
}

// tokens is Tokenize with a scratch space of its own, as package bleu's
// StandardTokenizer.Tokenize calls it: the tokens stay valid.
func (k Kind) tokens(dst []string, text string) []string {
	var sc Scratch
	return k.Tokenize(&sc, dst, text)
}

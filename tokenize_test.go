package bleu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestStandardTokenizers(t *testing.T) {
	tests := []struct {
		tok  bleu.StandardTokenizer
		in   string
		want []string
	}{
		{bleu.Tokenizer13a, "", nil},
		{bleu.Tokenizer13a, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{bleu.Tokenizer13a, "3.5% of $1,000.00", []string{"3.5", "%", "of", "$", "1,000.00"}},
		{bleu.Tokenizer13a, "a--b 3-4 x-y", []string{"a--b", "3", "-", "4", "x-y"}},
		{bleu.Tokenizer13a, ".5 and 5. a.b", []string{".", "5", "and", "5", ".", "a", ".", "b"}},
		{bleu.Tokenizer13a, "&amp;quot; &lt;b&gt; &apos;", []string{"&", "quot", ";", "<", "b", ">", "&", "apos", ";"}},
		{bleu.Tokenizer13a, "<skipped>ab<skipped>c", []string{"abc"}},
		{bleu.Tokenizer13a, "co-\nop next\nline", []string{"coop", "next", "line"}},
		{bleu.Tokenizer13a, "don't (it's) [x] {y} a/b @me #tag", []string{"don't", "(", "it's", ")", "[", "x", "]", "{", "y", "}", "a", "/", "b", "@", "me", "#", "tag"}},
		{bleu.Tokenizer13a, "1..2 a.. ,,", []string{"1", ".", ".", "2", "a", ".", ".", ",", ","}},
		{bleu.Tokenizer13a, "e.g. U.S.A.", []string{"e", ".", "g", ".", "U", ".", "S", ".", "A", "."}},
		{bleu.Tokenizer13a, "Straße,\u00a0café.", []string{"Straße", ",", "café", "."}},
		{bleu.Tokenizer13a, "a\x1cb", []string{"a", "b"}},
		{bleu.TokenizerIntl, "Hello, world!", []string{"Hello", ",", "world", "!"}},
		{bleu.TokenizerIntl, "Prices: 3.5% in 2020. Up 2.", []string{"Prices", ":", "3.5", "%", "in", "2020", ".", "Up", "2."}},
		{bleu.TokenizerIntl, "$5 for «Bonjour»", []string{"$", "5", "for", "«", "Bonjour", "»"}},
		{bleu.TokenizerZh, "我爱北京。", []string{"我", "爱", "北", "京", "。"}},
		{bleu.TokenizerZh, " 他说: hello, 世界 ", []string{"他", "说", ":", "hello", ",", "世", "界"}},
		{bleu.TokenizerZh, "\U00020000x", []string{"\U00020000x"}},
		{bleu.TokenizerZhFixed, "\U00020000x", []string{"\U00020000", "x"}},
		{bleu.TokenizerChar, "ab c\u3000日本", []string{"a", "b", "c", "日", "本"}},
		{bleu.TokenizerNone, " a\tb,\u200bc  ", []string{"a", "b,\u200bc"}},
	}
	for _, tt := range tests {
		got := tt.tok.Tokenize(nil, tt.in)
		if d := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s.Tokenize(%q) mismatch (-want +got):\n%s", tt.tok, tt.in, d)
		}
	}
}

func TestTokenizeAppends(t *testing.T) {
	dst := []string{"keep"}
	got := bleu.Tokenizer13a.Tokenize(dst, "a, b")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" {
		t.Errorf("Tokenize did not append (-want +got):\n%s", d)
	}
	// The returned tokens must survive further use of the tokenizer.
	again := bleu.Tokenizer13a.Tokenize(nil, "x, y")
	if d := cmp.Diff([]string{"keep", "a", ",", "b"}, got); d != "" || again[0] != "x" {
		t.Errorf("tokens changed by a later call:\n%s", d)
	}
}

// standardTokenizers are the tokenizers StandardTokenizer defines, in
// order: the values from 0 up to the first that String does not name.
var standardTokenizers = func() []bleu.StandardTokenizer {
	var ts []bleu.StandardTokenizer
	for t := bleu.StandardTokenizer(0); t.String() != fmt.Sprintf("StandardTokenizer(%d)", uint8(t)); t++ {
		ts = append(ts, t)
	}
	return ts
}()

func TestTokenizerByName(t *testing.T) {
	if n := len(standardTokenizers); n == 0 || standardTokenizers[n-1] < bleu.TokenizerZhFixed {
		t.Fatalf("standard tokenizers %v, want at least up to %v", standardTokenizers, bleu.TokenizerZhFixed)
	}
	for _, i := range standardTokenizers {
		tok, err := bleu.TokenizerByName(i.String())
		if err != nil || tok != i {
			t.Errorf("TokenizerByName(%q) = %v, %v", i.String(), tok, err)
		}
	}
	if _, err := bleu.TokenizerByName("ja-mecab"); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
		t.Errorf("TokenizerByName(ja-mecab) error = %v, want a bleu: error", err)
	}
}

package compat

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu"
)

// FuzzMTEval13a checks the perl scripts' tokenization (mteval13a, Perl's
// regular expressions ported to Go's) against sacreBLEU's 13a in package
// bleu, which follows the same rules: the words agree on every valid
// UTF-8 line, except that Python's whitespace has U+001C..U+001F and
// Perl's does not.
func FuzzMTEval13a(f *testing.F) {
	for _, s := range []string{
		"Hello, world! It's 3.5 km-long (roughly).",
		"1,000 people paid $5.00 each in 2021-2022.",
		"Tom &amp; Jerry &quot;fight&quot; &lt;again&gt; <skipped>",
		"  spaced\tout\u00a0words\u2028here ",
		"a.b,c 1.2,3 x-1 1-x .5 5.",
		"Straße ΟΔΟΣ İstanbul",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\x1c\x1d\x1e\x1f") {
			return
		}
		got := strings.FieldsFunc(mteval13a(s, true), isPerlSpace)
		want := bleu.Tokenizer13a.Tokenize(nil, s)
		if !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Errorf("mteval13a(%q) = %q, sacreBLEU's 13a %q", s, got, want)
		}
	})
}

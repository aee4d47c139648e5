package bleu

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The tokenizers work word by word (see "How the tokenizers work" in
// tokenize.go). These tests check that against the rules applied literally
// to whole lines, as sacreBLEU applies them.

// literalTokens tokenizes line the way sacreBLEU does: the rules over the
// whole line, then str.split.
func literalTokens(t StandardTokenizer, line string) []string {
	var sc tokScratch
	var out []byte
	switch t {
	case Tokenizer13a:
		out = rules13a(&sc, pre13a(line), true, true)
	case TokenizerIntl:
		out = rulesIntl(&sc, line, false, false)
	case TokenizerZh, TokenizerZhFixed:
		isZh := isZhChar
		if t == TokenizerZhFixed {
			isZh = isZhCharFixed
		}
		var b strings.Builder
		s := pyStrip(line)
		for i := 0; i < len(s); {
			r, n := utf8.DecodeRuneInString(s[i:])
			if n > 1 && isZh(r) {
				b.WriteByte(' ')
				b.WriteString(s[i : i+n])
				b.WriteByte(' ')
			} else {
				b.WriteString(s[i : i+n]) // invalid bytes stay as they are
			}
			i += n
		}
		out = rules13a(&sc, b.String(), false, false)
	default:
		return t.Tokenize(nil, line)
	}
	return appendPyFields(nil, string(out))
}

// tricky characters for random lines: every class the rules care about.
var trickyPieces = []string{
	"a", "Z", "0", "9", "12", ".", ",", "-", "--", "'", "&", "&amp;", "&quot;", "&lt;", "&gt;",
	"<skipped>", "\n", "-\n", " ", "  ", "\t", "\u00a0", "\u3000", "\x1c", "\u2028", "$", "%", "(", ")",
	"«", "»", "—", "…", "€", "²", "½", "٣", "。", "，", "我", "日本", "\U00020000", "\u2001", "\u2fa1",
	"é", "e\u0301", "\ufeff", "\u200b", "😀", "\xff", "\xc3", "1.5", "3-4", "U.S.", "e.g.,", ".5",
}

func randomLine(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(12) {
		b.WriteString(trickyPieces[r.IntN(len(trickyPieces))])
	}
	return b.String()
}

func TestTokenizersMatchLiteralRules(t *testing.T) {
	lines := []string{"", " ", ".", " .5", "5.", "a.", "(a)", "2020.", "x 2020.", "«a»", ".a", "a .", "1-", "-1", "我.", ".我", "a我b.c"}
	r := rand.New(rand.NewPCG(3, 4))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		lines = append(lines, randomLine(r))
	}
	if dir := conformanceDirOrEmpty(); dir != "" && !testing.Short() {
		files, _ := filepath.Glob(filepath.Join(dir, "data", "*", "*.txt"))
		edge, _ := filepath.Glob(filepath.Join(dir, "edge", "*.txt"))
		for _, f := range append(files, edge...) {
			lines = append(lines, readSegments(t, f)...)
		}
	}
	for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerIntl, TokenizerZh, TokenizerZhFixed} {
		var sc tokScratch
		for _, line := range lines {
			want := literalTokens(tok, line)
			got := tok.tokenize(&sc, nil, line)
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("%s on %q (-literal +ours):\n%s", tok, line, d)
			}
		}
	}
}

func FuzzTokenizersMatchLiteralRules(f *testing.F) {
	for _, s := range []string{"Hello, world!", "3.5% of $1,000.00", "«a» 2020.", "我爱北京。a.b", "&amp;quot;<skipped>-\nx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerIntl, TokenizerZh, TokenizerZhFixed} {
			want := literalTokens(tok, line)
			got := tok.Tokenize(nil, line)
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Fatalf("%s on %q (-literal +ours):\n%s", tok, line, d)
			}
		}
	})
}

// TestIntlClasses checks the Unicode classes of the intl tokenizer against
// the tables of the regex module that sacreBLEU used, for every code point.
func TestIntlClasses(t *testing.T) {
	dir := conformanceDir(t)
	b, err := os.ReadFile(filepath.Join(dir, "goldens", "edge.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Tables struct {
			P [][2]rune `json:"regex_P"`
			S [][2]rune `json:"regex_S"`
			N [][2]rune `json:"regex_N"`
		} `json:"unicode_tables"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	want := make([]uint8, utf8.MaxRune+1)
	for _, tc := range []struct {
		ranges [][2]rune
		class  uint8
	}{{g.Tables.P, classP}, {g.Tables.S, classS}, {g.Tables.N, classN}} {
		for _, rg := range tc.ranges {
			for r := rg[0]; r <= rg[1]; r++ {
				if want[r] != classOther {
					t.Fatalf("U+%04X is in two classes", r)
				}
				want[r] = tc.class
			}
		}
	}
	bad := 0
	for r := range rune(utf8.MaxRune + 1) {
		if got := unicodeClass(r); got != want[r] {
			if bad++; bad <= 10 {
				t.Errorf("U+%04X: class %d, regex module has %d", r, got, want[r])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points differ", bad)
	}
}

package ja

// Conformance with sacreBLEU 2.6.0's ja-mecab on the shared conformance
// set's ja-mecab/ goldens: MeCab's own tokenization of 1,500 data lines and
// 96 hand-written strings, and sacreBLEU's corpus and sentence BLEU on the
// en-ja test set. The tests skip when the set is absent; the committed
// testdata/tokens.json is checked by TestPortableGoldens in any case.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// conformanceDir returns the conformance set's directory ($BLEU_CONFORMANCE_DIR
// or ../../shared/conformance, the module root's ../shared/conformance), or
// skips the test.
func conformanceDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("BLEU_CONFORMANCE_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "conformance")
	}
	if _, err := os.Stat(filepath.Join(dir, "ja-mecab", "ja-mecab-tokens.json")); err != nil {
		t.Skipf("no ja-mecab conformance goldens under %s (set BLEU_CONFORMANCE_DIR)", dir)
	}
	return dir
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// tokenGoldens is ja-mecab/ja-mecab-tokens.json.
type tokenGoldens struct {
	TokenizerSignature string `json:"tokenizer_signature"`
	FileLines          []struct {
		File  string `json:"file"`
		Items []struct {
			Seg      int    `json:"seg"`
			S        string `json:"s"`
			Tok      string `json:"tok"`
			NWords   int    `json:"n_words"`
			LowerTok string `json:"lower_tok"`
		} `json:"items"`
	} `json:"file_lines"`
	Tricky []struct {
		ID       string `json:"id"`
		S        string `json:"s"`
		Tok      string `json:"tok"`
		NWords   int    `json:"n_words"`
		MecabRaw string `json:"mecab_raw"`
		Lower    string `json:"lower"`
		LowerTok string `json:"lower_tok"`
	} `json:"tricky"`
}

// checkTokens compares MeCab's tokenization of s with ours. tok is
// sacreBLEU's tokenizer output, "" or words joined by single spaces; BLEU
// splits it again with str.split, which is what Tokenize returns.
func checkTokens(t *testing.T, name, s, tok string) {
	t.Helper()
	got := strings.Join(MeCab.Tokenize(nil, s), " ")
	want := strings.Join(bleu.TokenizerNone.Tokenize(nil, tok), " ")
	if got != want {
		t.Errorf("%s: %q\n got %q\nwant %q", name, s, got, want)
	}
}

func TestTokenGoldens(t *testing.T) {
	dir := conformanceDir(t)
	var g tokenGoldens
	readJSON(t, filepath.Join(dir, "ja-mecab", "ja-mecab-tokens.json"), &g)
	if g.TokenizerSignature != SignatureName || MeCab.String() != SignatureName {
		t.Errorf("signature %q, golden %q", MeCab.String(), g.TokenizerSignature)
	}
	n := 0
	for _, f := range g.FileLines {
		for _, it := range f.Items {
			checkTokens(t, f.File, it.S, it.Tok)
			lower := strings.TrimRight(bleu.Lowercase.Normalize(it.S), " ")
			checkTokens(t, f.File+" (lowercased)", lower, it.LowerTok)
			n++
		}
	}
	for _, tr := range g.Tricky {
		checkTokens(t, tr.ID, tr.S, tr.Tok)
		checkTokens(t, tr.ID+" (lowercased)", tr.Lower, tr.LowerTok)
		if got := len(MeCab.Tokenize(nil, tr.S)); got != tr.NWords {
			t.Errorf("%s: %d words, want %d", tr.ID, got, tr.NWords)
		}
		n++
	}
	if n != 1596 {
		t.Errorf("%d strings, want 1596", n)
	}
}

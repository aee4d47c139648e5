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
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/google/go-cmp/cmp"
)

// conformanceDir returns the conformance set's directory ($BLEU_CONFORMANCE_DIR
// or ../../shared/conformance, the module root's ../shared/conformance), or
// skips the test.
func conformanceDir(t testing.TB) string {
	t.Helper()
	dir := conftest.WMTDir("..")
	if _, err := os.Stat(filepath.Join(dir, "ja-mecab", "ja-mecab-tokens.json")); dir == "" || err != nil {
		t.Skip("no ja-mecab conformance goldens (set BLEU_CONFORMANCE_DIR to the WMT conformance set)")
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
		for i, it := range f.Items {
			if raceEnabled && i%10 != 0 {
				n++
				continue
			}
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

// goldenScore is the conformance set's score object.
type goldenScore struct {
	Score      float64   `json:"score"`
	Precisions []float64 `json:"precisions"`
	BP         float64   `json:"bp"`
	SysLen     int64     `json:"sys_len"`
	RefLen     int64     `json:"ref_len"`
	Counts     []int64   `json:"counts"`
	Totals     []int64   `json:"totals"`
	Ratio      float64   `json:"ratio"`
	Verbose    string    `json:"verbose"`
	Formatted  string    `json:"formatted,omitempty"`
}

// asGolden expresses s as sacreBLEU reports it; formatted is filled when
// signature is not empty.
func asGolden(s bleu.Score, signature string) goldenScore {
	g := goldenScore{
		Score:   s.Percent(),
		BP:      s.BP,
		SysLen:  s.HypLen,
		RefLen:  s.RefLen,
		Counts:  s.Counts,
		Totals:  s.Totals,
		Ratio:   s.Ratio,
		Verbose: s.Verbose(),
	}
	g.Precisions = append(g.Precisions, s.Precisions...) // 0–1, see sameScore
	if signature != "" {
		g.Formatted = s.Text(2, signature)
	}
	return g
}

// ourVersion replaces sacreBLEU's version in a signature with ours.
func ourVersion(sig string) string {
	return strings.ReplaceAll(strings.ReplaceAll(sig, "version:2.6.0", "version:"+bleu.Version), "v:2.6.0", "v:"+bleu.Version)
}

// readSegments reads a data file's segments: its lines, nothing stripped.
func readSegments(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// scoreGoldens is ja-mecab/goldens/ja-mecab.json.
type scoreGoldens struct {
	DataDir string            `json:"data_dir"`
	Systems map[string]string `json:"systems"`
	Corpus  []struct {
		ID     string `json:"id"`
		Config struct {
			Lowercase      bool   `json:"lowercase"`
			SmoothMethod   string `json:"smooth_method"`
			EffectiveOrder bool   `json:"effective_order"`
		} `json:"config"`
		Results        map[string]goldenScore `json:"results"`
		Signature      string                 `json:"signature"`
		SignatureShort string                 `json:"signature_short"`
	} `json:"corpus"`
	Sentence []struct {
		ID        string                   `json:"id"`
		Results   map[string][]goldenScore `json:"results"`
		Signature string                   `json:"signature"`
	} `json:"sentence"`
}

// sameScore reports whether got equals want, every float to the last bit.
func sameScore(got, want goldenScore) bool {
	want.Precisions = slices.Clone(want.Precisions)
	for i := range want.Precisions {
		want.Precisions[i] /= 100 // [bleu.Score]'s scale, as Score divides sacreBLEU's own
	}
	return reflect.DeepEqual(got, want)
}

// TestScoreGoldens checks sacreBLEU's corpus and sentence BLEU with
// ja-mecab on the en-ja test set.
func TestScoreGoldens(t *testing.T) {
	dir := conformanceDir(t)
	var g scoreGoldens
	readJSON(t, filepath.Join(dir, "ja-mecab", "goldens", "ja-mecab.json"), &g)
	refs := readSegments(t, filepath.Join(dir, g.DataDir, "ref.txt"))
	hyps := map[string][]string{}
	for sys, f := range g.Systems {
		hyps[sys] = readSegments(t, filepath.Join(dir, g.DataDir, f))
		if len(hyps[sys]) != len(refs) {
			t.Fatalf("%s: %d lines, ref.txt %d", f, len(hyps[sys]), len(refs))
		}
	}
	// The first configuration tokenizes with MeCab itself, the others
	// reuse its tokens (the same 10,000 texts come back 80,000 times).
	memo := &memoTokenizer{m: map[string][]string{}}
	n := 0
	for k, e := range g.Corpus {
		if raceEnabled && k > 0 {
			n += len(e.Results)
			continue
		}
		sm, err := bleu.SmoothMethodByName(e.Config.SmoothMethod)
		if err != nil {
			t.Fatal(err)
		}
		cfg := bleu.Config{Tokenizer: memo, Lowercase: e.Config.Lowercase, Smooth: sm, EffectiveOrder: e.Config.EffectiveOrder}
		if k == 0 {
			cfg.Tokenizer = MeCab
		}
		for sys, want := range e.Results {
			s := bleu.Stats{Config: cfg}
			for i, h := range hyps[sys] {
				if err := s.Add(h, refs[i]); err != nil {
					t.Fatal(err)
				}
			}
			sc := s.Score()
			got := asGolden(sc, sc.Signature.String())
			want.Formatted = ourVersion(want.Formatted)
			if !sameScore(got, want) {
				t.Errorf("%s %s (-sacreBLEU +ours):\n%s", e.ID, sys, cmp.Diff(want, got))
			}
			if sig, short := sc.Signature.String(), sc.Signature.Short(); sig != ourVersion(e.Signature) || short != ourVersion(e.SignatureShort) {
				t.Errorf("%s %s: signatures %q, %q; want %q, %q", e.ID, sys, sig, short, e.Signature, e.SignatureShort)
			}
			n++
		}
	}
	for _, e := range g.Sentence {
		cfg := bleu.Config{Tokenizer: memo, EffectiveOrder: true}
		for sys, want := range e.Results {
			for i, w := range want {
				if raceEnabled && i%10 != 0 {
					n++
					continue
				}
				sc, err := cfg.Sentence(hyps[sys][i], refs[i])
				if err != nil {
					t.Fatal(err)
				}
				if got := asGolden(sc, ""); !sameScore(got, w) {
					t.Errorf("%s %s segment %d (-sacreBLEU +ours):\n%s", e.ID, sys, i, cmp.Diff(w, got))
				}
				if i == len(want)-1 && sc.Signature.String() != ourVersion(e.Signature) {
					t.Errorf("%s %s: signature %q, want %q", e.ID, sys, sc.Signature.String(), e.Signature)
				}
				n++
			}
		}
	}
	if n != 16+4*2037 {
		t.Errorf("%d scores checked, want %d", n, 16+4*2037)
	}
}

// memoTokenizer is MeCab with its results kept. It is not safe for
// concurrent use.
type memoTokenizer struct{ m map[string][]string }

func (m *memoTokenizer) Tokenize(dst []string, text string) []string {
	toks, ok := m.m[text]
	if !ok {
		toks = MeCab.Tokenize(nil, text)
		m.m[text] = toks
	}
	return append(dst, toks...)
}

func (m *memoTokenizer) String() string { return MeCab.String() }

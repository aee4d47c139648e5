package spm

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/py"
)

// TestTokenizerPieces checks that the tokens are sacreBLEU's: the pieces
// joined by spaces and split at Python whitespace.
func TestTokenizerPieces(t *testing.T) {
	g := testGoldens(t)
	for _, gm := range g.Models {
		tok := NewTokenizer(testModel(t, gm.Name), gm.Name)
		for i, line := range g.Lines {
			want := py.AppendFields(nil, strings.Join(gm.Pieces[i], " "))
			got := tok.Tokenize([]string{"kept"}, line)
			if got[0] != "kept" || !slicesEqual(got[1:], want) {
				t.Errorf("%s: %q: got %q, want %q", gm.Name, line, got[1:], want)
			}
		}
	}
}

// sacreGoldens is testdata/sacrebleu.json, made by testdata/sacre_goldens.py
// with sacreBLEU 2.6.0: BLEU with each SentencePiece tokenizer, its model
// replaced by a test model.
type sacreGoldens struct {
	Hyps []string `json:"hyps"`
	Refs []string `json:"refs"`
	Runs []struct {
		Tok         string   `json:"tok"`
		Model       string   `json:"model"`
		File        string   `json:"file"`
		Signature   string   `json:"signature"`
		Corpus      string   `json:"corpus"`
		CorpusScore string   `json:"corpus_score"`
		Sentences   []string `json:"sentences"`
	} `json:"runs"`
}

// pyHex parses Python's float.hex().
func pyHex(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSacreBLEU(t *testing.T) {
	b, err := os.ReadFile("testdata/sacrebleu.json")
	if err != nil {
		t.Fatal(err)
	}
	var g sacreGoldens
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Runs) != 4 {
		t.Fatalf("%d runs", len(g.Runs))
	}
	for _, run := range g.Runs {
		t.Run(run.Tok, func(t *testing.T) {
			dir := t.TempDir()
			_, file, err := ModelSource(dir, run.Tok)
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Base(file) != run.File {
				t.Errorf("model file %s, sacreBLEU's is %s", filepath.Base(file), run.File)
			}
			_, err = LoadTokenizer(dir, run.Tok)
			var missing *MissingModelError
			if !errors.As(err, &missing) || missing.File != file || !strings.HasPrefix(missing.URL, "https://") {
				t.Fatalf("LoadTokenizer without the model: %v", err)
			}
			var gm struct{ name, charsmap string }
			for _, m := range testGoldens(t).Models {
				if m.Name == run.Model {
					gm.name, gm.charsmap = m.Name, m.Charsmap
				}
			}
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, modelBytes(t, gm.name, gm.charsmap), 0o644); err != nil {
				t.Fatal(err)
			}
			tok, err := LoadTokenizer(dir, run.Tok)
			if err != nil {
				t.Fatal(err)
			}
			cfg := bleu.Config{Tokenizer: tok}
			sc, err := cfg.Corpus(g.Hyps, g.Refs)
			if err != nil {
				t.Fatal(err)
			}
			if got := sc.String(); got != run.Corpus {
				t.Errorf("corpus:\n got %s\nwant %s", got, run.Corpus)
			}
			if want := pyHex(t, run.CorpusScore); math.Float64bits(sc.BLEUPercent) != math.Float64bits(want) {
				t.Errorf("corpus score %v, want %v", sc.BLEUPercent, want)
			}
			if want := "tok:" + sc.Signature.Tok + "|"; !strings.Contains(run.Signature, want) {
				t.Errorf("signature %s lacks %s", run.Signature, want)
			}
			cfg.EffectiveOrder = true
			sents, err := cfg.SentencesPercent(g.Hyps, g.Refs)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range sents {
				if want := pyHex(t, run.Sentences[i]); math.Float64bits(s) != math.Float64bits(want) {
					t.Errorf("sentence %d: %v, want %v", i, s, want)
				}
			}
		})
	}
}

func TestModelSourceUnknown(t *testing.T) {
	if _, _, err := ModelSource("d", "13a"); err == nil || !strings.HasPrefix(err.Error(), "spm: ") {
		t.Errorf("ModelSource(13a): %v", err)
	}
	if _, err := LoadTokenizer("d", "flores"); err == nil {
		t.Error("LoadTokenizer(flores): no error")
	}
}

// TestConcurrent encodes with one model on several goroutines at once
// (run with -race): a Model and a Tokenizer are safe for concurrent use.
func TestConcurrent(t *testing.T) {
	g := testGoldens(t)
	const name = "unigram_bytes"
	var want [][]string
	for _, gm := range g.Models {
		if gm.Name == name {
			want = gm.Pieces
		}
	}
	m := testModel(t, name)
	errs := make(chan string, 4)
	for range 4 {
		go func() {
			for i, line := range g.Lines {
				got, _ := m.Encode(line)
				if len(want[i]) > 0 && !slicesEqual(got, want[i]) {
					errs <- line
					return
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if line := <-errs; line != "" {
			t.Errorf("%q encoded differently on a goroutine", line)
		}
	}
}

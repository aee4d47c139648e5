package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCLISPM runs the command lines of testdata/spm/golden.json, made by
// its gen.py with sacreBLEU 2.6.0 and test models standing in for the
// SentencePiece tokenizers' real ones, and compares their output byte for
// byte.
func TestCLISPM(t *testing.T) {
	var golden struct {
		Models map[string]string `json:"models"`
		Runs   []struct {
			Args   []string `json:"args"`
			RC     int      `json:"rc"`
			Stdout string   `json:"stdout"`
		} `json:"runs"`
	}
	dir := filepath.Join("testdata", "spm")
	readJSON(t, filepath.Join(dir, "golden.json"), &golden)
	cache := t.TempDir()
	if err := os.Mkdir(filepath.Join(cache, "models"), 0o755); err != nil {
		t.Fatal(err)
	}
	for file, model := range golden.Models {
		b, err := os.ReadFile(filepath.Join(moduleRoot, "spm", "testdata", "models", model+".model"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(cache, "models", file), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	if len(golden.Runs) == 0 {
		t.Fatal("no runs in golden.json")
	}
	for _, run := range golden.Runs {
		got := runCLIEnv(t, map[string]string{"SACREBLEU": cache}, "", run.Args...)
		want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
		stderr := got.Stderr
		got.Stderr = ""
		if got != want {
			t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), cmp.Diff(want, got))
		}
		if tok := run.Args[len(run.Args)-1]; tok == "spm" && !strings.Contains(stderr, "Tokenizer 'spm' has been changed to 'flores101'") {
			t.Errorf("-tok spm: no warning in %q", stderr)
		}
	}
}

// TestCLISPMMissing checks the error for a model that is not in the
// cache: it names the file and the URL to fetch.
func TestCLISPMMissing(t *testing.T) {
	cache := t.TempDir()
	for _, tt := range []struct{ tok, file, url string }{
		{"flores200", "flores200sacrebleuspm", "https://tinyurl.com/flores200sacrebleuspm"},
		{"spm", "sacrebleu_tokenizer_spm.model", "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"},
		{"spBLEU-1K", "spbleu-1k_tokenizer_spm.model", "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"},
	} {
		res := runCLIEnv(t, map[string]string{"SACREBLEU": cache}, "a b\n", "-", "-tok", tt.tok, "--print-tokens")
		if res.RC != 1 || !strings.Contains(res.Stderr, filepath.Join(cache, "models", tt.file)) || !strings.Contains(res.Stderr, tt.url) {
			t.Errorf("-tok %s without its model: exit %d, stderr %q", tt.tok, res.RC, res.Stderr)
		}
	}
}

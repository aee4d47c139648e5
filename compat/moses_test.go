package compat

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mosesText returns goldens.py's Moses texts: hypothesis file contents
// and reference file contents.
func mosesText(t *testing.T, name string) (string, []string) {
	switch name {
	case "mismatch":
		return readText(t, "compat/edge.hyp.txt"), []string{readText(t, "sample.ref.txt")}
	case "nolines":
		return "", []string{readText(t, "compat/edge.ref.txt")}
	case "emptyhyp":
		return "\n\n\n", []string{readText(t, "compat/edge.ref.txt")}
	case "nonl":
		return strings.TrimRight(readText(t, "sample.hyp.txt"), "\n"), []string{readText(t, "sample.ref.txt")}
	}
	files, ok := goldenTexts[name]
	if !ok {
		t.Fatalf("unknown text %q", name)
	}
	var refs []string
	for _, f := range files[1] {
		refs = append(refs, readText(t, f))
	}
	return readText(t, files[0][0]), refs
}

func TestMosesGoldens(t *testing.T) {
	var g struct {
		Cases []struct {
			Text   string `json:"text"`
			Script string `json:"script"`
			LC     bool   `json:"lc"`
			Stdout string `json:"stdout"`
			Exit   int    `json:"exit"`
		} `json:"cases"`
	}
	readGolden(t, "moses.json", &g)
	for _, k := range g.Cases {
		name := k.Text + " " + k.Script
		if k.LC {
			name += " -lc"
		}
		hyp, refTexts := mosesText(t, k.Text)
		detok := k.Script == "multi-bleu-detok.perl"
		var refs [][]string
		for _, r := range refTexts {
			refs = append(refs, PerlLines(r, detok))
		}
		var res MosesResult
		var err error
		if detok {
			res, err = MultiBLEUDetok{Lowercase: k.LC}.Corpus(PerlLines(hyp, true), refs...)
		} else {
			res, err = MultiBLEU{Lowercase: k.LC}.Corpus(PerlLines(hyp, false), refs...)
		}
		switch {
		case k.Exit == 255:
			if err != ErrNoHypothesisWords {
				t.Errorf("%s: got %v, %q; want the script's division by zero", name, err, res)
			}
		case err != nil:
			t.Errorf("%s: %v", name, err)
		case res.String() != k.Stdout:
			t.Errorf("%s:\ngot  %q\nwant %q", name, res.String(), k.Stdout)
		case res.NoReference != (k.Exit == 1):
			t.Errorf("%s: NoReference %v, exit status %d", name, res.NoReference, k.Exit)
		}
	}
}

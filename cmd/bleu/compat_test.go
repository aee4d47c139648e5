package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The --compat modes against the goldens of testdata/compat (made by
// internal/gen/compat/goldens.sh with the original tools).

var compatTexts = map[string][2][]string{
	"sample": {{"sample.hyp.txt"}, {"sample.ref.txt"}},
	"edge":   {{"compat/edge.hyp.txt"}, {"compat/edge.ref.txt"}},
	"edge3":  {{"compat/edge.hyp.txt"}, {"compat/edge.ref.txt", "compat/edge.ref2.txt", "compat/edge.ref3.txt"}},
	"short":  {{"compat/edge.ref3.txt"}, {"compat/edge.ref.txt"}},
}

func compatGolden(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "compat", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// compatArgs returns the REF ... -i HYP arguments of a golden text.
func compatArgs(t *testing.T, text string) []string {
	files, ok := compatTexts[text]
	if !ok {
		return nil
	}
	var args []string
	for _, f := range files[1] {
		args = append(args, filepath.Join("..", "..", "testdata", f))
	}
	return append(args, "-i", filepath.Join("..", "..", "testdata", files[0][0]))
}

// runCompat runs the command with the clock stopped at the goldens'
// timestamp.
func runCompat(stdin string, args ...string) result {
	var out, errb bytes.Buffer
	c := &cli{
		stdin:     strings.NewReader(stdin),
		stdout:    &out,
		stderr:    &errb,
		lookupEnv: lookupIn(nil),
		now:       func() time.Time { return time.Date(2000, 1, 1, 0, 0, 0, 0, time.Local) },
	}
	rc := c.main(args)
	return result{out.String(), errb.String(), rc}
}

func TestCompatMoses(t *testing.T) {
	var g struct {
		Cases []struct {
			Text, Script, Stdout string
			LC                   bool
			Exit                 int
		}
		MTEval []struct {
			Text    string
			Options []string
			Stdout  string
		}
	}
	compatGolden(t, "moses.json", &g)
	n := 0
	for _, k := range g.Cases {
		args := compatArgs(t, k.Text)
		if args == nil {
			continue
		}
		tool := strings.TrimSuffix(k.Script, ".perl")
		args = append(args, "--compat", tool)
		if k.LC {
			args = append(args, "-lc")
		}
		r := runCompat("", args...)
		if r.Stdout != k.Stdout || r.RC != k.Exit {
			t.Errorf("%v: got %q (status %d), want %q (%d); stderr %s", args, r.Stdout, r.RC, k.Stdout, k.Exit, r.Stderr)
		}
		n++
	}
	for _, k := range g.MTEval {
		args := compatArgs(t, k.Text)
		if args == nil { // a text made up by goldens.py
			continue
		}
		args = append(args, "--compat", "mteval")
		if len(k.Options) > 0 {
			args = append(args, "--compat-options="+strings.Join(k.Options, " "))
		}
		r := runCompat("", args...)
		if r.Stdout != k.Stdout || r.RC != 0 {
			t.Errorf("%v: status %d, stderr %s, output\n%s\nwant\n%s", args, r.RC, r.Stderr, r.Stdout, k.Stdout)
		}
		n++
	}
	if n < 40 {
		t.Errorf("only %d golden runs", n)
	}
}

func TestCompatMosesQuirks(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	if r := runCompat("", ref, "--compat", "multi-bleu"); r.RC != 1 || r.Stdout != "BLEU = 0, 0/0/0/0 (BP=0, ratio=0, hyp_len=0, ref_len=0)\n" {
		t.Errorf("no hypotheses: %+v", r)
	}
	if r := runCompat("\n\n", ref, "--compat", "multi-bleu-detok"); r.RC != 1 || r.Stdout != "" || !strings.Contains(r.Stderr, "no words") {
		t.Errorf("no hypothesis words: %+v", r)
	}
	if r := runCompat("a\xff\n", ref, "--compat", "nltk"); r.RC != 1 || !strings.Contains(r.Stderr, "invalid UTF-8") {
		t.Errorf("invalid UTF-8: %+v", r)
	}
	// multi-bleu-detok.perl chops a last line without a newline.
	hyp, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.hyp.txt"))
	if err != nil {
		t.Fatal(err)
	}
	r := runCompat(strings.TrimSuffix(string(hyp), "\n"), ref, "--compat", "multi-bleu-detok")
	if want := "BLEU = 64.31, 86.4/70.4/58.2/50.0 (BP=0.992, ratio=0.992, hyp_len=118, ref_len=119)\n"; r.Stdout != want {
		t.Errorf("no final newline: %q, want %q", r.Stdout, want)
	}
	for _, args := range [][]string{
		{"--compat", "mteval", "--compat-options=-x"},
		{"--compat", "nltk", "-tok", "13a"},
		{"--compat", "hf", "-lc"},
		{"--compat", "mteval", "-sl"},
		{"--compat", "multi-bleu", "-b"},
		{"--compat", "nltk", "--compat-options", "method9"},
		{"--compat", "hf", "--compat-options", "max_order=0"},
		{"--compat", "bleu"},
	} {
		if r := runCompat("", append([]string{ref}, args...)...); r.RC != 2 {
			t.Errorf("%q: %+v, want a usage error", args, r)
		}
	}
}

func TestCompatPython(t *testing.T) {
	var nl struct {
		Cases []struct {
			Text, Function string
			Weights        []float64
			Smoothing      *string
			Params         map[string]float64
			AutoReweigh    bool `json:"auto_reweigh"`
			Result         *string
		}
	}
	compatGolden(t, "nltk.json", &nl)
	n := 0
	for _, k := range nl.Cases {
		if k.Function != "corpus_bleu" || k.Weights != nil || k.Params != nil || k.Result == nil {
			continue
		}
		args := append(compatArgs(t, k.Text), "--compat", "nltk")
		opts := ""
		if k.Smoothing != nil {
			opts = *k.Smoothing
		}
		if k.AutoReweigh {
			opts += " auto_reweigh"
		}
		args = append(args, "--compat-options", opts)
		r := runCompat("", args...)
		if r.Stdout != *k.Result+"\n" || r.RC != 0 {
			t.Errorf("%v: got %q (status %d, %s), want %s", args, r.Stdout, r.RC, r.Stderr, *k.Result)
		}
		n++
	}
	var hf struct {
		Cases []struct {
			Text     string
			MaxOrder int `json:"max_order"`
			Smooth   bool
			Result   *string
			Segments []struct{ Result *string }
		}
	}
	compatGolden(t, "hf.json", &hf)
	for _, k := range hf.Cases {
		args := append(compatArgs(t, k.Text), "--compat", "hf", "--compat-options", "max_order="+string(rune('0'+k.MaxOrder)))
		if k.Smooth {
			args[len(args)-1] += " smooth"
		}
		want := ""
		if k.Segments != nil {
			args = append(args, "-sl")
			for _, s := range k.Segments {
				if s.Result == nil { // the metric raises on this segment
					want = ""
					break
				}
				want += *s.Result + "\n"
			}
		} else if k.Result != nil {
			want = *k.Result + "\n"
		}
		if want == "" {
			continue
		}
		r := runCompat("", args...)
		if r.Stdout != want || r.RC != 0 {
			t.Errorf("%v: got %q (status %d, %s), want %q", args, r.Stdout, r.RC, r.Stderr, want)
		}
		n++
	}
	if n < 30 {
		t.Errorf("only %d golden runs", n)
	}
}

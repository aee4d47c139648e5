package compat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The goldens of testdata/compat, made by internal/gen/compat/goldens.sh
// from the reference implementations run on this project's own text.

// goldenTexts are goldens.py's TEXTS: hypothesis file and reference files.
var goldenTexts = map[string][2][]string{
	"sample": {{"sample.hyp.txt"}, {"sample.ref.txt"}},
	"edge":   {{"compat/edge.hyp.txt"}, {"compat/edge.ref.txt"}},
	"edge3":  {{"compat/edge.hyp.txt"}, {"compat/edge.ref.txt", "compat/edge.ref2.txt", "compat/edge.ref3.txt"}},
	"short":  {{"compat/edge.ref3.txt"}, {"compat/edge.ref.txt"}},
}

func readGolden(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "compat", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// readLines returns a file's segments: split on "\n", the final empty
// piece dropped.
func readLines(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// goldenText returns a text's hypotheses and, per segment, its references.
func goldenText(t testing.TB, name string) (hyps []string, refs [][]string) {
	t.Helper()
	files, ok := goldenTexts[name]
	if !ok {
		t.Fatalf("unknown text %q", name)
	}
	hyps = readLines(t, files[0][0])
	refs = make([][]string, len(hyps))
	for _, f := range files[1] {
		for i, l := range readLines(t, f) {
			refs[i] = append(refs[i], l)
		}
	}
	return hyps, refs
}

// reprChecker compares Python reprs (and the scripts' printed output)
// byte for byte: every float to the last bit.
type reprChecker struct {
	t      *testing.T
	n, bad int
}

func (c *reprChecker) check(name, got, want string) {
	c.t.Helper()
	c.n++
	if got != want {
		c.bad++
		if c.bad <= 20 {
			c.t.Errorf("%s: got %s, want %s", name, got, want)
		}
	}
}

func (c *reprChecker) done() {
	c.t.Logf("%d results, %d differ", c.n, c.bad)
}

func errString(err error) string {
	if pe, ok := err.(*PythonError); ok {
		return pe.Exception + ": " + pe.Message
	}
	return err.Error()
}

type goldenCall struct {
	Result   *string `json:"result"`
	Error    *string `json:"error"`
	Warnings []int   `json:"warnings"`
}

// checkCall checks a result or error against a golden call.
func (c *reprChecker) checkCall(name string, got string, err error, want goldenCall) {
	c.t.Helper()
	switch {
	case want.Error != nil && err == nil:
		c.t.Errorf("%s: got %s, want error %s", name, got, *want.Error)
	case want.Error != nil:
		if e := errString(err); e != *want.Error {
			c.t.Errorf("%s: error %q, want %q", name, e, *want.Error)
		}
	case err != nil:
		c.t.Errorf("%s: unexpected error %v", name, err)
	default:
		c.check(name, got, *want.Result)
	}
}

func TestNLTKGoldens(t *testing.T) {
	var g struct {
		Cases []struct {
			Text        string             `json:"text"`
			Function    string             `json:"function"`
			Weights     []float64          `json:"weights"`
			Smoothing   *string            `json:"smoothing"`
			Params      map[string]float64 `json:"params"`
			AutoReweigh bool               `json:"auto_reweigh"`
			goldenCall
			Segments []goldenCall `json:"segments"`
		} `json:"cases"`
	}
	readGolden(t, "nltk.json", &g)
	c := reprChecker{t: t}
	for _, k := range g.Cases {
		lines, refLines := goldenText(t, k.Text)
		hyps := make([][]string, len(lines))
		refs := make([][][]string, len(lines))
		for i := range lines {
			hyps[i] = SplitWords(lines[i])
			for _, r := range refLines[i] {
				refs[i] = append(refs[i], SplitWords(r))
			}
		}
		n := NLTK{Weights: k.Weights, Smoothing: smoothingOf(t, k.Smoothing), AutoReweigh: k.AutoReweigh,
			Epsilon: k.Params["epsilon"], Alpha: k.Params["alpha"], K: k.Params["k"]}
		name := k.Text + " " + k.Function + " " + n.Smoothing.String()
		check := func(name string, res NLTKResult, err error, want goldenCall) {
			c.checkCall(name, res.String(), err, want)
			if err == nil && jsonInts(res.Warnings) != jsonInts(want.Warnings) {
				t.Errorf("%s: warnings %v, want %v", name, res.Warnings, want.Warnings)
			}

		}
		if k.Function == "corpus_bleu" {
			res, err := n.Result(hyps, refs)
			check(name+" "+strconv.Quote(jsonFloats(k.Weights)), res, err, k.goldenCall)
			continue
		}
		for i, want := range k.Segments {
			res, err := n.Result(hyps[i:i+1], refs[i:i+1])
			check(name+" segment "+strconv.Itoa(i), res, err, want)
		}
	}
	c.done()
}

func jsonInts(x []int) string {
	b, _ := json.Marshal(x)
	if string(b) == "null" {
		return "[]"
	}
	return string(b)
}

func jsonFloats(x []float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

func TestHFGoldens(t *testing.T) {
	var g struct {
		Cases []struct {
			Text     string `json:"text"`
			MaxOrder int    `json:"max_order"`
			Smooth   bool   `json:"smooth"`
			goldenCall
			Segments []goldenCall `json:"segments"`
		} `json:"cases"`
	}
	readGolden(t, "hf.json", &g)
	c := reprChecker{t: t}
	for _, k := range g.Cases {
		preds, refs := goldenText(t, k.Text)
		h := HF{MaxOrder: k.MaxOrder, Smooth: k.Smooth}
		name := k.Text + " max_order=" + strconv.Itoa(k.MaxOrder) + " smooth=" + strconv.FormatBool(k.Smooth)
		if k.Segments == nil {
			res, err := h.Compute(preds, refs)
			c.checkCall(name, res.String(), err, k.goldenCall)
			continue
		}
		for i, want := range k.Segments {
			res, err := h.Compute(preds[i:i+1], refs[i:i+1])
			c.checkCall(name+" segment "+strconv.Itoa(i), res.String(), err, want)
		}
	}
	c.done()
}

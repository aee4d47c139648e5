package compat

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/py"
)

func TestFsum(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want float64 // Python's math.fsum
	}{
		{nil, 0},
		{[]float64{1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50}, 1e-100},
		{[]float64{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1}, 1.0},
		{[]float64{1.0, 1e-16, 1e-16}, 1.0000000000000002},
		{[]float64{0x1p53, 1.0, 0x1p-80}, 9007199254740994.0}, // the halfway correction
	} {
		if got := fsum(c.xs); got != c.want {
			t.Errorf("fsum(%v) = %v, want %v", c.xs, got, c.want)
		}
	}
}

func TestPyRepr(t *testing.T) {
	for in, want := range map[string]string{
		"John":        `'John'`,
		"a'b":         `"a'b"`,
		`x"y`:         `'x"y'`,
		`a'b"`:        `'a\'b"'`,
		"é\u200b\x01": `'é\u200b\x01'`,
	} {
		if got := py.Repr(in); got != want {
			t.Errorf("py.Repr(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestSplitWords(t *testing.T) {
	got := SplitWords(" a\u00a0b\x1cc\u200bd  e\n")
	if want := []string{"a", "b", "c\u200bd", "e"}; !slices.Equal(got, want) {
		t.Errorf("SplitWords = %q, want %q", got, want)
	}
}

func TestPerlLines(t *testing.T) {
	for _, c := range []struct {
		text string
		chop bool
		want []string
	}{
		{"", false, nil},
		{"a\nb\n", false, []string{"a", "b"}},
		{"a\nb", false, []string{"a", "b"}},
		{"a\nbé", true, []string{"a", "b"}},
		{"a\n\n", true, []string{"a", ""}},
		{"a\r\n", false, []string{"a\r"}},
	} {
		if got := PerlLines(c.text, c.chop); !slices.Equal(got, c.want) && len(got)+len(c.want) > 0 {
			t.Errorf("PerlLines(%q, %v) = %q, want %q", c.text, c.chop, got, c.want)
		}
	}
}

func words(s string) []string { return strings.Fields(s) }

// TestNLTKErrors: what NLTK 3.8 raises (see the conformance set's
// return_types_and_degenerate_input and method6 quirks).
func TestNLTKErrors(t *testing.T) {
	john := words("John loves Mary")
	for _, c := range []struct {
		name string
		n    NLTK
		hyps [][]string
		refs [][][]string
		want string // Python exception, or "" for a Go error
	}{
		{"empty corpus", NLTK{}, nil, nil, "ZeroDivisionError"},
		{"no references", NLTK{}, [][]string{john}, [][][]string{{}}, "KeyError"},
		{"no references, empty hypothesis", NLTK{}, [][]string{{}}, [][][]string{{}}, "ValueError"},
		{"lengths differ", NLTK{}, [][]string{john}, nil, "AssertionError"},
		{"method6, two weights", NLTK{Smoothing: NLTKMethod6, Weights: []float64{0.5, 0.5}}, [][]string{john}, [][][]string{{john}}, "IndexError"},
		{"method6 without a trigram match", NLTK{Smoothing: NLTKMethod6}, [][]string{words("John loves Mary a lot")}, [][][]string{{words("John loves a lot of Mary")}}, "AssertionError"},
		{"no weights", NLTK{Weights: []float64{}}, [][]string{john}, [][][]string{{john}}, "IndexError"},
		{"NaN weight", NLTK{Weights: []float64{math.NaN()}}, [][]string{john}, [][][]string{{john}}, ""},
		{"unknown smoothing", NLTK{Smoothing: 8}, [][]string{john}, [][][]string{{john}}, ""},
		{"overflow", NLTK{Weights: []float64{-1e300}}, [][]string{john}, [][][]string{{words("John hates Mary")}}, ""},
		{"infinite terms", NLTK{Weights: []float64{1e308, -1e308}}, [][]string{john}, [][][]string{{words("John hates Mary")}}, ""}, // NLTK: inf
	} {
		_, err := c.n.Result(c.hyps, c.refs)
		checkRaises(t, c.name, err, c.want)
	}
}

func TestHFErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		h     HF
		preds []string
		refs  [][]string
		want  string
	}{
		{"no predictions", HF{}, nil, nil, "IndexError"},
		{"no references", HF{}, []string{"a b"}, [][]string{{}}, "ValueError"},
		{"empty references", HF{}, []string{"a b"}, [][]string{{""}}, "ZeroDivisionError"},
		{"empty predictions", HF{}, []string{""}, [][]string{{"a b"}}, "ZeroDivisionError"},
		{"negative order", HF{MaxOrder: -1}, []string{"a"}, [][]string{{"a"}}, "ValueError"},
		{"lengths differ", HF{}, []string{"a"}, nil, ""},
		{"invalid UTF-8", HF{}, []string{"a\xff"}, [][]string{{"a"}}, ""},
	} {
		_, err := c.h.Compute(c.preds, c.refs)
		checkRaises(t, c.name, err, c.want)
	}
}

// TestNoInputChange: no method modifies its arguments.
func TestNoInputChange(t *testing.T) {
	hyps := [][]string{words("The cat sat"), words("a b c d e f")}
	refs := [][][]string{{words("The cat sat"), words("the cat")}, {words("a b c d e g")}}
	before := strings.Join(append(slices.Concat(hyps...), slices.Concat(slices.Concat(refs...)...)...), " ")
	w := []float64{0.25, 0.25, 0.25, 0.25}
	for m := range numNLTKSmoothing {
		if _, err := (NLTK{Smoothing: m, Weights: w, AutoReweigh: true}).Corpus(hyps, refs); err != nil && m != NLTKMethod6 {
			t.Error(err)
		}
	}
	after := strings.Join(append(slices.Concat(hyps...), slices.Concat(slices.Concat(refs...)...)...), " ")
	if before != after || !slices.Equal(w, []float64{0.25, 0.25, 0.25, 0.25}) {
		t.Errorf("inputs changed: %q -> %q, weights %v", before, after, w)
	}
}

// checkRaises checks that err is the Python exception want, or with want
// "" an error of this package that is not one.
func checkRaises(t *testing.T, name string, err error, want string) {
	t.Helper()
	var pe *PythonError
	switch {
	case err == nil:
		t.Errorf("%s: no error", name)
	case want == "" && errors.As(err, &pe):
		t.Errorf("%s: %v, want a Go error", name, err)
	case want != "" && (!errors.As(err, &pe) || pe.Exception != want):
		t.Errorf("%s: %v, want %s", name, err, want)
	case !strings.HasPrefix(err.Error(), "compat: "):
		t.Errorf("%s: error %q lacks the package prefix", name, err)
	}
}

func TestParseMTEvalArgs(t *testing.T) {
	for _, c := range []struct {
		args []string
		want MTEval
		err  bool
	}{
		{nil, MTEval{}, false},
		{[]string{"-c", "-b"}, MTEval{PreserveCase: true, BLEUOnly: true}, false},
		{[]string{"--brevity-penalty", "shortest", "--no-smoothing"}, MTEval{Shortest: true, NoSmoothing: true}, false},
		{[]string{"--brevity-penalty=closest", "-n"}, MTEval{NISTOnly: true}, false},
		{[]string{"--brevity-penalty"}, MTEval{}, true},
		{[]string{"--brevity-penalty", "longest"}, MTEval{}, true},
		{[]string{"-b", "-n"}, MTEval{}, true},
		{[]string{"-r", "ref.sgm"}, MTEval{}, true},
		{[]string{"--international-tokenization"}, MTEval{}, true},
	} {
		got, err := ParseMTEvalArgs(c.args)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("ParseMTEvalArgs(%q) = %+v, %v; want %+v (error %v)", c.args, got, err, c.want, c.err)
		}
	}
}

// TestNLTKEmptyWeightVector: an empty vector after the first scores
// exp(fsum([])) = 1 times the brevity penalty, as in NLTK 3.8
// (corpus_bleu([[["a","b"]]], [["a","b"]], weights=[(1,), ()]) is [1.0, 1.0]).
func TestNLTKEmptyWeightVector(t *testing.T) {
	r, err := NLTK{}.Result([][]string{{"a", "b"}}, [][][]string{{{"a", "b"}}}, []float64{1}, []float64{})
	if err != nil || r.String() != "[1.0, 1.0]" {
		t.Errorf("got %v, %v; want [1.0, 1.0]", r, err)
	}
}

package main

import (
	"math"
	"testing"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestParseArgs checks the parser against what sacreBLEU 2.6.0's argparse
// parser (Python 3.11) does with the same command lines; each expected
// result and message was taken from running sacreBLEU's parse_args.
func TestParseArgs(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		args    []string
		want    func(o *options) // changes from the defaults
		outcome parseOutcome
		err     string
	}{
		{args: []string{"ref", "-i", "hyp"}, want: func(o *options) { o.refs, o.inputs, o.inputGiven = []string{"ref"}, []string{"hyp"}, true }},
		{args: []string{"ref", "-i", "h1", "h2", "h3", "-b"}, want: func(o *options) {
			o.refs, o.inputs, o.inputGiven, o.scoreOnly = []string{"ref"}, []string{"h1", "h2", "h3"}, true, true
		}},
		// -i takes every following argument, references included.
		{args: []string{"-i", "hyp", "ref"}, want: func(o *options) { o.refs, o.inputs, o.inputGiven = []string{}, []string{"hyp", "ref"}, true }},
		{args: []string{"-b", "ref", "-i", "hyp"}, want: func(o *options) {
			o.refs, o.inputs, o.inputGiven, o.scoreOnly = []string{"ref"}, []string{"hyp"}, true, true
		}},
		// The positional references are matched once, by the first run.
		{args: []string{"ref", "-b", "ref2", "-i", "hyp"}, err: "unrecognized arguments: ref2"},
		{args: []string{"ref", "ref2", "-i", "hyp", "--", "x"}, err: "unrecognized arguments: -- x"},
		{args: []string{"ref", "--", "-b"}, want: func(o *options) { o.refs = []string{"ref", "-b"} }},
		// Packed single-dash flags, attached values, prefixes.
		{args: []string{"ref", "-bqw3"}, want: func(o *options) { o.refs, o.scoreOnly, o.quiet, o.width = []string{"ref"}, true, true, 3 }},
		{args: []string{"ref", "-bqx"}, err: "argument --quiet/-q: ignored explicit argument 'x'"},
		{args: []string{"ref", "-qsh"}, err: "argument --smooth-method/-s: invalid choice: 'h' (choose from 'none', 'floor', 'add-k', 'exp')"},
		{args: []string{"ref", "-w4"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 4 }},
		{args: []string{"ref", "-w=4"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 4 }},
		{args: []string{"ref", "--width=4"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 4 }},
		{args: []string{"ref", "--wid", "4"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 4 }},
		{args: []string{"ref", "--tok", "intl"}, want: func(o *options) { o.refs, o.tokenize = []string{"ref"}, "intl" }},
		{args: []string{"ref", "--tokenize=intl"}, want: func(o *options) { o.refs, o.tokenize = []string{"ref"}, "intl" }},
		{args: []string{"ref", "-tok=char"}, want: func(o *options) { o.refs, o.tokenize = []string{"ref"}, "char" }},
		// "-tokchar" is -t with "okchar": only two-character options take
		// attached values.
		{args: []string{"ref", "-tokchar"}, want: func(o *options) { o.refs, o.testSet = []string{"ref"}, str("okchar") }},
		{args: []string{"ref", "-to", "char"}, err: "ambiguous option: -to could match -t, -tok"},
		{args: []string{"ref", "--c"}, err: "ambiguous option: --c could match --citation, --cite, --chrf-char-order, --chrf-word-order, --chrf-beta, --chrf-whitespace, --chrf-lowercase, --chrf-eps-smoothing, --confidence, --confidence-n, --compat, --compat-options"},
		{args: []string{"ref", "--co"}, err: "ambiguous option: --co could match --confidence, --confidence-n, --compat, --compat-options"},
		{args: []string{"ref", "--cit"}, err: "ambiguous option: --cit could match --citation, --cite"},
		{args: []string{"ref", "--conf"}, err: "ambiguous option: --conf could match --confidence, --confidence-n"},
		{args: []string{"ref", "--paired-b"}, err: "ambiguous option: --paired-b could match --paired-bs, --paired-bs-n"},
		{args: []string{"ref", "--s"}, err: "ambiguous option: --s could match --subset, --sentence-level, --smooth-method, --smooth-value, --short, --score-only"},
		{args: []string{"ref", "--sent"}, want: func(o *options) { o.refs, o.sentenceLevel = []string{"ref"}, true }},
		{args: []string{"ref", "--force=1"}, err: "argument --force: ignored explicit argument '1'"},
		{args: []string{"ref", "--quiet=yes"}, err: "argument --quiet/-q: ignored explicit argument 'yes'"},
		{args: []string{"ref", "-b=1"}, err: "argument --score-only/-b: ignored explicit argument '1'"},
		{args: []string{"ref", "-b="}, err: "argument --score-only/-b: ignored explicit argument ''"},
		// Negative numbers are arguments.
		{args: []string{"ref", "-w", "-1"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, -1 }},
		{args: []string{"ref", "-w", "-1.5"}, err: "argument --width/-w: invalid int value: '-1.5'"},
		{args: []string{"ref", "-w", "x"}, err: "argument --width/-w: invalid int value: 'x'"},
		{args: []string{"ref", "-w"}, err: "argument --width/-w: expected one argument"},
		{args: []string{"ref", "-w", "-b"}, err: "argument --width/-w: expected one argument"},
		{args: []string{"ref", "-w", " +2 "}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 2 }},
		{args: []string{"ref", "-w", "1_0"}, want: func(o *options) { o.refs, o.width = []string{"ref"}, 10 }},
		{args: []string{"ref", "-m"}, err: "argument --metrics/-m: expected at least one argument"},
		{args: []string{"ref", "-m", "bleu", "chrf"}, want: func(o *options) { o.refs, o.metrics = []string{"ref"}, []string{"bleu", "chrf"} }},
		{args: []string{"ref", "-m", "bleu", "ref2"}, err: "argument --metrics/-m: invalid choice: 'ref2' (choose from 'bleu', 'chrf', 'ter')"},
		{args: []string{"ref", "-tok", "foo"}, err: "argument --tokenize/-tok: invalid choice: 'foo' (choose from 'none', 'zh', '13a', 'intl', 'char', 'ja-mecab', 'ko-mecab', 'spm', 'flores101', 'flores200', 'spBLEU-1K', 'zh-fixed')"},
		{args: []string{"ref", "-tok", "it's"}, err: `argument --tokenize/-tok: invalid choice: "it's" (choose from 'none', 'zh', '13a', 'intl', 'char', 'ja-mecab', 'ko-mecab', 'spm', 'flores101', 'flores200', 'spBLEU-1K', 'zh-fixed')`},
		{args: []string{"ref", "-s", "foo"}, err: "argument --smooth-method/-s: invalid choice: 'foo' (choose from 'none', 'floor', 'add-k', 'exp')"},
		{args: []string{"ref", "-sv", "abc"}, err: "argument --smooth-value/-sv: invalid float value: 'abc'"},
		{args: []string{"ref", "-sv", "0x10"}, err: "argument --smooth-value/-sv: invalid float value: '0x10'"},
		{args: []string{"ref", "-sv", "1_0.5"}, want: func(o *options) { o.refs, o.smoothValue, o.smoothValueGiven = []string{"ref"}, 10.5, true }},
		{args: []string{"ref", "-sv", " inf "}, want: func(o *options) { o.refs, o.smoothValue, o.smoothValueGiven = []string{"ref"}, math.Inf(1), true }},
		{args: []string{"ref", "-sv", ".5"}, want: func(o *options) { o.refs, o.smoothValue, o.smoothValueGiven = []string{"ref"}, 0.5, true }},
		{args: []string{"ref", "-sv", "1e-1"}, want: func(o *options) { o.refs, o.smoothValue, o.smoothValueGiven = []string{"ref"}, 0.1, true }},
		{args: []string{"ref", "-nr", "2.0"}, err: "argument --num-refs/-nr: invalid int value: '2.0'"},
		{args: []string{"ref", "--paired-bs", "--paired-ar"}, err: "argument --paired-ar/-par: not allowed with argument --paired-bs/-pbs"},
		{args: []string{"ref", "-pbs", "-pbs"}, want: func(o *options) { o.refs, o.pairedBS = []string{"ref"}, true }},
		{args: []string{"ref", "-x"}, err: "unrecognized arguments: -x"},
		{args: []string{"ref", "--no-such"}, err: "unrecognized arguments: --no-such"},
		// -h and -V act as soon as they are reached.
		{args: []string{"ref", "-x", "-h"}, outcome: outcomeHelp},
		{args: []string{"ref", "-w", "x", "-h"}, err: "argument --width/-w: invalid int value: 'x'"},
		{args: []string{"ref", "-V", "-w", "x"}, outcome: outcomeVersion},
		{args: []string{"ref", "-i"}, want: func(o *options) { o.refs, o.inputs, o.inputGiven = []string{"ref"}, []string{}, true }},
		{args: []string{"ref", "-i", "-b"}, want: func(o *options) {
			o.refs, o.inputs, o.inputGiven, o.scoreOnly = []string{"ref"}, []string{}, true, true
		}},
		{args: []string{"ref", "-ihyp.txt", "more"}, err: "unrecognized arguments: more"},
		{args: []string{"ref", "-i=hyp.txt"}, want: func(o *options) { o.refs, o.inputs, o.inputGiven = []string{"ref"}, []string{"hyp.txt"}, true }},
		{args: []string{"ref", "-lc", "-len-de"}, want: func(o *options) { o.refs, o.lowercase, o.langPair = []string{"ref"}, true, "en-de" }},
		{args: []string{"ref", "-lcq"}, want: func(o *options) { o.refs, o.langPair = []string{"ref"}, "cq" }},
		{args: []string{"ref", "-", "-i", "-"}, want: func(o *options) { o.refs, o.inputs, o.inputGiven = []string{"ref", "-"}, []string{"-"}, true }},
		// An argument with a space is positional, unless it starts with a
		// known two-character option.
		{args: []string{"ref", "-foo bar"}, err: "argument --format/-f: invalid choice: 'oo bar' (choose from 'json', 'text', 'latex', 'html')"},
		{args: []string{"-x y", "-b"}, want: func(o *options) { o.refs, o.scoreOnly = []string{"-x y"}, true }},
		// Ours.
		{args: []string{"--print-tokens", "-tok", "zh-fixed", "f"}, want: func(o *options) { o.refs, o.printTokens, o.tokenize = []string{"f"}, true, "zh-fixed" }},
		{args: []string{"ref", "--repl"}, want: func(o *options) { o.refs, o.replaceInvalid = []string{"ref"}, true }},
	}
	for _, tt := range tests {
		o, outcome, err := parseArgs(tt.args)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.err || outcome != tt.outcome {
			t.Errorf("%q: error %q, outcome %d; want %q, %d", tt.args, gotErr, outcome, tt.err, tt.outcome)
			continue
		}
		if tt.err != "" || tt.outcome != outcomeRun {
			continue
		}
		want := defaultOptions()
		tt.want(want)
		if diff := cmp.Diff(want, o, cmp.AllowUnexported(options{}), cmpopts.EquateEmpty(), cmpopts.IgnoreFields(options{}, "given")); diff != "" {
			t.Errorf("%q: (-want +got)\n%s", tt.args, diff)
		}
	}
}

// TestOptionTable checks that no two options share a string and that
// every option does something.
func TestOptionTable(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range optionTable() {
		for _, n := range s.names {
			if seen[n] {
				t.Errorf("%s defined twice", n)
			}
			seen[n] = true
		}
		if s.apply == nil && s.special == specialNone {
			t.Errorf("%s does nothing", s.name())
		}
	}
}

func TestPyRepr(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", `'abc'`},
		{"it's", `"it's"`},
		{`it's "x"`, `'it\'s "x"'`},
		{"a\tb\n", `'a\tb\n'`},
		{`back\slash`, `'back\\slash'`},
		{"é中", `'é中'`},
		{"\x00\x7f\u00a0\u200b\U000e0001", `'\x00\x7f\xa0\u200b\U000e0001'`},
		// Assigned in Unicode 15.0, after Python 3.11's 14.0: not printable.
		{"\U0001e4f0\u0ece", `'\U0001e4f0\u0ece'`},
	}
	for _, tt := range tests {
		if got := py.Repr(tt.in); got != tt.want {
			t.Errorf("pyRepr(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestPyNumbers(t *testing.T) {
	ints := []struct {
		in   string
		want int
		ok   bool
	}{
		{"4", 4, true}, {" 4\t", 4, true}, {"+4", 4, true}, {"-4", -4, true}, {"1_000", 1000, true},
		{"1__0", 0, false}, {"_1", 0, false}, {"1_", 0, false}, {"4.0", 0, false}, {"", 0, false}, {"0x10", 0, false},
	}
	for _, tt := range ints {
		got, ok := pyInt(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("pyInt(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	floats := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"0.5", 0.5, true}, {".5", 0.5, true}, {"5.", 5, true}, {"1e3", 1000, true}, {"1E+3", 1000, true}, {"-2.5e-1", -0.25, true},
		{" 7 ", 7, true}, {"1_0.5", 10.5, true}, {"inf", math.Inf(1), true}, {"-Infinity", math.Inf(-1), true}, {"1e999", math.Inf(1), true},
		{"0x10", 0, false}, {"1e", 0, false}, {".", 0, false}, {"e5", 0, false}, {"abc", 0, false}, {"1,5", 0, false}, {"", 0, false},
	}
	for _, tt := range floats {
		got, ok := py.ParseFloat(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("py.ParseFloat(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if f, ok := py.ParseFloat("nan"); !ok || !math.IsNaN(f) {
		t.Errorf("py.ParseFloat(nan) = %v, %v", f, ok)
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// standalone are the options that modify no other, with why.
var standalone = map[string]string{
	"-h": "acts alone", "--version": "acts alone", "--citation": "refused: no test sets", "--list": "refused: no test sets",
	"--download": "refused: no test sets", "--echo": "refused: no test sets", "--test-set": "refused: no test sets",
	"--origlang": "fails without -t, as in sacreBLEU", "--subset": "fails without -t, as in sacreBLEU",
	"--language-pair": "chooses the tokenizer", "--input": "the systems", "--num-refs": "splits the reference file",
	"--encoding": "reads the files", "--metrics": "the metrics", "--sentence-level": "a mode", "--smooth-method": "the formula",
	"--tokenize": "the tokenizer", "--lowercase": "the text", "--force": "silences a warning that may not arise",
	"--confidence": "a test", "--paired-ar": "a test", "--paired-bs": "a test", "--quiet": "the messages",
	"--short": "the signature", "--score-only": "the output", "--no-color": "the output", "--format": "the output",
	"--print-tokens": "a mode", "--replace-invalid": "the reading", "--paired-holm": "refused without a paired test",
	"--compat": "a mode",
}

// TestModifiersSwept checks that every option is a modifier or standalone,
// and sweeps every modifier over the ways of running the command without
// the option it modifies: each either warns (the output otherwise that of
// the run without it, as sacreBLEU's is), is refused with exit 2, or takes
// effect where -f html gives it a plain meaning; none is silently ignored.
func TestModifiersSwept(t *testing.T) {
	mods := map[string]modifier{}
	for _, m := range modifiers {
		mods[m.name] = m
	}
	values := map[string]string{}
	for _, spec := range optionTable() {
		name := spec.names[0]
		_, isMod := mods[name]
		if _, ok := standalone[name]; ok == isMod {
			t.Errorf("%s is in both or neither of modifiers and standalone", name)
		}
		if spec.nargs == nargsOne {
			values[name] = "5"
		}
	}
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyp := filepath.Join("..", "..", "testdata", "sample.hyp.txt")
	hyp2 := filepath.Join("..", "..", "testdata", "sample.hyp2.txt")
	for _, way := range [][]string{
		{"-i", hyp, "-f", "text"},
		{"-i", hyp},
		{"-i", hyp, hyp2, "-f", "text"},
		{"-i", hyp, hyp2, "-f", "html"},
		{"-i", hyp, hyp2, "-f", "html", "--paired-bs"},
		{"-i", hyp, "--compat", "nltk"},
		{"-i", hyp, "-sl", "-f", "text"},
	} {
		for _, m := range modifiers {
			plain := append([]string{ref}, way...)
			args := append(append([]string{}, plain...), m.name)
			if v, ok := values[m.name]; ok {
				args = append(args, v)
			}
			o, _, err := parseArgs(args)
			if err != nil {
				t.Fatalf("%q: %v", args, err)
			}
			got, want := runCLI(t, "", args...), runCLI(t, "", plain...)
			switch {
			case m.active(o):
				if strings.Contains(got.Stderr, m.shown+" has no effect") {
					t.Errorf("%q: a warning for an option that takes effect", args)
				}
			case m.refuse != nil && m.refuse(o):
				if got.RC != 2 || got.Stdout != "" || !strings.Contains(got.Stderr, m.shown+" modifies "+m.base) {
					t.Errorf("%q: exit status %d, %q; want 2 and a refusal", args, got.RC, got.Stderr)
				}
			default:
				warning := "bleu: warning: " + m.shown + " has no effect without " + m.base
				if got.RC != want.RC || got.Stdout != want.Stdout || !strings.Contains(got.Stderr, warning) {
					t.Errorf("%q: exit status %d, %q; want %d, the same output and %q", args, got.RC, got.Stderr, want.RC, warning)
				}
			}
		}
	}
}

// TestHTMLModifiersTakeEffect checks that -cin and -pbsn size the report's
// intervals and paired test without -ci and --paired-bs, which -f html
// runs in any case.
func TestHTMLModifiersTakeEffect(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyps := []string{filepath.Join("..", "..", "testdata", "sample.hyp.txt"), filepath.Join("..", "..", "testdata", "sample.hyp2.txt")}
	for _, tt := range []struct {
		flags []string
		o     report.Options
	}{
		{[]string{"-cin", "100"}, report.Options{Resamples: 100}},
		{[]string{"-cin", "1"}, report.Options{Resamples: -1}},
		{[]string{"-pbsn", "200"}, report.Options{N: 200}},
		{[]string{"-pbsn", "200", "-cin", "50"}, report.Options{N: 200, Resamples: 50}},
		{[]string{"--paired-ar", "-parn", "300", "-pbsn", "200"}, report.Options{Test: bleu.ApproximateRandomization, N: 300}},
	} {
		args := append(append([]string{ref, "-i"}, hyps...), append([]string{"-f", "html", "-q"}, tt.flags...)...)
		res := runCLI(t, "", args...)
		if res.RC != 0 {
			t.Fatalf("%v: exit status %d: %s", tt.flags, res.RC, res.Stderr)
		}
		if res.Stdout != libraryPage(t, ref, hyps, tt.o) {
			t.Errorf("%v: not the library's page for %+v", tt.flags, tt.o)
		}
	}
}

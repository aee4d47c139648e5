package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorsNameTheStream puts invalid UTF-8 in the hypotheses, the first
// or the second reference file, under every way of scoring, and checks
// that the message names that file (or "the hypotheses" where they come
// from standard input) and no other.
func TestErrorsNameTheStream(t *testing.T) {
	good := "the cat sat on the mat\nit is raining\n"
	bad := "the cat sat on the mat\nit \xff raining\n"
	modes := [][]string{
		nil, {"-sl"}, {"-f", "html"}, {"-ci", "-cin", "10"},
		{"--compat", "nltk"}, {"--compat", "hf"}, {"--compat", "mteval"}, {"--compat", "multi-bleu-detok"},
	}
	for _, which := range []string{"hyp.txt", "ref1.txt", "ref2.txt"} {
		files := map[string]string{"hyp.txt": good, "ref1.txt": good, "ref2.txt": good}
		files[which] = bad
		dir := writeFiles(t, files)
		f := func(name string) string { return filepath.Join(dir, name) }
		for _, mode := range modes {
			args := append([]string{f("ref1.txt"), f("ref2.txt"), "-i", f("hyp.txt")}, mode...)
			res := runCLI(t, "", args...)
			if res.RC == 0 || !strings.Contains(res.Stderr, f(which)) {
				t.Errorf("%s bad, %v: exit status %d, %q does not name it", which, mode, res.RC, res.Stderr)
			}
			for _, other := range []string{"hyp.txt", "ref1.txt", "ref2.txt"} {
				if other != which && strings.Contains(res.Stderr, f(other)) {
					t.Errorf("%s bad, %v: %q names %s", which, mode, res.Stderr, other)
				}
			}
		}
	}
}

// TestLengthErrorsNameTheStream gives one input a line fewer, under every
// way of scoring that checks the lengths, and checks that the message
// names that file.
func TestLengthErrorsNameTheStream(t *testing.T) {
	good := "the cat sat on the mat\nit is raining\n"
	short := "the cat sat on the mat\n"
	modes := [][]string{
		nil, {"-sl"}, {"-f", "html"}, {"-ci", "-cin", "10"},
		{"--compat", "nltk"}, {"--compat", "hf"}, {"--compat", "mteval"},
	}
	for _, which := range []string{"hyp.txt", "ref1.txt", "ref2.txt"} {
		files := map[string]string{"hyp.txt": good, "ref1.txt": good, "ref2.txt": good}
		files[which] = short
		dir := writeFiles(t, files)
		f := func(name string) string { return filepath.Join(dir, name) }
		for _, mode := range modes {
			args := append([]string{f("ref1.txt"), f("ref2.txt"), "-i", f("hyp.txt")}, mode...)
			res := runCLI(t, "", args...)
			if want := f(which) + " has 1 line"; res.RC != 1 || !strings.Contains(res.Stderr, want) {
				t.Errorf("%s short, %v: exit status %d, %q; want 1 and %q", which, mode, res.RC, res.Stderr, want)
			}
		}
	}
}

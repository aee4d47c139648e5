package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/report"
)

// libraryPage is the page package report writes for the files: what
// -f html must print for them.
func libraryPage(t *testing.T, refFile string, hypFiles []string, o report.Options) string {
	t.Helper()
	lines := func(name string) []string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	}
	c := report.Corpus{References: [][]string{lines(refFile)}, Names: hypFiles}
	for _, h := range hypFiles {
		c.Hypotheses = append(c.Hypotheses, lines(h))
	}
	r, err := report.FromCorpus(context.Background(), c, o)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestHTML checks that -f html prints the library's report for the
// options given, with its defaults otherwise.
func TestHTML(t *testing.T) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyps := []string{filepath.Join("..", "..", "testdata", "sample.hyp.txt"), filepath.Join("..", "..", "testdata", "sample.hyp2.txt")}
	for _, tc := range []struct {
		name  string
		env   map[string]string
		flags []string
		o     report.Options
		hyps  []string
	}{
		{"defaults", nil, nil, report.Options{}, hyps},
		{"paired-bs", nil, []string{"--paired-bs", "-pbsn", "200"}, report.Options{N: 200}, hyps},
		{"paired-ar", nil, []string{"--paired-ar", "-parn", "300"}, report.Options{Test: bleu.ApproximateRandomization, N: 300}, hyps},
		{"confidence", nil, []string{"-ci", "-cin", "100"}, report.Options{Resamples: 100}, hyps},
		{"no intervals", nil, []string{"-ci", "-cin", "1"}, report.Options{Resamples: -1}, hyps},
		{"seed", map[string]string{"SACREBLEU_SEED": "7"}, nil, report.Options{Seed: bleu.Seeded(7)}, hyps},
		{"one system", nil, nil, report.Options{}, hyps[:1]},
		{"short signature", nil, []string{"-sh"}, report.Options{Signature: bleu.Signature.Short}, hyps},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{ref, "-i"}, tc.hyps...)
			res := runCLIEnv(t, tc.env, "", append(append(args, "-f", "html", "-q"), tc.flags...)...)
			if res.RC != 0 || res.Stderr != "" {
				t.Fatalf("exit status %d: %s", res.RC, res.Stderr)
			}
			if want := libraryPage(t, ref, tc.hyps, tc.o); res.Stdout != want {
				t.Errorf("-f html %v does not print the library's page for %+v", tc.flags, tc.o)
			}
		})
	}
	for _, tc := range []struct {
		name  string
		flags []string
		rc    int
		msg   string
	}{
		{"sentence level", []string{"-sl"}, 2, "cannot be combined"},
		{"score only", []string{"-b"}, 2, "cannot be combined"},
	} {
		res := runCLI(t, "", append([]string{ref, "-i", hyps[0], "-f", "html"}, tc.flags...)...)
		if res.RC != tc.rc || !strings.Contains(res.Stderr, tc.msg) || res.Stdout != "" {
			t.Errorf("%s: exit status %d, %q; want %d and %q", tc.name, res.RC, res.Stderr, tc.rc, tc.msg)
		}
	}
}

// TestHTMLInput checks -f html's reading: systems from standard input,
// and bad lines named by file and line.
func TestHTMLInput(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ref.txt": "the cat sat on the mat\nit is raining today\n",
		"hyp.txt": "the cat sat on a mat\nit \xff rains\n",
	})
	res := runCLI(t, "the cat sat on a mat\tthe cat sat\nit rains today\tit is raining today\n",
		filepath.Join(dir, "ref.txt"), "-f", "html", "-q")
	if res.RC != 0 || !strings.Contains(res.Stdout, `data-system="System 1"`) || !strings.Contains(res.Stdout, `data-system="System 2"`) {
		t.Errorf("standard input: exit status %d, %s", res.RC, res.Stderr)
	}
	res = runCLI(t, "", filepath.Join(dir, "ref.txt"), "-i", filepath.Join(dir, "hyp.txt"), "-f", "html")
	if res.RC != 1 || !strings.Contains(res.Stderr, "hyp.txt:2") || res.Stdout != "" {
		t.Errorf("invalid UTF-8: exit status %d, %q", res.RC, res.Stderr)
	}
	res = runCLI(t, "", filepath.Join(dir, "ref.txt"), "-i", filepath.Join(dir, "ref.txt"), "-f", "html", "--paired-bs")
	if res.RC != 1 || !strings.Contains(res.Stderr, "Paired tests require multiple input systems") {
		t.Errorf("a paired test of one system: exit status %d, %q", res.RC, res.Stderr)
	}
}

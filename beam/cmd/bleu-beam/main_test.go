package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameLineAsBleu runs the pipeline on prism and checks that it prints
// what the bleu command prints with -f text for the same arguments.
func TestSameLineAsBleu(t *testing.T) {
	dir := t.TempDir()
	bleu := filepath.Join(dir, "bleu")
	if out, err := exec.Command("go", "build", "-o", bleu, "github.com/go-bleu/bleu/cmd/bleu").CombinedOutput(); err != nil {
		t.Fatalf("building bleu: %v\n%s", err, out)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hyp := write("hyp.txt", read("sample.hyp.txt"))
	ref := write("ref.txt", read("sample.ref.txt"))
	// A second reference: the first with its words in another case and
	// CRLF line ends, and without a final newline.
	ref2 := write("ref2.txt", bytes.TrimSuffix(bytes.ReplaceAll(bytes.ToUpper(read("sample.ref.txt")), []byte("\n"), []byte("\r\n")), []byte("\r\n")))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(read("sample.hyp.txt"))
	zw.Close()
	hypGz := write("hyp.txt.gz", gz.Bytes())
	jaText, err := os.ReadFile(filepath.Join("..", "..", "..", "ja", "testdata", "text.txt"))
	if err != nil {
		t.Fatal(err)
	}
	jaRef := write("ja.ref.txt", jaText)
	// A Japanese hypothesis: the reference with its lines' first and last
	// characters swapped, so that some words match and some do not.
	jaLines := strings.SplitAfter(strings.TrimSuffix(string(jaText), "\n"), "\n")
	for i, l := range jaLines {
		r := []rune(strings.TrimSuffix(l, "\n"))
		if len(r) > 1 && i%2 == 0 {
			r[0], r[len(r)-1] = r[len(r)-1], r[0]
		}
		jaLines[i] = string(r) + "\n"
	}
	jaHyp := write("ja.hyp.txt", []byte(strings.Join(jaLines, "")))

	for _, args := range [][]string{
		{ref, "-i", hyp},
		{ref, ref2, "-i", hyp, "-w", "3"},
		{ref, "-i", hypGz, "-tok", "intl", "-lc"},
		{ref, ref2, "-i", hyp, "-tok", "char", "-s", "floor", "-sv", "0.2", "-sh"},
		{ref, "-i", hyp, "-s", "add-k", "-b", "-w", "16"},
		{ref, "-i", hyp, "-tok", "none", "-s", "none", "--width=16"},
		{jaRef, "-i", jaHyp, "-tok", "ja-mecab", "-w", "4"},
		{ref, "-i", hyp, "-m", "chrf"},
		{ref, ref2, "-i", hyp, "-m", "chrf", "bleu", "-cw", "2", "-w", "3", "-sh", "-lc"},
		{ref, "-i", hypGz, "-m", "bleu", "chrf", "-cc", "0", "-cw", "3", "--chrf-beta", "0", "--chrf-lowercase",
			"--chrf-whitespace", "--chrf-eps-smoothing", "-b", "-w", "5"},
		{ref, ref2, "-i", hyp, "-m", "chrf", "--chrf-beta=-3", "-cc", "4", "--chrf-eps-smoothing", "-w", "16"},
		{ref, "-i", hyp, "-m", "ter"},
		{ref, ref2, "-i", hyp, "-m", "ter", "--ter-case-sensitive", "-w", "16"},
		{ref, ref2, "-i", hypGz, "-m", "ter", "chrf", "bleu", "--ter-normalized", "--ter-no-punct", "-sh", "-w", "3"},
		{ref, "-i", hyp, "-m", "bleu", "ter", "--ter-no-punct", "--ter-case-sensitive", "-b", "-w", "5"},
		{jaRef, "-i", jaHyp, "-m", "ter", "--ter-asian-support", "--ter-normalized", "--ter-no-punct", "-w", "4"},
		{jaRef, "-i", jaHyp, "-m", "ter", "--ter-asian-support", "-sh"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			want, err := exec.Command(bleu, append(args, "-f", "text")...).Output()
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(t.TempDir(), "out")
			var stderr bytes.Buffer
			if rc := run(context.Background(), append(args, "-f", "text", "-o", out), &stderr, &stderr); rc != 0 {
				t.Fatalf("exit status %d: %s", rc, stderr.String())
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("bleu-beam printed\n%s\nbleu printed\n%s", got, want)
			}
		})
	}
}

// TestNoTempLeft checks that a run leaves nothing in the temporary
// directory, where Beam's loopback mode leaves a file of its own.
func TestNoTempLeft(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one")
	if err := os.WriteFile(one, []byte("a b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out bytes.Buffer
	if rc := run(context.Background(), []string{one, "-i", one, "-f", "text", "-o", filepath.Join(dir, "out")}, &out, &out); rc != 0 {
		t.Fatalf("exit status %d: %s", rc, out.String())
	}
	if left, err := os.ReadDir(tmp); err != nil || len(left) > 0 {
		t.Errorf("left in the temporary directory: %v (%v)", left, err)
	}
	if os.Getenv("TMPDIR") != tmp {
		t.Errorf("TMPDIR is %q after the run, want %q", os.Getenv("TMPDIR"), tmp)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	two, one, bad, empty := write("two", "a\nb\n"), write("one", "a\n"), write("bad", "a\n\xff\n"), write("empty", "")
	for _, c := range []struct {
		args []string
		rc   int
		msg  string
	}{
		{[]string{two, "-i", one}, 1, one + " has 1 line but " + two + " has 2 lines"},
		{[]string{two, "-i", bad}, 1, bad + ":2: invalid UTF-8"},
		{[]string{two, "-i", filepath.Join(dir, "missing")}, 1, "missing"},
		{[]string{two, "-i", one, "-nr", "2"}, 2, "unsupported argument -nr"},
		{[]string{empty, "-i", empty}, 1, empty + " is empty: there are no hypotheses to score"},
		{[]string{two, "-i", "nope://x"}, 2, `scheme "nope" not registered`},
		{[]string{two}, 2, "exactly one hypothesis file"},
		{[]string{"-i", one}, 2, "at least one reference file"},
		{[]string{two, "-i", one, "-f", "json"}, 2, "only text"},
		{[]string{two, "-i", one, "-tok", "nope"}, 2, `tokenizer "nope"`},
		{[]string{two, "-i", one, "-m", "ter", "--ter-nope"}, 2, "unsupported argument --ter-nope"},
		{[]string{two, "-i", one, "-m", "bleu", two}, 2, "invalid choice: '" + two + "'"},
		{[]string{two, "-i", one, "-m", "chrf", "-cc", "0"}, 2, "needs a -cw/--chrf-word-order above 0"},
		{[]string{two, "-i", one, "-m", "chrf", "-cw", "-1"}, 2, "must be at least 0"},
		{[]string{two, "-i", one, "-m", "chrf", "-cc", "x"}, 2, "argument -cc: invalid int value: 'x'"},
		{[]string{two, "-i", bad, "-m", "chrf"}, 1, bad + ":2: invalid UTF-8"},
		{[]string{empty, "-i", empty, "-m", "chrf"}, 1, empty + " is empty"},
		{[]string{two, "-i", bad, "-m", "ter"}, 1, bad + ":2: invalid UTF-8"},
		{[]string{empty, "-i", empty, "-m", "ter"}, 1, empty + " is empty"},
	} {
		var stderr bytes.Buffer
		rc := run(context.Background(), c.args, &stderr, &stderr)
		if rc != c.rc || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%q: exit status %d, stderr %q; want %d and %q", c.args, rc, stderr.String(), c.rc, c.msg)
		}
		if strings.Contains(stderr.String(), "bleubeam: ") {
			t.Errorf("%q: the message repeats its prefix: %q", c.args, stderr.String())
		}
	}
}

// TestUnknownRunner checks that a runner the command does not have is
// named in a message with exit status 2, and that the runners it has are
// known (each of their names is taken).
func TestUnknownRunner(t *testing.T) {
	t.Cleanup(func() { flag.Set("runner", "") })
	dir := t.TempDir()
	one := filepath.Join(dir, "one")
	if err := os.WriteFile(one, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"nosuch", "Prism", "dataflw"} {
		var stderr bytes.Buffer
		rc := run(context.Background(), []string{"--runner=" + name, one, "-i", one}, &stderr, &stderr)
		if want := `bleu-beam: unknown runner "` + name + `": this command has prism`; rc != 2 || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("--runner=%s: exit status %d, %q; want 2 and %q", name, rc, stderr.String(), want)
		}
	}
	for _, name := range []string{"prism", "direct", "dataflow", "flink", "spark", "universal", "portable"} {
		if name == "direct" {
			continue // the command runs prism for it
		}
		if err := checkRunner(name); err != nil {
			t.Errorf("runner %s: %v", name, err)
		}
	}
}

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
)

// longCorpus returns n hypotheses and references made from the sample of
// testdata/, varied line by line; every 50th hypothesis ends in " .".
func longCorpus(t *testing.T, n int) (hyps, refs []string) {
	t.Helper()
	read := func(name string) []string {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
	h, r := read("sample.hyp.txt"), read("sample.ref.txt")
	for i := range n {
		hyp := fmt.Sprintf("%s %d", h[i%len(h)], i%37)
		if i%50 == 0 {
			hyp += " ."
		}
		hyps = append(hyps, hyp)
		refs = append(refs, fmt.Sprintf("%s %d", r[(i/3)%len(r)], i%41))
	}
	return hyps, refs
}

// TestReadAhead checks runs over more segments than a batch holds: the
// scores are those of the library adding the segments one by one, and
// the counts of tokenized lines add up across batches.
func TestReadAhead(t *testing.T) {
	// A batch and nothing after it, the end found by the goroutine; and
	// batches ended by their size and the last by the input's end.
	for _, n := range []int{batchSegments, 3*batchSegments + 123} {
		t.Run(fmt.Sprint(n), func(t *testing.T) { testReadAhead(t, n) })
	}
}

func testReadAhead(t *testing.T, n int) {
	hyps, refs := longCorpus(t, n)
	dir := writeFiles(t, map[string]string{
		"hyp.txt": strings.Join(hyps, "\n") + "\n",
		"ref.txt": strings.Join(refs, "\n") + "\n",
	})
	hyp, ref := filepath.Join(dir, "hyp.txt"), filepath.Join(dir, "ref.txt")

	var st bleu.Stats
	var sentences strings.Builder
	for i := range hyps {
		if err := st.Add(hyps[i], refs[i]); err != nil {
			t.Fatal(err)
		}
		sc, err := bleu.Sentence(hyps[i], refs[i])
		if err != nil {
			t.Fatal(err)
		}
		sentences.WriteString(formatText(plainScore("", sc), 2, false, signatureString(sc.Signature, false)) + "\n")
	}
	sc := st.Score()
	warning := "" // sacreBLEU's warning comes at 100 tokenized lines
	if tokenized := (n + 49) / 50; tokenized >= 100 {
		warning = fmt.Sprintf("bleu: warning: %d lines of %s end in a tokenized period", tokenized, hyp)
	}
	for _, tt := range []struct {
		name   string
		args   []string
		stdin  string
		stdout string
	}{
		{"files", []string{ref, "-i", hyp, "-f", "text"}, "",
			formatText(plainScore("", sc), 1, false, signatureString(sc.Signature, false)) + "\n"},
		{"standard input", []string{ref, "-b", "-w", "4"}, strings.Join(hyps, "\n"), fmt.Sprintf("%.4f\n", sc.Percent())},
		{"sentence level", []string{ref, "-i", hyp, "-sl", "-w", "2"}, "", sentences.String()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, tt.stdin, tt.args...)
			if diff := cmp.Diff(tt.stdout, got.Stdout); diff != "" || got.RC != 0 {
				t.Errorf("exit %d, standard output (-want +got)\n%s", got.RC, diff)
			}
			if tt.name == "files" && (!strings.HasPrefix(got.Stderr, warning) || warning == "" && got.Stderr != "") {
				t.Errorf("standard error %q, want %q...", got.Stderr, warning)
			}
		})
	}
}

// TestReadAheadErrors checks that bad input after the first batches is
// reported with its line, and that nothing is printed.
func TestReadAheadErrors(t *testing.T) {
	const n = 2*batchSegments + 500
	hyps, refs := longCorpus(t, n)
	bad := append([]string(nil), hyps...)
	bad[n-100] = "not \xff UTF-8"
	tabs := append([]string(nil), refs...)
	for i := range tabs {
		tabs[i] += "\t" + refs[(i+1)%n]
	}
	tabs[batchSegments+7] = refs[0]
	dir := writeFiles(t, map[string]string{
		"hyp.txt":   strings.Join(hyps, "\n") + "\n",
		"ref.txt":   strings.Join(refs, "\n") + "\n",
		"bad.txt":   strings.Join(bad, "\n") + "\n",
		"short.txt": strings.Join(hyps[:n-1], "\n") + "\n",
		"tabs.txt":  strings.Join(tabs, "\n") + "\n",
	})
	f := func(name string) string { return filepath.Join(dir, name) }
	for _, tt := range []struct {
		name string
		args []string
		rc   int
		msg  string
	}{
		{"invalid UTF-8", []string{f("ref.txt"), "-i", f("bad.txt")}, 1,
			fmt.Sprintf("%s:%d: invalid UTF-8 (byte 0xff at byte 5 of the line)", f("bad.txt"), n-99)},
		{"lengths differ", []string{f("ref.txt"), "-i", f("short.txt")}, 1,
			fmt.Sprintf("%s has %d lines but %s has %d lines", f("short.txt"), n-1, f("ref.txt"), n)},
		{"-nr", []string{f("tabs.txt"), "-nr", "2", "-i", f("hyp.txt")}, 17,
			fmt.Sprintf("%s:%d: expected 2 tab-separated references (-nr 2), found 1", f("tabs.txt"), batchSegments+8)},
	} {
		for _, mode := range []string{"-b", "-sl"} {
			t.Run(tt.name+" "+mode, func(t *testing.T) {
				got := runCLI(t, "", append(tt.args, mode)...)
				if got.RC != tt.rc || got.Stdout != "" || !strings.HasPrefix(got.Stderr, "bleu: "+tt.msg) {
					t.Errorf("exit %d, standard output %q, standard error %q; want %d, nothing, %q", got.RC, got.Stdout, got.Stderr, tt.rc, tt.msg)
				}
			})
		}
	}
}

// failingAdder fails at the segments whose hypothesis is "bad".
type failingAdder struct{ name string }

func (a *failingAdder) Add(hyp string, refs ...string) error {
	if hyp == "bad" {
		return errors.New("a bad segment for " + a.name)
	}
	return nil
}

func (a *failingAdder) Score() bleu.Score { return bleu.Score{} }

// TestAddBatch checks that the error of a batch is that of its first
// segment that has one, and of the first system among those that fail
// there, as adding segment by segment would have it; a Stats's error is
// found after AddCorpus fails.
func TestAddBatch(t *testing.T) {
	b := &batch{
		first: 1000, n: 6,
		hyps: [][]string{
			{"a", "b", "c", "d", "bad", "e"},
			{"a", "b", "bad", "c", "d", "e"},
			{"a", "b", "bad", "c", "d", "e"},
		},
		refs: [][]string{{"a", "b", "c", "d", "e", "f"}},
	}
	systems := []segmentAdder{&failingAdder{"A"}, &failingAdder{"B"}, &failingAdder{"C"}}
	err := addBatch(systems, b)
	if want := "bleu: line 1003: a bad segment for B"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	b.hyps = [][]string{{"a", "b", "c", "d", "e", "f"}, {"a", "b", "c", "d\xff", "e", "f"}}
	systems = []segmentAdder{&failingAdder{}, &bleu.Stats{}}
	err = addBatch(systems, b)
	if want := "bleu: line 1004: invalid UTF-8 in the hypothesis"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}

	b.hyps[1][3] = "d"
	systems = []segmentAdder{&failingAdder{}, &bleu.Stats{}}
	if err := addBatch(systems, b); err != nil {
		t.Fatal(err)
	}
	if got := systems[1].(*bleu.Stats).Len(); got != 6 {
		t.Errorf("the Stats has %d segments, want 6", got)
	}
}

// TestSentenceScorer checks that the sentence scores of a batch are those
// of bleu.Sentence, in order, and that an error is that of the first
// segment that has one, whichever goroutine met it.
func TestSentenceScorer(t *testing.T) {
	hyps, refs := longCorpus(t, 1000)
	b := &batch{first: 5000, n: len(hyps), hyps: [][]string{hyps}, refs: [][]string{refs}}
	ss := &sentenceScorer{cfg: bleu.Config{EffectiveOrder: true}, text: func(sc bleu.Score, _ *signatures) string { return sc.String() }}
	want := make([]string, len(hyps))
	for i := range hyps {
		sc, err := bleu.Sentence(hyps[i], refs[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sc.String()
	}
	for range 3 { // the Stats are reused
		got := make([]string, len(hyps))
		if err := ss.score(b, got); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("(-want +got)\n%s", diff)
		}
	}

	if err := ss.score(&batch{first: 7}, nil); err != nil {
		t.Errorf("an empty batch: %v", err)
	}

	bad := append([]string(nil), hyps...)
	bad[900], bad[130] = "\xff", "a \xc3"
	b.hyps[0] = bad
	err := ss.score(b, make([]string, len(hyps)))
	if want := "bleu: line 5131: invalid UTF-8 in the hypothesis"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestSizeHint checks the size that openLines records for the first
// arena: a regular file's, and none (-1) for a gzip file, whose text is
// larger than the file.
func TestSizeHint(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, data string
		want       int64
	}{
		{"plain.txt", "one line\ntwo lines\n", 19},
		{"empty.txt", "", 0},
		{"packed.gz", "one line\n", -1},
	} {
		path := filepath.Join(dir, tc.name)
		data := []byte(tc.data)
		if strings.HasSuffix(tc.name, ".gz") {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write(data)
			z.Close()
			data = b.Bytes()
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		lr, err := openLines(nil, path, encUTF8, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if lr.size != tc.want {
			t.Errorf("%s: size %d, want %d", tc.name, lr.size, tc.want)
		}
		lr.Close()
	}
}

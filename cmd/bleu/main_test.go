package main

// End-to-end tests: the command run in-process against sacreBLEU 2.6.0's
// recorded outputs (the conformance sets: the portable one in
// testdata/portable, and the WMT one when it is present) and against
// hand-made bad input.

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
)

// result is what a run printed and returned.
type result struct {
	Stdout, Stderr string
	RC             int
}

// runCLI runs the command in-process with stdin as standard input and
// no environment.
func runCLI(t testing.TB, stdin string, args ...string) result {
	t.Helper()
	return runCLIEnv(t, nil, stdin, args...)
}

// runCLIEnv runs the command in-process with stdin as standard input and
// env as its whole environment.
func runCLIEnv(t testing.TB, env map[string]string, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	c := &cli{
		stdin:     strings.NewReader(stdin),
		stdout:    &out,
		stderr:    &errb,
		lookupEnv: lookupIn(env),
		now:       time.Now,
		sets:      offlineSets(t),
		models:    offlineModels(),
	}
	rc := c.main(args)
	return result{out.String(), errb.String(), rc}
}

// lookupIn is os.LookupEnv over env.
func lookupIn(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}
}

// conformanceSet is a conformance set: the portable one, always, or the
// WMT one when it is present (internal/conftest).
type conformanceSet = conftest.Set

// moduleRoot is the module's root directory, relative to this package.
var moduleRoot = filepath.Join("..", "..")

// forEachConformanceSet runs f in a subtest per conformance set, named by
// the set.
func forEachConformanceSet(t *testing.T, f func(t *testing.T, set conformanceSet)) {
	t.Helper()
	conftest.ForEach(t, moduleRoot, f)
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// ourVersion replaces sacreBLEU's version in a golden output by ours.
var ourVersion = strings.NewReplacer(
	"version:2.6.0", "version:"+bleu.Version,
	"v:2.6.0", "v:"+bleu.Version,
	`"version": "2.6.0"`, `"version": "`+bleu.Version+`"`,
)

// TestCLIGoldens runs every command line recorded in goldens/cli.json,
// the significance tests (with the default seed) included, and compares
// the exit status and standard output byte for byte, the version field
// aside, and on success the informational messages on standard error.
// A run with "stdin" reads that file as its standard input.
func TestCLIGoldens(t *testing.T) {
	forEachConformanceSet(t, testCLIGoldens)
}

func testCLIGoldens(t *testing.T, set conformanceSet) {
	dir := set.Dir
	var golden struct {
		Runs []struct {
			Args   []string `json:"args"`
			Stdin  string   `json:"stdin"`
			RC     int      `json:"rc"`
			Stdout string   `json:"stdout"`
			Stderr string   `json:"stderr_tail"`
		} `json:"runs"`
	}
	readJSON(t, filepath.Join(dir, "goldens", "cli.json"), &golden)
	// The goldens name files relative to the conformance directory, and
	// tables are as wide as those names: run from there, as sacreBLEU was.
	t.Chdir(dir)
	var ran int64
	for i, run := range golden.Runs {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			ran++
			var stdin string
			if run.Stdin != "" {
				b, err := os.ReadFile(run.Stdin)
				if err != nil {
					t.Fatal(err)
				}
				stdin = string(b)
			}
			got := runCLI(t, stdin, run.Args...)
			want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
			// The informational messages are sacreBLEU's too ("Found 2
			// systems.", the paired tests' progress); error messages are
			// our own.
			want.Stderr = strings.ReplaceAll(run.Stderr, "sacreBLEU: ", "bleu: ")
			if run.RC != 0 && strings.Contains(strings.Join(run.Args, " "), "-l en-ja") {
				want = jaMecabRun(t, dir)
			}
			if run.RC != 0 {
				got.Stderr, want.Stderr = "", ""
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), diff)
			}
		})
	}
	if int(ran) != len(golden.Runs) {
		t.Errorf("ran %d of the %d cli.json runs", ran, len(golden.Runs))
	}
	conftest.LogChecks(t, set, ran, "command-line")
}

// jaMecabRun is what sacreBLEU prints for the cli.json run scoring
// data/en-ja/sys-JDExploreAcademy.txt with -l en-ja -f text: it failed for
// want of MeCab when recorded (sacreBLEU's dependencies for Japanese were
// not installed); with MeCab it prints the tok=ja-mecab corpus score of
// ja-mecab/goldens/ja-mecab.json with the CLI's default width of 1.
func jaMecabRun(t testing.TB, dir string) result {
	t.Helper()
	var g struct {
		Corpus []struct {
			ID      string `json:"id"`
			Results map[string]struct {
				Score   float64 `json:"score"`
				Verbose string  `json:"verbose"`
			} `json:"results"`
			Signature string `json:"signature"`
		} `json:"corpus"`
	}
	readJSON(t, filepath.Join(dir, "ja-mecab", "goldens", "ja-mecab.json"), &g)
	if len(g.Corpus) == 0 || g.Corpus[0].ID != "tok=ja-mecab" {
		t.Fatal("ja-mecab.json: no tok=ja-mecab corpus entry first")
	}
	r := g.Corpus[0].Results["JDExploreAcademy"]
	return result{Stdout: ourVersion.Replace(fmt.Sprintf("BLEU|%s = %.1f %s\n", g.Corpus[0].Signature, r.Score, r.Verbose))}
}

// goldenConfig is the conformance set's config object.
type goldenConfig struct {
	Tokenize       string   `json:"tokenize"`
	Lowercase      bool     `json:"lowercase"`
	SmoothMethod   string   `json:"smooth_method"`
	SmoothValue    *float64 `json:"smooth_value"`
	EffectiveOrder bool     `json:"effective_order"`
	MaxNgramOrder  int      `json:"max_ngram_order"`
	Refs           []string `json:"refs"`
}

// flags returns the command-line options for the configuration, or false
// when options cannot express it (the CLI has no n-gram order option,
// and turns effective order on exactly with -sl).
func (g goldenConfig) flags(sentence bool) ([]string, bool) {
	if g.MaxNgramOrder != 4 || g.EffectiveOrder != sentence {
		return nil, false
	}
	args := []string{"-tok", g.Tokenize, "-s", g.SmoothMethod}
	if g.Lowercase {
		args = append(args, "-lc")
	}
	if g.SmoothValue != nil {
		args = append(args, "-sv", strconv.FormatFloat(*g.SmoothValue, 'g', -1, 64))
	}
	if sentence {
		args = append(args, "-sl")
	}
	return args, true
}

// parseScores parses the scores printed by -b, one per line.
func parseScores(t testing.TB, stdout string) []float64 {
	t.Helper()
	var out []float64
	for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		f, err := strconv.ParseFloat(l, 64)
		if err != nil {
			t.Fatalf("output line %q is not a score", l)
		}
		out = append(out, f)
	}
	return out
}

// checkScore compares a score printed with 10 decimals with a golden one.
func checkScore(t testing.TB, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > conftest.PercentTolerance {
		t.Errorf("%s: score %.10f, sacreBLEU %.15g (difference %.3g)", what, got, want, got-want)
	}
}

// TestCorpusGoldens scores every corpus and sentence golden of
// goldens/<pair>.json that command-line options can express, through
// "-b -w 10", and compares the printed numbers within conftest.PercentTolerance.
func TestCorpusGoldens(t *testing.T) {
	forEachConformanceSet(t, testCorpusGoldens)
}

func testCorpusGoldens(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, _ := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	var checks, skipped atomic.Int64
	pairs := 0
	for _, file := range files {
		base := filepath.Base(file)
		if strings.HasPrefix(base, "paired-") || base == "edge.json" || base == "cli.json" {
			continue
		}
		if pairs++; testing.Short() && pairs > 1 {
			// One pair is enough for a quick check; the full run covers all.
			continue
		}
		var g struct {
			Pair    string            `json:"pair"`
			DataDir string            `json:"data_dir"`
			Systems map[string]string `json:"systems"`
			Corpus  []struct {
				ID      string       `json:"id"`
				Config  goldenConfig `json:"config"`
				Results map[string]struct {
					Score float64 `json:"score"`
				} `json:"results"`
			} `json:"corpus"`
			Sentence []struct {
				ID      string                     `json:"id"`
				Config  goldenConfig               `json:"config"`
				Results map[string]json.RawMessage `json:"results"`
			} `json:"sentence"`
		}
		readJSON(t, file, &g)
		data := filepath.Join(dir, g.DataDir)
		refArgs := func(c goldenConfig) []string {
			var a []string
			for _, r := range c.Refs {
				a = append(a, filepath.Join(data, r))
			}
			return a
		}
		t.Run(g.Pair, func(t *testing.T) {
			for _, e := range g.Corpus {
				flags, ok := e.Config.flags(false)
				if !ok {
					skipped.Add(1)
					continue
				}
				for sys, want := range e.Results {
					t.Run("corpus/"+e.ID+"/"+sys, func(t *testing.T) {
						t.Parallel()
						args := append(refArgs(e.Config), "-i", filepath.Join(data, g.Systems[sys]), "-b", "-w", "10")
						res := runCLI(t, "", append(args, flags...)...)
						if res.RC != 0 {
							t.Fatalf("bleu %s: exit %d: %s", strings.Join(args, " "), res.RC, res.Stderr)
						}
						checkScore(t, e.ID, parseScores(t, res.Stdout)[0], want.Score)
						checks.Add(1)
					})
				}
			}
			for _, e := range g.Sentence {
				flags, ok := e.Config.flags(true)
				if !ok {
					skipped.Add(1)
					continue
				}
				for sys, raw := range e.Results {
					t.Run("sentence/"+e.ID+"/"+sys, func(t *testing.T) {
						t.Parallel()
						want := sentenceScores(t, raw)
						args := append(refArgs(e.Config), "-i", filepath.Join(data, g.Systems[sys]), "-b", "-w", "10")
						res := runCLI(t, "", append(args, flags...)...)
						if res.RC != 0 {
							t.Fatalf("bleu %s: exit %d: %s", strings.Join(args, " "), res.RC, res.Stderr)
						}
						got := parseScores(t, res.Stdout)
						if len(got) < len(want) {
							t.Fatalf("%d sentence scores, want at least %d", len(got), len(want))
						}
						for i, w := range want {
							checkScore(t, fmt.Sprintf("%s segment %d", e.ID, i+1), got[i], w)
							checks.Add(1)
						}
					})
				}
			}
		})
	}
	t.Cleanup(func() {
		conftest.LogChecks(t, set, checks.Load(), "score")
		t.Logf("%s: %d golden entries not expressible with CLI options (effective order without -sl, n-gram orders other than 4)", set.Name, skipped.Load())
	})
}

// sentenceScores reads a sentence golden's results: scores, or score
// objects.
func sentenceScores(t testing.TB, raw json.RawMessage) []float64 {
	var scores []float64
	if json.Unmarshal(raw, &scores) == nil {
		return scores
	}
	var objs []struct {
		Score float64 `json:"score"`
	}
	if err := json.Unmarshal(raw, &objs); err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(objs))
	for i, o := range objs {
		out[i] = o.Score
	}
	return out
}

// edgeCase is a case of goldens/edge.json.
type edgeCase struct {
	Name    string `json:"name"`
	APIOnly bool   `json:"api_only"`
	Files   *struct {
		Hyp  string `json:"hyp"`
		Ref  string `json:"ref"`
		Ref2 string `json:"ref2"`
	} `json:"files"`
	Tokenized map[string]struct {
		PreHyps json.RawMessage `json:"pre_hyps"`
		PreRefs json.RawMessage `json:"pre_refs"`
	} `json:"tokenized"`
	Corpus []struct {
		ID     string       `json:"id"`
		Config goldenConfig `json:"config"`
		Result struct {
			Score float64 `json:"score"`
		} `json:"result"`
	} `json:"corpus"`
	CLICheck map[string]struct {
		Stdout string `json:"cli_stdout"`
		RC     int    `json:"rc"`
	} `json:"cli_check"`
}

func (c edgeCase) refFiles(dir string) []string {
	out := []string{filepath.Join(dir, c.Files.Ref)}
	if c.Files.Ref2 != "" {
		out = append(out, filepath.Join(dir, c.Files.Ref2))
	}
	return out
}

func readEdge(t testing.TB, dir string) []edgeCase {
	var g struct {
		Cases []edgeCase `json:"cases"`
	}
	readJSON(t, filepath.Join(dir, "goldens", "edge.json"), &g)
	return g.Cases
}

// TestEdgeGoldens scores the edge cases that are files: every corpus
// golden the options can express within conftest.PercentTolerance, and the recorded
// "sacrebleu ... -b -w 12 -tok T" outputs byte for byte.
func TestEdgeGoldens(t *testing.T) {
	forEachConformanceSet(t, testEdgeGoldens)
}

func testEdgeGoldens(t *testing.T, set conformanceSet) {
	dir := set.Dir
	var checks atomic.Int64
	for _, c := range readEdge(t, dir) {
		if c.APIOnly {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			base := append(c.refFiles(dir), "-i", filepath.Join(dir, c.Files.Hyp))
			for _, e := range c.Corpus {
				flags, ok := e.Config.flags(false)
				if !ok {
					continue
				}
				res := runCLI(t, "", append(append(base, "-b", "-w", "10"), flags...)...)
				if res.RC != 0 {
					t.Fatalf("%s: exit %d: %s", e.ID, res.RC, res.Stderr)
				}
				checkScore(t, e.ID, parseScores(t, res.Stdout)[0], e.Result.Score)
				checks.Add(1)
			}
			for tok, want := range c.CLICheck {
				checks.Add(1)
				res := runCLI(t, "", append(base, "-m", "bleu", "-b", "-w", "12", "-tok", tok)...)
				got := result{Stdout: strings.TrimSuffix(res.Stdout, "\n"), RC: res.RC}
				if diff := cmp.Diff(result{Stdout: want.Stdout, RC: want.RC}, got); diff != "" {
					t.Errorf("-tok %s: (-sacreBLEU +ours)\n%s", tok, diff)
				}
			}
		})
	}
	conftest.LogChecks(t, set, checks.Load(), "edge-case")
}

// TestPrintTokensGoldens checks that --print-tokens shows every line of
// every edge case file as sacreBLEU's BLEU tokenizes it (pre_hyps,
// pre_refs: its _preprocess_segment), for each tokenizer and for 13a with
// -lc. The hypotheses are read from standard input, the references from
// files; hypotheses with a bare \r are read from their file too, because
// standard input, as sacreBLEU reads it, ends lines at a bare \r as well.
func TestPrintTokensGoldens(t *testing.T) {
	forEachConformanceSet(t, testPrintTokensGoldens)
}

func testPrintTokensGoldens(t *testing.T, set conformanceSet) {
	dir := set.Dir
	var lines int64
	for _, c := range readEdge(t, dir) {
		if c.APIOnly {
			continue
		}
		hyp, err := os.ReadFile(filepath.Join(dir, c.Files.Hyp))
		if err != nil {
			t.Fatal(err)
		}
		for key, tk := range c.Tokenized {
			t.Run(c.Name+"/"+key, func(t *testing.T) {
				tok, lc := strings.CutSuffix(key, "+lc")
				args := []string{"--print-tokens", "-tok", tok}
				if lc {
					args = append(args, "-lc")
				}
				hres := runCLI(t, string(hyp), args...)
				if bytes.Contains(bytes.ReplaceAll(hyp, []byte("\r\n"), nil), []byte("\r")) {
					hres = runCLI(t, "", append(args, filepath.Join(dir, c.Files.Hyp))...)
				}
				rres := runCLI(t, "", append(args, c.refFiles(dir)...)...)
				for _, res := range []result{hres, rres} {
					if res.RC != 0 {
						t.Fatalf("exit %d: %s", res.RC, res.Stderr)
					}
				}
				got := strings.Split(strings.TrimSuffix(hres.Stdout+rres.Stdout, "\n"), "\n")
				want := preprocessed(t, tk.PreHyps)
				var refs [][]json.RawMessage
				if err := json.Unmarshal(tk.PreRefs, &refs); err != nil {
					t.Fatal(err)
				}
				for _, r := range refs {
					b, _ := json.Marshal(r)
					want = append(want, preprocessed(t, b)...)
				}
				if len(got) != len(want) {
					t.Fatalf("%d lines of tokens, want %d", len(got), len(want))
				}
				for i, w := range want {
					lines++
					if w.text != nil {
						// sacreBLEU's output, split into words as BLEU splits it.
						if diff := cmp.Diff(strings.Join(py.AppendFields(nil, *w.text), " "), got[i]); diff != "" {
							t.Errorf("line %d: (-sacreBLEU +ours)\n%s", i+1, diff)
						}
						continue
					}
					// A long line is recorded by its number of words and the
					// SHA-256 of the tokenizer's output; for char that output
					// has spaces between all characters, and for none the
					// line's own whitespace, which joined tokens do not keep.
					// (TestConformance checks those outputs whole.)
					if n := len(strings.Fields(got[i])); n != w.tokens {
						t.Errorf("line %d: %d tokens, want %d", i+1, n, w.tokens)
					}
					sum := sha256.Sum256([]byte(got[i]))
					if tok != "char" && tok != "none" && hex.EncodeToString(sum[:]) != w.sha {
						t.Errorf("line %d: SHA-256 of the tokens differs from sacreBLEU's", i+1)
					}
				}
			})
		}
	}
	conftest.LogChecks(t, set, lines, "tokenized-line")
}

// preprocessedLine is a pre_hyps or pre_refs item: the tokenizer's output,
// or for long lines its word count and digest.
type preprocessedLine struct {
	text   *string
	tokens int
	sha    string
}

func preprocessed(t testing.TB, raw json.RawMessage) []preprocessedLine {
	t.Helper()
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		t.Fatal(err)
	}
	out := make([]preprocessedLine, len(items))
	for i, it := range items {
		var s string
		if json.Unmarshal(it, &s) == nil {
			out[i].text = &s
			continue
		}
		var d struct {
			N   int    `json:"n_tokens"`
			SHA string `json:"sha256"`
		}
		if err := json.Unmarshal(it, &d); err != nil {
			t.Fatal(err)
		}
		out[i].tokens, out[i].sha = d.N, d.SHA
	}
	return out
}

// writeFiles creates files in a temporary directory and returns the
// directory.
func writeFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestBadInput checks that bad input and bad usage end with a clear
// message and the documented exit status, and print no score.
func TestBadInput(t *testing.T) {
	// A gzip file cut short in its trailer: every line is there, and
	// only the error tells.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("the cat sat on a mat\nit rains today\nwe shall see\n"))
	zw.Close()
	dir := writeFiles(t, map[string]string{
		"cut.gz":        gz.String()[:gz.Len()-4],
		"garbage.gz":    gz.String() + "xyz",
		"garbage1.gz":   gz.String() + "\x1f",
		"ref.txt":       "the cat sat on the mat\nit is raining today\nwe will see\n",
		"hyp.txt":       "the cat sat on a mat\nit rains today\nwe shall see\n",
		"short.txt":     "the cat sat on a mat\nit rains today\n",
		"empty.txt":     "",
		"tabs.txt":      "a b\tc d\ne f\tg h\ni j\n",
		"badutf8.txt":   "the cat sat on a mat\nit rains \xff\xfe today\nwe shall see\n",
		"badtabs.txt":   "a b\tc\nit \xc3 rains\ne\tf\n",
		"badend.txt":    "the cat sat on a mat\nit rains today\nwe \xe2\x82 see\n",
		"badfields.txt": "a b\tc d\nit  \tr\xc3 ins\ne\tf\n",
		// Past the first batch of segments (batchSegments).
		"long.txt":    strings.Repeat("it rains today\n", 5000),
		"badlong.txt": strings.Repeat("it rains today\n", 4499) + "it r\xe9ins today\n" + strings.Repeat("it rains today\n", 500),
	})
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	f := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name  string
		args  []string
		stdin string
		rc    int
		msgs  []string // substrings of standard error
	}{
		{"line counts differ", []string{f("ref.txt"), "-i", f("short.txt")}, "", 1,
			[]string{f("short.txt") + " has 2 lines but " + f("ref.txt") + " has 3"}},
		{"line counts differ, hypotheses longer", []string{f("short.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("hyp.txt") + " has 3 lines but " + f("short.txt") + " has 2"}},
		{"line counts differ, several files", []string{f("ref.txt"), f("short.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{"different numbers of lines: " + f("hyp.txt") + " has 3 lines, " + f("ref.txt") + " has 3 lines, " + f("short.txt") + " has 2 lines"}},
		{"line counts differ, standard input", []string{f("ref.txt")}, "one line\n", 1,
			[]string{"standard input has 1 line but " + f("ref.txt") + " has 3"}},
		{"gzip file cut short", []string{f("ref.txt"), "-i", f("cut.gz")}, "", 1,
			[]string{f("cut.gz") + ": unexpected EOF"}},
		// Python's gzip says "Not a gzipped file"; Go's, "invalid header".
		{"gzip file with trailing garbage", []string{f("ref.txt"), "-i", f("garbage.gz")}, "", 1,
			[]string{f("garbage.gz") + ": gzip: invalid header"}},
		{"gzip file with one byte of trailing garbage", []string{f("ref.txt"), "-i", f("garbage1.gz")}, "", 1,
			[]string{f("garbage1.gz") + ": gzip: invalid header"}},
		{"missing hypothesis file", []string{f("ref.txt"), "-i", f("nope.txt")}, "", 1,
			[]string{f("nope.txt") + ": no such file"}},
		{"missing reference file", []string{f("nope.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("nope.txt") + ": no such file"}},
		{"unreadable file (a directory)", []string{f("ref.txt"), "-i", f("adir")}, "", 1,
			[]string{f("adir")}},
		{"empty hypothesis file", []string{f("ref.txt"), "-i", f("empty.txt")}, "", 1,
			[]string{f("empty.txt") + " is empty"}},
		{"unknown tokenizer", []string{f("ref.txt"), "-i", f("hyp.txt"), "-tok", "moses"}, "", 2,
			[]string{"argument --tokenize/-tok: invalid choice: 'moses' (choose from 'none', 'zh', '13a', "}},
		{"unknown smoothing", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "add-one"}, "", 2,
			[]string{"argument --smooth-method/-s: invalid choice: 'add-one' (choose from 'none', 'floor', 'add-k', 'exp')"}},
		{"-nr mismatch", []string{f("tabs.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 17,
			[]string{f("tabs.txt") + ":3: expected 2 tab-separated references (-nr 2), found 1"}},
		{"-nr with several reference files", []string{f("ref.txt"), f("hyp.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{"-nr/--num-refs"}},
		{"invalid UTF-8", []string{f("ref.txt"), "-i", f("badutf8.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line); use --replace-invalid"}},
		{"invalid UTF-8 in the references", []string{f("badutf8.txt"), "-i", f("hyp.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8"}},
		{"invalid UTF-8 on standard input", []string{f("ref.txt")}, "a\nb\xc3\nc\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xc3 at byte 2 of the line)"}},
		// The library checks the text as it scores it; the errors come in
		// the order of a line-by-line reading all the same.
		{"invalid UTF-8 in references and hypotheses: the references are read first", []string{f("badutf8.txt"), "-i", f("badend.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8"}},
		{"invalid UTF-8 in the second system first", []string{f("ref.txt"), "-i", f("badend.txt"), f("badutf8.txt")}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 on a line with too few fields", []string{f("badtabs.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{f("badtabs.txt") + ":2: invalid UTF-8 (byte 0xc3 at byte 4 of the line)"}},
		{"invalid UTF-8 on the last line of the shorter input", []string{f("short.txt"), "-i", f("badend.txt")}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8 (byte 0xe2 at byte 4 of the line)"}},
		{"invalid UTF-8 on a line with too many fields", []string{f("ref.txt")}, "a\tb\nc\xff\td\te\nf\tg\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before its systems are checked", []string{f("ref.txt"), "-sl"}, "a\xff\tb\nc\td\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before two systems are refused a confidence interval", []string{f("ref.txt"), "-ci"}, "a\xff\tb\nc\td\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 on the first line, before one system is refused a paired test", []string{f("ref.txt"), "-pbs"}, "a\xff\nc\n", 1,
			[]string{"standard input:1: invalid UTF-8 (byte 0xff at byte 2 of the line)"}},
		{"invalid UTF-8 in a paired test", []string{f("ref.txt"), "-i", f("hyp.txt"), f("badutf8.txt"), "-par"}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 with the char tokenizer", []string{f("ref.txt"), "-i", f("badend.txt"), "-tok", "char"}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8 (byte 0xe2 at byte 4 of the line)"}},
		{"invalid UTF-8, lowercased", []string{f("badutf8.txt"), "-i", f("hyp.txt"), "-lc"}, "", 1,
			[]string{f("badutf8.txt") + ":2: invalid UTF-8 (byte 0xff at byte 10 of the line)"}},
		{"invalid UTF-8 in the second of -nr's references", []string{f("badfields.txt"), "-nr", "2", "-i", f("hyp.txt")}, "", 1,
			[]string{f("badfields.txt") + ":2: invalid UTF-8 (byte 0xc3 at byte 7 of the line)"}},
		{"invalid UTF-8 in the second system on standard input, after a field with trailing spaces", []string{f("ref.txt")}, "a\tb\nc  \td\xff\ne\tf\n", 1,
			[]string{"standard input:2: invalid UTF-8 (byte 0xff at byte 6 of the line)"}},
		{"invalid UTF-8 past the first batch", []string{f("long.txt"), "-i", f("badlong.txt")}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 past the first batch, in the references, sentence level", []string{f("badlong.txt"), "-i", f("long.txt"), "-sl"}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 past the first batch, sentence level, scores only", []string{f("long.txt"), "-i", f("badlong.txt"), "-sl", "-b"}, "", 1,
			[]string{f("badlong.txt") + ":4500: invalid UTF-8 (byte 0xe9 at byte 5 of the line)"}},
		{"invalid UTF-8 at the end of input, sentence level", []string{f("ref.txt"), "-i", f("badend.txt"), "-sl"}, "", 1,
			[]string{f("badend.txt") + ":3: invalid UTF-8"}},
		{"standard input, fields differ", []string{f("ref.txt")}, "a\tb\nc\td\ne\n", 17,
			[]string{"standard input:3: 1 tab-separated hypotheses, but the first line has 2"}},
		{"no references", []string{"-i", f("hyp.txt")}, "", 1, []string{"no reference files"}},
		{"references after -i", []string{"-i", f("hyp.txt"), f("ref.txt")}, "", 1, []string{"no reference files"}},
		{"a system twice", []string{f("ref.txt"), "-i", f("hyp.txt"), f("hyp.txt")}, "", 1, []string{"already used to name a system"}},
		{"-i without files, text", []string{f("ref.txt"), "-i", "-f", "text"}, "", 2, []string{"-i/--input needs at least one file"}},
		{"ko-mecab chosen by -l", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-ko"}, "", 1,
			[]string{"the ko-mecab tokenizer (sacreBLEU's choice for -l en-ko) is not available", "-tok char"}},
		{"-l without a pair", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "de"}, "", 2, []string{"-l/--language-pair needs a source-target pair"}},
		{"negative width", []string{f("ref.txt"), "-i", f("hyp.txt"), "-w", "-1"}, "", 2, []string{"-w/--width must be from 0 to 10000, not -1"}},
		{"-nr 0", []string{f("ref.txt"), "-i", f("hyp.txt"), "-nr", "0"}, "", 17, []string{"expected 0 tab-separated references (-nr 0), found 1 (-nr must be at least 1)"}},
		{"fractional add-k", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "add-k", "-sv", "0.5"}, "", 2, []string{"whole-number -sv"}},
		{"huge floor value", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "1e300"}, "", 2, []string{"must be at most 2^40"}},
		{"negative floor", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "-1"}, "", 2, []string{"finite number >= 0, not -1.0"}},
		{"chrF order below 0", []string{f("ref.txt"), "-i", f("hyp.txt"), "-m", "chrf", "-cc", "-1"}, "", 2, []string{"must be at least 0"}},
		{"chrF without orders", []string{f("ref.txt"), "-i", f("hyp.txt"), "-m", "chrf", "-cc", "0"}, "", 2, []string{"needs a -cw/--chrf-word-order above 0"}},
		{"test set, offline", []string{"-t", "wmt14", "-l", "en-de", "-i", f("hyp.txt")}, "", 1,
			[]string{"https://statmt.org/wmt14/test-filtered.tgz", "no network in tests"}},
		{"other encoding", []string{f("ref.txt"), "-i", f("hyp.txt"), "-e", "latin-1"}, "", 2, []string{"only UTF-8 input is supported"}},
		{"both paired tests", []string{f("ref.txt"), "-i", f("hyp.txt"), "-pbs", "-par"}, "", 2,
			[]string{"argument --paired-ar/-par: not allowed with argument --paired-bs/-pbs"}},
		{"sentence level, two systems", []string{f("ref.txt"), "-i", f("hyp.txt"), f("short.txt"), "-sl"}, "", 1, []string{"Only one system"}},
		{"sentence level, lengths differ", []string{f("ref.txt"), "-i", f("short.txt"), "-sl"}, "", 1, []string{"has 2 lines but"}},
		{"unknown option", []string{f("ref.txt"), "-i", f("hyp.txt"), "--frobnicate"}, "", 2, []string{"unrecognized arguments: --frobnicate"}},
		{"--print-tokens, invalid UTF-8", []string{"--print-tokens"}, "ok\nnot \xe2\x82 ok\n", 1, []string{"standard input:2: invalid UTF-8"}},
		{"--print-tokens, missing file", []string{"--print-tokens", f("nope.txt")}, "", 1, []string{"no such file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := runCLI(t, tt.stdin, tt.args...)
			if res.RC != tt.rc {
				t.Errorf("exit status %d, want %d (stderr: %s)", res.RC, tt.rc, res.Stderr)
			}
			// Scores are printed only once all the input has been read;
			// --print-tokens streams, so the lines before a bad one are out.
			if res.Stdout != "" && !strings.HasPrefix(tt.name, "--print-tokens") {
				t.Errorf("printed %q on standard output, want nothing", res.Stdout)
			}
			if !strings.HasPrefix(res.Stderr, "bleu: ") {
				t.Errorf("standard error %q does not start with \"bleu: \"", res.Stderr)
			}
			for _, m := range tt.msgs {
				if !strings.Contains(res.Stderr, m) {
					t.Errorf("standard error %q does not say %q", res.Stderr, m)
				}
			}
		})
	}
}

// gzipped is s compressed with gzip.
func gzipped(s string) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.String()
}

// TestGoodInput checks how lines are read and scored, with exact outputs.
func TestGoodInput(t *testing.T) {
	long := strings.Repeat("lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 4000)[:200000]
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("the cat sat on a mat\nit rains today\n"))
	zw.Close()
	dir := writeFiles(t, map[string]string{
		"ref.txt":      "the cat sat on the mat\nit is raining today\n",
		"hyp.txt":      "the cat sat on a mat\nit rains today\n",
		"hyp.crlf.txt": "the cat sat on a mat\r\nit rains today\r\n",
		"hyp.nofinal":  "the cat sat on a mat\nit rains today",
		"hyp.spaces":   "the cat sat on a mat \t \nit rains today\u3000\n",
		"hyp.txt.gz":   gz.String(),
		"padded.gz":    gz.String() + strings.Repeat("\x00", 20),
		"two.gz":       gzipped("the cat sat on a mat\n") + "\x00\x00\x00" + gzipped("it rains today\n"),
		"refs.tsv":     "the cat sat on the mat\ta cat sat on the mat\nit is raining today\tit rains today\n",
		"bad.txt":      "the cat sat on a \xffmat\nit rains today\n",
		"long.txt":     long + "\n",
		"tok.txt":      strings.Repeat("this is tokenized .\n", 100),
		"ja.ref.txt":   "今日は東京で大事な会議があります。\n",
		"ja.hyp.txt":   "今日は東京で重要な会議があります。\n",
	})
	f := func(name string) string { return filepath.Join(dir, name) }
	const plain = "BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		stderr string
	}{
		{"plain", []string{f("ref.txt"), "-i", f("hyp.txt"), "-f", "text"}, "", plain, ""},
		{"CRLF", []string{f("ref.txt"), "-i", f("hyp.crlf.txt"), "-f", "text"}, "", plain, ""},
		{"no final newline", []string{f("ref.txt"), "-i", f("hyp.nofinal"), "-f", "text"}, "", plain, ""},
		{"trailing Python whitespace", []string{f("ref.txt"), "-i", f("hyp.spaces"), "-f", "text"}, "", plain, ""},
		{"gzip", []string{f("ref.txt"), "-i", f("hyp.txt.gz"), "-f", "text"}, "", plain, ""},
		// Python's gzip takes zero bytes after a member for padding.
		{"gzip padded with zero bytes", []string{f("ref.txt"), "-i", f("padded.gz"), "-f", "text"}, "", plain, ""},
		{"gzip of two members, padding between", []string{f("ref.txt"), "-i", f("two.gz"), "-f", "text"}, "", plain, ""},
		{"standard input", []string{f("ref.txt"), "-f", "text"}, "the cat sat on a mat\nit rains today\n", plain, ""},
		{"standard input, universal newlines", []string{f("ref.txt"), "-f", "text"}, "the cat sat on a mat\rit rains today\r\n", plain, ""},
		{"two systems on standard input", []string{f("ref.txt"), "-f", "text", "-q"}, "the cat sat on a mat\tthe cat sat on the mat\nit rains today\tit is raining today\n",
			"╒══════════╤════════╕\n" +
				"│   System │  BLEU  │\n" +
				"╞══════════╪════════╡\n" +
				"│ System 1 │  41.1  │\n" +
				"├──────────┼────────┤\n" +
				"│ System 2 │ 100.0  │\n" +
				"╘══════════╧════════╛\n" +
				"\n" +
				"-----------------\n" +
				"Metric signatures\n" +
				"-----------------\n" +
				" - BLEU       nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + "\n", ""},
		{"-nr 2", []string{f("refs.tsv"), "-nr", "2", "-i", f("hyp.txt"), "-f", "text", "-sh"}, "",
			"BLEU|#:2|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version + " = 61.5 100.0/71.4/60.0/33.3 (BP = 1.000 ratio = 1.000 hyp_len = 9 ref_len = 9)\n", ""},
		{"--replace-invalid", []string{f("ref.txt"), "-i", f("bad.txt"), "--replace-invalid", "-b"}, "", "39.5\n", ""},
		{"a 200,000-character line", []string{f("long.txt"), "-i", f("long.txt"), "-f", "text"}, "",
			"BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:" + bleu.Version + " = 100.0 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 35088 ref_len = 35088)\n", ""},
		{"tokenized input warning", []string{f("tok.txt"), "-i", f("tok.txt"), "-b"}, "", "100.0\n",
			"bleu: warning: 100 lines of " + f("tok.txt") + " end in a tokenized period (' .'): it looks like you forgot to detokenize your test data, which may hurt your score. If you insist your data is detokenized, or don't care, --force suppresses this message.\n"},
		{"tokenized input, --force", []string{f("tok.txt"), "-i", f("tok.txt"), "-b", "--force"}, "", "100.0\n", ""},
		{"-l en-zh chooses zh", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-zh", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:zh|s:exp|v:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n", ""},
		{"-l en-zh with another tokenizer", []string{f("ref.txt"), "-i", f("hyp.txt"), "-l", "en-zh", "-tok", "13a", "-b"}, "", "41.1\n",
			"bleu: warning: Consider using the 'zh' or 'spm' tokenizer for Chinese.\n"},
		{"floor 0 is floor 0, not the default", []string{f("ref.txt"), "-i", f("hyp.txt"), "-s", "floor", "-sv", "0", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:13a|s:floor[0.00]|v:" + bleu.Version + " = 41.1 77.8/42.9/40.0/33.3 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)\n", ""},
		{"sentence level", []string{f("ref.txt"), "-i", f("hyp.txt"), "-sl", "-w", "2"}, "",
			"BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:" + bleu.Version + " = 53.73 83.3/60.0/50.0/33.3 (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)\n" +
				"BLEU|nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:" + bleu.Version + " = 24.84 66.7/25.0/25.0/0.0 (BP = 0.717 ratio = 0.750 hyp_len = 3 ref_len = 4)\n", ""},
		{"-d", []string{f("ref.txt"), "-i", f("hyp.txt"), "-d"}, "", plain + "No subset information found. Consider using --origlang argument.\n", ""},
		{"SACREBLEU_FORMAT is not read from this test's empty environment", []string{f("ref.txt"), "-i", f("hyp.txt"), "-b"}, "", "41.1\n", ""},
		{"-V", []string{"-V"}, "", "bleu " + bleu.Version + "\n", ""},
		{"--print-tokens", []string{"--print-tokens", "-lc"}, "The cat's \"mat\", 1,000.5 dollars.\r\nU.S.A.-based\n", "the cat's \" mat \" , 1,000.5 dollars .\nu . s . a . -based\n", ""},
		{"--print-tokens -tok char", []string{"--print-tokens", "-tok", "char"}, "ab c\n", "a b c\n", ""},
		{"--print-tokens -tok ja-mecab", []string{"--print-tokens", "-tok", "ja-mecab"}, "今日は東京で大事な会議があります。\n  東京\u3000大阪 \n",
			"今日 は 東京 で 大事 な 会議 が あり ます 。\n東京 大阪\n", ""},
		{"--print-tokens -l en-ja", []string{"--print-tokens", "-l", "en-ja", "-lc"}, "ＪＲ東日本\n", "ｊｒ 東日本\n", ""},
		{"-l en-ja chooses ja-mecab", []string{f("ja.ref.txt"), "-i", f("ja.hyp.txt"), "-l", "en-ja", "-f", "text", "-sh"}, "",
			"BLEU|#:1|c:mixed|e:no|tok:ja-mecab-0.996-IPA|s:exp|v:" + bleu.Version + " = 70.2 90.9/80.0/66.7/50.0 (BP = 1.000 ratio = 1.000 hyp_len = 11 ref_len = 11)\n", ""},
		{"-l en-ja with another tokenizer", []string{f("ja.ref.txt"), "-i", f("ja.hyp.txt"), "-l", "en-ja", "-tok", "char", "-b"}, "", "76.2\n",
			"bleu: warning: Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.\n"},
		{"--print-tokens --replace-invalid", []string{"--print-tokens", "-tok", "char", "--replace-invalid"}, "a\xe2\x82b\n", "a \ufffd b\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runCLI(t, tt.stdin, tt.args...)
			want := result{Stdout: tt.stdout, Stderr: tt.stderr}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("bleu %s: (-want +got)\n%s", strings.Join(tt.args, " "), diff)
			}
		})
	}
}

// TestSacreFormatEnv checks that SACREBLEU_FORMAT overrides -f, as in
// sacreBLEU.
func TestSacreFormatEnv(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ref.txt": "a b c d\n", "hyp.txt": "a b c d\n"})
	got := runCLIEnv(t, map[string]string{"SACREBLEU_FORMAT": "TEXT"}, "", filepath.Join(dir, "ref.txt"), "-i", filepath.Join(dir, "hyp.txt"), "-sh")
	want := result{Stdout: "BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version + " = 100.0 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
}

// TestHelp checks that -h prints the help on standard output and that it
// names every option of the table.
func TestHelp(t *testing.T) {
	res := runCLI(t, "", "-h")
	if res.RC != 0 || res.Stderr != "" {
		t.Fatalf("exit %d, stderr %q", res.RC, res.Stderr)
	}
	for _, s := range optionTable() {
		for _, n := range s.names {
			if !strings.Contains(res.Stdout, n) {
				t.Errorf("the help does not mention %s", n)
			}
		}
	}
}

// BenchmarkRunSmall measures a whole run, start-up included, on the
// ten-line sample of testdata/ (the target is well under 20 ms).
func BenchmarkRunSmall(b *testing.B) {
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyp := filepath.Join("..", "..", "testdata", "sample.hyp.txt")
	for b.Loop() {
		if res := runCLI(b, "", ref, "-i", hyp); res.RC != 0 {
			b.Fatal(res.Stderr)
		}
	}
}

// BenchmarkRunCorpus measures a whole run on the en-de conformance pair
// written out 20 times (9.4 MB): reading, checking and scoring, corpus
// level and sentence level.
func BenchmarkRunCorpus(b *testing.B) {
	wmt := conftest.WMTDir(moduleRoot)
	if wmt == "" {
		b.Skip("no WMT conformance set")
	}
	src := filepath.Join(wmt, "data", "en-de")
	dir := b.TempDir()
	var size int64
	files := map[string]string{}
	for _, name := range []string{"sys-JDExploreAcademy.txt", "ref.txt"} {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			b.Fatal(err)
		}
		files[name] = filepath.Join(dir, name)
		if err := os.WriteFile(files[name], bytes.Repeat(data, 20), 0o644); err != nil {
			b.Fatal(err)
		}
		size += 20 * int64(len(data))
	}
	for _, bm := range []struct{ name, flag string }{{"corpus", "-b"}, {"sentence", "--sentence-level"}} {
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				if res := runCLI(b, "", files["ref.txt"], "-i", files["sys-JDExploreAcademy.txt"], bm.flag); res.RC != 0 {
					b.Fatal(res.Stderr)
				}
			}
		})
	}
}

// fullWriter is a standard output on a full disk, as /dev/full is.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestOutputErrors checks that every path that prints checks its writes:
// standard output on a full disk is exit status 1 and one message, as in
// sacreBLEU (which exits 1 for -h and -V, and 120 elsewhere, after a
// traceback).
func TestOutputErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ref.txt": "a b c d\ne f\n", "hyp.txt": "a b c d\ne g\n"})
	ref, hyp := filepath.Join(dir, "ref.txt"), filepath.Join(dir, "hyp.txt")
	for _, args := range [][]string{
		{"-h"},
		{"--help"},
		{"-V"},
		{ref, "-i", hyp},
		{ref, "-i", hyp, "-b"},
		{ref, "-i", hyp, "-sl"},
		{ref, "-i", hyp, ref, "-f", "text", "-q"},
		{ref, "-i", hyp, ref, "-pbs", "-pbsn", "10", "-q"},
		{ref, "-i", hyp, "-ci", "-cin", "10"},
		{"--print-tokens", ref},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errb bytes.Buffer
			c := &cli{stdin: strings.NewReader(""), stdout: fullWriter{}, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now}
			if rc := c.main(args); rc != 1 {
				t.Errorf("exit status %d, want 1", rc)
			}
			if want := "bleu: writing the output: no space left on device\n"; errb.String() != want {
				t.Errorf("standard error %q, want %q", errb.String(), want)
			}
		})
	}
}

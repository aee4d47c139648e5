package main

// End-to-end tests: the command run in-process against sacreBLEU 2.6.0's
// recorded outputs (the conformance sets: the portable one in
// testdata/portable, and the WMT one when it is present) and against
// hand-made bad input.

import (
	"bytes"
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

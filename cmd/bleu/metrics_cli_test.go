package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/google/go-cmp/cmp"
)

// TestCLIChrF runs the command lines of testdata/chrf/golden.json, made by
// its gen.py with sacreBLEU 2.6.0 on text of ours, and compares standard
// output and exit status byte for byte: -m chrf with every chrF option,
// one and two reference files and -nr, sentence scores, -m bleu chrf in
// JSON, text (aligned at "="), -b, and the tables of several systems
// (from files and from standard input) with their signatures.
func TestCLIChrF(t *testing.T) { testGoldenRuns(t, "chrf") }

// TestCLITER does the same with testdata/ter/golden.json: -m ter with
// each --ter-* option and their combinations, one and two reference files
// and -nr, sentence scores, -m bleu chrf ter in every output form (JSON
// object and list, text lines, -b, -sh, text and LaTeX tables of several
// systems from files and from standard input), -d without a test set, and
// bad input.
func TestCLITER(t *testing.T) { testGoldenRuns(t, "ter") }

// TestCLISignificance does the same with testdata/sig/golden.json:
// --confidence, --paired-bs and --paired-ar with -m chrf, -m ter and
// several metrics at once (in the order -m gives them), three systems
// from files and from standard input, JSON, text and LaTeX, -b and -sh,
// custom SACREBLEU_SEED values, and the combinations sacreBLEU refuses
// (exit status 1).
func TestCLISignificance(t *testing.T) { testGoldenRuns(t, "sig") }

// testGoldenRuns runs the command lines of testdata/dir/golden.json in
// testdata/dir and compares standard output and exit status with
// sacreBLEU's.
func testGoldenRuns(t *testing.T, dir string) {
	var golden struct {
		Runs []struct {
			Args   []string          `json:"args"`
			Env    map[string]string `json:"env"` // SACREBLEU_SEED, or nothing
			Stdin  string            `json:"stdin"`
			RC     int               `json:"rc"`
			Stdout string            `json:"stdout"`
		} `json:"runs"`
	}
	dir = filepath.Join("testdata", dir)
	readJSON(t, filepath.Join(dir, "golden.json"), &golden)
	t.Chdir(dir)
	if len(golden.Runs) == 0 {
		t.Fatal("no runs in golden.json")
	}
	for _, run := range golden.Runs {
		stdin := ""
		if run.Stdin != "" {
			data, err := os.ReadFile(run.Stdin)
			if err != nil {
				t.Fatal(err)
			}
			stdin = string(data)
		}
		got := runCLIEnv(t, run.Env, stdin, run.Args...)
		want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
		got.Stderr = ""
		if got != want {
			t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), cmp.Diff(want, got))
		}
	}
}

// TestCLISignificanceWMT compares the paired tests with -m bleu chrf ter
// on the four de-en systems of the WMT conformance set, at sacreBLEU's
// default numbers of resamples and trials, with sacreBLEU's output in
// testdata/sig/wmt.json (made by its wmt_gen.py). It skips when the set is
// absent.
func TestCLISignificanceWMT(t *testing.T) {
	wmt := conftest.WMTDir(moduleRoot)
	if wmt == "" {
		t.Skip("no WMT conformance set")
	}
	var golden struct {
		Runs []struct {
			Dir    string   `json:"dir"`
			Args   []string `json:"args"`
			RC     int      `json:"rc"`
			Stdout string   `json:"stdout"`
		} `json:"runs"`
	}
	readJSON(t, filepath.Join("testdata", "sig", "wmt.json"), &golden)
	if len(golden.Runs) == 0 {
		t.Fatal("no runs in wmt.json")
	}
	for _, run := range golden.Runs {
		args := slices.Clone(run.Args)
		for i, a := range args {
			if strings.HasSuffix(a, ".txt") {
				args[i] = filepath.Join(wmt, run.Dir, a)
			}
		}
		got := runCLIEnv(t, nil, "", args...)
		// The systems are named by their paths.
		stdout := strings.ReplaceAll(got.Stdout, filepath.Join(wmt, run.Dir)+string(filepath.Separator), "")
		if got.RC != run.RC || stdout != ourVersion.Replace(run.Stdout) {
			t.Errorf("bleu %s: exit %d (want %d)\n%s", strings.Join(run.Args, " "), got.RC, run.RC,
				cmp.Diff(ourVersion.Replace(run.Stdout), stdout))
		}
	}
}

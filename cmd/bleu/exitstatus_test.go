package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command lines of testdata/exitstatus/cases.json, mostly bad input
// and bad usage, and how sacreBLEU 2.6.0 ended on them
// (testdata/exitstatus/golden.json, made by internal/gen/exitstatus).

// differences are the cases where the command deliberately ends otherwise
// than sacreBLEU: where sacreBLEU crashes with a Python traceback and the
// command prints a message, or where it asks for what the command does not
// do. Each maps to the command's exit status; README.md's "Behaviour on
// bad input" lists them. Everywhere else the exit status and standard
// output are sacreBLEU's.
var differences = map[string]int{
	// A traceback in sacreBLEU (exit status 1).
	"-i without files, -f text":  2, // IndexError: no system to tabulate
	"-i without files, -f latex": 2,
	"-i without files, -sl":      2,
	"-i without files, -pbs":     2,
	"-l without a dash":          2, // IndexError
	"-w -1":                      2, // ValueError
	// Not implemented here (other encodings).
	"-e latin-1": 2,
	"-e nosuch":  2, // LookupError in sacreBLEU
	// What this command has and sacreBLEU lacks: the report format, and
	// ja-mecab (when the survey was recorded sacreBLEU's own MeCab binding
	// was not installed, so it failed where, installed, it scores).
	"-f html":            0,
	"ja-mecab tokenizer": 0,
	"-l en-ja":           0,
}

// exitCase is one command line of cases.json.
type exitCase struct {
	Name      string            `json:"name"`
	Args      []string          `json:"args"`
	Stdin     string            `json:"stdin"`
	StdinFile string            `json:"stdin_file"`
	Env       map[string]string `json:"env"`
}

// TestExitStatus runs the command lines of testdata/exitstatus and
// compares the exit status and standard output with sacreBLEU's (the
// version field aside), except for the differences listed; it checks
// that every failure prints one message starting "bleu: " once.
func TestExitStatus(t *testing.T) {
	dir := filepath.Join("testdata", "exitstatus")
	var cases []exitCase
	readJSON(t, filepath.Join(dir, "cases.json"), &cases)
	var golden struct {
		Runs []struct {
			Name   string `json:"name"`
			RC     int    `json:"rc"`
			Stdout string `json:"stdout"`
		} `json:"runs"`
	}
	readJSON(t, filepath.Join(dir, "golden.json"), &golden)
	if len(golden.Runs) != len(cases) {
		t.Fatalf("%d cases but %d golden runs: regenerate golden.json (go run ./internal/gen/exitstatus)", len(cases), len(golden.Runs))
	}
	named := map[string]bool{}
	for _, c := range cases {
		named[c.Name] = true
	}
	for name := range differences {
		if !named[name] {
			t.Errorf("differences names %q, which is not a case", name)
		}
	}
	t.Chdir(dir)
	for i, c := range cases {
		g := golden.Runs[i]
		t.Run(c.Name, func(t *testing.T) {
			if g.Name != c.Name {
				t.Fatalf("golden run %d is %q: regenerate golden.json", i, g.Name)
			}
			stdin := c.Stdin
			if c.StdinFile != "" {
				b, err := os.ReadFile(c.StdinFile)
				if err != nil {
					t.Fatal(err)
				}
				stdin = string(b)
			}
			got := runCLIEnv(t, c.Env, stdin, c.Args...)
			if strings.Contains(got.Stderr, "bleu: bleu:") {
				t.Errorf("standard error repeats the prefix: %q", got.Stderr)
			}
			if got.RC != 0 && !strings.HasPrefix(got.Stderr, "bleu: ") {
				t.Errorf("standard error %q does not start with \"bleu: \"", got.Stderr)
			}
			if rc, ok := differences[c.Name]; ok {
				if got.RC != rc {
					t.Errorf("exit status %d, want %d (sacreBLEU: %d; a listed difference)", got.RC, rc, g.RC)
				}
				return
			}
			if got.RC != g.RC {
				t.Errorf("exit status %d, sacreBLEU's %d (standard error: %q)", got.RC, g.RC, got.Stderr)
			}
			if want := ourVersion.Replace(g.Stdout); got.Stdout != want {
				t.Errorf("standard output\n%q\nsacreBLEU's\n%q", got.Stdout, want)
			}
		})
	}
}

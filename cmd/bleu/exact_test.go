package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCLIExact runs the command lines of testdata/exact/golden.json, made
// by its gen.py with sacreBLEU 2.6.0 on text of ours, and compares their
// output byte for byte at -w 16: corpus and sentence scores, -b, JSON,
// the multi-system table and the paired test's JSON, with perfect matches
// (100.0000000000000426) among them. Every digit shows whether a score is
// sacreBLEU's float itself.
func TestCLIExact(t *testing.T) {
	var golden struct {
		Runs []struct {
			Args   []string `json:"args"`
			RC     int      `json:"rc"`
			Stdout string   `json:"stdout"`
		} `json:"runs"`
	}
	dir := filepath.Join("testdata", "exact")
	readJSON(t, filepath.Join(dir, "golden.json"), &golden)
	t.Chdir(dir)
	if len(golden.Runs) == 0 {
		t.Fatal("no runs in golden.json")
	}
	for _, run := range golden.Runs {
		got := runCLI(t, "", run.Args...)
		want := result{Stdout: ourVersion.Replace(run.Stdout), RC: run.RC}
		got.Stderr = ""
		if got != want {
			t.Errorf("bleu %s: (-sacreBLEU +ours)\n%s", strings.Join(run.Args, " "), cmp.Diff(want, got))
		}
	}
}

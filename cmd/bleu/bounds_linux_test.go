//go:build linux

package main

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestSizeOptionsBounded sweeps every option whose number sets a size with
// values from a typo to the largest integer, each run in a process of its
// own under a 2 GB address-space limit: each ends in a message and exit 1
// or 2 (or sacreBLEU's 17 for -nr), or in the score, never in a Go panic
// or the runtime's out-of-memory dump.
func TestSizeOptionsBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector cannot run under an address-space limit")
	}
	ref := filepath.Join("..", "..", "testdata", "sample.ref.txt")
	hyp := filepath.Join("..", "..", "testdata", "sample.hyp.txt")
	hyp2 := filepath.Join("..", "..", "testdata", "sample.hyp2.txt")
	huge, max := "1000000000", strconv.Itoa(math.MaxInt) // the largest int the parser accepts
	for _, tt := range []struct {
		args []string
		rc   int
		msg  string // in standard error; "" for none
	}{
		{[]string{"-w", "10000", "-f", "text"}, 0, ""},
		{[]string{"-w", "10001"}, 2, "-w/--width must be from 0 to 10000, not 10001"},
		{[]string{"-w", huge}, 2, "-w/--width must be from 0 to 10000"},
		{[]string{"-w", max}, 2, "-w/--width must be from 0 to 10000"},
		{[]string{"-w", "-1"}, 2, "-w/--width must be from 0 to 10000"},
		{[]string{"-nr", huge}, fieldFaultStatus, "expected 1000000000 tab-separated references"},
		{[]string{"-nr", max}, fieldFaultStatus, "expected " + max + " tab-separated references"},
		{[]string{"-ci", "-cin", huge}, 1, "the bootstrap needs about"},
		{[]string{"-ci", "-cin", max}, 1, "the bootstrap needs about"},
		{[]string{"-i", hyp2, "--paired-bs", "-pbsn", huge}, 1, "the paired bootstrap needs about"},
		{[]string{"-i", hyp2, "--paired-bs", "-pbsn", max}, 1, "the paired bootstrap needs about"},
		{[]string{"-i", hyp2, "--paired-bs", "-pbsn", "10", "-j", huge}, 0, ""},
		{[]string{"-i", hyp2, "--paired-bs", "-pbsn", "10", "-j", max}, 0, ""},
		{[]string{"-f", "html", "-ci", "-cin", huge}, 1, "needs about"},
		{[]string{"-i", hyp2, "-f", "html", "--paired-bs", "-pbsn", huge}, 1, "needs about"},
		{[]string{"--compat", "hf", "--compat-options", "max_order=65536"}, 0, ""},
		{[]string{"--compat", "hf", "--compat-options", "max_order=65537"}, 2, "max_order must be an integer from 1 to 65536"},
		{[]string{"--compat", "hf", "--compat-options", "max_order=" + huge}, 2, "max_order must be an integer from 1 to 65536"},
		{[]string{"--compat", "hf", "--compat-options", "max_order=" + max}, 2, "max_order must be an integer from 1 to 65536"},
		{[]string{"--compat", "hf", "--compat-options", "max_order=" + max + "0"}, 2, "max_order must be an integer from 1 to 65536"},
		{[]string{"--compat", "nltk", "--compat-options", "weights=" + strings.Repeat("1,", 999) + "1"}, 0, ""},
	} {
		args := append([]string{ref, "-i", hyp}, tt.args...)
		if tt.args[0] == "-i" {
			args = append([]string{ref, "-i", hyp}, tt.args[1:]...)
		}
		got := runUnder(t, limitedRun{Args: args, Resource: syscall.RLIMIT_AS, Limit: 2 << 30})
		if got.RC != tt.rc || !strings.Contains(got.Stderr, tt.msg) || strings.Contains(got.Stderr, "goroutine ") {
			t.Errorf("%s: exit status %d, %.300q; want %d and %q", strings.Join(tt.args, " "), got.RC, got.Stderr, tt.rc, tt.msg)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestSignificanceInterrupted checks that an interrupted test (a canceled
// context, as Ctrl-C cancels it) ends with exit status 130, a message, and
// nothing on standard output.
func TestSignificanceInterrupted(t *testing.T) {
	dir := significanceFiles(t)
	ref, a, b := filepath.Join(dir, "ref.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{ref, "-i", a, "-ci"},
		{ref, "-i", a, b, "--paired-bs"},
		{ref, "-i", a, b, "--paired-ar"},
		{ref, "-i", a, "-ci", "-m", "chrf"},
		{ref, "-i", a, "-ci", "-m", "bleu", "ter"},
		{ref, "-i", a, b, "--paired-bs", "-m", "ter", "chrf"},
		{ref, "-i", a, b, "--paired-ar", "-m", "chrf", "bleu", "ter"},
	} {
		var out, errb bytes.Buffer
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now, ctx: ctx}
		if rc := c.main(append(args, "-q")); rc != interruptedStatus || out.Len() != 0 || errb.String() != "bleu: interrupted\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, rc, out.String(), errb.String())
		}
	}
}

// TestSignificanceMemoryError checks that a test that cannot fit in memory
// is a bleu: error with exit status 1 before it starts (at ffb942e,
// -ci -cin 2000000000 under a 4 GB address-space limit crashed with a Go
// runtime dump and exit status 2). The limit here is the Go runtime's soft
// limit, which the command honours as it honours ulimit -v.
func TestSignificanceMemoryError(t *testing.T) {
	dir := significanceFiles(t)
	ref, a, b := filepath.Join(dir, "ref.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	old := debug.SetMemoryLimit(1 << 30)
	defer debug.SetMemoryLimit(old)
	for _, args := range [][]string{
		{ref, "-i", a, "-ci", "-cin", "2000000000"},
		{ref, "-i", a, b, "--paired-bs", "-pbsn", "2000000000"},
		{ref, "-i", a, b, "-f", "html", "-ci", "-cin", "2000000000"},
		{ref, "-i", a, "-ci", "-cin", "2000000000", "-m", "chrf"},
		{ref, "-i", a, b, "--paired-bs", "-pbsn", "2000000000", "-m", "ter"},
		{ref, "-i", a, b, "--paired-bs", "-pbsn", "2000000000", "-m", "bleu", "chrf"},
	} {
		var out, errb bytes.Buffer
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), now: time.Now}
		rc := c.main(append(args, "-q"))
		if msg := errb.String(); rc != 1 || out.Len() != 0 || !strings.HasPrefix(msg, "bleu: ") || !strings.Contains(msg, "GB of memory") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, rc, out.String(), msg)
		}
	}
}

// TestSignificanceProgressBar checks that a paired test on a terminal
// draws its bar on standard error and erases it, and that -q and a
// non-terminal leave standard error as it is otherwise.
func TestSignificanceProgressBar(t *testing.T) {
	dir := significanceFiles(t)
	ref, a, b := filepath.Join(dir, "ref.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	var want string
	for _, tt := range []struct {
		terminal, quiet, drawn bool
	}{{true, false, true}, {true, true, false}, {false, false, false}} {
		var out, errb bytes.Buffer
		clock := &fakeClock{t: time.Unix(0, 0), step: 300 * time.Millisecond}
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil), terminal: tt.terminal, now: clock.now}
		args := []string{ref, "-i", a, b, "--paired-bs", "-pbsn", "3000"}
		if tt.quiet {
			args = append(args, "-q")
		}
		if rc := c.main(args); rc != 0 {
			t.Fatalf("%+v: exit %d: %s", tt, rc, errb.String())
		}
		if want == "" {
			want = out.String()
		} else if out.String() != want {
			t.Errorf("%+v: standard output differs:\n%s\nwant\n%s", tt, out.String(), want)
		}
		msg := errb.String()
		drawn := strings.Contains(msg, "\rbleu: paired bootstrap resampling [")
		if drawn != tt.drawn || (drawn && !strings.HasSuffix(msg, "\r")) {
			t.Errorf("%+v: standard error %q", tt, msg)
		}
		if tt.quiet && msg != "" {
			t.Errorf("-q: standard error %q", msg)
		}
	}
}

// TestSeedLookup checks how the command reads SACREBLEU_SEED (the library
// never reads the environment): unset is 12345, "none" in any case
// unseeded, and text int() rejects, the empty string included, an error.
func TestSeedLookup(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string // the seed's String(), or "error"
	}{
		{nil, "12345"},
		{map[string]string{"SACREBLEU_SEED": "7"}, "7"},
		{map[string]string{"SACREBLEU_SEED": "NONE"}, "none"},
		{map[string]string{"SACREBLEU_SEED": ""}, "error"},
		{map[string]string{"SACREBLEU_SEED": "x"}, "error"},
	} {
		c := &cli{lookupEnv: lookupIn(tc.env)}
		s, err := c.seed()
		got := s.String()
		if err != nil {
			got = "error"
		}
		if got != tc.want {
			t.Errorf("%v: seed %q, want %q (%v)", tc.env, got, tc.want, err)
		}
	}
}

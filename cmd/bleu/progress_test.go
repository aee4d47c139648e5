package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-bleu/bleu"
	"github.com/google/go-cmp/cmp"
)

// fakeClock advances by step at every reading.
type fakeClock struct {
	t    time.Time
	step time.Duration
}

func (c *fakeClock) now() time.Time {
	c.t = c.t.Add(c.step)
	return c.t
}

func TestProgress(t *testing.T) {
	var w bytes.Buffer
	counter := &countingReader{}
	counter.n.Store(500)
	clock := &fakeClock{t: time.Unix(0, 0), step: 10 * time.Millisecond}
	p := newProgress(&w, true, "hyp.txt", 1000, counter, clock.now)
	for range 256 * 100 {
		p.add(1)
	}
	p.done()
	out := w.String()
	if !strings.Contains(out, "\rbleu: hyp.txt [###############...............]  50% ") {
		t.Errorf("no bar at 50%% in %q", out)
	}
	if !regexp.MustCompile(`\r {40,}\r$`).MatchString(out) {
		t.Errorf("the bar is not erased at the end: %q", out[max(0, len(out)-100):])
	}

	// Unknown size: lines and bytes.
	w.Reset()
	p = newProgress(&w, true, "standard input", 0, counter, clock.now)
	for range 256 * 100 {
		p.add(1)
	}
	if !strings.Contains(w.String(), "bleu: standard input: ") || !strings.Contains(w.String(), " lines, 0.0 MB") {
		t.Errorf("unexpected progress %q", w.String())
	}

	// Disabled, or fast: nothing.
	for _, enabled := range []bool{false, true} {
		w.Reset()
		fast := &fakeClock{t: time.Unix(0, 0), step: time.Microsecond}
		step := clock.now
		if enabled {
			step = fast.now
		}
		p = newProgress(&w, enabled, "hyp.txt", 1000, counter, step)
		for range 256 * 100 {
			p.add(1)
		}
		p.done()
		if w.Len() != 0 {
			t.Errorf("enabled=%v: printed %q", enabled, w.String())
		}
	}
}

// TestProgressRun checks that a run on a terminal draws the bar on
// standard error and nothing else, and that -q and a non-terminal turn it
// off; standard output is the same in all cases.
func TestProgressRun(t *testing.T) {
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.txt")
	if err := os.WriteFile(ref, []byte(strings.Repeat("a b c d e\n", 5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "BLEU|#:1|c:mixed|e:no|tok:13a|s:exp|v:" + bleu.Version + " = 100.0 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 25000 ref_len = 25000)\n"
	for _, tt := range []struct {
		terminal, quiet, drawn bool
	}{{true, false, true}, {true, true, false}, {false, false, false}} {
		var out, errb bytes.Buffer
		// The bar is looked at after each batch read ahead (two here:
		// 4096 lines, then the rest), a second after the start.
		clock := &fakeClock{t: time.Unix(0, 0), step: 600 * time.Millisecond}
		c := &cli{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, lookupEnv: lookupIn(nil),
			terminal: tt.terminal, now: clock.now}
		args := []string{ref, "-i", ref, "-f", "text", "-sh"}
		if tt.quiet {
			args = append(args, "-q")
		}
		if rc := c.main(args); rc != 0 {
			t.Fatalf("exit %d: %s", rc, errb.String())
		}
		if diff := cmp.Diff(want, out.String()); diff != "" {
			t.Errorf("%+v: standard output (-want +got)\n%s", tt, diff)
		}
		if drawn := strings.Contains(errb.String(), "\rbleu: "+ref+" ["); drawn != tt.drawn {
			t.Errorf("%+v: standard error %q", tt, errb.String())
		}
	}
}

//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReplacedMidRun runs the command under a low limit of open files,
// with references too many to keep open (so each is opened again for
// every read) and the hypotheses on a pipe: once the command has read the
// first part of every input and waits for more hypotheses, one reference
// is replaced by another file with the same text, or truncated, and the
// rest of the hypotheses follow. The run must fail naming that file, not
// score a corpus stitched from two files. Plain and gzipped references.
func TestReplacedMidRun(t *testing.T) {
	// The reference replaced has 2 MB of random words (more than a .gz
	// input's prefetch reads ahead, compressed or not); the others are
	// small. It is the last opened, the first that parkOne parks, so that
	// it is parked however many descriptors the runtime and package
	// initialization hold.
	const refs, lines, first, victim = 8, 70000, 10, 7
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string { return strconv.FormatUint(rng.Uint64()%100000, 36) }
	var text [refs]string
	for k := range text {
		text[k] = strings.Repeat("a b\n", lines)
	}
	var b strings.Builder
	for range lines {
		fmt.Fprintf(&b, "%s %s %s %s %s\n", word(), word(), word(), word(), word())
	}
	text[victim] = b.String()
	hyp := strings.Repeat("a c\n", lines)
	hypHead := hyp[:4*first]
	for _, tt := range []struct {
		name, ext string
		change    func(t *testing.T, path, text string)
	}{
		{"plain, renamed over", ".txt", func(t *testing.T, path, text string) {
			write(t, path+".new", text)
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}},
		{"plain, truncated", ".txt", func(t *testing.T, path, _ string) { os.Truncate(path, 1<<17) }},
		{"gzip, renamed over", ".gz", func(t *testing.T, path, text string) {
			write(t, path+".new", gzipped(text))
			if err := os.Rename(path+".new", path); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			var args []string
			dir := t.TempDir()
			for k := range refs {
				name := fmt.Sprintf("ref%d%s", k, tt.ext)
				if tt.ext == ".gz" {
					files[name] = gzipped(text[k])
				} else {
					files[name] = text[k]
				}
				args = append(args, filepath.Join(dir, name))
			}
			for name, s := range files {
				write(t, filepath.Join(dir, name), s)
			}
			spec, _ := json.Marshal(limitedRun{Args: append(args, "-f", "text"), Resource: syscall.RLIMIT_NOFILE, Limit: 4})
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "BLEU_TEST_RUN="+string(spec))
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := stdin.Write([]byte(hypHead)); err != nil {
				t.Fatal(err)
			}
			// The command has read the head of every input when it has read
			// at least that much and stops reading (it waits for the pipe).
			waitForReads(t, cmd.Process.Pid, int64(len(hypHead)+refs*(1<<12)))
			tt.change(t, args[victim], text[victim])
			stdin.Write([]byte(hyp[len(hypHead):]))
			stdin.Close()
			err = cmd.Wait()
			rc := 0
			if ee, ok := err.(*exec.ExitError); ok {
				rc = ee.ExitCode()
			}
			if rc == 3 {
				t.Fatalf("the limit could not be set: %s", errb.String())
			}
			if want := "bleu: " + args[victim] + ": " + errReplaced.Error(); rc != 1 || out.Len() != 0 || !strings.Contains(errb.String(), want) {
				t.Errorf("exit status %d, stdout %q, stderr %q; want 1 and %q", rc, out.String(), errb.String(), want)
			}
		})
	}
}

// waitForReads waits until process pid has read at least min bytes and
// then read nothing more for a few polls: it waits for input.
func waitForReads(t *testing.T, pid int, min int64) {
	t.Helper()
	last, still := int64(-1), 0
	for range 3000 {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
		if err != nil {
			t.Skipf("no /proc/pid/io: %v", err)
		}
		var rchar int64
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "rchar: "); ok {
				rchar, _ = strconv.ParseInt(v, 10, 64)
			}
		}
		if rchar >= min && rchar == last {
			if still++; still == 5 {
				return
			}
		} else {
			still = 0
		}
		last = rchar
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the command read %d bytes, not %d, in 30 s", last, min)
}

//go:build linux

package main

// The command under the limits of a process (open files, file size),
// which can only be lowered for a process of its own: the test binary
// runs itself with BLEU_TEST_RUN set, and TestMain runs the command then.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// limitedRun is a run of the command in a process of its own, under a
// limit.
type limitedRun struct {
	Args     []string
	Resource int    // syscall.RLIMIT_*
	Limit    uint64 // the soft limit; for RLIMIT_NOFILE, over the files already open
}

func TestMain(m *testing.M) {
	if spec := os.Getenv("BLEU_TEST_RUN"); spec != "" {
		os.Exit(runLimited(spec))
	}
	os.Exit(m.Run())
}

// runLimited runs the command as spec (a JSON limitedRun) says.
func runLimited(spec string) int {
	var r limitedRun
	if err := json.Unmarshal([]byte(spec), &r); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	limit := r.Limit
	if r.Resource == syscall.RLIMIT_NOFILE {
		open, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 3
		}
		limit += uint64(len(open))
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(r.Resource, &rl); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	rl.Cur = limit
	if err := syscall.Setrlimit(r.Resource, &rl); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 3
	}
	return run(r.Args, os.Stdin, os.Stdout, os.Stderr)
}

// runUnder runs the command in a process of its own under r's limit,
// with env added to the environment.
func runUnder(t *testing.T, r limitedRun, env ...string) result {
	t.Helper()
	spec, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env, "BLEU_TEST_RUN="+string(spec))...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	res := result{Stdout: out.String(), Stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		res.RC = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if res.RC == 3 {
		t.Fatalf("the limit could not be set: %s", res.Stderr)
	}
	return res
}

// TestFullTempDir checks that sentence-level scores past the spool's
// memory are printed when the temporary file cannot take them: here a
// file-size limit of 64 KiB stands for a full TMPDIR (the write fails
// with EFBIG, as it would with ENOSPC).
func TestFullTempDir(t *testing.T) {
	const n = 70000 // -sl prints 130 bytes a line: past the 8 MB in memory
	var hyp, ref, want strings.Builder
	for i := range n {
		fmt.Fprintf(&hyp, "a b c %d\n", i)
		fmt.Fprintf(&ref, "a b c %d\n", i%7)
	}
	dir := writeFiles(t, map[string]string{"hyp.txt": hyp.String(), "ref.txt": ref.String()})
	hypFile, refFile := filepath.Join(dir, "hyp.txt"), filepath.Join(dir, "ref.txt")
	tmp := t.TempDir()
	got := runUnder(t, limitedRun{Args: []string{refFile, "-i", hypFile, "-sl"}, Resource: syscall.RLIMIT_FSIZE, Limit: 64 << 10}, "TMPDIR="+tmp)
	if got.RC != 0 || got.Stderr != "" {
		t.Fatalf("exit status %d, standard error %q", got.RC, got.Stderr)
	}
	if len(got.Stdout) <= spoolMemory {
		t.Fatalf("printed %d bytes, not past the spool's memory (%d)", len(got.Stdout), spoolMemory)
	}
	// The same run in this process, with a working TMPDIR.
	want.WriteString(runCLI(t, "", refFile, "-i", hypFile, "-sl").Stdout)
	if got.Stdout != want.String() {
		t.Errorf("the output differs from a run with a working TMPDIR (%d bytes, want %d)", len(got.Stdout), want.Len())
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left behind in TMPDIR: %v", left)
	}
}

// TestFewDescriptors checks that inputs beyond the limit of open files
// are read all the same (sacreBLEU reads one file at a time), plain and
// gzipped, corpus and sentence level, and that inputs which cannot be
// opened again (pipes) fail with a clear message when they do not fit.
func TestFewDescriptors(t *testing.T) {
	const refs = 20
	files := map[string]string{"hyp.txt": "the cat sat on a mat\nit rains today\nwe shall see\n"}
	var plain, gz []string
	for i := range refs {
		text := fmt.Sprintf("the cat sat on the mat %d\nit is raining today\nwe will see %d\n", i, i)
		files[fmt.Sprintf("ref%02d.txt", i)] = text
		files[fmt.Sprintf("ref%02d.gz", i)] = gzipped(text)
	}
	dir := writeFiles(t, files)
	for i := range refs {
		plain = append(plain, filepath.Join(dir, fmt.Sprintf("ref%02d.txt", i)))
		gz = append(gz, filepath.Join(dir, fmt.Sprintf("ref%02d.gz", i)))
	}
	hyp := filepath.Join(dir, "hyp.txt")
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"plain", append(plain, "-i", hyp)},
		{"gzip", append(gz, "-i", hyp, "-f", "text")},
		{"sentence level", append(plain, "-i", hyp, "-sl")},
		{"two systems, mixed", append(append(gz, plain...), "-i", hyp, plain[0], "-f", "text")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// Six descriptors free: fewer than the inputs.
			got := runUnder(t, limitedRun{Args: tt.args, Resource: syscall.RLIMIT_NOFILE, Limit: 6})
			want := runCLI(t, "", tt.args...)
			if want.RC != 0 {
				t.Fatalf("without a limit: exit status %d: %s", want.RC, want.Stderr)
			}
			if got != want {
				t.Errorf("under the limit: %+v\nwithout it: %+v", got, want)
			}
		})
	}
	t.Run("pipes", func(t *testing.T) {
		// Twice as many pipes as descriptors free, so that they do not fit
		// however the descriptors the runtime opened at start are laid
		// out (a package's init that opens and closes a file leaves a
		// hole below the limit, which counts as one more free).
		args := []string{"/dev/stdin", "/dev/stdin", "/dev/stdin", "/dev/stdin", "/dev/stdin", "/dev/stdin", "-i", hyp}
		got := runUnder(t, limitedRun{Args: args, Resource: syscall.RLIMIT_NOFILE, Limit: 3})
		const msg = ": too many open files: not enough file descriptors for the inputs"
		if got.RC != 1 || got.Stdout != "" || !strings.HasPrefix(got.Stderr, "bleu: /dev/stdin") || !strings.Contains(got.Stderr, msg) {
			t.Errorf("got %+v, want exit status 1 and %q", got, msg)
		}
	})
}

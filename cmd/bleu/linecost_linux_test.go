//go:build linux

package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestHugeLineUnderMemoryLimit runs the command under a 3 GB address-space
// limit (ulimit -v; the runtime itself does not survive 1 GB, and a build
// with cgo, which the net package brings in, maps some 1.7 GB before
// reading a line, glibc's arenas included) with sixteen
// references, on one line of 16 MB, plain and in a small .gz file,
// with the word tokenizers, char and ja-mecab: past what the process may
// hold at that tokenizer's cost a byte it is a message naming the file and
// line with exit status 1, never the runtime's out-of-memory dump; a line
// within the budget is scored under the same limit.
func TestHugeLineUnderMemoryLimit(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector cannot run under an address-space limit")
	}
	dir := t.TempDir()
	huge := strings.Repeat("a b ", 4<<20)   // 16 MB
	small := strings.Repeat("の は ", 20<<10) // 160 KB
	write := func(name, text string, gz bool) string {
		p := filepath.Join(dir, name)
		var b bytes.Buffer
		if gz {
			z, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
			z.Write([]byte(text))
			z.Close()
		} else {
			b.WriteString(text)
		}
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ref := write("ref.txt", "a b\n", false)
	plain, gz := write("huge.txt", huge+"\n", false), write("huge.gz", huge+"\n", true)
	smallFile := write("small.txt", small+"\n", false)
	smallRef := write("smallref.txt", "の\n", false)
	for _, tt := range []struct {
		ref, hyp string
		tok      string // or --compat's tool
		ok       bool
	}{
		{ref, plain, "13a", false},
		{ref, gz, "13a", false},
		{ref, gz, "char", false},
		{ref, gz, "ja-mecab", false},
		{ref, gz, "mteval", false},
		{smallRef, smallFile, "13a", true},
		{smallRef, smallFile, "ja-mecab", true},
		{smallRef, smallFile, "nltk", true},
	} {
		// Sixteen references: the budget of a line is the memory over the
		// inputs read in lockstep, below 16 MB for 32-bit processes too.
		args := append(slices.Repeat([]string{tt.ref}, 16), "-i", tt.hyp, "-tok", tt.tok, "-b")
		want := "bleu: " + tt.hyp + ":1: the line is longer than "
		if tt.tok == "mteval" || tt.tok == "nltk" {
			args = append(args[:len(args)-3], "--compat", tt.tok)
			want = "bleu: " + tt.hyp + ": --compat keeps the files whole in memory"
		}
		got := runUnder(t, limitedRun{Args: args, Resource: syscall.RLIMIT_AS, Limit: 3 << 30})
		if strings.Contains(got.Stderr, "goroutine ") || strings.Contains(got.Stderr, "fatal error") {
			t.Fatalf("%s, -tok %s: the runtime died: %.400s", filepath.Base(tt.hyp), tt.tok, got.Stderr)
		}
		switch {
		case tt.ok && (got.RC != 0 || strings.Contains(got.Stderr, "longer than") || strings.Contains(got.Stderr, "whole in memory")):
			t.Errorf("%s, -tok %s: exit status %d, %q; want a score", filepath.Base(tt.hyp), tt.tok, got.RC, got.Stderr)
		case !tt.ok && (got.RC != 1 || !strings.HasPrefix(got.Stderr, want) || got.Stdout != ""):
			t.Errorf("%s, -tok %s: exit status %d, %q; want 1 and %q", filepath.Base(tt.hyp), tt.tok, got.RC, got.Stderr, want)
		case testing.Verbose():
			t.Logf("%s, -tok %s: %s", filepath.Base(tt.hyp), tt.tok, got.Stderr)
		}
	}
}

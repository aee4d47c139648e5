package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSpool checks that a spool gives back what was written, in memory
// and through its temporary file, and leaves no file behind; and, when no
// temporary file can be made, from memory.
func TestSpool(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	for _, tt := range []struct {
		name   string
		limit  int
		lines  int
		inFile bool
	}{
		{"empty", 100, 0, false},
		{"in memory", 100, 9, false},
		{"just below the limit", 100, 10, false},
		{"through a file", 100, 1000, true},
		{"default limit", 0, 1000, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sp := &spool{limit: tt.limit}
			var want strings.Builder
			for i := range tt.lines {
				line := fmt.Sprintf("line %03d", i) // 9 bytes with its newline
				sp.writeLine(line)
				want.WriteString(line + "\n")
			}
			if got := sp.file != nil; got != tt.inFile {
				t.Errorf("in a file: %v, want %v", got, tt.inFile)
			}
			var got bytes.Buffer
			if err := sp.writeTo(&got); err != nil {
				t.Fatal(err)
			}
			sp.close()
			if diff := cmp.Diff(want.String(), got.String()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}

	// Without a directory for temporary files everything stays in
	// memory, and the spool stops trying to make one.
	t.Setenv("TMPDIR", filepath.Join(dir, "missing"))
	sp := &spool{limit: 100}
	var want strings.Builder
	for i := range 1000 {
		line := fmt.Sprintf("line %03d", i)
		sp.writeLine(line)
		want.WriteString(line + "\n")
		if i == 20 && !sp.noFile {
			t.Fatalf("past the limit without a temporary directory: noFile not set")
		}
	}
	if sp.file != nil {
		t.Errorf("a file without a temporary directory")
	}
	var got bytes.Buffer
	if err := sp.writeTo(&got); err != nil {
		t.Fatal(err)
	}
	sp.close()
	if diff := cmp.Diff(want.String(), got.String()); diff != "" {
		t.Errorf("no temporary directory (-want +got)\n%s", diff)
	}
}

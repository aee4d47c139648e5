package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestReopenChecksIdentity sweeps the ways a parked input's file can change
// between two reads: every one is an error, never bytes of another file,
// and the error stays; an unchanged file reads on to its end.
func TestReopenChecksIdentity(t *testing.T) {
	const text = "first line\nsecond line\nthird line\n"
	later := time.Now().Add(time.Hour)
	for _, tt := range []struct {
		name   string
		change func(t *testing.T, path string)
	}{
		{"unchanged", nil},
		{"renamed over, same text", func(t *testing.T, path string) {
			tmp := path + ".new"
			write(t, tmp, text)
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"deleted", func(t *testing.T, path string) { os.Remove(path) }},
		{"deleted and recreated", func(t *testing.T, path string) { os.Remove(path); write(t, path, text) }},
		{"truncated", func(t *testing.T, path string) { os.Truncate(path, 5) }},
		{"emptied", func(t *testing.T, path string) { os.Truncate(path, 0) }},
		{"extended", func(t *testing.T, path string) { appendTo(t, path, "fourth line\n") }},
		{"rewritten in place, same size", func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteAt([]byte("SECOND"), 11)
			f.Close()
			os.Chtimes(path, later, later) // a coarse clock could keep the time
		}},
		{"touched", func(t *testing.T, path string) { os.Chtimes(path, later, later) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ref.txt")
			write(t, path, text)
			var d descriptors
			s, err := d.openSource(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			head := make([]byte, 11)
			if _, err := io.ReadFull(s, head); err != nil {
				t.Fatal(err)
			}
			var spare sync.Mutex
			if !s.park(&spare) {
				t.Fatal("a regular file was not parked")
			}
			if tt.change != nil {
				tt.change(t, path)
			}
			rest, err := io.ReadAll(s)
			if tt.change == nil {
				if err != nil || string(head)+string(rest) != text {
					t.Fatalf("read %q, %v", string(head)+string(rest), err)
				}
				return
			}
			if !errors.Is(err, errReplaced) || len(rest) != 0 {
				t.Fatalf("read %q more, error %v; want none and %v", rest, err, errReplaced)
			}
			if _, err := s.Read(make([]byte, 4)); !errors.Is(err, errReplaced) {
				t.Fatalf("the next read: %v", err)
			}
		})
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

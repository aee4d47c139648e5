package lines

import (
	"strings"
	"testing"
	"testing/iotest"
)

// TestReplaceInvalid compares with Python's
// bytes.decode("utf-8", "replace").
func TestReplaceInvalid(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\xff", "\ufffd"},
		{"\xe2\x82", "\ufffd"},
		{"\xe2\x82x", "\ufffdx"},
		{"\xf0\x80\x80", "\ufffd\ufffd\ufffd"},
		{"\xf0\x90\x80", "\ufffd"},
		{"\xed\xa0\x80", "\ufffd\ufffd\ufffd"},
		{"\xc0\xaf", "\ufffd\ufffd"},
		{"\xf4\x90\x80\x80", "\ufffd\ufffd\ufffd\ufffd"},
		{"a\xffb\xfe", "a\ufffdb\ufffd"},
		{"\xe0\x80", "\ufffd\ufffd"},
		{"\xe0\xa0", "\ufffd"},
		{"\xf1\x80\x80\xf1", "\ufffd\ufffd"},
		{"\x80\x80", "\ufffd\ufffd"},
		{"ok \ufffd é", "ok \ufffd é"},
	}
	for _, tt := range tests {
		if got := string(ReplaceInvalid([]byte(tt.in))); got != tt.want {
			t.Errorf("ReplaceInvalid(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestReader checks the line rules, whatever the size of the reads: the
// command line's own tests check them on files and standard input.
func TestReader(t *testing.T) {
	long := strings.Repeat("x", 3*bufferSize)
	tests := []struct {
		in   string
		mode Mode
		want []string
	}{
		{"", 0, nil},
		{"a\nb", 0, []string{"a", "b"}},
		{"a\r\nb\rc\n\n", 0, []string{"a\r", "b\rc", ""}},
		{"a\r\nb\rc\n\n", Universal, []string{"a", "b", "c", ""}},
		{"a\r", Universal, []string{"a"}},
		{"\ufeffa\n\ufeffb", 0, []string{"\ufeffa", "\ufeffb"}},
		{"\ufeffa\n\ufeffb", DropBOM, []string{"a", "\ufeffb"}},
		{long + "\r\n" + long, Universal, []string{long, long}},
	}
	for _, tt := range tests {
		for _, half := range []bool{false, true} {
			r := NewReader(strings.NewReader(tt.in), tt.mode)
			if half {
				r = NewReader(iotest.HalfReader(strings.NewReader(tt.in)), tt.mode)
			}
			var got []string
			for {
				line, ok, err := r.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				got = append(got, string(line))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) || r.Line() != len(tt.want) {
				t.Errorf("%.20q, mode %d: %d lines %.40q, want %.40q", tt.in, tt.mode, len(got), got, tt.want)
			}
		}
	}
	if got := InvalidAt([]byte("ab\xffc")); got != 2 {
		t.Errorf("InvalidAt = %d, want 2", got)
	}
}

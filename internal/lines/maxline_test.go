package lines

import (
	"errors"
	"strings"
	"testing"
)

// TestMaxLine sweeps line lengths around the maximum, within the buffer
// and across it, ended by "\n", "\r" (universal newlines) or the end of
// the input: a line of at most the maximum is read, a longer one is a
// *LongLineError naming it.
func TestMaxLine(t *testing.T) {
	for _, max := range []int{1, 100, bufferSize - 1, bufferSize, 3*bufferSize + 7} {
		for _, n := range []int{max - 1, max, max + 1, 2*max + 1} {
			if n < 0 {
				continue
			}
			for _, end := range []string{"\n", "\r", ""} {
				if n == 0 && end == "" {
					continue // no last line
				}
				mode := Mode(0)
				if end == "\r" {
					mode = Universal
				}
				sep := end
				if end == "" {
					sep = "\n" // the long line is the last, without an end
				}
				text := "o" + sep + strings.Repeat("x", n)
				if end != "" {
					text += end + "y" + end
				}
				r := NewReader(strings.NewReader(text), mode)
				r.SetMaxLine(max)
				if _, ok, err := r.Next(); !ok || err != nil {
					t.Fatalf("max %d, n %d, end %q: first line: %v", max, n, end, err)
				}
				line, ok, err := r.Next()
				var long *LongLineError
				switch {
				case n <= max && (err != nil || !ok || len(line) != n):
					t.Errorf("max %d, n %d, end %q: %d bytes, %v", max, n, end, len(line), err)
				case n > max && (!errors.As(err, &long) || long.Line != 2 || long.Max != max || ok):
					t.Errorf("max %d, n %d, end %q: error %v", max, n, end, err)
				}
			}
		}
	}
}

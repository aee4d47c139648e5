package bleu_test

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/conftest"
)

// TestAddReadersCancelWithinLine cancels the context while AddReaders
// reads a line that never ends: it returns ctx's error without reading on.
func TestAddReadersCancelWithinLine(t *testing.T) {
	conftest.CancelWithinLine(t, "bleu", func(ctx context.Context, hyp io.Reader, refs ...io.Reader) (int, error) {
		var s bleu.Stats
		err := s.AddReaders(ctx, hyp, refs...)
		return s.Len(), err
	})
}

// TestAddReadersLineLimit sets a soft memory limit of 64 MiB: a line of
// 1 MiB is read, one past the limit over 16 bytes a byte and the two
// streams (2 MiB) is an error naming the stream and line, in either stream.
func TestAddReadersLineLimit(t *testing.T) {
	old := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(old)
	short, long := strings.Repeat("a ", 1<<19)+"\n", strings.Repeat("a ", 1<<20+1)+"\n"
	for _, tt := range []struct {
		hyp, ref string
		want     string
	}{
		{"x\n" + short, "x\n" + short, ""},
		{"x\n" + long, "x\n" + short, "bleu: reading the hypothesis, line 2: line 2 is longer than 2097152 bytes"},
		{"x\n" + short, "x\n" + long, "bleu: reading the reference 1, line 2: line 2 is longer than 2097152 bytes"},
	} {
		var s bleu.Stats
		err := s.AddReaders(context.Background(), strings.NewReader(tt.hyp), strings.NewReader(tt.ref))
		if got := fmt.Sprint(err); (tt.want == "" && err != nil) || (tt.want != "" && got != tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
}

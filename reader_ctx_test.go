package bleu_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
)

// endlessLine is one line that never ends: it cancels its context after
// reads reads, and counts the reads made after that.
type endlessLine struct {
	reads, late int
	cancel      func()
}

func (e *endlessLine) Read(p []byte) (int, error) {
	if e.reads == 0 {
		e.late++
	} else if e.reads--; e.reads == 0 {
		e.cancel()
	}
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestAddReadersCancelWithinLine cancels the context while AddReaders
// reads a line that never ends, in the hypothesis or in a reference
// stream, after a line or at the first: AddReaders returns ctx's error,
// wrapped and naming the stream, without reading on.
func TestAddReadersCancelWithinLine(t *testing.T) {
	for _, tt := range []struct {
		name   string
		stream int // 0 the hypothesis, k reference k
		before string
		reads  int
	}{
		{"hypothesis, first line", 0, "", 1},
		{"hypothesis, third line", 0, "a\nb\n", 5},
		{"reference 1", 1, "a\nb\n", 3},
		{"reference 2", 2, "", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			endless := &endlessLine{reads: tt.reads, cancel: cancel}
			inputs := make([]io.Reader, 3)
			for k := range inputs {
				inputs[k] = strings.NewReader(strings.Repeat("x\n", 3))
			}
			inputs[tt.stream] = io.MultiReader(strings.NewReader(tt.before), endless)
			var s bleu.Stats
			err := s.AddReaders(ctx, inputs[0], inputs[1:]...)
			want := "the hypothesis"
			if tt.stream > 0 {
				want = "the reference " + string(rune('0'+tt.stream))
			}
			if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "bleu: ") || !strings.Contains(err.Error(), want) {
				t.Fatalf("error %v, want context.Canceled naming %s", err, want)
			}
			if endless.late > 0 || s.Len() != 0 {
				t.Errorf("%d reads after the cancellation, %d segments added", endless.late, s.Len())
			}
		})
	}
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

package conftest

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// AddReadersFunc is a metric's AddReaders on a fresh accumulator: it
// returns the error and the number of segments the accumulator holds
// after the call.
type AddReadersFunc func(ctx context.Context, hyp io.Reader, refs ...io.Reader) (segments int, err error)

// CancelWithinLine cancels the context while add reads a line that never
// ends, in the hypothesis or in a reference stream, after some lines or at
// the first, and checks that add returns ctx's error, wrapped, prefixed
// with prefix and a colon and naming the stream, without reading on and
// with no segment added.
func CancelWithinLine(t *testing.T, prefix string, add AddReadersFunc) {
	t.Helper()
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
			segments, err := add(ctx, inputs[0], inputs[1:]...)
			want := "the hypothesis"
			if tt.stream > 0 {
				want = "the reference " + string(rune('0'+tt.stream))
			}
			if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), prefix+": ") || !strings.Contains(err.Error(), want) {
				t.Fatalf("error %v, want context.Canceled naming %s", err, want)
			}
			if endless.late > 0 || segments != 0 {
				t.Errorf("%d reads after the cancellation, %d segments added", endless.late, segments)
			}
		})
	}
}

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

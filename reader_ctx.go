package bleu

import (
	"context"
	"io"
	"math"
	"runtime/debug"
)

// ctxReader is r that fails with ctx's error, once ctx is done, instead of
// reading: AddReaders reads a line to its end before it looks at a
// segment, so only its reads can notice a cancellation within a line.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// readerLineCost is the memory a line takes in AddReaders per byte of its
// text, from above: the line's buffer as it grows (up to 3), its string,
// the batch's tokens and counts (the command line measures 6 to 9 for
// the standard tokenizers; see cmd/bleu/linecost.go).
const readerLineCost = 16

// limitLines bounds the lines of streams when the Go runtime has a soft
// memory limit (debug.SetMemoryLimit, GOMEMLIMIT), as the significance
// tests do: a line longer than the limit over readerLineCost and the
// number of streams is an error before it is held, not the runtime's
// out-of-memory crash. Without a limit lines are unbounded.
func limitLines(streams []*lineStream) {
	limit := debug.SetMemoryLimit(-1)
	if limit == math.MaxInt64 || limit <= 0 {
		return
	}
	n := limit / readerLineCost / int64(len(streams))
	for _, st := range streams {
		st.lr.SetMaxLine(int(min(max(n, 1), math.MaxInt32)))
	}
}

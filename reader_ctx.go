package bleu

import (
	"context"
	"io"
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

package ter_test

import (
	"context"
	"io"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/ter"
)

// TestAddReadersCancelWithinLine cancels the context while AddReaders
// reads a line that never ends: it returns ctx's error without reading on.
func TestAddReadersCancelWithinLine(t *testing.T) {
	conftest.CancelWithinLine(t, "ter", func(ctx context.Context, hyp io.Reader, refs ...io.Reader) (int, error) {
		var s ter.Stats
		err := s.AddReaders(ctx, hyp, refs...)
		return s.Len(), err
	})
}

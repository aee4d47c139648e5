package chrf_test

import (
	"context"
	"io"
	"testing"

	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/internal/conftest"
)

// TestAddReadersCancelWithinLine cancels the context while AddReaders
// reads a line that never ends: it returns ctx's error without reading on.
func TestAddReadersCancelWithinLine(t *testing.T) {
	conftest.CancelWithinLine(t, "chrf", func(ctx context.Context, hyp io.Reader, refs ...io.Reader) (int, error) {
		var s chrf.Stats
		err := s.AddReaders(ctx, hyp, refs...)
		return s.Len(), err
	})
}

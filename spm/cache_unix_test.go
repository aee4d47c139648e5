//go:build unix

package spm

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// Where flock(2) is missing, concurrent downloads are not serialized, so
// each goroutine may download the model (each then renames a complete
// one into place).

// TestCacheConcurrent downloads one model from several goroutines at
// once: one request, every goroutine gets the tokenizer.
func TestCacheConcurrent(t *testing.T) {
	srv := newModelServer(t)
	c := Cache{Dir: t.TempDir(), MapURL: srv.mapURL("good")}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			tok, err := c.Tokenizer(context.Background(), Flores101)
			if err == nil && tok.String() != "flores101" {
				err = fmt.Errorf("tokenizer %s", tok)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Error(err)
	}
	if n := srv.requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

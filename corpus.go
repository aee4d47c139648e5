package bleu

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Corpus returns the corpus BLEU of hyps against the reference streams
// refs under c: refs[k][i] is the k-th reference of segment i, and every
// stream has one line per hypothesis, as in sacreBLEU's corpus_score. The
// corpus is split into chunks scored in parallel by GOMAXPROCS goroutines
// and merged; the result is identical to adding every segment to one
// [Stats].
//
// It returns an error when a stream's length differs from len(hyps) or
// there are no streams, and the errors of [Stats.Add] for a segment
// (wrapped with the segment's index). c's Tokenizer and Normalizer must be
// safe for concurrent use.
func (c Config) Corpus(hyps []string, refs ...[]string) (Score, error) {
	if len(refs) == 0 {
		return Score{}, ErrNoReference
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return Score{}, fmt.Errorf("bleu: reference stream %d has %d segments, the hypotheses %d", k+1, len(r), len(hyps))
		}
	}
	// Chunks of contiguous segments, handed out in order to one goroutine
	// per processor, each with a Stats of its own whose buffers serve all
	// its chunks; several chunks per goroutine, so that a slow one does
	// not hold up the rest.
	workers := min(runtime.GOMAXPROCS(0), max(1, len(hyps)/64))
	chunks := min(len(hyps), 8*workers)
	stats := make([]Stats, workers)
	errs := make([]error, chunks) // by chunk: its first error
	var next atomic.Int64
	// failed is the first chunk known to have an error: later chunks
	// cannot change the result and are skipped.
	var failed atomic.Int64
	failed.Store(int64(chunks))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &stats[w]
			s.Config = c
			segRefs := make([]string, len(refs))
			for {
				ch := int(next.Add(1) - 1)
				if ch >= chunks || int64(ch) > failed.Load() {
					return
				}
				for i := ch * len(hyps) / chunks; i < (ch+1)*len(hyps)/chunks; i++ {
					for k := range refs {
						segRefs[k] = refs[k][i]
					}
					if err := s.Add(hyps[i], segRefs...); err != nil {
						errs[ch] = fmt.Errorf("segment %d: %w", i, err)
						lower(&failed, int64(ch))
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	// The error of the first segment that has one, as if added in order.
	for _, err := range errs {
		if err != nil {
			return Score{}, err
		}
	}
	total := Stats{Config: c}
	for w := range stats {
		if err := total.Merge(&stats[w]); err != nil {
			return Score{}, err
		}
	}
	return total.Score(), nil
}

// lower sets a to v if v is smaller.
func lower(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v >= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

package bleu

import (
	"fmt"
	"runtime"
	"sync"
)

// Corpus returns the corpus BLEU of hyps against the reference streams
// refs under c: refs[k][i] is the k-th reference of segment i, and every
// stream has one line per hypothesis, as in sacreBLEU's corpus_score. The
// corpus is split into GOMAXPROCS shards scored in parallel and merged;
// the result is identical to adding every segment to one [Stats].
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
	// Shards of contiguous segments, a few per worker so that a slow one
	// does not hold up the rest.
	workers := runtime.GOMAXPROCS(0)
	shards := min(len(hyps), 4*workers)
	if len(hyps) < 64 {
		shards = min(len(hyps), 1)
	}
	stats := make([]Stats, shards)
	errs := make([]error, shards)
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	for sh := range shards {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			s := &stats[sh]
			s.Config = c
			lo, hi := sh*len(hyps)/shards, (sh+1)*len(hyps)/shards
			segRefs := make([]string, len(refs))
			for i := lo; i < hi; i++ {
				for k := range refs {
					segRefs[k] = refs[k][i]
				}
				if err := s.Add(hyps[i], segRefs...); err != nil {
					errs[sh] = fmt.Errorf("segment %d: %w", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	total := Stats{Config: c}
	for sh := range stats {
		if errs[sh] != nil {
			return Score{}, errs[sh]
		}
		if err := total.Merge(&stats[sh]); err != nil {
			return Score{}, err
		}
	}
	return total.Score(), nil
}

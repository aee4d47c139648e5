package bleu

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Corpus returns the corpus BLEU of hyps against the reference streams
// refs under c: refs[k][i] is the k-th reference of segment i, and every
// stream has one line per hypothesis, as in sacreBLEU's corpus_score. It
// adds the corpus to a new [Stats] with [Stats.AddCorpus], in parallel,
// and returns its errors. To score many corpora, reuse one Stats instead
// (Reset, AddCorpus, Score): its goroutines' scratch space is then warm
// from the corpus before.
func (c Config) Corpus(hyps []string, refs ...[]string) (Score, error) {
	s := Stats{Config: c}
	if err := s.AddCorpus(hyps, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// AddCorpus adds the segments of a corpus: hyps[i] with its references
// refs[0][i], refs[1][i] and so on, every stream having one line per
// hypothesis, as in sacreBLEU's corpus_score. The corpus is split into
// chunks added in parallel by up to GOMAXPROCS goroutines, the calling one
// among them, each to a Stats of its own that s keeps for the next call,
// and then merged into s: the statistics are identical to adding every
// segment in turn with [Stats.Add].
//
// It returns an error when a stream's length differs from len(hyps) or
// there are no streams, and otherwise the errors of [Stats.Add] for the
// first segment that has one, wrapped with its index; s is then
// unchanged. The Tokenizer and Normalizer must be safe for concurrent use.
func (s *Stats) AddCorpus(hyps []string, refs ...[]string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("bleu: reference stream %d has %d segments, the hypotheses %d", k+1, len(r), len(hyps))
		}
	}
	if len(hyps) == 0 {
		return nil
	}
	// Fewer than minShare segments a goroutine are not worth its start.
	const minShare = 64
	workers := min(runtime.GOMAXPROCS(0), max(1, len(hyps)/minShare))
	if s.w == nil {
		s.w = &worker{}
	}
	// A Stats for each goroutine, each its own allocation so that they
	// share no cache lines, kept with s's scratch space.
	for len(s.w.shards) < workers {
		s.w.shards = append(s.w.shards, &Stats{})
	}
	shards := s.w.shards[:workers]
	j := &corpusJob{hyps: hyps, refs: refs, workers: workers}
	j.failed.Store(int64(len(hyps)))
	// The calling goroutine is one of the workers, and with a single
	// processor no goroutine starts. An idle processor takes tens of µs
	// to wake for the others (100 µs and more from a halted virtual
	// CPU); the chunks being handed out as they go, a late worker only
	// takes fewer.
	found := make([]corpusError, workers)
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[w] = j.work(shards[w], s.Config)
		}()
	}
	if workers > 1 {
		// The goroutine started last waits in this processor's "run
		// next" slot, which a waking processor steals only after a
		// back-off (the runtime's usleep(3), 50 µs and more on the VMs
		// measured): yielding runs it here at once and leaves this
		// goroutine on the global queue, taken without a back-off
		// (BENCHMARKS.md, fifth round).
		runtime.Gosched()
	}
	found[0] = j.work(shards[0], s.Config)
	wg.Wait()
	// The error of the first segment that has one, as if added in order:
	// each worker stops at its first, and every segment before the first
	// of all was added by some worker.
	first := -1
	for w := range found {
		if f := &found[w]; f.err != nil && (first < 0 || f.at < found[first].at) {
			first = w
		}
	}
	if first >= 0 {
		return found[first].err
	}
	// Merged into the first shard, then into s, which is left unchanged
	// should that fail.
	for _, sh := range shards[1:] {
		if err := shards[0].Merge(sh); err != nil {
			return err
		}
	}
	return s.Merge(shards[0])
}

// corpusJob is the work of one AddCorpus call, shared by its workers.
type corpusJob struct {
	hyps    []string
	refs    [][]string
	workers int
	// next is the first segment not yet handed out.
	next atomic.Int64
	// failed is the first segment known to have an error: later segments
	// cannot change the result and are skipped.
	failed atomic.Int64
}

// corpusError is the first segment a worker of a corpusJob could not add,
// and the error.
type corpusError struct {
	at  int
	err error
}

// minChunk is the fewest segments handed out at once: a few microseconds
// of work, which keeps the hand-outs rare and the workers' last chunks,
// which one may finish alone, short.
const minChunk = 16

// claim hands out the next chunk of contiguous segments, [lo, hi), or ok
// false when there are none left worth adding. Chunks shrink as the
// corpus runs out (guided scheduling): large at first, so that hand-outs
// are few, and small at the end, so that the workers finish together.
func (j *corpusJob) claim() (lo, hi int, ok bool) {
	n := int64(len(j.hyps))
	for {
		next := j.next.Load()
		if next >= n || next > j.failed.Load() {
			return 0, 0, false
		}
		end := min(n, next+max(minChunk, (n-next)/int64(2*j.workers)))
		if j.next.CompareAndSwap(next, end) {
			return int(next), int(end), true
		}
	}
}

// work adds the chunks it claims to s, emptied first and given c, until
// none are left, or until a segment fails: the worker's later chunks come
// after it.
func (j *corpusJob) work(s *Stats, c Config) corpusError {
	s.Reset()
	s.Config = c
	segRefs := make([]string, len(j.refs))
	for lo, hi, ok := j.claim(); ok; lo, hi, ok = j.claim() {
		for i := lo; i < hi; i++ {
			for k, r := range j.refs {
				segRefs[k] = r[i]
			}
			if err := s.Add(j.hyps[i], segRefs...); err != nil {
				lower(&j.failed, int64(i))
				return corpusError{at: i, err: fmt.Errorf("segment %d: %w", i, err)}
			}
		}
	}
	return corpusError{}
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

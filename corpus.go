package bleu

import (
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Corpus returns the corpus BLEU of hyps against the reference streams
// refs under c: refs[k][i] is the k-th reference of segment i, and every
// stream has one line per hypothesis, as in sacreBLEU's corpus_score. The
// corpus is split into chunks scored in parallel by up to GOMAXPROCS
// goroutines, the calling one among them, and merged; the result is
// identical to adding every segment to one [Stats].
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
	// Fewer than minShare segments a goroutine are not worth its start.
	const minShare = 64
	workers := min(runtime.GOMAXPROCS(0), max(1, len(hyps)/minShare))
	j := &corpusJob{hyps: hyps, refs: refs, workers: workers}
	j.failed.Store(int64(len(hyps)))
	// The calling goroutine is one of the workers: it starts at once,
	// while an idle processor can take 100 µs or more to wake for the
	// others (the chunks being handed out as they go, a late worker only
	// takes fewer), and with a single processor no goroutine starts.
	shards := make([]corpusShard, workers)
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			shards[w] = j.work(c)
		}()
	}
	shards[0] = j.work(c)
	wg.Wait()
	// The error of the first segment that has one, as if added in order:
	// each worker stops at its first, and every segment before the first
	// of all was added by some worker.
	first := -1
	for w := range shards {
		if sh := &shards[w]; sh.err != nil && (first < 0 || sh.errAt < shards[first].errAt) {
			first = w
		}
	}
	if first >= 0 {
		return Score{}, shards[first].err
	}
	total := Stats{Config: c}
	for w := range shards {
		if err := total.Merge(shards[w].stats); err != nil {
			return Score{}, err
		}
	}
	return total.Score(), nil
}

// corpusJob is the work of one Config.Corpus call, shared by its workers.
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

// corpusShard is what one worker of a corpusJob found: its statistics, or
// the first segment it could not add and the error.
type corpusShard struct {
	stats *Stats
	errAt int
	err   error
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

// work adds the chunks it claims to a Stats of its own until none are
// left, or until a segment fails: the worker's later chunks come after it.
func (j *corpusJob) work(c Config) corpusShard {
	// A Stats of the worker's own making, apart from the others': the
	// workers do not write to shared cache lines.
	s := &Stats{Config: c}
	segRefs := make([]string, len(j.refs))
	add := func(i int) error {
		for k, r := range j.refs {
			segRefs[k] = r[i]
		}
		return s.Add(j.hyps[i], segRefs...)
	}
	for lo, hi, ok := j.claim(); ok; lo, hi, ok = j.claim() {
		s.reserve(j.hyps[lo:hi], j.refs, lo, hi)
		// The segment with the longest hypothesis goes first, so that the
		// counter's tables, sized by the hypothesis, grow once to their
		// size for the chunk rather than by doubling. Counts are sums of
		// integers, so the order of the segments changes nothing. Should
		// it fail, the chunk is added in order, to find its first error.
		first := longest(j.hyps[lo:hi]) + lo
		if add(first) != nil {
			first = -1
		}
		for i := lo; i < hi; i++ {
			if i == first {
				continue
			}
			if err := add(i); err != nil {
				lower(&j.failed, int64(i))
				return corpusShard{errAt: i, err: fmt.Errorf("segment %d: %w", i, err)}
			}
		}
	}
	return corpusShard{stats: s}
}

// longest returns the index of the longest of texts, in bytes.
func longest(texts []string) int {
	at := 0
	for i, t := range texts {
		if len(t) > len(texts[at]) {
			at = i
		}
	}
	return at
}

// reserve gives the token buffers of s room for the longest hypothesis
// and reference of segments [lo, hi) (hyps being the hypotheses of those
// segments), for the standard tokenizers, which need up to one token per
// byte. A cold Stats would otherwise grow them by doubling, line after
// longer line, and leave the garbage of every size but the last.
func (s *Stats) reserve(hyps []string, refs [][]string, lo, hi int) {
	switch s.Tokenizer.(type) {
	case nil, StandardTokenizer:
	default:
		return
	}
	hypLen, refLen := 0, 0
	for _, h := range hyps {
		hypLen = max(hypLen, len(h))
	}
	for _, r := range refs {
		for _, t := range r[lo:hi] {
			refLen = max(refLen, len(t))
		}
	}
	if s.w == nil {
		s.w = &worker{}
	}
	s.w.hyp.toks = slices.Grow(s.w.hyp.toks[:0], hypLen)
	s.w.ref.toks = slices.Grow(s.w.ref.toks[:0], refLen)
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

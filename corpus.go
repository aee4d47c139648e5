package bleu

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/go-bleu/bleu/internal/charngram"
)

// PanicError is the value with which the functions that share their work
// among goroutines ([Config.Corpus], [Corpus], [Stats.AddCorpus],
// [Stats.AddReaders], [Config.Sentences], [Sentences]) re-panic, on the
// calling goroutine, a panic of user code (a custom [Tokenizer] or
// [Normalizer]) on any of their goroutines, the calling one included: a
// deferred recover in the caller sees it, whichever goroutine ran the
// code. They re-panic once all their goroutines have stopped; the
// statistics of a Stats are then unchanged. Functions that call user code
// on the calling goroutine alone ([Stats.Add], [Config.Sentence],
// [Config.SentenceMatrix]) let its panics through as they are.
type PanicError struct {
	// Value is the value the code panicked with.
	Value any
	// Stack is the stack of the goroutine that panicked, at the panic.
	Stack []byte
}

// Error returns the panic's value and stack.
func (p *PanicError) Error() string {
	return fmt.Sprintf("bleu: panic on a goroutine of the package: %v\n\n%s", p.Value, p.Stack)
}

// Unwrap returns the panic's value if it is an error.
func (p *PanicError) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

// Corpus returns the corpus BLEU of hyps against the reference streams
// refs with sacreBLEU's defaults (those of the zero [Config]); see
// [Config.Corpus].
func Corpus(hyps []string, refs ...[]string) (Score, error) {
	return Config{}.Corpus(hyps, refs...)
}

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
// first segment that has one, wrapped with its index; before anything
// else, the errors of [Config.Validate] and of options that are not those
// of the statistics held (see [Stats]). s is unchanged on error. The
// Tokenizer and Normalizer must be safe for concurrent use; a panic of
// theirs reaches the caller as a [*PanicError].
func (s *Stats) AddCorpus(hyps []string, refs ...[]string) error {
	s.mutating()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.checkOptions(); err != nil {
		return err
	}
	if err := checkStreams(hyps, refs); err != nil || len(hyps) == 0 {
		return err
	}
	j := newCorpusJob(hyps, refs)
	if s.scratch == nil {
		s.scratch = &scratch{}
	}
	// A Stats for each goroutine, each its own allocation so that they
	// share no cache lines, kept with s's scratch space.
	for len(s.scratch.shards) < j.workers {
		s.scratch.shards = append(s.scratch.shards, &Stats{})
	}
	shards := s.scratch.shards[:j.workers]
	if j.charShares(s.Config) {
		for _, sh := range shards {
			if sh.scratch == nil {
				sh.scratch = &scratch{}
			}
			sh.scratch.char.SkipWarmUp()
		}
	}
	if err := j.run(func(w int) corpusError { return j.work(shards[w], s.Config) }); err != nil {
		return err
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

// Sentences returns the sentence BLEU of each hypothesis against its own
// references with the defaults of [Sentence]: out[i] is Sentence(hyps[i],
// refs[0][i], refs[1][i], ...).BLEU. See [Config.Sentences].
func Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return Config{EffectiveOrder: true}.Sentences(hyps, refs...)
}

// Sentences returns the sentence BLEU under c of each hypothesis against
// its own references, refs[k][i] being the k-th reference of hyps[i] as
// in [Config.Corpus]: out[i] equals c.Sentence(hyps[i], refs[0][i],
// refs[1][i], ...).BLEU exactly. It is meant for many pairs at once, such
// as filtering parallel data, or a training loop's batch: the segments are
// shared out among up to GOMAXPROCS goroutines, the calling one among
// them, each with scratch space of its own, sized to what it is given,
// and a score allocates nothing. Sentence BLEU is noisy,
// and its mean is not corpus BLEU (see the package documentation): for a
// system's score use [Config.Corpus].
//
// It returns an error when a stream's length differs from len(hyps) or
// there are no streams, and otherwise the errors of [Stats.Add] for the
// first segment that has one, wrapped with its index; before anything
// else, the error of [Config.Validate]. c's Tokenizer and Normalizer must
// be safe for concurrent use; a panic of theirs reaches the caller as a
// [*PanicError].
func (c Config) Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, false)
}

// SentencesPercent is [Config.Sentences] on sacreBLEU's 0–100 scale:
// out[i] equals c.Sentence(hyps[i], refs[0][i], ...).BLEUPercent, the
// float64 sacreBLEU computes, to the last bit.
func (c Config) SentencesPercent(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, true)
}

// sentences is Sentences, or SentencesPercent if percent.
func (c Config) sentences(hyps []string, refs [][]string, percent bool) ([]float64, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	if err := checkStreams(hyps, refs); err != nil {
		return nil, err
	}
	out := make([]float64, len(hyps))
	if len(hyps) == 0 {
		return out, nil
	}
	j := newCorpusJob(hyps, refs)
	charTables := j.charShares(c)
	if err := j.run(func(int) corpusError { return j.sentences(c, charTables, percent, out) }); err != nil {
		return nil, err
	}
	return out, nil
}

// checkStreams returns the error of AddCorpus and Sentences for reference
// streams refs of hypotheses hyps: none, or of another length.
func checkStreams(hyps []string, refs [][]string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("bleu: reference stream %d has %d segments, the hypotheses %d", k+1, len(r), len(hyps))
		}
	}
	return nil
}

// corpusJob is the work of one AddCorpus or Sentences call, shared by its
// workers.
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

// newCorpusJob returns the job of adding the segments of hyps and refs,
// which are not empty, with as many workers as it is worth.
func newCorpusJob(hyps []string, refs [][]string) *corpusJob {
	// Fewer than minShare segments a goroutine are not worth its start.
	const minShare = 64
	workers := min(runtime.GOMAXPROCS(0), max(1, len(hyps)/minShare))
	j := &corpusJob{hyps: hyps, refs: refs, workers: workers}
	j.failed.Store(int64(len(hyps)))
	return j
}

// run calls work(w) for each worker w on a goroutine of its own, the
// calling goroutine being worker 0, and returns the error of the first
// segment that has one, as if the segments were added in order. A panic
// of a worker is re-panicked on the calling goroutine as a *PanicError,
// after every worker has returned.
func (j *corpusJob) run(work func(w int) corpusError) error {
	// With a single processor no goroutine starts. An idle processor
	// takes tens of µs to wake for the others (100 µs and more from a
	// halted virtual CPU); the chunks being handed out as they go, a late
	// worker only takes fewer.
	found := make([]corpusError, j.workers)
	var wg sync.WaitGroup
	for w := 1; w < j.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[w] = j.guard(w, work)
		}()
	}
	if j.workers > 1 {
		// The goroutine started last waits in this processor's "run
		// next" slot, which a waking processor steals only after a
		// back-off (the runtime's usleep(3), 50 µs and more on the VMs
		// measured): yielding runs it here at once and leaves this
		// goroutine on the global queue, taken without a back-off
		// (BENCHMARKS.md, "Parallel corpora").
		runtime.Gosched()
	}
	found[0] = j.guard(0, work)
	wg.Wait()
	for _, f := range found {
		if f.panic != nil {
			panic(f.panic)
		}
	}
	// Each worker stops at its first error, and every segment before the
	// first of all was added by some worker.
	first := -1
	for w := range found {
		if f := &found[w]; f.err != nil && (first < 0 || f.at < found[first].at) {
			first = w
		}
	}
	if first >= 0 {
		return found[first].err
	}
	return nil
}

// guard returns work(w), or, if it panics, the panic: a panic of user
// code (a Tokenizer's, a Normalizer's) stops the hand-out of segments and
// reaches the caller once every worker has returned, so that none is left
// running on the caller's data.
func (j *corpusJob) guard(w int, work func(w int) corpusError) (e corpusError) {
	defer func() {
		if r := recover(); r != nil {
			e = corpusError{panic: &PanicError{Value: r, Stack: debug.Stack()}}
			j.failed.Store(-1)
		}
	}()
	return work(w)
}

// charShares reports whether c's tokenizer makes a token of every
// character (segmentTokenizer.charTokens) and each worker has
// charTablesAfter bytes of text to count or more: the tables that count
// them without tokens are then worth making at once.
func (j *corpusJob) charShares(c Config) bool {
	if st, _ := c.Tokenizer.(segmentTokenizer); st == nil || !st.charTokens() {
		return false
	}
	want, n := charngram.TablesAfter*j.workers, 0
	for i, h := range j.hyps {
		n += len(h)
		for _, r := range j.refs {
			n += len(r[i])
		}
		if n >= want {
			return true
		}
	}
	return false
}

// corpusError is the first segment a worker of a corpusJob could not add,
// and the error, or the panic that stopped the worker.
type corpusError struct {
	at    int
	err   error
	panic *PanicError
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

// work adds the segments it claims to s, emptied first and given c.
func (j *corpusJob) work(s *Stats, c Config) corpusError {
	s.Reset()
	s.Config = c
	return j.each(func(i int, refs []string) error { return s.Add(j.hyps[i], refs...) })
}

// sentences sets out[i] to the sentence BLEU under c of the segments i it
// claims, on the 0–100 scale if percent, with the char tokenizer's tables
// from the start if charTables.
func (j *corpusJob) sentences(c Config, charTables, percent bool, out []float64) corpusError {
	// s only tokenizes and counts: it is emptied for every segment.
	s := Stats{Config: c, scratch: &scratch{}}
	if charTables {
		s.scratch.char.SkipWarmUp()
	}
	f := c.formula()
	// The memory of logarithms (128 KB) pays from a few hundred
	// segments on.
	var memo *scoreMemo
	scored := 0
	return j.each(func(i int, refs []string) error {
		if scored++; scored == memoAfter {
			memo = new(scoreMemo)
		}
		s.Reset()
		seg, err := s.add(j.hyps[i], refs)
		if err != nil {
			return err
		}
		// As Stats.Score computes it, but for the Score itself.
		bp := brevityPenaltyMemo(int64(seg.HypLen), int64(seg.RefLen), memo)
		out[i] = f.percent(bp, seg.Matches, seg.Totals, nil, memo, false)
		if !percent {
			out[i] = fraction(out[i])
		}
		return nil
	})
}

// memoAfter is the segment of a worker of Sentences from which it keeps
// a scoreMemo.
const memoAfter = 256

// each calls do with each segment it claims, its index and references
// (reused), until none are left, or until do fails: the worker's later
// chunks come after that segment, whose error it returns.
func (j *corpusJob) each(do func(i int, refs []string) error) corpusError {
	segRefs := make([]string, len(j.refs))
	for lo, hi, ok := j.claim(); ok; lo, hi, ok = j.claim() {
		for i := lo; i < hi; i++ {
			for k, r := range j.refs {
				segRefs[k] = r[i]
			}
			if err := do(i, segRefs); err != nil {
				lower(&j.failed, int64(i))
				return corpusError{at: i, err: segmentError{i, err}}
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

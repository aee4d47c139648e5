package chrf

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Sentence returns the chrF of one hypothesis against its references
// with sacreBLEU's defaults. See [Config.Sentence].
func Sentence(hyp string, refs ...string) (Score, error) {
	return Config{}.Sentence(hyp, refs...)
}

// Sentence returns the chrF under c of one hypothesis against its
// references, sacreBLEU's sentence_score: the corpus score of a corpus of
// one segment. It returns the errors of [Stats.Add].
func (c Config) Sentence(hyp string, refs ...string) (Score, error) {
	s := Stats{Config: c}
	if err := s.Add(hyp, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// Corpus returns the corpus chrF of hyps against the reference streams
// refs with sacreBLEU's defaults. See [Config.Corpus].
func Corpus(hyps []string, refs ...[]string) (Score, error) {
	return Config{}.Corpus(hyps, refs...)
}

// Corpus returns the corpus chrF under c of hyps against the reference
// streams refs: refs[k][i] is the k-th reference of hyps[i], as in
// sacreBLEU's corpus_score. It returns the errors of [Stats.AddCorpus].
func (c Config) Corpus(hyps []string, refs ...[]string) (Score, error) {
	s := Stats{Config: c}
	if err := s.AddCorpus(hyps, refs...); err != nil {
		return Score{}, err
	}
	return s.Score(), nil
}

// AddCorpus adds the segments of a corpus: hyps[i] with its references
// refs[0][i], refs[1][i], .... The segments are shared out among up to
// GOMAXPROCS goroutines, each counting into a Stats of its own, merged at
// the end; the sums are those of adding the segments one by one.
//
// It returns the error of [Config.Validate], an error when s holds
// statistics collected under other options, when a stream's length
// differs from len(hyps) or there are no streams, and otherwise the error
// of [Stats.Add] for the first segment that has one, wrapped with its
// index. s is unchanged on error.
func (s *Stats) AddCorpus(hyps []string, refs ...[]string) error {
	s.own()
	if err := s.Config.validate(); err != nil {
		return err
	}
	if err := s.optionsChanged(); err != nil {
		return err
	}
	if err := checkStreams(hyps, refs); err != nil || len(hyps) == 0 {
		return err
	}
	j := newJob(hyps, refs)
	shards := make([]Stats, j.workers)
	if err := j.run(func(w int) (int, error) {
		sh := &shards[w]
		sh.Config = s.Config
		return j.each(func(i int, refs []string) error { return sh.Add(hyps[i], refs...) })
	}); err != nil {
		return err
	}
	total := Stats{Config: s.Config}
	for w := range shards {
		if err := total.Merge(&shards[w]); err != nil {
			return err
		}
	}
	return s.Merge(&total)
}

// Sentences returns the sentence chrF of each hypothesis against its own
// references with sacreBLEU's defaults. See [Config.Sentences].
func Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return Config{}.Sentences(hyps, refs...)
}

// Sentences returns the sentence chrF under c of each hypothesis against
// its own references, refs[k][i] being the k-th reference of hyps[i] as
// in [Config.Corpus]: out[i] equals c.Sentence(hyps[i], refs[0][i],
// ...).ChrF exactly. The segments are shared out among up to GOMAXPROCS
// goroutines, and a score allocates nothing once a goroutine's scratch
// space has grown. The mean of sentence scores is not corpus chrF.
//
// It returns the errors of [Stats.AddCorpus], the first segment's
// wrapped with its index.
func (c Config) Sentences(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, false)
}

// SentencesPercent is [Config.Sentences] on sacreBLEU's 0–100 scale:
// out[i] equals c.Sentence(hyps[i], ...).ChrFPercent.
func (c Config) SentencesPercent(hyps []string, refs ...[]string) ([]float64, error) {
	return c.sentences(hyps, refs, true)
}

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
	p := c.params()
	j := newJob(hyps, refs)
	if err := j.run(func(int) (int, error) {
		cn := &counter{p: p}
		seg := make([]int64, p.width())
		return j.each(func(i int, refs []string) error {
			if err := checkSegment(hyps[i], refs); err != nil {
				return err
			}
			cn.segment(seg, hyps[i], refs)
			v := p.percent(seg)
			if !percent {
				v /= 100
			}
			out[i] = v
			return nil
		})
	}); err != nil {
		return nil, err
	}
	return out, nil
}

// checkStreams checks that there are reference streams, each as long as
// hyps.
func checkStreams(hyps []string, refs [][]string) error {
	if len(refs) == 0 {
		return ErrNoReference
	}
	for k, r := range refs {
		if len(r) != len(hyps) {
			return fmt.Errorf("chrf: reference stream %d has %d segments, the hypotheses %d", k+1, len(r), len(hyps))
		}
	}
	return nil
}

// job is the work of one AddCorpus or Sentences call, shared out in
// chunks of segments among its workers.
type job struct {
	hyps    []string
	refs    [][]string
	workers int
	next    atomic.Int64 // the first segment not yet handed out
	failed  atomic.Int64 // the first segment known to fail
}

// chunk is the number of segments handed out at once.
const chunk = 32

func newJob(hyps []string, refs [][]string) *job {
	workers := min(runtime.GOMAXPROCS(0), max(1, len(hyps)/(2*chunk)))
	j := &job{hyps: hyps, refs: refs, workers: workers}
	j.failed.Store(int64(len(hyps)))
	return j
}

// run calls work(w) for each worker w, worker 0 on the calling goroutine,
// and returns the error of the first segment that has one.
func (j *job) run(work func(w int) (int, error)) error {
	at := make([]int, j.workers)
	errs := make([]error, j.workers)
	var wg sync.WaitGroup
	for w := 1; w < j.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			at[w], errs[w] = work(w)
		}()
	}
	at[0], errs[0] = work(0)
	wg.Wait()
	first := -1
	for w, err := range errs {
		if err != nil && (first < 0 || at[w] < at[first]) {
			first = w
		}
	}
	if first >= 0 {
		return errs[first]
	}
	return nil
}

// each calls do for the segments it claims, in chunks, until none are
// left or do fails; it returns the failing segment and its error, wrapped
// with the index.
func (j *job) each(do func(i int, refs []string) error) (int, error) {
	refs := make([]string, len(j.refs))
	n := int64(len(j.hyps))
	for {
		lo := j.next.Add(chunk) - chunk
		if lo >= n || lo > j.failed.Load() {
			return 0, nil
		}
		for i := int(lo); i < int(min(lo+chunk, n)); i++ {
			for k, r := range j.refs {
				refs[k] = r[i]
			}
			if err := do(i, refs); err != nil {
				for {
					f := j.failed.Load()
					if int64(i) >= f || j.failed.CompareAndSwap(f, int64(i)) {
						break
					}
				}
				return i, &segmentError{i, err}
			}
		}
	}
}

// segmentError is the error of a segment of a corpus.
type segmentError struct {
	i   int // the segment's index
	err error
}

func (e *segmentError) Error() string { return fmt.Sprintf("%v (segment %d)", e.err, e.i) }
func (e *segmentError) Unwrap() error { return e.err }

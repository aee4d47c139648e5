package chrf

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/go-bleu/bleu/internal/parallel"
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
	s := Stats{Config: c, c: getCounter(c.params())}
	defer func() { putCounter(s.c) }()
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
	j := newJob(len(hyps))
	shards := make([]Stats, j.Workers())
	if err := j.Run(func(w int) parallel.Failure {
		sh := &shards[w]
		sh.Config = s.Config
		sh.c = getCounter(s.Config.params())
		defer func() { putCounter(sh.c); sh.c = nil }()
		segRefs := make([]string, len(refs))
		return j.Each(func(i int) error {
			if err := sh.Add(hyps[i], segmentRefs(segRefs, refs, i)...); err != nil {
				return &segmentError{i, err}
			}
			return nil
		})
	}, nil); err != nil {
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
	j := newJob(len(hyps))
	if err := j.Run(func(int) parallel.Failure {
		cn := getCounter(p)
		defer putCounter(cn)
		seg := make([]int64, p.width())
		segRefs := make([]string, len(refs))
		return j.Each(func(i int) error {
			refs := segmentRefs(segRefs, refs, i)
			if err := checkSegment(hyps[i], refs); err != nil {
				return &segmentError{i, err}
			}
			cn.segment(seg, hyps[i], refs)
			v := p.percent(seg)
			if !percent {
				v /= 100
			}
			out[i] = v
			return nil
		})
	}, nil); err != nil {
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

// newJob returns the job of the segments of a corpus of n segments (n >
// 0): a goroutine for every 64 segments at most, which take about 4 µs
// each, handed out 16 or more at a time.
func newJob(n int) *parallel.Job {
	return parallel.New(n, parallel.Sizes{Share: 64, MinChunk: 16})
}

// segmentRefs sets dst[k] to refs[k][i] and returns dst.
func segmentRefs(dst []string, refs [][]string, i int) []string {
	for k, r := range refs {
		dst[k] = r[i]
	}
	return dst
}

// segmentError is the error of the segment of index i of a corpus:
// "chrf: segment 3: invalid UTF-8 …", with the package's prefix first. It
// wraps err.
type segmentError struct {
	i   int
	err error
}

func (e *segmentError) Error() string {
	return "chrf: segment " + strconv.Itoa(e.i) + ": " + strings.TrimPrefix(e.err.Error(), "chrf: ")
}

func (e *segmentError) Unwrap() error { return e.err }

// counters holds the scratch space of the counters of finished corpus
// jobs for the next ones, so that scoring corpora one after the other
// allocates little once warm.
var counters = sync.Pool{New: func() any { return new(counter) }}

// getCounter returns a counter for p from counters.
func getCounter(p params) *counter {
	cn := counters.Get().(*counter)
	cn.p = p
	return cn
}

// putCounter gives cn back to counters, unless it is nil or a long
// segment has grown it past what a Stats keeps.
func putCounter(cn *counter) {
	if cn != nil && !cn.oversized() {
		counters.Put(cn)
	}
}

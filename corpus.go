package bleu

import (
	"fmt"

	"github.com/go-bleu/bleu/internal/charngram"
	"github.com/go-bleu/bleu/internal/parallel"
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
	workers := j.Workers()
	if s.scratch == nil {
		s.scratch = &scratch{}
	}
	// A Stats for each goroutine, each its own allocation so that they
	// share no cache lines, kept with s's scratch space.
	for len(s.scratch.shards) < workers {
		s.scratch.shards = append(s.scratch.shards, &Stats{})
	}
	shards := s.scratch.shards[:workers]
	if charShares(s.Config, hyps, refs, workers) {
		for _, sh := range shards {
			if sh.scratch == nil {
				sh.scratch = &scratch{}
			}
			sh.scratch.char.SkipWarmUp()
		}
	}
	if err := j.Run(func(w int) parallel.Failure { return addShare(j, shards[w], s.Config, hyps, refs) }, rePanic); err != nil {
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
	charTables := charShares(c, hyps, refs, j.Workers())
	if err := j.Run(func(int) parallel.Failure { return sentenceShare(j, c, charTables, percent, hyps, refs, out) }, rePanic); err != nil {
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

// newCorpusJob returns the job of adding the segments of hyps and refs,
// which are not empty, with as many workers as it is worth.
func newCorpusJob(hyps []string, refs [][]string) *parallel.Job {
	// Fewer than 64 segments a goroutine are not worth its start; 16
	// segments are a few microseconds of work, which keeps the hand-outs
	// rare and the workers' last chunks, which one may finish alone,
	// short.
	return parallel.New(len(hyps), parallel.Sizes{Share: 64, MinChunk: 16})
}

// rePanic is the value with which AddCorpus and Sentences re-panic the
// panic of a worker: a panic of user code (a Tokenizer's, a Normalizer's)
// reaches the caller once every worker has returned, so that none is
// left running on the caller's data.
func rePanic(p *parallel.Panic) any { return &PanicError{Value: p.Value, Stack: p.Stack} }

// charShares reports whether c's tokenizer makes a token of every
// character (segmentTokenizer.charTokens) and each of workers has
// charTablesAfter bytes of text to count or more: the tables that count
// them without tokens are then worth making at once.
func charShares(c Config, hyps []string, refs [][]string, workers int) bool {
	if st, _ := c.Tokenizer.(segmentTokenizer); st == nil || !st.charTokens() {
		return false
	}
	want, n := charngram.TablesAfter*workers, 0
	for i, h := range hyps {
		n += len(h)
		for _, r := range refs {
			n += len(r[i])
		}
		if n >= want {
			return true
		}
	}
	return false
}

// addShare adds the segments of hyps and refs that j hands it to s,
// emptied first and given c.
func addShare(j *parallel.Job, s *Stats, c Config, hyps []string, refs [][]string) parallel.Failure {
	s.Reset()
	s.Config = c
	segRefs := make([]string, len(refs))
	return j.Each(func(i int) error {
		if err := s.Add(hyps[i], segmentRefs(segRefs, refs, i)...); err != nil {
			return segmentError{i, err}
		}
		return nil
	})
}

// segmentRefs sets dst[k] to refs[k][i] and returns dst.
func segmentRefs(dst []string, refs [][]string, i int) []string {
	for k, r := range refs {
		dst[k] = r[i]
	}
	return dst
}

// sentenceShare sets out[i] to the sentence BLEU under c of the segments
// i that j hands it, on the 0–100 scale if percent, with the char
// tokenizer's tables from the start if charTables.
func sentenceShare(j *parallel.Job, c Config, charTables, percent bool, hyps []string, refs [][]string, out []float64) parallel.Failure {
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
	segRefs := make([]string, len(refs))
	return j.Each(func(i int) error {
		if scored++; scored == memoAfter {
			memo = new(scoreMemo)
		}
		s.Reset()
		seg, err := s.add(hyps[i], segmentRefs(segRefs, refs, i))
		if err != nil {
			return segmentError{i, err}
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

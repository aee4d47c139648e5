package bleubeam

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/go-bleu/bleu"
)

func init() {
	register.Combiner3[*accumulator, Segment, Score](&corpusFn{})
	register.DoFn3x1[[]byte, func(*Score) bool, func(Score), error](&emptyFn{})
	register.Iter1[Score]()
	register.Emitter1[Score]()
	beam.RegisterCoder(reflect.TypeOf((*accumulator)(nil)), encodeAccumulator, decodeAccumulator)
}

// Corpus returns the corpus BLEU of the segments in col, a PCollection of
// [Segment], as a PCollection holding one [Score]: the score sacreBLEU's
// corpus_score gives for the same segments, to the last bit, whatever the
// order of the segments and however the runner splits them. An empty
// collection scores 0.
//
// The segments are counted where they are, and only the statistics (a few
// hundred bytes) are combined. It panics if opts do not resolve (see
// [Options.Config]), as beam.ParDo panics on a malformed function; use
// [TryCorpus] to get the error instead.
func Corpus(s beam.Scope, opts Options, col beam.PCollection) beam.PCollection {
	out, err := TryCorpus(s, opts, col)
	if err != nil {
		panic(err)
	}
	return out
}

// TryCorpus is [Corpus] returning an error instead of panicking.
func TryCorpus(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	if _, err := opts.Config(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope("bleu.Corpus")
	scored, err := beam.TryCombine(s, &corpusFn{Options: opts}, col)
	if err != nil {
		return beam.PCollection{}, err
	}
	// Beam's Go SDK gives a global combine of nothing no output at all;
	// sacreBLEU scores an empty corpus 0, and so does Corpus.
	outs, err := beam.TryParDo(s, &emptyFn{Options: opts}, beam.Impulse(s), beam.SideInput{Input: scored})
	if err != nil {
		return beam.PCollection{}, err
	}
	return outs[0], nil
}

// emptyFn passes on the score of a global combine, or the score of no
// segments when the combine had no input.
type emptyFn struct {
	Options Options `json:"options"`
}

func (f *emptyFn) ProcessElement(_ []byte, scores func(*Score) bool, emit func(Score)) error {
	var s Score
	found := false
	for scores(&s) {
		emit(s)
		found = true
	}
	if found {
		return nil
	}
	c, err := f.Options.Config()
	if err != nil {
		return err
	}
	st := bleu.Stats{Config: c}
	emit(newScore(st.Score(), 0))
	return nil
}

// CorpusPerKey returns the corpus BLEU of the segments of each key, for a
// PCollection of KV<K, [Segment]> with a key of any type (a system, a
// document, a test set), as a PCollection of KV<K, [Score]>. See [Corpus];
// it panics where Corpus does, and [TryCorpusPerKey] returns the error.
func CorpusPerKey(s beam.Scope, opts Options, col beam.PCollection) beam.PCollection {
	out, err := TryCorpusPerKey(s, opts, col)
	if err != nil {
		panic(err)
	}
	return out
}

// TryCorpusPerKey is [CorpusPerKey] returning an error instead of
// panicking.
func TryCorpusPerKey(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	if _, err := opts.Config(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope("bleu.CorpusPerKey")
	return beam.TryCombinePerKey(s, &corpusFn{Options: opts}, col)
}

// corpusFn is the CombineFn of Corpus and CorpusPerKey. Beam serializes
// its exported fields; cfg is resolved from them on each worker.
type corpusFn struct {
	Options Options `json:"options"`
	cfg     bleu.Config
	ready   bool
}

// config resolves the options once per instance.
func (f *corpusFn) config() (bleu.Config, error) {
	if !f.ready {
		c, err := f.Options.Config()
		if err != nil {
			return bleu.Config{}, err
		}
		f.cfg, f.ready = c, true
	}
	return f.cfg, nil
}

func (f *corpusFn) CreateAccumulator() (*accumulator, error) {
	c, err := f.config()
	if err != nil {
		return nil, err
	}
	return &accumulator{opts: f.Options, stats: &bleu.Stats{Config: c}}, nil
}

func (f *corpusFn) AddInput(a *accumulator, seg Segment) (*accumulator, error) {
	if err := a.stats.Add(seg.Hyp, seg.Refs...); err != nil {
		return nil, err
	}
	return a, nil
}

func (f *corpusFn) MergeAccumulators(a, b *accumulator) (*accumulator, error) {
	if err := a.stats.Merge(b.stats); err != nil {
		return nil, err
	}
	return a, nil
}

func (f *corpusFn) ExtractOutput(a *accumulator) Score {
	return newScore(a.stats.Score(), a.stats.Len())
}

// accumulator is the statistics of a part of a corpus with the options
// that name how they were collected, which its coder needs to restore a
// custom tokenizer or normalizer on the worker that decodes it.
type accumulator struct {
	opts  Options
	stats *bleu.Stats
}

// encodeAccumulator writes the options as JSON, prefixed by their length
// as a uvarint, then the statistics in their checked binary encoding.
func encodeAccumulator(a *accumulator) ([]byte, error) {
	o, err := json.Marshal(a.opts)
	if err != nil {
		return nil, err
	}
	s, err := a.stats.MarshalBinary()
	if err != nil {
		return nil, err
	}
	b := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen64+len(o)+len(s)), uint64(len(o)))
	b = append(b, o...)
	return append(b, s...), nil
}

// decodeAccumulator is the inverse of encodeAccumulator. The statistics'
// own encoding checks that they were collected with the options given.
func decodeAccumulator(b []byte) (*accumulator, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, fmt.Errorf("bleubeam: malformed accumulator encoding")
	}
	a := &accumulator{}
	if err := json.Unmarshal(b[k:k+int(n)], &a.opts); err != nil {
		return nil, fmt.Errorf("bleubeam: malformed accumulator encoding: %w", err)
	}
	c, err := a.opts.Config()
	if err != nil {
		return nil, err
	}
	a.stats = &bleu.Stats{Config: c}
	if err := a.stats.UnmarshalBinary(b[k+int(n):]); err != nil {
		return nil, err
	}
	return a, nil
}

package bleubeam

// The transforms of every metric, written once over a small interface: a
// metric's options as a plain value that Beam ships as JSON, its Stats
// (Add, Merge, Reset, Len, the checked binary encoding) and its score as
// a plain value. BLEU (combine.go), chrF (chrf.go) and TER (ter.go) are
// instantiations; a metric of the same shape plugs in with such a file: its
// options type, its score type, two one-line coder functions and a call
// to registerMetric.
//
// Beam's Go SDK finds the DoFns of a pipeline by the names of their
// types, and an instantiated generic type has a name of its own
// ("statsFn[…chrfMetric,…]"), so each instantiation is registered like
// any other type, in an init function. Functions are another matter (see
// registerMetric).

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// metric is a metric's options, a value that encoding/json round-trips,
// with what the transforms need of the metric: T is its Stats type and Sc
// its plain score.
type metric[T, Sc any] interface {
	// scope is the metric's name in the names of the transforms ("chrf").
	scope() string
	// newStats returns empty statistics under the options, or the error
	// of options that are invalid.
	newStats() (*T, error)
	// score returns the plain score of st.
	score(st *T) Sc
}

// stats is what the transforms use of a metric's Stats: P is *T.
type stats[T any] interface {
	*T
	Add(hyp string, refs ...string) error
	Merge(other *T) error
	Reset()
	Len() int
	MarshalBinary() ([]byte, error)
	UnmarshalBinary(data []byte) error
}

// registerMetric registers with Beam the functions, iterators, emitters
// and the accumulator coder of metric M. Call it from an init function.
//
// enc and dec must be encodeStatsAcc and decodeStatsAcc of M, each called
// from a plain function of its own: Beam finds a coder's functions by
// their symbol names, and every instantiation of a generic function has
// the same one ("encodeStatsAcc[...]"), so that, given the generic
// functions themselves, a worker would decode one metric's accumulators
// with another's decoder.
func registerMetric[M metric[T, Sc], T any, P stats[T], Sc any](enc func(*statsAcc[M, T]) ([]byte, error), dec func([]byte) (*statsAcc[M, T], error)) {
	register.Combiner3[*statsAcc[M, T], Segment, Sc](&statsFn[M, T, P, Sc]{})
	register.DoFn3x1[[]byte, func(*Sc) bool, func(Sc), error](&statsEmptyFn[M, T, Sc]{})
	register.DoFn2x3[beam.X, Segment, beam.X, Sc, error](&statsSentenceFn[M, T, P, Sc]{})
	register.Iter1[Sc]()
	register.Emitter1[Sc]()
	beam.RegisterCoder(reflect.TypeOf((*statsAcc[M, T])(nil)), enc, dec)
}

// tryCorpus is the generic form of [TryCorpus]: one score of metric m for
// the whole of col, a PCollection of Segment, also when col is empty.
func tryCorpus[M metric[T, Sc], T any, P stats[T], Sc any](s beam.Scope, m M, col beam.PCollection) (beam.PCollection, error) {
	if _, err := m.newStats(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope(m.scope() + ".Corpus")
	scored, err := beam.TryCombine(s, &statsFn[M, T, P, Sc]{Metric: m}, col)
	if err != nil {
		return beam.PCollection{}, err
	}
	// A global combine of nothing emits nothing; see TryCorpus.
	outs, err := beam.TryParDo(s, &statsEmptyFn[M, T, Sc]{Metric: m}, beam.Impulse(s), beam.SideInput{Input: scored})
	if err != nil {
		return beam.PCollection{}, err
	}
	return outs[0], nil
}

// tryCorpusPerKey is the generic form of [TryCorpusPerKey].
func tryCorpusPerKey[M metric[T, Sc], T any, P stats[T], Sc any](s beam.Scope, m M, col beam.PCollection) (beam.PCollection, error) {
	if _, err := m.newStats(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope(m.scope() + ".CorpusPerKey")
	return beam.TryCombinePerKey(s, &statsFn[M, T, P, Sc]{Metric: m}, col)
}

// trySentences is the generic form of [TrySentences].
func trySentences[M metric[T, Sc], T any, P stats[T], Sc any](s beam.Scope, m M, col beam.PCollection) (beam.PCollection, error) {
	if _, err := m.newStats(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope(m.scope() + ".Sentences")
	outs, err := beam.TryParDo(s, &statsSentenceFn[M, T, P, Sc]{Metric: m}, col)
	if err != nil {
		return beam.PCollection{}, err
	}
	return outs[0], nil
}

// statsFn is the CombineFn of a metric's corpus transforms. Beam
// serializes its one field, the options, as JSON.
type statsFn[M metric[T, Sc], T any, P stats[T], Sc any] struct {
	Metric M `json:"metric"`
}

func (f *statsFn[M, T, P, Sc]) CreateAccumulator() (*statsAcc[M, T], error) {
	st, err := f.Metric.newStats()
	if err != nil {
		return nil, err
	}
	return &statsAcc[M, T]{metric: f.Metric, stats: st}, nil
}

func (f *statsFn[M, T, P, Sc]) AddInput(a *statsAcc[M, T], seg Segment) (*statsAcc[M, T], error) {
	if err := P(a.stats).Add(seg.Hyp, seg.Refs...); err != nil {
		return nil, err
	}
	return a, nil
}

func (f *statsFn[M, T, P, Sc]) MergeAccumulators(a, b *statsAcc[M, T]) (*statsAcc[M, T], error) {
	if err := P(a.stats).Merge(b.stats); err != nil {
		return nil, err
	}
	return a, nil
}

func (f *statsFn[M, T, P, Sc]) ExtractOutput(a *statsAcc[M, T]) Sc {
	return f.Metric.score(a.stats)
}

// statsEmptyFn passes on the score of a global combine, or the score of
// no segments when the combine had no input.
type statsEmptyFn[M metric[T, Sc], T any, Sc any] struct {
	Metric M `json:"metric"`
}

func (f *statsEmptyFn[M, T, Sc]) ProcessElement(_ []byte, scores func(*Sc) bool, emit func(Sc)) error {
	var sc Sc
	found := false
	for scores(&sc) {
		emit(sc)
		found = true
	}
	if found {
		return nil
	}
	st, err := f.Metric.newStats()
	if err != nil {
		return err
	}
	emit(f.Metric.score(st))
	return nil
}

// statsSentenceFn scores each segment alone with statistics kept for the
// bundle and reset before each segment.
type statsSentenceFn[M metric[T, Sc], T any, P stats[T], Sc any] struct {
	Metric M `json:"metric"`
	stats  *T
}

func (f *statsSentenceFn[M, T, P, Sc]) Setup() error {
	st, err := f.Metric.newStats()
	if err != nil {
		return err
	}
	f.stats = st
	return nil
}

func (f *statsSentenceFn[M, T, P, Sc]) ProcessElement(key beam.X, seg Segment) (beam.X, Sc, error) {
	P(f.stats).Reset()
	if err := P(f.stats).Add(seg.Hyp, seg.Refs...); err != nil {
		var zero Sc
		return nil, zero, err
	}
	return key, f.Metric.score(f.stats), nil
}

// statsAcc is the statistics of a part of a corpus with the options they
// were collected under.
type statsAcc[M, T any] struct {
	metric M
	stats  *T
}

// encodeStatsAcc writes the options as JSON, prefixed by their length as a
// uvarint, then the statistics in their checked binary encoding, as
// encodeAccumulator does for BLEU.
func encodeStatsAcc[M metric[T, Sc], T any, P stats[T], Sc any](a *statsAcc[M, T]) ([]byte, error) {
	o, err := json.Marshal(a.metric)
	if err != nil {
		return nil, err
	}
	s, err := P(a.stats).MarshalBinary()
	if err != nil {
		return nil, err
	}
	b := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen64+len(o)+len(s)), uint64(len(o)))
	b = append(b, o...)
	return append(b, s...), nil
}

// decodeStatsAcc is the inverse of encodeStatsAcc. The statistics' own
// encoding checks that they were collected under the options given.
func decodeStatsAcc[M metric[T, Sc], T any, P stats[T], Sc any](b []byte) (*statsAcc[M, T], error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, fmt.Errorf("bleubeam: malformed accumulator encoding")
	}
	a := &statsAcc[M, T]{}
	if err := json.Unmarshal(b[k:k+int(n)], &a.metric); err != nil {
		return nil, fmt.Errorf("bleubeam: malformed accumulator encoding: %w", err)
	}
	st, err := a.metric.newStats()
	if err != nil {
		return nil, err
	}
	if err := P(st).UnmarshalBinary(b[k+int(n):]); err != nil {
		return nil, err
	}
	a.stats = st
	return a, nil
}

// must returns col, or panics with err.
func must(col beam.PCollection, err error) beam.PCollection {
	if err != nil {
		panic(err)
	}
	return col
}

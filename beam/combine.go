package bleubeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/go-bleu/bleu"
)

func init() {
	registerMetric[bleuMetric, bleu.Stats, *bleu.Stats, Score](encodeBLEUAcc, decodeBLEUAcc)
}

// encodeBLEUAcc and decodeBLEUAcc are BLEU's accumulator coder (see
// registerMetric for why they are functions of their own).
func encodeBLEUAcc(a *statsAcc[bleuMetric, bleu.Stats]) ([]byte, error) {
	return encodeStatsAcc[bleuMetric, bleu.Stats, *bleu.Stats, Score](a)
}

func decodeBLEUAcc(b []byte) (*statsAcc[bleuMetric, bleu.Stats], error) {
	return decodeStatsAcc[bleuMetric, bleu.Stats, *bleu.Stats, Score](b)
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
	return must(TryCorpus(s, opts, col))
}

// TryCorpus is [Corpus] returning an error instead of panicking.
//
// Beam's Go SDK gives a global combine of nothing no output at all;
// sacreBLEU scores an empty corpus 0, and so does Corpus, with a step of
// its own after the combine.
func TryCorpus(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpus[bleuMetric, bleu.Stats, *bleu.Stats, Score](s, bleuMetric{opts}, col)
}

// CorpusPerKey returns the corpus BLEU of the segments of each key, for a
// PCollection of KV<K, [Segment]> with a key of any type (a system, a
// document, a test set), as a PCollection of KV<K, [Score]>. See [Corpus];
// it panics where Corpus does, and [TryCorpusPerKey] returns the error.
func CorpusPerKey(s beam.Scope, opts Options, col beam.PCollection) beam.PCollection {
	return must(TryCorpusPerKey(s, opts, col))
}

// TryCorpusPerKey is [CorpusPerKey] returning an error instead of
// panicking.
func TryCorpusPerKey(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpusPerKey[bleuMetric, bleu.Stats, *bleu.Stats, Score](s, bleuMetric{opts}, col)
}

// bleuMetric is BLEU for the generic transforms of metric.go. The
// accumulator's coder writes the options beside the statistics, so that a
// worker decoding them restores a custom tokenizer or normalizer by its
// registered name.
type bleuMetric struct {
	Options Options `json:"options"`
}

func (bleuMetric) scope() string { return "bleu" }

func (m bleuMetric) newStats() (*bleu.Stats, error) {
	c, err := m.Options.Config()
	if err != nil {
		return nil, err
	}
	return &bleu.Stats{Config: c}, nil
}

func (bleuMetric) score(st *bleu.Stats) Score { return newScore(st.Score(), st.Len()) }

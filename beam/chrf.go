package bleubeam

import (
	"fmt"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/go-bleu/bleu/chrf"
)

func init() {
	registerMetric[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](encodeChrFAcc, decodeChrFAcc)
}

// encodeChrFAcc and decodeChrFAcc are chrF's accumulator coder (see
// registerMetric for why they are functions of their own).
func encodeChrFAcc(a *statsAcc[chrfMetric, chrf.Stats]) ([]byte, error) {
	return encodeStatsAcc[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](a)
}

func decodeChrFAcc(b []byte) (*statsAcc[chrfMetric, chrf.Stats], error) {
	return decodeStatsAcc[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](b)
}

// ChrFScore is a chrF score as a plain value that Beam encodes without a
// registered coder: the numbers of a [chrf.Score] with its signature.
type ChrFScore struct {
	// ChrF is the score in [0, 1], as [chrf.Score.ChrF].
	ChrF float64
	// Percent is the score on sacreBLEU's 0–100 scale, the float64
	// sacreBLEU computes, as [chrf.Score.ChrFPercent].
	Percent float64
	// Name is sacreBLEU's name of the metric, such as "chrF2" or
	// "chrF2++".
	Name string
	// CharOrder, WordOrder, Beta and Statistics are those of
	// [chrf.Score].
	CharOrder, WordOrder, Beta int
	Statistics                 []int64
	// Segments is the number of segments scored.
	Segments int64
	// Signature and ShortSignature are the score's signature in
	// sacreBLEU's long and short forms.
	Signature, ShortSignature string
}

// newChrFScore returns the plain form of the score of st.
func newChrFScore(st *chrf.Stats) ChrFScore {
	s := st.Score()
	return ChrFScore{
		ChrF:           s.ChrF,
		Percent:        s.ChrFPercent,
		Name:           s.Name,
		CharOrder:      s.CharOrder,
		WordOrder:      s.WordOrder,
		Beta:           s.Beta,
		Statistics:     s.Statistics,
		Segments:       int64(st.Len()),
		Signature:      s.Signature.String(),
		ShortSignature: s.Signature.Short(),
	}
}

// Text returns the score in sacreBLEU's text format with width decimals,
// as the bleu command prints it with -m chrf -f text -w width:
//
//	chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:0.1.0 = 59.73
func (s ChrFScore) Text(width int) string {
	b := make([]byte, 0, 32+len(s.Name)+len(s.Signature))
	b = append(b, s.Name...)
	b = append(b, '|')
	b = append(b, s.Signature...)
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.Percent, 'f', width, 64)
	return string(b)
}

// chrfMetric is chrF for the generic transforms of metric.go.
type chrfMetric struct {
	Config chrf.Config `json:"config"`
}

func (chrfMetric) scope() string { return "chrf" }

func (m chrfMetric) newStats() (*chrf.Stats, error) {
	if err := m.Config.Validate(); err != nil {
		return nil, fmt.Errorf("bleubeam: invalid chrF options: %w", err)
	}
	return &chrf.Stats{Config: m.Config}, nil
}

func (chrfMetric) score(st *chrf.Stats) ChrFScore { return newChrFScore(st) }

// ChrFCorpus returns the corpus chrF under c of the segments in col, a
// PCollection of [Segment], as a PCollection holding one [ChrFScore]:
// what [chrf.Config.Corpus] and sacreBLEU's corpus_score give for the same
// segments, to the last bit, whatever the order of the segments and
// however the runner splits them. An empty collection scores 0. A
// [chrf.Config] is a plain value, so it travels with the pipeline as it
// is; its zero value is sacreBLEU's chrF2, and WordOrder 2 makes chrF++.
//
// It panics if c is invalid (see [chrf.Config.Validate]), as beam.ParDo
// panics on a malformed function; [TryChrFCorpus] returns the error
// instead.
func ChrFCorpus(s beam.Scope, c chrf.Config, col beam.PCollection) beam.PCollection {
	return must(TryChrFCorpus(s, c, col))
}

// TryChrFCorpus is [ChrFCorpus] returning an error instead of panicking.
func TryChrFCorpus(s beam.Scope, c chrf.Config, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpus[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](s, chrfMetric{c}, col)
}

// ChrFCorpusPerKey returns the corpus chrF under c of the segments of each
// key, for a PCollection of KV<K, [Segment]> with a key of any type (a
// system, a document, a test set), as a PCollection of KV<K, [ChrFScore]>.
// See [ChrFCorpus]; it panics where ChrFCorpus does, and
// [TryChrFCorpusPerKey] returns the error.
func ChrFCorpusPerKey(s beam.Scope, c chrf.Config, col beam.PCollection) beam.PCollection {
	return must(TryChrFCorpusPerKey(s, c, col))
}

// TryChrFCorpusPerKey is [ChrFCorpusPerKey] returning an error instead of
// panicking.
func TryChrFCorpusPerKey(s beam.Scope, c chrf.Config, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpusPerKey[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](s, chrfMetric{c}, col)
}

// ChrFSentences returns the sentence chrF under c of every segment of
// col, a PCollection of KV<K, [Segment]>, as a PCollection of KV<K,
// [ChrFScore]>: each score is what [chrf.Config.Sentence] gives, to the
// last bit. It panics if c is invalid; [TryChrFSentences] returns the
// error instead.
func ChrFSentences(s beam.Scope, c chrf.Config, col beam.PCollection) beam.PCollection {
	return must(TryChrFSentences(s, c, col))
}

// TryChrFSentences is [ChrFSentences] returning an error instead of
// panicking.
func TryChrFSentences(s beam.Scope, c chrf.Config, col beam.PCollection) (beam.PCollection, error) {
	return trySentences[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore](s, chrfMetric{c}, col)
}

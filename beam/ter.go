package bleubeam

import (
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/go-bleu/bleu/ter"
)

func init() {
	registerMetric[terMetric, ter.Stats, *ter.Stats, TERScore](encodeTERAcc, decodeTERAcc)
}

// encodeTERAcc and decodeTERAcc are TER's accumulator coder (see
// registerMetric for why they are functions of their own).
func encodeTERAcc(a *statsAcc[terMetric, ter.Stats]) ([]byte, error) {
	return encodeStatsAcc[terMetric, ter.Stats, *ter.Stats, TERScore](a)
}

func decodeTERAcc(b []byte) (*statsAcc[terMetric, ter.Stats], error) {
	return decodeStatsAcc[terMetric, ter.Stats, *ter.Stats, TERScore](b)
}

// TERScore is a TER score as a plain value that Beam encodes without a
// registered coder: the numbers of a [ter.Score] with its signature.
type TERScore struct {
	// TER is the score on the 0–1 scale, as [ter.Score.TER]; lower is
	// better, and it exceeds 1 when there are more edits than reference
	// words.
	TER float64
	// Percent is the score on sacreBLEU's 0–100 scale, the float64
	// sacreBLEU computes from Edits and RefLength, as
	// [ter.Score.TERPercent].
	Percent float64
	// Edits and RefLength are the sums of [ter.Score]: the edits of every
	// segment against its closest reference, and the mean lengths of the
	// segments' references in words.
	Edits     int64
	RefLength float64
	// Segments is the number of segments scored.
	Segments int64
	// Signature and ShortSignature are the score's signature in
	// sacreBLEU's long and short forms.
	Signature, ShortSignature string
}

// newTERScore returns the plain form of the score of st.
func newTERScore(st *ter.Stats) TERScore {
	s := st.Score()
	return TERScore{
		TER:            s.TER,
		Percent:        s.TERPercent,
		Edits:          s.Edits,
		RefLength:      s.RefLength,
		Segments:       int64(st.Len()),
		Signature:      s.Signature.String(),
		ShortSignature: s.Signature.Short(),
	}
}

// Text returns the score in sacreBLEU's text format with width decimals,
// as the bleu command prints it with -m ter -f text -w width:
//
//	TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:0.1.0 = 51.76
func (s TERScore) Text(width int) string {
	b := make([]byte, 0, 32+len(s.Signature))
	b = append(b, "TER|"...)
	b = append(b, s.Signature...)
	b = append(b, " = "...)
	b = strconv.AppendFloat(b, s.Percent, 'f', width, 64)
	return string(b)
}

// terMetric is TER for the generic transforms of metric.go. Every
// ter.Config is valid.
type terMetric struct {
	Config ter.Config `json:"config"`
}

func (terMetric) scope() string { return "ter" }

func (m terMetric) newStats() (*ter.Stats, error) { return &ter.Stats{Config: m.Config}, nil }

func (terMetric) score(st *ter.Stats) TERScore { return newTERScore(st) }

// TERCorpus returns the corpus TER under c of the segments in col, a
// PCollection of [Segment], as a PCollection holding one [TERScore]. An
// empty collection scores 0. A [ter.Config] is a plain value, so it
// travels with the pipeline as it is; its zero value is sacreBLEU's
// default TER.
//
// # Equality with the ter package
//
// Edits are whole numbers and always equal those of [ter.Config.Corpus].
// So does RefLength, and with it the score, to the last bit, whatever the
// order of the segments and however the runner splits them, when every
// segment has 1, 2 or 4 references: each segment's mean reference length
// is then a whole number of quarters, and [ter.Stats] sums them exactly
// (see its "Reference lengths"). With another count (3 references, say) a
// segment's mean length is a rounded float64, as in sacreBLEU, and a sum
// of such floats depends on its order: sacreBLEU and ter.Corpus add the
// segments in the order of the files, and Beam in the order the runner
// merges its bundles, which a PCollection does not fix. RefLength is then
// the sum of the same per-segment floats in another order: at most n−1
// roundings of half an ulp of RefLength each (n the number of segments)
// from their exact sum, as ter.Corpus's is, and the score is the float64
// that sacreBLEU's formula gives for those sums.
func TERCorpus(s beam.Scope, c ter.Config, col beam.PCollection) beam.PCollection {
	return must(TryTERCorpus(s, c, col))
}

// TryTERCorpus is [TERCorpus] returning an error instead of panicking.
// Every [ter.Config] is valid, so it fails only where Beam's own
// transforms fail.
func TryTERCorpus(s beam.Scope, c ter.Config, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpus[terMetric, ter.Stats, *ter.Stats, TERScore](s, terMetric{c}, col)
}

// TERCorpusPerKey returns the corpus TER under c of the segments of each
// key, for a PCollection of KV<K, [Segment]> with a key of any type (a
// system, a document, a test set), as a PCollection of KV<K, [TERScore]>.
// Each score equals [ter.Config.Corpus] of the key's segments as
// [TERCorpus] says.
func TERCorpusPerKey(s beam.Scope, c ter.Config, col beam.PCollection) beam.PCollection {
	return must(TryTERCorpusPerKey(s, c, col))
}

// TryTERCorpusPerKey is [TERCorpusPerKey] returning an error instead of
// panicking.
func TryTERCorpusPerKey(s beam.Scope, c ter.Config, col beam.PCollection) (beam.PCollection, error) {
	return tryCorpusPerKey[terMetric, ter.Stats, *ter.Stats, TERScore](s, terMetric{c}, col)
}

// TERSentences returns the sentence TER under c of every segment of col,
// a PCollection of KV<K, [Segment]>, as a PCollection of KV<K,
// [TERScore]>: each score is what [ter.Config.Sentence] gives, to the
// last bit, whatever the number of references.
func TERSentences(s beam.Scope, c ter.Config, col beam.PCollection) beam.PCollection {
	return must(TryTERSentences(s, c, col))
}

// TryTERSentences is [TERSentences] returning an error instead of
// panicking.
func TryTERSentences(s beam.Scope, c ter.Config, col beam.PCollection) (beam.PCollection, error) {
	return trySentences[terMetric, ter.Stats, *ter.Stats, TERScore](s, terMetric{c}, col)
}

package bleubeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/go-bleu/bleu"
)

// Sentences returns the sentence BLEU of every segment of col, a
// PCollection of KV<K, [Segment]> with a key of any type (a segment's id,
// say), as a PCollection of KV<K, [Score]>: each score is what
// [bleu.Config.Sentence] gives for the options, to the last bit. For
// sacreBLEU's sentence_bleu set EffectiveOrder, which it turns on.
//
// It panics if opts do not resolve (see [Options.Config]); [TrySentences]
// returns the error instead.
func Sentences(s beam.Scope, opts Options, col beam.PCollection) beam.PCollection {
	return must(TrySentences(s, opts, col))
}

// TrySentences is [Sentences] returning an error instead of panicking.
func TrySentences(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	return trySentences[bleuMetric, bleu.Stats, *bleu.Stats, Score](s, bleuMetric{opts}, col)
}

package bleubeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/go-bleu/bleu"
)

func init() {
	register.DoFn2x3[beam.X, Segment, beam.X, Score, error](&sentenceFn{})
}

// Sentences returns the sentence BLEU of every segment of col, a
// PCollection of KV<K, [Segment]> with a key of any type (a segment's id,
// say), as a PCollection of KV<K, [Score]>: each score is what
// [bleu.Config.Sentence] gives for the options, to the last bit. For
// sacreBLEU's sentence_bleu set EffectiveOrder, which it turns on.
//
// It panics if opts do not resolve (see [Options.Config]); [TrySentences]
// returns the error instead.
func Sentences(s beam.Scope, opts Options, col beam.PCollection) beam.PCollection {
	out, err := TrySentences(s, opts, col)
	if err != nil {
		panic(err)
	}
	return out
}

// TrySentences is [Sentences] returning an error instead of panicking.
func TrySentences(s beam.Scope, opts Options, col beam.PCollection) (beam.PCollection, error) {
	if _, err := opts.Config(); err != nil {
		return beam.PCollection{}, err
	}
	s = s.Scope("bleu.Sentences")
	outs, err := beam.TryParDo(s, &sentenceFn{Options: opts}, col)
	if err != nil {
		return beam.PCollection{}, err
	}
	return outs[0], nil
}

// sentenceFn scores each segment with a Stats kept for the bundle, which
// Reset, Add and Score make equal to Config.Sentence without its set-up.
type sentenceFn struct {
	Options Options `json:"options"`
	stats   *bleu.Stats
}

func (f *sentenceFn) Setup() error {
	c, err := f.Options.Config()
	if err != nil {
		return err
	}
	f.stats = &bleu.Stats{Config: c}
	return nil
}

func (f *sentenceFn) ProcessElement(key beam.X, seg Segment) (beam.X, Score, error) {
	f.stats.Reset()
	if err := f.stats.Add(seg.Hyp, seg.Refs...); err != nil {
		return nil, Score{}, err
	}
	return key, newScore(f.stats.Score(), 1), nil
}

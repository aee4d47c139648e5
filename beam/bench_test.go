package bleubeam

import (
	"context"
	"strconv"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/ter"
)

func init() {
	register.DoFn2x0[[]byte, func(Segment)](&genFn{})
}

// genFn emits N segments made from the sample sentences, each varied by a
// number of its own, so that a large corpus is made on the worker rather
// than shipped inside the pipeline.
type genFn struct {
	N          int
	Hyps, Refs []string
}

func (f *genFn) ProcessElement(_ []byte, emit func(Segment)) {
	for i := 0; i < f.N; i++ {
		k := i % len(f.Hyps)
		n := strconv.Itoa(i / len(f.Hyps) % 97)
		emit(Segment{Hyp: f.Hyps[k] + " " + n, Refs: []string{f.Refs[k] + " " + n}})
	}
}

// BenchmarkCorpusPrism scores a corpus of 1,000,000 generated segments of
// about 20 words with Corpus (bleu), ChrFCorpus (chrf) and TERCorpus (ter;
// one reference, so the score checked is exactly ter.Corpus's) on prism in
// this process, and reports segments a second. Each iteration is a whole
// pipeline: generation, counting, combining, and checking the score.
// "fused" counts the segments where they are made, as a runner does when
// a source is read in parallel; "reshuffled" first sends every segment
// through the runner's shuffle (beam.Reshuffle), as a single reader such
// as ReadFiles needs on a distributed runner.
func BenchmarkCorpusPrism(b *testing.B) {
	const n = 1_000_000
	gen := &genFn{N: n, Hyps: readLines(b, "sample.hyp.txt"), Refs: readLines(b, "sample.ref.txt")}
	var segs []Segment
	gen.ProcessElement(nil, func(s Segment) { segs = append(segs, s) })
	metrics := []struct {
		name  string
		score func(beam.Scope, beam.PCollection) beam.PCollection
		want  any
	}{
		{"bleu", func(s beam.Scope, col beam.PCollection) beam.PCollection { return Corpus(s, Options{}, col) }, want(b, Options{}, segs)},
		{"chrf", func(s beam.Scope, col beam.PCollection) beam.PCollection { return ChrFCorpus(s, chrf.Config{}, col) }, chrfWant(b, chrf.Config{}, segs)},
		{"ter", func(s beam.Scope, col beam.PCollection) beam.PCollection { return TERCorpus(s, ter.Config{}, col) }, terWant(b, ter.Config{}, segs)},
	}
	segs = nil
	for _, m := range metrics {
		for _, reshuffle := range []bool{false, true} {
			name := m.name + "/fused"
			if reshuffle {
				name = m.name + "/reshuffled"
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					p, s := beam.NewPipelineWithRoot()
					col := beam.ParDo(s, gen, beam.Impulse(s))
					if reshuffle {
						col = beam.Reshuffle(s, col)
					}
					passert.Equals(s, m.score(s, col), m.want)
					if _, err := prism.Execute(context.Background(), p); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "segments/s")
			})
		}
	}
}

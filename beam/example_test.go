package bleubeam_test

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	bleubeam "github.com/go-bleu/bleu/beam"
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/ter"
)

func init() {
	register.Function1x0(printScore)
	register.Function2x0(printKeyed)
	register.Function1x2(bySystem)
	register.Function2x0(printChrF)
	register.Function1x0(printTER)
}

// systemSegment is a segment of one system's output.
type systemSegment struct {
	System string
	Seg    bleubeam.Segment
}

func printScore(s bleubeam.Score)                         { fmt.Println(s.Text(2)) }
func printKeyed(k string, s bleubeam.Score)               { fmt.Printf("%s: %.2f\n", k, s.Percent) }
func printChrF(k string, s bleubeam.ChrFScore)            { fmt.Printf("%s: %s\n", k, s.Text(2)) }
func printTER(s bleubeam.TERScore)                        { fmt.Println(s.Text(2)) }
func bySystem(x systemSegment) (string, bleubeam.Segment) { return x.System, x.Seg }

// Corpus BLEU of a PCollection of segments, run on prism in this process.
func ExampleCorpus() {
	p, s := beam.NewPipelineWithRoot()
	segs := beam.Create(s,
		bleubeam.Segment{Hyp: "The cat sat on the mat.", Refs: []string{"The cat sat on the mat."}},
		bleubeam.Segment{Hyp: "A dog barks at night.", Refs: []string{"The dog barked all night."}},
	)
	beam.ParDo0(s, printScore, bleubeam.Corpus(s, bleubeam.Options{}, segs))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Output:
	// BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0 = 62.79 76.9/63.6/55.6/57.1 (BP = 1.000 ratio = 1.000 hyp_len = 13 ref_len = 13)
}

// One corpus score per system, lowercased, with floor smoothing.
func ExampleCorpusPerKey() {
	p, s := beam.NewPipelineWithRoot()
	ref := []string{"The house is small and the garden is green."}
	keyed := beam.ParDo(s, bySystem, beam.Create(s,
		systemSegment{"a", bleubeam.Segment{Hyp: "the house is small and the garden is green.", Refs: ref}},
		systemSegment{"b", bleubeam.Segment{Hyp: "The home is tiny and its garden green.", Refs: ref}},
	))
	opts := bleubeam.Options{Lowercase: true, Smooth: "floor"}
	beam.ParDo0(s, printKeyed, bleubeam.CorpusPerKey(s, opts, keyed))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// a: 100.00
	// b: 5.97
}

// chrF++ per system: chrf.Config is a plain value and travels with the
// pipeline as it is.
func ExampleChrFCorpusPerKey() {
	p, s := beam.NewPipelineWithRoot()
	ref := []string{"The house is small and the garden is green."}
	keyed := beam.ParDo(s, bySystem, beam.Create(s,
		systemSegment{"a", bleubeam.Segment{Hyp: "the house is small and the garden is green.", Refs: ref}},
		systemSegment{"b", bleubeam.Segment{Hyp: "The home is tiny and its garden green.", Refs: ref}},
	))
	beam.ParDo0(s, printChrF, bleubeam.ChrFCorpusPerKey(s, chrf.Config{WordOrder: 2}, keyed))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// a: chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:0.1.0 = 95.05
	// b: chrF2++|nrefs:1|case:mixed|eff:yes|nc:6|nw:2|space:no|version:0.1.0 = 37.27
}

// Corpus TER with tercom's normalization and punctuation removed. With
// one reference a segment (or two, or four) the score is ter.Corpus's to
// the last bit.
func ExampleTERCorpus() {
	p, s := beam.NewPipelineWithRoot()
	segs := beam.Create(s,
		bleubeam.Segment{Hyp: "The cat sat on the mat.", Refs: []string{"The cat sat on the mat."}},
		bleubeam.Segment{Hyp: "A dog barks at night.", Refs: []string{"At night, the dog barked."}},
	)
	c := ter.Config{Normalized: true, NoPunct: true}
	beam.ParDo0(s, printTER, bleubeam.TERCorpus(s, c, segs))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Output:
	// TER|nrefs:1|case:lc|tok:tercom|norm:yes|punct:no|asian:no|version:0.1.0 = 27.27
}

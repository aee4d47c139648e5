package bleubeam

import (
	"context"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
)

// TestScoreAboveOne checks that a sentence score past 1 (floor smoothing
// with value 50: sacreBLEU's 254.07) comes out of the pipeline as it is,
// BLEU being Percent/100, not clamped.
func TestScoreAboveOne(t *testing.T) {
	opts := Options{Smooth: "floor", SmoothValue: 50, EffectiveOrder: true}
	c, err := opts.Config()
	if err != nil {
		t.Fatal(err)
	}
	seg := Segment{Hyp: "a b c d e", Refs: []string{"a b x y z"}}
	sc, err := c.Sentence(seg.Hyp, seg.Refs...)
	if err != nil {
		t.Fatal(err)
	}
	want := newScore(sc, 1)
	if want.BLEU <= 2.54 || want.BLEU != want.Percent/100 {
		t.Fatalf("BLEU %v, Percent %v", want.BLEU, want.Percent)
	}
	r := runners[0]
	p, s := beam.NewPipelineWithRoot()
	col := beam.ParDo(s, splitKeyed, beam.CreateList(s, []keyedSegment{{"seg", seg}}))
	got := beam.ParDo(s, joinKeyed, Sentences(s, opts, col))
	passert.Equals(s, got, toAny([]keyedScore{{"seg", want}})...)
	if _, err := r.run(context.Background(), p); err != nil {
		t.Fatal(err)
	}
}

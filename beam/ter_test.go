package bleubeam

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/go-bleu/bleu/ter"
)

// terConfigs cover every option of ter.Config, alone and together.
var terConfigs = []ter.Config{
	{},
	{CaseSensitive: true},
	{Normalized: true, NoPunct: true},
	{Normalized: true, NoPunct: true, AsianSupport: true, CaseSensitive: true},
}

// terColumns returns the hypotheses and reference streams of segs, which
// all have the same number of references.
func terColumns(segs []Segment) ([]string, [][]string) {
	hyps := []string{}
	refs := [][]string{nil}
	if len(segs) > 0 {
		refs = make([][]string, len(segs[0].Refs))
	}
	for _, seg := range segs {
		hyps = append(hyps, seg.Hyp)
		for k, r := range seg.Refs {
			refs[k] = append(refs[k], r)
		}
	}
	return hyps, refs
}

// terWant is the score ter.Config.Corpus gives for segs, in the plain form
// the transforms emit.
func terWant(t testing.TB, c ter.Config, segs []Segment) TERScore {
	t.Helper()
	hyps, refs := terColumns(segs)
	sc, err := c.Corpus(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	return terPlain(sc, len(segs))
}

// terPlain is sc, a score of n segments, as a TERScore.
func terPlain(sc ter.Score, n int) TERScore {
	return TERScore{
		TER: sc.TER, Percent: sc.TERPercent, Edits: sc.Edits, RefLength: sc.RefLength,
		Segments: int64(n), Signature: sc.Signature.String(), ShortSignature: sc.Signature.Short(),
	}
}

// withRefs returns segs with k references each: the references of corpus
// repeated, the third one (if any) cut to a word count that makes the
// mean length of most segments a rounded float64 when k is 3.
func withRefs(segs []Segment, k int) []Segment {
	out := make([]Segment, len(segs))
	for i, seg := range segs {
		refs := make([]string, k)
		for j := range refs {
			refs[j] = seg.Refs[j%len(seg.Refs)]
			if j == 2 {
				w := strings.Fields(seg.Refs[0])
				refs[j] = strings.Join(w[:len(w)*2/3], " ")
			}
		}
		out[i] = Segment{Hyp: seg.Hyp, Refs: refs}
	}
	return out
}

// TestTERCorpus checks exact equality with ter.Config.Corpus, to the last
// bit, for 1, 2 and 4 references a segment, under every option, with the
// segments split into shards and shuffled.
func TestTERCorpus(t *testing.T) {
	base := corpus(t, 400)
	for _, r := range runners {
		for _, k := range []int{1, 2, 4} {
			segs := withRefs(base, k)
			for i, c := range terConfigs {
				t.Run(fmt.Sprintf("%s/refs=%d/%d", r.name, k, i), func(t *testing.T) {
					p, s := beam.NewPipelineWithRoot()
					got := TERCorpus(s, c, beam.Reshuffle(s, shards(s, segs, 7)))
					passert.Equals(s, got, terWant(t, c, segs))
					if _, err := r.run(context.Background(), p); err != nil {
						t.Fatal(err)
					}
				})
			}
		}
	}
}

// terBoundFn checks a corpus score of segments with three references,
// whose mean lengths are rounded floats summed in an order that Beam does
// not fix: every field must equal Want's but RefLength, Percent and TER;
// RefLength must be within n-1 roundings (half an ulp of RefLength
// each) of the exact sum of Lens, the segments' mean lengths; and Percent
// and TER must be what sacreBLEU's formula gives for Edits and RefLength.
// It returns "" or what is wrong.
type terBoundFn struct {
	Want TERScore  `json:"want"`
	Lens []float64 `json:"lens"`
}

func (f *terBoundFn) ProcessElement(got TERScore) string {
	exact := new(big.Float).SetPrec(4096)
	for _, l := range f.Lens {
		exact.Add(exact, big.NewFloat(l))
	}
	diff, _ := new(big.Float).Sub(big.NewFloat(got.RefLength), exact).Float64()
	ulp := math.Nextafter(got.RefLength, math.Inf(1)) - got.RefLength
	if n := len(f.Lens); math.Abs(diff) > float64(n-1)*ulp/2 {
		return fmt.Sprintf("reference length %v is %v from the exact sum, more than %d roundings", got.RefLength, diff, n-1)
	}
	if p := ter.PercentFromSums([2]float64{float64(got.Edits), got.RefLength}); got.Percent != p || got.TER != p/100 {
		return fmt.Sprintf("score %v (%v) of sums %d and %v; want %v", got.Percent, got.TER, got.Edits, got.RefLength, p)
	}
	w := f.Want
	w.RefLength, w.Percent, w.TER = got.RefLength, got.Percent, got.TER
	if got != w {
		return fmt.Sprintf("got %+v, want %+v", got, w)
	}
	return ""
}

func init() {
	register.DoFn1x1[TERScore, string](&terBoundFn{})
}

// TestTERCorpusThreeRefs checks the documented bound for three references a
// segment, where mean lengths are rounded and their sum depends on its
// order; and that the bound is not vacuous: the sums of these segments in
// order and of their shards merged differ.
func TestTERCorpusThreeRefs(t *testing.T) {
	segs := withRefs(corpus(t, 400), 3)
	c := ter.Config{}
	hyps, refs := terColumns(segs)
	rows, err := c.Rows(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	lens := make([]float64, len(rows))
	for i, row := range rows {
		lens[i] = row[1]
	}
	want := terWant(t, c, segs)
	if merged := mergedRefLength(t, c, segs, 7); merged == want.RefLength {
		t.Fatalf("shards merged sum to %v as the segments in order do: the test data has no rounding", merged)
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			got := TERCorpus(s, c, beam.Reshuffle(s, shards(s, segs, 7)))
			passert.Equals(s, beam.ParDo(s, &terBoundFn{Want: want, Lens: lens}, got), "")
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// mergedRefLength returns the reference length of segs split into k
// shards, each summed in order, and merged.
func mergedRefLength(t testing.TB, c ter.Config, segs []Segment, k int) float64 {
	t.Helper()
	total := ter.Stats{Config: c}
	for i := range k {
		shard := ter.Stats{Config: c}
		for _, seg := range segs[i*len(segs)/k : (i+1)*len(segs)/k] {
			if err := shard.Add(seg.Hyp, seg.Refs...); err != nil {
				t.Fatal(err)
			}
		}
		if err := total.Merge(&shard); err != nil {
			t.Fatal(err)
		}
	}
	return total.Score().RefLength
}

func TestTERCorpusEmpty(t *testing.T) {
	c := terConfigs[3]
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			got := TERCorpus(s, c, beam.CreateList(s, []Segment{}))
			passert.Equals(s, got, terWant(t, c, nil))
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTERCorpusPerKey scores three systems of different sizes, each
// equal to ter.Config.Corpus of its own segments.
func TestTERCorpusPerKey(t *testing.T) {
	segs := corpus(t, 300)
	systems := []string{"sys-a", "sys-b", "sys-c"}
	c := terConfigs[2]
	var keyed []keyedSegment
	expected := make([]keyedTERScore, len(systems))
	for k, name := range systems {
		var mine []Segment
		for i, seg := range segs {
			if i%(k+1) == 0 {
				mine = append(mine, seg)
				keyed = append(keyed, keyedSegment{name, seg})
			}
		}
		expected[k] = keyedTERScore{name, terWant(t, c, mine)}
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.Reshuffle(s, beam.CreateList(s, keyed)))
			got := beam.ParDo(s, joinKeyedTER, TERCorpusPerKey(s, c, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTERSentences checks every segment's score against
// ter.Config.Sentence, exactly, with three references a segment: a lone
// segment's sum is its own mean length, whatever the count.
func TestTERSentences(t *testing.T) {
	segs := withRefs(corpus(t, 100), 3)
	c := terConfigs[1]
	var keyed []keyedSegment
	var expected []keyedTERScore
	for i, seg := range segs {
		id := fmt.Sprint("seg-", i)
		keyed = append(keyed, keyedSegment{id, seg})
		sc, err := c.Sentence(seg.Hyp, seg.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		expected = append(expected, keyedTERScore{id, terPlain(sc, 1)})
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.CreateList(s, keyed))
			got := beam.ParDo(s, joinKeyedTER, TERSentences(s, c, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTERWrongExpectationFails checks that the tests above can fail: a
// score off in its last bit fails the pipeline on every runner.
func TestTERWrongExpectationFails(t *testing.T) {
	segs := corpus(t, 50)
	w := terWant(t, ter.Config{}, segs)
	w.Percent = nextUp(w.Percent)
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			passert.Equals(s, TERCorpus(s, ter.Config{}, beam.CreateList(s, segs)), w)
			if _, err := r.run(context.Background(), p); err == nil {
				t.Fatal("a pipeline expecting a wrong score succeeded")
			}
		})
	}
}

// TestTERBoundFnFails checks that terBoundFn reports a reference length
// one rounding too far, a score that does not follow from the sums, and
// another field that differs.
func TestTERBoundFnFails(t *testing.T) {
	lens := []float64{1.0 / 3, 2.0 / 3, 5.0 / 3}
	var sum float64
	for _, l := range lens {
		sum += l
	}
	good := TERScore{Edits: 2, RefLength: sum, Segments: 3, Signature: "sig"}
	good.Percent = ter.PercentFromSums([2]float64{2, sum})
	good.TER = good.Percent / 100
	f := &terBoundFn{Want: good, Lens: lens}
	if msg := f.ProcessElement(good); msg != "" {
		t.Fatalf("the sum in order: %s", msg)
	}
	far := good
	far.RefLength = nextUp(nextUp(nextUp(sum)))
	far.Percent = ter.PercentFromSums([2]float64{2, far.RefLength})
	far.TER = far.Percent / 100
	off := good
	off.Percent = nextUp(off.Percent)
	other := good
	other.Edits++
	other.Percent = ter.PercentFromSums([2]float64{3, sum})
	other.TER = other.Percent / 100
	for name, sc := range map[string]TERScore{"far": far, "off": off, "other": other} {
		if f.ProcessElement(sc) == "" {
			t.Errorf("%s: %+v passed", name, sc)
		}
	}
}

// TestTERBadSegmentFails checks that a segment the library rejects fails
// the pipeline with the library's error.
func TestTERBadSegmentFails(t *testing.T) {
	segs := append(corpus(t, 20), Segment{Hyp: "ok \xff", Refs: []string{"ok"}})
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			TERCorpus(s, ter.Config{}, beam.CreateList(s, segs))
			_, err := r.run(context.Background(), p)
			if err == nil || !strings.Contains(err.Error(), "ter: ") {
				t.Fatalf("got error %v, want the ter package's", err)
			}
		})
	}
}

// TestTERAccumulatorCoder round-trips accumulators under every option
// and rejects cut encodings and statistics of other options.
func TestTERAccumulatorCoder(t *testing.T) {
	for _, c := range terConfigs {
		f := &statsFn[terMetric, ter.Stats, *ter.Stats, TERScore]{Metric: terMetric{c}}
		a, err := f.CreateAccumulator()
		if err != nil {
			t.Fatal(err)
		}
		for _, seg := range withRefs(corpus(t, 30), 3) {
			if a, err = f.AddInput(a, seg); err != nil {
				t.Fatal(err)
			}
		}
		b, err := encodeTERAcc(a)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeTERAcc(b)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if got, w := f.ExtractOutput(d), f.ExtractOutput(a); got != w {
			t.Errorf("%+v: decoded %+v, want %+v", c, got, w)
		}
		for _, cut := range []int{0, 1, len(b) / 2, len(b) - 1} {
			if _, err := decodeTERAcc(b[:cut]); err == nil {
				t.Errorf("%+v: an encoding cut to %d bytes decoded", c, cut)
			}
		}
		// The statistics' own encoding refuses options other than those
		// named beside it.
		o := c
		o.NoPunct = !o.NoPunct
		other := &statsAcc[terMetric, ter.Stats]{metric: terMetric{o}, stats: a.stats}
		b2, err := encodeTERAcc(other)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeTERAcc(b2); err == nil {
			t.Errorf("%+v: statistics decoded under other options", c)
		}
	}
}

type keyedTERScore struct {
	Key   string
	Score TERScore
}

func joinKeyedTER(k string, s TERScore) keyedTERScore { return keyedTERScore{k, s} }

func init() {
	beam.RegisterFunction(joinKeyedTER)
}

// TestThreeMetricsOnePipeline scores one collection with BLEU, chrF and
// TER in one pipeline, where each metric's accumulators must meet their
// own coder.
func TestThreeMetricsOnePipeline(t *testing.T) {
	segs := corpus(t, 200)
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.Reshuffle(s, shards(s, segs, 4))
			passert.Equals(s, Corpus(s, Options{}, col), want(t, Options{}, segs))
			passert.Equals(s, ChrFCorpus(s, chrfConfigs[1], col), chrfWant(t, chrfConfigs[1], segs))
			passert.Equals(s, TERCorpus(s, terConfigs[3], col), terWant(t, terConfigs[3], segs))
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

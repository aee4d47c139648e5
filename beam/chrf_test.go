package bleubeam

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/go-bleu/bleu/chrf"
)

// chrfConfigs cover every option of chrf.Config, sacreBLEU's zeros
// (NoCharNGrams, BetaZero) and a negative beta included.
var chrfConfigs = []chrf.Config{
	{},
	{WordOrder: 2},
	{CharOrder: chrf.NoCharNGrams, WordOrder: 3, Beta: chrf.BetaZero, Lowercase: true},
	{CharOrder: 4, Beta: -1, Whitespace: true, EpsSmoothing: true},
}

// chrfWant is the score chrf.Config.Corpus gives for segs, in the plain
// form the transforms emit.
func chrfWant(t testing.TB, c chrf.Config, segs []Segment) ChrFScore {
	t.Helper()
	var hyps []string
	var refs [][]string
	for i, seg := range segs {
		hyps = append(hyps, seg.Hyp)
		for k, r := range seg.Refs {
			if i == 0 {
				refs = append(refs, nil)
			}
			refs[k] = append(refs[k], r)
		}
	}
	if len(segs) == 0 {
		refs = [][]string{nil}
	}
	sc, err := c.Corpus(hyps, refs...)
	if err != nil {
		t.Fatal(err)
	}
	return chrfPlain(sc, len(segs))
}

// chrfPlain is sc, a score of n segments, as a ChrFScore.
func chrfPlain(sc chrf.Score, n int) ChrFScore {
	return ChrFScore{
		ChrF: sc.ChrF, Percent: sc.ChrFPercent, Name: sc.Name,
		CharOrder: sc.CharOrder, WordOrder: sc.WordOrder, Beta: sc.Beta,
		Statistics: sc.Statistics, Segments: int64(n),
		Signature: sc.Signature.String(), ShortSignature: sc.Signature.Short(),
	}
}

func TestChrFCorpus(t *testing.T) {
	segs := corpus(t, 400)
	for _, r := range runners {
		for i, c := range chrfConfigs {
			t.Run(fmt.Sprintf("%s/%d", r.name, i), func(t *testing.T) {
				p, s := beam.NewPipelineWithRoot()
				got := ChrFCorpus(s, c, beam.Reshuffle(s, shards(s, segs, 7)))
				passert.Equals(s, got, chrfWant(t, c, segs))
				if _, err := r.run(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func TestChrFCorpusEmpty(t *testing.T) {
	c := chrf.Config{WordOrder: 2}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			got := ChrFCorpus(s, c, beam.CreateList(s, []Segment{}))
			passert.Equals(s, got, chrfWant(t, c, nil))
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestChrFCorpusPerKey scores three systems of different sizes, each
// equal to chrf.Config.Corpus of its own segments.
func TestChrFCorpusPerKey(t *testing.T) {
	segs := corpus(t, 300)
	systems := []string{"sys-a", "sys-b", "sys-c"}
	c := chrfConfigs[1]
	var keyed []keyedSegment
	expected := make([]keyedChrFScore, len(systems))
	for k, name := range systems {
		var mine []Segment
		for i, seg := range segs {
			if i%(k+1) == 0 {
				mine = append(mine, seg)
				keyed = append(keyed, keyedSegment{name, seg})
			}
		}
		expected[k] = keyedChrFScore{name, chrfWant(t, c, mine)}
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.Reshuffle(s, beam.CreateList(s, keyed)))
			got := beam.ParDo(s, joinKeyedChrF, ChrFCorpusPerKey(s, c, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestChrFSentences(t *testing.T) {
	segs := corpus(t, 100)
	c := chrfConfigs[3]
	var keyed []keyedSegment
	var expected []keyedChrFScore
	for i, seg := range segs {
		id := fmt.Sprint("seg-", i)
		keyed = append(keyed, keyedSegment{id, seg})
		sc, err := c.Sentence(seg.Hyp, seg.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		expected = append(expected, keyedChrFScore{id, chrfPlain(sc, 1)})
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.CreateList(s, keyed))
			got := beam.ParDo(s, joinKeyedChrF, ChrFSentences(s, c, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestChrFWrongExpectationFails checks that the tests above can fail: a
// score off in its last bit fails the pipeline on every runner.
func TestChrFWrongExpectationFails(t *testing.T) {
	segs := corpus(t, 50)
	w := chrfWant(t, chrf.Config{}, segs)
	w.Percent = nextUp(w.Percent)
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			passert.Equals(s, ChrFCorpus(s, chrf.Config{}, beam.CreateList(s, segs)), w)
			if _, err := r.run(context.Background(), p); err == nil {
				t.Fatal("a pipeline expecting a wrong score succeeded")
			}
		})
	}
}

// TestChrFBadSegmentFails checks that a segment the library rejects fails
// the pipeline with the library's error.
func TestChrFBadSegmentFails(t *testing.T) {
	segs := append(corpus(t, 20), Segment{Hyp: "ok", Refs: []string{"bad \xff"}})
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			ChrFCorpus(s, chrf.Config{}, beam.CreateList(s, segs))
			_, err := r.run(context.Background(), p)
			if err == nil || !strings.Contains(err.Error(), "chrf: ") {
				t.Fatalf("got error %v, want the chrf package's", err)
			}
		})
	}
}

func TestChrFInvalidConfig(t *testing.T) {
	for _, c := range []chrf.Config{
		{CharOrder: chrf.NoCharNGrams},
		{CharOrder: -2},
		{WordOrder: chrf.MaxOrder + 1},
		{Beta: chrf.MaxBeta + 1},
	} {
		_, s := beam.NewPipelineWithRoot()
		col := beam.CreateList(s, []Segment{})
		if _, err := TryChrFCorpus(s, c, col); err == nil || !strings.HasPrefix(err.Error(), "bleubeam: ") {
			t.Errorf("TryChrFCorpus(%+v): error %v", c, err)
		}
		if _, err := TryChrFCorpusPerKey(s, c, col); err == nil {
			t.Errorf("TryChrFCorpusPerKey(%+v): no error", c)
		}
		if _, err := TryChrFSentences(s, c, col); err == nil {
			t.Errorf("TryChrFSentences(%+v): no error", c)
		}
	}
}

// TestChrFAccumulatorCoder round-trips accumulators under every option
// and rejects cut encodings and statistics of other options.
func TestChrFAccumulatorCoder(t *testing.T) {
	encode := encodeChrFAcc
	decode := decodeChrFAcc
	for _, c := range chrfConfigs {
		f := &statsFn[chrfMetric, chrf.Stats, *chrf.Stats, ChrFScore]{Metric: chrfMetric{c}}
		a, err := f.CreateAccumulator()
		if err != nil {
			t.Fatal(err)
		}
		for _, seg := range corpus(t, 30) {
			if a, err = f.AddInput(a, seg); err != nil {
				t.Fatal(err)
			}
		}
		b, err := encode(a)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decode(b)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if got, w := f.ExtractOutput(d), f.ExtractOutput(a); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("%+v: decoded %v, want %v", c, got, w)
		}
		for _, cut := range []int{0, 1, len(b) / 2, len(b) - 1} {
			if _, err := decode(b[:cut]); err == nil {
				t.Errorf("%+v: an encoding cut to %d bytes decoded", c, cut)
			}
		}
		// The statistics' own encoding refuses options other than those
		// named beside it.
		other := &statsAcc[chrfMetric, chrf.Stats]{metric: chrfMetric{chrf.Config{WordOrder: 7}}, stats: a.stats}
		b2, err := encode(other)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decode(b2); err == nil {
			t.Errorf("%+v: statistics decoded under other options", c)
		}
	}
}

type keyedChrFScore struct {
	Key   string
	Score ChrFScore
}

func joinKeyedChrF(k string, s ChrFScore) keyedChrFScore { return keyedChrFScore{k, s} }

func init() {
	beam.RegisterFunction(joinKeyedChrF)
}

// TestBLEUAndChrFOnePipeline scores one collection with both metrics in
// one pipeline, where each metric's accumulators must meet their own
// coder.
func TestBLEUAndChrFOnePipeline(t *testing.T) {
	segs := corpus(t, 200)
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.Reshuffle(s, shards(s, segs, 4))
			passert.Equals(s, Corpus(s, Options{}, col), want(t, Options{}, segs))
			passert.Equals(s, ChrFCorpus(s, chrfConfigs[1], col), chrfWant(t, chrfConfigs[1], segs))
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

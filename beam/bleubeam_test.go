package bleubeam

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	//lint:ignore SA1019 the tests run on the direct runner too, as users still do.
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/go-bleu/bleu"
)

// wordsTokenizer is a custom tokenizer: whitespace-separated words with a
// name of their own, registered so that it survives encoding.
type wordsTokenizer struct{}

func (wordsTokenizer) Tokenize(dst []string, text string) []string {
	return append(dst, strings.Fields(text)...)
}
func (wordsTokenizer) String() string { return "test-words" }

// noDigits is a custom normalizer that drops ASCII digits.
type noDigits struct{}

func (noDigits) Normalize(text string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, text)
}
func (noDigits) String() string { return "test-nodigits" }

func init() {
	RegisterTokenizer("test-words", wordsTokenizer{})
	RegisterNormalizer("test-nodigits", noDigits{})
}

func TestMain(m *testing.M) {
	beam.Init()
	// Prism logs every bundle and every failure at length; the tests
	// report what matters themselves.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	// Beam's loopback mode, which prism runs in, leaves a file in the
	// temporary directory on every run (apache/beam#27569): the tests
	// keep theirs in a directory removed at the end.
	dir, err := os.MkdirTemp("", "bleubeam-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("TMPDIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runners are the runners every pipeline test runs on: the direct runner,
// which never encodes accumulators, and prism, which splits combines into
// partial and final steps and encodes what passes between them.
var runners = []struct {
	name string
	run  func(context.Context, *beam.Pipeline) (beam.PipelineResult, error)
}{
	{"direct", direct.Execute},
	{"prism", prism.Execute},
}

// readLines returns the lines of a file of the core module's testdata.
func readLines(t testing.TB, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// corpus returns n segments with two references each, built from the
// sample files: segment i takes the sample line i mod 10 and varies it by
// dropping a word, so that most segments differ.
func corpus(t testing.TB, n int) []Segment {
	hyps, refs := readLines(t, "sample.hyp.txt"), readLines(t, "sample.ref.txt")
	segs := make([]Segment, n)
	for i := range segs {
		h := strings.Fields(hyps[i%len(hyps)])
		if len(h) > 1 {
			j := (i / len(hyps)) % len(h)
			h = append(h[:j:j], h[j+1:]...)
		}
		r2 := refs[(i+1)%len(refs)]
		if i%7 == 0 {
			r2 = "" // an empty reference
		}
		segs[i] = Segment{Hyp: strings.Join(h, " ") + fmt.Sprint(" ", i%13), Refs: []string{refs[i%len(refs)], r2}}
	}
	return segs
}

// want is the score of segs computed by the core library alone.
func want(t testing.TB, opts Options, segs []Segment) Score {
	t.Helper()
	c, err := opts.Config()
	if err != nil {
		t.Fatal(err)
	}
	s := bleu.Stats{Config: c}
	for _, seg := range segs {
		if err := s.Add(seg.Hyp, seg.Refs...); err != nil {
			t.Fatal(err)
		}
	}
	return newScore(s.Score(), s.Len())
}

// shards splits segs into k PCollections of different sizes, some empty,
// flattened into one, so that the runner sees several sources and bundles.
func shards(s beam.Scope, segs []Segment, k int) beam.PCollection {
	var cols []beam.PCollection
	start := 0
	for i := 0; i < k; i++ {
		end := start + (len(segs)-start)/(k-i)
		if i%3 == 1 {
			end = start // an empty shard
		}
		part := segs[start:end]
		if i == k-1 {
			part = segs[start:]
		}
		cols = append(cols, beam.CreateList(s, part))
		start += len(part)
	}
	return beam.Flatten(s, cols...)
}

var optionSets = []Options{
	{},
	{Tokenizer: "intl", Lowercase: true, Smooth: "floor", SmoothValue: 0.25},
	{Tokenizer: "char", MaxOrder: 6, EffectiveOrder: true, Smooth: "add-k", SmoothValue: 2},
	{Tokenizer: "test-words", Normalizer: "nfkc+test-nodigits", Smooth: "none"},
	{Tokenizer: "ja-mecab"},
}

func TestCorpus(t *testing.T) {
	segs := corpus(t, 600)
	for _, r := range runners {
		for i, opts := range optionSets {
			t.Run(fmt.Sprintf("%s/%d", r.name, i), func(t *testing.T) {
				p, s := beam.NewPipelineWithRoot()
				got := Corpus(s, opts, beam.Reshuffle(s, shards(s, segs, 7)))
				passert.Equals(s, got, want(t, opts, segs))
				if _, err := r.run(context.Background(), p); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

func TestCorpusEmpty(t *testing.T) {
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			got := Corpus(s, Options{}, beam.CreateList(s, []Segment{}))
			passert.Equals(s, got, want(t, Options{}, nil))
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestCorpusPerKey(t *testing.T) {
	segs := corpus(t, 300)
	systems := []string{"sys-a", "sys-b", "sys-c"}
	var keyed []keyedSegment
	expected := make([]keyedScore, len(systems))
	opts := optionSets[3]
	for k, name := range systems {
		var mine []Segment
		for i, seg := range segs {
			if i%(k+1) == 0 { // systems of different sizes
				mine = append(mine, seg)
				keyed = append(keyed, keyedSegment{name, seg})
			}
		}
		expected[k] = keyedScore{name, want(t, opts, mine)}
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.Reshuffle(s, beam.CreateList(s, keyed)))
			got := beam.ParDo(s, joinKeyed, CorpusPerKey(s, opts, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestSentences(t *testing.T) {
	segs := corpus(t, 200)
	opts := Options{EffectiveOrder: true, Tokenizer: "zh"}
	c, err := opts.Config()
	if err != nil {
		t.Fatal(err)
	}
	var keyed []keyedSegment
	var expected []keyedScore
	for i, seg := range segs {
		id := fmt.Sprint("seg-", i)
		keyed = append(keyed, keyedSegment{id, seg})
		sc, err := c.Sentence(seg.Hyp, seg.Refs...)
		if err != nil {
			t.Fatal(err)
		}
		expected = append(expected, keyedScore{id, newScore(sc, 1)})
	}
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			col := beam.ParDo(s, splitKeyed, beam.CreateList(s, keyed))
			got := beam.ParDo(s, joinKeyed, Sentences(s, opts, col))
			passert.Equals(s, got, toAny(expected)...)
			if _, err := r.run(context.Background(), p); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestWrongExpectationFails checks that the tests above can fail: a score
// off in the last bit of one precision fails the pipeline on every runner.
func TestWrongExpectationFails(t *testing.T) {
	segs := corpus(t, 50)
	w := want(t, Options{}, segs)
	w.Precisions = append([]float64(nil), w.Precisions...)
	w.Precisions[3] = nextUp(w.Precisions[3])
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			passert.Equals(s, Corpus(s, Options{}, beam.CreateList(s, segs)), w)
			if _, err := r.run(context.Background(), p); err == nil {
				t.Fatal("a pipeline expecting a wrong score succeeded")
			}
		})
	}
}

// TestBadSegmentFails checks that a segment the library rejects fails the
// pipeline with the library's error.
func TestBadSegmentFails(t *testing.T) {
	segs := append(corpus(t, 20), Segment{Hyp: "ok", Refs: []string{"bad \xff"}})
	for _, r := range runners {
		t.Run(r.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			Corpus(s, Options{}, beam.CreateList(s, segs))
			_, err := r.run(context.Background(), p)
			if err == nil || !strings.Contains(err.Error(), "invalid UTF-8") {
				t.Fatalf("got error %v, want one about invalid UTF-8", err)
			}
		})
	}
}

func TestOptionsErrors(t *testing.T) {
	for _, o := range []Options{
		{Tokenizer: "nope"},
		{Normalizer: "nfkc+nope"},
		{Smooth: "nope"},
		{MaxOrder: -1},
		{Smooth: "add-k", SmoothValue: 0.5},
	} {
		if _, err := o.Config(); err == nil {
			t.Errorf("%+v: no error", o)
		}
		_, s := beam.NewPipelineWithRoot()
		if _, err := TryCorpus(s, o, beam.CreateList(s, []Segment{})); err == nil {
			t.Errorf("TryCorpus(%+v): no error", o)
		}
	}
}

// TestAccumulatorCoder round-trips accumulators, custom options included,
// and rejects a corrupted encoding.
func TestAccumulatorCoder(t *testing.T) {
	for _, opts := range optionSets {
		f := &statsFn[bleuMetric, bleu.Stats, *bleu.Stats, Score]{Metric: bleuMetric{opts}}
		a, err := f.CreateAccumulator()
		if err != nil {
			t.Fatal(err)
		}
		for _, seg := range corpus(t, 30) {
			if a, err = f.AddInput(a, seg); err != nil {
				t.Fatal(err)
			}
		}
		b, err := encodeBLEUAcc(a)
		if err != nil {
			t.Fatal(err)
		}
		d, err := decodeBLEUAcc(b)
		if err != nil {
			t.Fatalf("%+v: %v", opts, err)
		}
		if got, w := f.ExtractOutput(d), f.ExtractOutput(a); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("%+v: decoded %v, want %v", opts, got, w)
		}
		for _, cut := range []int{0, 1, len(b) / 2, len(b) - 1} {
			if _, err := decodeBLEUAcc(b[:cut]); err == nil {
				t.Errorf("%+v: an encoding cut to %d bytes decoded", opts, cut)
			}
		}
	}
}

type keyedSegment struct {
	Key string
	Seg Segment
}

type keyedScore struct {
	Key   string
	Score Score
}

func splitKeyed(k keyedSegment) (string, Segment) { return k.Key, k.Seg }
func joinKeyed(k string, s Score) keyedScore      { return keyedScore{k, s} }

func init() {
	beam.RegisterFunction(splitKeyed)
	beam.RegisterFunction(joinKeyed)
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

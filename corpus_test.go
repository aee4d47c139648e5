package bleu

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/google/go-cmp/cmp"
)

// sampleCorpus returns our sample segments, then random ones up to n.
func sampleCorpus(t *testing.T, n int, seed uint64) (hyps, refs []string) {
	hyps = conftest.ReadLines(t, filepath.Join("testdata", "sample.hyp.txt"))
	refs = conftest.ReadLines(t, filepath.Join("testdata", "sample.ref.txt"))
	r := rand.New(rand.NewPCG(seed, seed+1))
	for len(hyps) < n {
		hyps = append(hyps, randomText(r, 15))
		refs = append(refs, randomText(r, 15))
	}
	return hyps, refs
}

func TestCorpus(t *testing.T) {
	hyps, refs := sampleCorpus(t, 500, 7)
	refs2 := append(refs[1:len(refs):len(refs)], refs[0])
	for _, streams := range [][][]string{{refs}, {refs, refs2}} {
		for _, cfg := range []Config{{}, {Tokenizer: TokenizerIntl, Lowercase: true}} {
			s := Stats{Config: cfg}
			for i := range hyps {
				var segRefs []string
				for _, st := range streams {
					segRefs = append(segRefs, st[i])
				}
				if err := s.Add(hyps[i], segRefs...); err != nil {
					t.Fatal(err)
				}
			}
			got, err := cfg.Corpus(hyps, streams...)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(s.Score(), got); d != "" {
				t.Errorf("Corpus differs from one Stats (-Stats +Corpus):\n%s", d)
			}
		}
	}
	if _, err := (Config{}).Corpus(hyps, refs[:3]); err == nil || err.Error() != "bleu: reference stream 1 has 3 segments, the hypotheses 500" {
		t.Errorf("short stream: err = %v", err)
	}
	if _, err := (Config{}).Corpus(hyps); err != ErrNoReference {
		t.Errorf("no streams: err = %v", err)
	}
	bad := append([]string(nil), hyps...)
	bad[321] = "\xff"
	if _, err := (Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 321: invalid UTF-8 in the hypothesis" {
		t.Errorf("invalid segment: err = %v", err)
	}
	// With several bad segments, the error is the first one's, however the
	// chunks were shared out.
	bad[17], bad[480] = "\xfe", "\xfe"
	for range 20 {
		if _, err := (Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 17: invalid UTF-8 in the hypothesis" {
			t.Fatalf("several invalid segments: err = %v", err)
		}
	}
	if sc, err := (Config{}).Corpus(nil, nil); err != nil || sc.BLEU != 0 {
		t.Errorf("empty corpus: %v, %v", sc, err)
	}
}

// TestCorpusProcs checks Corpus against one Stats however many processors
// share the work, and that the error is the first failing segment's
// wherever the failing segments lie in the chunks.
func TestCorpusProcs(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var hyps, refs, refs2 []string
	for i := range 3000 {
		words := 15
		if i%97 == 0 {
			words = 300 // long lines, past the short-hypothesis counting
		}
		hyps = append(hyps, randomText(r, words))
		refs = append(refs, randomText(r, words))
		refs2 = append(refs2, randomText(r, words))
	}
	long := strings.Repeat("a long invalid line ", 500)
	bad := append([]string(nil), hyps...)
	bad[2500] = long + "\xff"
	bad2 := append([]string(nil), bad...)
	bad2[2497] = "\xfe"
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		for _, cfg := range []Config{{}, {Tokenizer: TokenizerIntl, Lowercase: true}, {Tokenizer: TokenizerFunc(py.AppendFields), MaxOrder: 2}} {
			s := Stats{Config: cfg}
			for i := range hyps {
				if err := s.Add(hyps[i], refs[i], refs2[i]); err != nil {
					t.Fatal(err)
				}
			}
			got, err := cfg.Corpus(hyps, refs, refs2)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(s.Score(), got); d != "" {
				t.Errorf("GOMAXPROCS %d, %+v: Corpus differs from one Stats (-Stats +Corpus):\n%s", procs, cfg, d)
			}
		}
		if _, err := (Config{}).Corpus(bad, refs); err == nil || err.Error() != "bleu: segment 2500: invalid UTF-8 in the hypothesis" {
			t.Errorf("GOMAXPROCS %d, invalid segment: err = %v", procs, err)
		}
		if _, err := (Config{}).Corpus(bad2, refs); err == nil || err.Error() != "bleu: segment 2497: invalid UTF-8 in the hypothesis" {
			t.Errorf("GOMAXPROCS %d, two invalid segments: err = %v", procs, err)
		}
	}
}

// BenchmarkCorpusParallel is BenchmarkCorpus through Config.Corpus,
// whose scratch space is new at each call, with 13a and char (whose
// tables a Stats makes once it has enough text: see charngram.TablesAfter and
// charLongAfter): compare -cpu 1 and -cpu 2 for the speed-up of sharding.
func BenchmarkCorpusParallel(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerChar} {
		b.Run(tok.String(), func(b *testing.B) {
			b.SetBytes(n)
			for b.Loop() {
				if _, err := (Config{Tokenizer: tok}).Corpus(hyps, refs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkShardedStats is the steady state of sharded scoring: one Stats
// per goroutine, kept from corpus to corpus (as a service scoring many
// corpora would), each adding a contiguous share of the segments, then
// Merge. Compare -cpu 1 and -cpu 2.
func BenchmarkShardedStats(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	b.SetBytes(n)
	shards := make([]Stats, runtime.GOMAXPROCS(0))
	for b.Loop() {
		scoreSharded(b, shards, hyps, refs)
	}
}

// scoreSharded scores hyps and refs with a Stats of shards per goroutine,
// each adding a contiguous share of the segments, then Merge.
func scoreSharded(b *testing.B, shards []Stats, hyps, refs []string) {
	var wg sync.WaitGroup
	for w := range shards {
		wg.Go(func() {
			s := &shards[w]
			s.Reset()
			for i := w * len(hyps) / len(shards); i < (w+1)*len(hyps)/len(shards); i++ {
				if err := s.Add(hyps[i], refs[i]); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	var total Stats
	for w := range shards {
		if err := total.Merge(&shards[w]); err != nil {
			b.Fatal(err)
		}
	}
	_ = total.Score()
}

// TestAddCorpus checks that AddCorpus adds to what a Stats has, as Add
// would, that a Stats kept from corpus to corpus (Reset, AddCorpus) gives
// the same results every time, and that an error leaves it unchanged.
func TestAddCorpus(t *testing.T) {
	hyps, refs := sampleCorpus(t, 700, 9)
	for _, cfg := range []Config{{}, {Tokenizer: TokenizerChar}, {Tokenizer: TokenizerZh, MaxOrder: 2}} {
		want := Stats{Config: cfg}
		_ = want.Add("Ein Satz vorher.", "Ein Satz davor.")
		for i := range hyps {
			if err := want.Add(hyps[i], refs[i]); err != nil {
				t.Fatal(err)
			}
		}
		s := Stats{Config: cfg}
		for range 3 {
			s.Reset()
			_ = s.Add("Ein Satz vorher.", "Ein Satz davor.")
			if err := s.AddCorpus(hyps, refs); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want.Score(), s.Score()); d != "" {
				t.Fatalf("%+v: AddCorpus differs from Add (-Add +AddCorpus):\n%s", cfg, d)
			}
			if s.Len() != len(hyps)+1 {
				t.Fatalf("%+v: Len = %d, want %d", cfg, s.Len(), len(hyps)+1)
			}
		}
		bad := append([]string(nil), hyps...)
		bad[400] = "\xff"
		before := s.Score()
		if err := s.AddCorpus(bad, refs); err == nil || err.Error() != "bleu: segment 400: invalid UTF-8 in the hypothesis" {
			t.Errorf("%+v: invalid segment: err = %v", cfg, err)
		}
		if d := cmp.Diff(before, s.Score()); d != "" || s.Len() != len(hyps)+1 {
			t.Errorf("%+v: a failed AddCorpus changed the statistics (-before +after):\n%s", cfg, d)
		}
	}
}

// BenchmarkAddCorpus is BenchmarkCorpusParallel with one Stats kept from
// corpus to corpus (Reset, AddCorpus, Score), as a validation loop would:
// its goroutines' scratch space is warm. Compare -cpu 1 and -cpu 2.
// The second sub-benchmark scores the set four times over, as one corpus.
func BenchmarkAddCorpus(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	for _, times := range []int{1, 4} {
		var hs, rs []string
		for range times {
			hs, rs = append(hs, hyps...), append(rs, refs...)
		}
		b.Run(fmt.Sprintf("x%d", times), func(b *testing.B) {
			b.SetBytes(int64(times) * n)
			var s Stats
			for b.Loop() {
				s.Reset()
				if err := s.AddCorpus(hs, rs); err != nil {
					b.Fatal(err)
				}
				_ = s.Score()
			}
		})
	}
}

// BenchmarkParallelSpeedup measures the speed-up of scoring a corpus on
// GOMAXPROCS goroutines (run it with -cpu 2) over one: each iteration
// scores the corpus with Stats.Add on the calling goroutine, then in
// parallel, both with a Stats kept from iteration to iteration, and the
// benchmark reports their ratio ("speedup"). Taken in turns, a few
// milliseconds apart, the two see the same machine; run as separate
// benchmarks, on the project's shared machines, they often do not.
// AddCorpus is Stats.AddCorpus; sharded is one Stats per goroutine, each
// adding a contiguous share, then Merge (BenchmarkShardedStats); ceiling
// is the machine's: AddCorpus's goroutines and hand-outs with arithmetic
// alone for work, as much for each segment as its bytes and in all about
// as long as Add takes for the corpus, so that what AddCorpus reaches can
// be told from what the machine allows in the same run.
//
// "speedup" is the ratio of the total times; "median-speedup" the median
// of the iterations' own ratios, which a few iterations slowed by the
// host's other load (a virtual CPU taken away for a millisecond) leave
// alone, where they pull the ratio of the totals down. The ceiling also
// reports the median time from the call to the start of its last worker
// ("median-start-µs"): the time the machine takes to wake a processor,
// during which one does all the work.
func BenchmarkParallelSpeedup(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	serial := func(s *Stats, hs, rs []string) {
		s.Reset()
		for i := range hs {
			if err := s.Add(hs[i], rs[i]); err != nil {
				b.Fatal(err)
			}
		}
		_ = s.Score()
	}
	shards := make([]Stats, runtime.GOMAXPROCS(0))
	for _, bm := range []struct {
		name  string
		times int
		idle  bool
	}{
		{"AddCorpus/x1", 1, false}, {"AddCorpus/x4", 4, false}, {"sharded/x1", 1, false},
		{"AddCorpus/x1/idle", 1, true}, {"sharded/x1/idle", 1, true},
		{"ceiling/x1", 1, false}, {"ceiling/x1/idle", 1, true},
	} {
		var hs, rs []string
		for range bm.times {
			hs, rs = append(hs, hyps...), append(rs, refs...)
		}
		ceiling := strings.HasPrefix(bm.name, "ceiling")
		var units []int
		if ceiling {
			units = spinUnits(b, hs, rs, serial)
		}
		b.Run(bm.name, func(b *testing.B) {
			b.SetBytes(int64(bm.times) * n)
			var one, all Stats
			var t1, tn time.Duration
			var ratios, starts []float64
			for b.Loop() {
				// With idle, each half starts a millisecond after the
				// other ends, when the runtime has parked the threads
				// it had running (it looks for work a while first), as
				// a corpus scored now and then would; without, right
				// after, as corpora scored one after the other would.
				if bm.idle {
					time.Sleep(time.Millisecond)
				}
				start := time.Now()
				if ceiling {
					spinSerial(units)
				} else {
					serial(&one, hs, rs)
				}
				d1 := time.Since(start)
				if bm.idle {
					time.Sleep(time.Millisecond)
				}
				mid := time.Now()
				if ceiling {
					_, last := spinParallel(units, hs, rs)
					starts = append(starts, float64(last.Sub(mid))/1e3)
				} else if strings.HasPrefix(bm.name, "sharded") {
					scoreSharded(b, shards, hs, rs)
				} else {
					all.Reset()
					if err := all.AddCorpus(hs, rs); err != nil {
						b.Fatal(err)
					}
					_ = all.Score()
				}
				dn := time.Since(mid)
				t1, tn = t1+d1, tn+dn
				ratios = append(ratios, float64(d1)/float64(dn))
			}
			b.ReportMetric(float64(t1)/float64(tn), "speedup")
			slices.Sort(ratios)
			b.ReportMetric(ratios[len(ratios)/2], "median-speedup")
			if ceiling {
				slices.Sort(starts)
				b.ReportMetric(starts[len(starts)/2], "median-start-µs")
			}
		})
	}
}

// spinSink keeps the ceiling's arithmetic from being optimized away.
var spinSink uint64

// spin is the ceiling's work for n units: arithmetic alone, no memory.
func spin(n int) uint64 {
	x := uint64(n) | 1
	for range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	return x
}

// spinUnits returns, for each segment, units of spin in proportion to
// its bytes, in all about as long as serial takes to add the corpus.
func spinUnits(b *testing.B, hyps, refs []string, serial func(*Stats, []string, []string)) []int {
	var s Stats
	serial(&s, hyps, refs) // warm
	start := time.Now()
	for range 5 {
		serial(&s, hyps, refs)
	}
	add := time.Since(start) / 5
	units := make([]int, len(hyps))
	for i := range hyps {
		units[i] = len(hyps[i]) + len(refs[i])
	}
	start = time.Now()
	for range 5 {
		spinSink ^= spinSerial(units)
	}
	per := time.Since(start) / 5
	for i := range units {
		units[i] = max(1, int(float64(units[i])*float64(add)/float64(per)))
	}
	return units
}

// spinSerial spins for every segment's units in turn.
func spinSerial(units []int) uint64 {
	var x uint64
	for _, u := range units {
		x ^= spin(u)
	}
	return x
}

// spinParallel spins for every segment's units as AddCorpus would add the
// segments hyps and refs: the same goroutines and hand-outs. It returns
// the time at which the last worker started.
func spinParallel(units []int, hyps, refs []string) (x uint64, last time.Time) {
	j := newCorpusJob(hyps, [][]string{refs})
	// A cache line for each goroutine, whose result it writes often.
	type line struct {
		x     uint64
		start time.Time
		_     [32]byte
	}
	xs := make([]line, j.workers)
	if err := j.run(func(w int) corpusError {
		xs[w].start = time.Now()
		return j.each(func(i int, _ []string) error {
			xs[w].x ^= spin(units[i])
			return nil
		})
	}); err != nil {
		panic(err) // the work cannot fail
	}
	for _, v := range xs {
		x ^= v.x
		if v.start.After(last) {
			last = v.start
		}
	}
	return x, last
}

// TestSentences checks that Sentences gives, segment by segment, the BLEU
// of Config.Sentence exactly, with one or two reference streams and
// several configurations (the char tokenizer's counter included), and
// its errors.
func TestSentences(t *testing.T) {
	hyps, refs := sampleCorpus(t, 700, 11)
	if dir := conformanceDirOrEmpty(); dir != "" {
		hyps = append(hyps, conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))[:300]...)
		refs = append(refs, conftest.ReadLines(t, filepath.Join(dir, "data", "en-de", "ref.txt"))[:300]...)
	}
	hyps[3], refs[5] = "", "" // an empty hypothesis, an empty reference
	refs2 := append(refs[1:len(refs):len(refs)], refs[0])
	for _, streams := range [][][]string{{refs}, {refs, refs2}} {
		for _, cfg := range []Config{
			{EffectiveOrder: true}, {}, {Tokenizer: TokenizerChar}, {Tokenizer: TokenizerIntl, Lowercase: true},
			{Smooth: SmoothAddK}, {Smooth: SmoothFloor, SmoothValue: 0.2, MaxOrder: 2}, {Smooth: SmoothNone, EffectiveOrder: true},
		} {
			got, err := cfg.Sentences(hyps, streams...)
			if err != nil {
				t.Fatal(err)
			}
			want := make([]float64, len(hyps))
			for i := range hyps {
				var segRefs []string
				for _, st := range streams {
					segRefs = append(segRefs, st[i])
				}
				sc, err := cfg.Sentence(hyps[i], segRefs...)
				if err != nil {
					t.Fatal(err)
				}
				want[i] = sc.BLEU
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%+v, %d streams: Sentences differs from Sentence (-Sentence +Sentences):\n%s", cfg, len(streams), d)
			}
		}
	}
	got, err := Sentences(hyps[:20], refs[:20])
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if sc, _ := Sentence(hyps[i], refs[i]); sc.BLEU != got[i] {
			t.Errorf("Sentences()[%d] = %v, Sentence gives %v", i, got[i], sc.BLEU)
		}
	}

	bad := append([]string(nil), hyps...)
	bad[650], bad[400] = "\xff", "ok \xc3"
	for _, tt := range []struct {
		name       string
		hyps       []string
		refs       [][]string
		err        string
		wantLength int
	}{
		{"invalid UTF-8", bad, [][]string{refs}, "bleu: segment 400: invalid UTF-8 in the hypothesis", 0},
		{"invalid reference", hyps, [][]string{refs, bad}, "bleu: segment 400: invalid UTF-8 in reference 2", 0},
		{"no streams", hyps, nil, ErrNoReference.Error(), 0},
		{"a short stream", hyps, [][]string{refs, refs[1:]}, fmt.Sprintf("bleu: reference stream 2 has %d segments, the hypotheses %d", len(hyps)-1, len(hyps)), 0},
		{"nothing", nil, [][]string{nil}, "", 0},
	} {
		got, err := Config{}.Sentences(tt.hyps, tt.refs...)
		if msg := fmt.Sprint(err); tt.err != "" && msg != tt.err || tt.err == "" && err != nil {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.err)
		}
		if err == nil && (got == nil || len(got) != tt.wantLength) {
			t.Errorf("%s: got %v", tt.name, got)
		}
		if err != nil && got != nil {
			t.Errorf("%s: scores %v with an error", tt.name, got)
		}
	}
}

// BenchmarkSentences scores each segment of the en-de set on its own,
// with Sentences, against a Stats reused for each (Reset, Add, Score) on
// one goroutine; and Sentences on batches of 1, 8 and 64 of its pairs.
func BenchmarkSentences(b *testing.B) {
	hyps, refs, n := benchCorpus(b)
	b.Run("Sentences", func(b *testing.B) {
		b.SetBytes(n)
		start := cpuTime()
		for b.Loop() {
			if _, err := Sentences(hyps, refs); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
	// Small batches, as in a training loop's rewards: the fixed cost of
	// a call (scratch space, char tables, memories) shows here.
	for _, tok := range []StandardTokenizer{Tokenizer13a, TokenizerChar} {
		for _, k := range []int{1, 8, 64} {
			cfg := Config{Tokenizer: tok, EffectiveOrder: true}
			b.Run(fmt.Sprintf("batch/%s/%d", tok, k), func(b *testing.B) {
				i := 0
				for b.Loop() {
					if i+k > len(hyps) {
						i = 0
					}
					if _, err := cfg.Sentences(hyps[i:i+k], refs[i:i+k]); err != nil {
						b.Fatal(err)
					}
					i += k
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*k), "ns/pair")
			})
		}
	}
	b.Run("reused-Stats", func(b *testing.B) {
		b.SetBytes(n)
		s := Stats{Config: Config{EffectiveOrder: true}}
		out := make([]float64, len(hyps))
		start := cpuTime()
		for b.Loop() {
			for i := range hyps {
				s.Reset()
				if err := s.Add(hyps[i], refs[i]); err != nil {
					b.Fatal(err)
				}
				out[i] = s.Score().BLEU
			}
		}
		reportCPU(b, start)
	})
}

package bleu

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/parallel"
)

// White-box (package bleu): BenchmarkParallelSpeedup's ceiling runs
// AddCorpus's own goroutines and hand-outs (newCorpusJob) with arithmetic for
// work, which no exported name reaches; BenchmarkShardedStats shares its
// helpers. The black-box tests of AddCorpus are in corpus_test.go.

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
	xs := make([]line, j.Workers())
	if err := j.Run(func(w int) parallel.Failure {
		xs[w].start = time.Now()
		return j.Each(func(i int) error {
			xs[w].x ^= spin(units[i])
			return nil
		})
	}, nil); err != nil {
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
	hyps, refs, n := conftest.BenchCorpus(b, ".")
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

// BenchmarkShardedStats is the steady state of sharded scoring: one Stats
// per goroutine, kept from corpus to corpus (as a service scoring many
// corpora would), each adding a contiguous share of the segments, then
// Merge. Compare -cpu 1 and -cpu 2.
func BenchmarkShardedStats(b *testing.B) {
	hyps, refs, n := conftest.BenchCorpus(b, ".")
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

// Package parallel shares the segments of a corpus among goroutines, for
// the metric packages' AddCorpus, Sentences and rows: one scheduler, so
// that bleu, chrf and ter hand out work, stop at errors and pass on
// panics alike.
//
// # Contract
//
// A [Job] covers segments 0 to n-1. [Job.Run] calls its work function once
// for each worker, worker 0 on the calling goroutine, and each worker
// calls [Job.Each], which hands out chunks of contiguous segments until
// none are left. The result is that of working through the segments in
// order: Run returns the error of the lowest segment that failed, and
// every segment before it was done by some worker; segments after it may
// or may not have been. A panic on any worker is recovered, the hand-out
// stops, and once every worker has returned Run panics with it on the
// calling goroutine, so that no goroutine is left running on the caller's
// data and a deferred recover in the caller sees it.
//
// # Scheduling
//
// Chunks shrink as the corpus runs out (guided scheduling): large at
// first, so that hand-outs are few, and small at the end, so that the
// workers finish together; within the bounds each package sets in
// [Sizes] from what a segment of its metric costs.
package parallel

import (
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Job is the work of one call over a corpus, shared by its workers. Its
// methods are safe for concurrent use by the workers of one [Job.Run].
type Job struct {
	n, workers int
	sz         Sizes
	// next is the first segment not yet handed out.
	next atomic.Int64
	// failed is the first segment known to have failed: later segments
	// cannot change the result and are not handed out; -1 after a panic.
	failed atomic.Int64
	// panicked holds the first panic, with the stack it was raised on.
	panicked atomic.Pointer[Panic]
}

// Panic is a panic recovered on a worker, with the stack of the goroutine
// that panicked.
type Panic struct {
	Value any
	Stack []byte
}

// Sizes sets how a Job shares its segments out.
type Sizes struct {
	// Share is the fewest segments worth a worker of their own (at
	// least 1): a job has one worker every Share segments, at least one
	// and at most GOMAXPROCS.
	Share int
	// MinChunk and MaxChunk bound the segments handed out at once
	// (1 ≤ MinChunk ≤ MaxChunk; MaxChunk 0 means no bound): a few
	// microseconds of work at least, and at most as many as a worker may
	// hold while the others could have helped.
	MinChunk, MaxChunk int
}

// New returns the job of n segments (n > 0) shared out as sz says.
func New(n int, sz Sizes) *Job {
	if n < 1 || sz.Share < 1 || sz.MinChunk < 1 || sz.MaxChunk != 0 && sz.MaxChunk < sz.MinChunk {
		panic("parallel: New needs n > 0, Share ≥ 1 and 1 ≤ MinChunk ≤ MaxChunk or MaxChunk 0")
	}
	j := &Job{n: n, workers: min(runtime.GOMAXPROCS(0), max(1, n/sz.Share)), sz: sz}
	if j.sz.MaxChunk == 0 {
		j.sz.MaxChunk = n
	}
	j.failed.Store(int64(n))
	return j
}

// Workers returns the number of workers: Run calls work with 0 to
// Workers()-1.
func (j *Job) Workers() int { return j.workers }

// Failure is where a worker stopped: the segment At and its error Err, or
// no failure when Err is nil.
type Failure struct {
	At  int
	Err error
}

// Run calls work(w) for every worker w, worker 0 on the calling goroutine
// and the others on goroutines of their own, and returns the Err of the
// failure with the lowest At, or nil. If a worker panics, Run panics with
// onPanic's result for it once every worker has returned (with the
// *Panic itself when onPanic is nil).
func (j *Job) Run(work func(w int) Failure, onPanic func(*Panic) any) error {
	// With a single processor no goroutine starts. An idle processor
	// takes tens of µs to wake for the others (100 µs and more from a
	// halted virtual CPU); the chunks being handed out as they go, a late
	// worker only takes fewer.
	found := make([]Failure, j.workers)
	var wg sync.WaitGroup
	for w := 1; w < j.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[w] = j.guard(w, work)
		}()
	}
	if j.workers > 1 {
		// The goroutine started last waits in this processor's "run
		// next" slot, which a waking processor steals only after a
		// back-off (the runtime's usleep(3), 50 µs and more on the VMs
		// measured): yielding runs it here at once and leaves this
		// goroutine on the global queue, taken without a back-off
		// (BENCHMARKS.md, "Parallel corpora").
		runtime.Gosched()
	}
	found[0] = j.guard(0, work)
	wg.Wait()
	if p := j.panicked.Load(); p != nil {
		if onPanic == nil {
			panic(p)
		}
		panic(onPanic(p))
	}
	// Each worker stops at its first failure, and every segment before
	// the first of all was done by some worker.
	first := -1
	for w, f := range found {
		if f.Err != nil && (first < 0 || f.At < found[first].At) {
			first = w
		}
	}
	if first >= 0 {
		return found[first].Err
	}
	return nil
}

// guard returns work(w), or, if it panics, no failure, keeping the panic
// for Run and stopping the hand-out.
func (j *Job) guard(w int, work func(w int) Failure) (f Failure) {
	defer func() {
		if r := recover(); r != nil {
			j.panicked.CompareAndSwap(nil, &Panic{Value: r, Stack: debug.Stack()})
			j.failed.Store(-1)
			f = Failure{}
		}
	}()
	return work(w)
}

// Each calls do with each segment of the chunks it claims, in order
// within a chunk, until none are left or do fails: it returns that
// segment and do's error, and later segments are no longer handed out.
func (j *Job) Each(do func(i int) error) Failure {
	for lo, hi, ok := j.claim(); ok; lo, hi, ok = j.claim() {
		for i := lo; i < hi; i++ {
			if err := do(i); err != nil {
				lower(&j.failed, int64(i))
				return Failure{At: i, Err: err}
			}
		}
	}
	return Failure{}
}

// claim hands out the next chunk of contiguous segments, [lo, hi), or ok
// false when there are none left worth doing.
func (j *Job) claim() (lo, hi int, ok bool) {
	n := int64(j.n)
	for {
		next := j.next.Load()
		if next >= n || next > j.failed.Load() {
			return 0, 0, false
		}
		size := min(int64(j.sz.MaxChunk), max(int64(j.sz.MinChunk), (n-next)/int64(2*j.workers)))
		end := min(n, next+size)
		if j.next.CompareAndSwap(next, end) {
			return int(next), int(end), true
		}
	}
}

// lower sets a to v if v is smaller.
func lower(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v >= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

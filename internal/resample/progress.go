package resample

import (
	"math"
	"runtime"
	"sync"
)

// Progress calls a metric's progress callback as work completes: never
// concurrently, with done increasing, about a thousand times at most, and
// always at the end. A nil *Progress reports nothing.
type Progress struct {
	mu          sync.Mutex
	fn          func(done, total int)
	done, total int
	next, step  int
}

// NewProgress returns a Progress of total units that calls fn (which may
// be nil), first with done 0.
func NewProgress(fn func(done, total int), total int) *Progress {
	p := &Progress{fn: fn, total: total, step: max(1, total/1000)}
	if fn != nil {
		fn(0, total)
	}
	p.next = p.step
	return p
}

// Add records k more units done.
func (p *Progress) Add(k int) {
	if p == nil || p.fn == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += k
	if p.done >= p.next || p.done == p.total {
		p.fn(p.done, p.total)
		p.next = p.done + p.step
	}
}

// Workers returns how many goroutines [Bootstrap] scores n resamples on.
func Workers(n int) int {
	return max(1, min(runtime.GOMAXPROCS(0), maxWorkers, n))
}

// BootstrapMemory estimates the bytes [Bootstrap] takes for the draws of n
// resamples besides the rows: the index buffers in flight, the scores of
// every series, extra more arrays of n scores the caller makes (sorted
// copies, differences), and the largest copy of a draw's rows side by
// side. The draws' Scores need not be allocated yet. It saturates at
// math.MaxInt64.
func BootstrapMemory(draws []Draw, n, extra int) int64 {
	var copies int64
	series, N := 0, 0
	for _, d := range draws {
		series += len(d.Series)
		N = max(N, d.Series[0].Rows.Len())
		copies = max(copies, interleavedBytes(d))
	}
	idx := satMul(int64(Workers(n)+1), satMul(int64(N), 4))
	scores := satMul(int64(series+extra), satMul(int64(n), 8))
	return satAdd(copies, satAdd(idx, scores))
}

// RandomizeMemory estimates the bytes one [Randomize] of baseline and
// system takes besides the rows: for integer rows, the differences of the
// rows (2 bytes a value when both fit in a byte, 4 otherwise), and one bit
// a segment.
func RandomizeMemory(baseline, system *Rows) int64 {
	N := int64(baseline.Len())
	delta := int64(2) // bytes a value of the rows' differences
	if baseline.size != 1 || system.size != 1 {
		delta = 4
	}
	if baseline.Float() {
		delta = 0
	}
	return satAdd(N/8+64, satMul(N, delta*int64(baseline.Width())))
}

func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}

func satAdd(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

package parallel_test

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/go-bleu/bleu/internal/parallel"
)

// withProcs runs the test with GOMAXPROCS procs.
func withProcs(t *testing.T, procs int) {
	old := runtime.GOMAXPROCS(procs)
	t.Cleanup(func() { runtime.GOMAXPROCS(old) })
}

// TestEach checks that every segment is done once, in chunks within the
// bounds, the last chunk of the corpus excepted.
func TestEach(t *testing.T) {
	for _, tt := range []struct {
		n, procs int
		sz       parallel.Sizes
		workers  int
	}{
		{1, 4, parallel.Sizes{Share: 64, MinChunk: 16}, 1},
		{63, 4, parallel.Sizes{Share: 64, MinChunk: 16}, 1},
		{128, 4, parallel.Sizes{Share: 64, MinChunk: 16}, 2},
		{5000, 4, parallel.Sizes{Share: 64, MinChunk: 16}, 4},
		{5000, 1, parallel.Sizes{Share: 64, MinChunk: 16}, 1},
		{10, 4, parallel.Sizes{Share: 4, MinChunk: 4, MaxChunk: 4}, 2},
		{1001, 3, parallel.Sizes{Share: 4, MinChunk: 4, MaxChunk: 4}, 3},
		{1000, 2, parallel.Sizes{Share: 1, MinChunk: 1, MaxChunk: 7}, 2},
	} {
		t.Run(fmt.Sprint(tt.n, tt.procs, tt.sz), func(t *testing.T) {
			withProcs(t, tt.procs)
			j := parallel.New(tt.n, tt.sz)
			if j.Workers() != tt.workers {
				t.Fatalf("Workers() = %d, want %d", j.Workers(), tt.workers)
			}
			done := make([]atomic.Int32, tt.n)
			var mu sync.Mutex
			var chunks [][2]int // [first, last] of each run of consecutive segments
			err := j.Run(func(w int) parallel.Failure {
				first, last := -1, -1
				f := j.Each(func(i int) error {
					done[i].Add(1)
					if i != last+1 || first < 0 {
						if first >= 0 {
							mu.Lock()
							chunks = append(chunks, [2]int{first, last})
							mu.Unlock()
						}
						first = i
					}
					last = i
					return nil
				})
				if first >= 0 {
					mu.Lock()
					chunks = append(chunks, [2]int{first, last})
					mu.Unlock()
				}
				return f
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range done {
				if n := done[i].Load(); n != 1 {
					t.Fatalf("segment %d done %d times", i, n)
				}
			}
			// A worker's runs of consecutive segments may join chunks
			// handed out one after the other; each run holds whole
			// chunks, so only the bound from above can be checked.
			if tt.sz.MaxChunk != 0 && tt.sz.MaxChunk == tt.sz.MinChunk {
				for _, c := range chunks {
					if size := c[1] - c[0] + 1; size%tt.sz.MaxChunk != 0 && c[1] != tt.n-1 {
						t.Errorf("a run of %d segments (%d to %d), not whole chunks of %d", size, c[0], c[1], tt.sz.MaxChunk)
					}
				}
			}
		})
	}
}

// TestFirstError checks that Run returns the error of the lowest failing
// segment, with every segment before it done, whichever worker met it.
func TestFirstError(t *testing.T) {
	for _, tt := range []struct {
		n     int
		fails []int
	}{
		{100, []int{0}},
		{100, []int{99}},
		{5000, []int{4999, 17, 2500}},
		{5000, []int{3000, 2999}},
		{5000, []int{64, 4000}},
	} {
		t.Run(fmt.Sprint(tt.n, tt.fails), func(t *testing.T) {
			withProcs(t, 4)
			fails := map[int]bool{}
			lowest := tt.n
			for _, i := range tt.fails {
				fails[i] = true
				lowest = min(lowest, i)
			}
			done := make([]atomic.Bool, tt.n)
			j := parallel.New(tt.n, parallel.Sizes{Share: 16, MinChunk: 1, MaxChunk: 8})
			err := j.Run(func(int) parallel.Failure {
				return j.Each(func(i int) error {
					if fails[i] {
						return fmt.Errorf("segment %d", i)
					}
					done[i].Store(true)
					return nil
				})
			}, nil)
			if want := fmt.Sprintf("segment %d", lowest); err == nil || err.Error() != want {
				t.Fatalf("error %v, want %s", err, want)
			}
			for i := range lowest {
				if !done[i].Load() {
					t.Fatalf("segment %d, before the first failure %d, not done", i, lowest)
				}
			}
		})
	}
}

// TestPanic checks that a worker's panic reaches the caller as onPanic
// makes it, or as the *Panic, once every worker has returned.
func TestPanic(t *testing.T) {
	withProcs(t, 4)
	type wrapped struct{ v any }
	for _, wrap := range []bool{false, true} {
		j := parallel.New(5000, parallel.Sizes{Share: 16, MinChunk: 1, MaxChunk: 8})
		var running, after atomic.Int32
		var returned atomic.Bool
		var onPanic func(*parallel.Panic) any
		if wrap {
			onPanic = func(p *parallel.Panic) any { return wrapped{p.Value} }
		}
		got := func() (r any) {
			defer func() { r = recover() }()
			_ = j.Run(func(w int) parallel.Failure {
				running.Add(1)
				defer running.Add(-1)
				return j.Each(func(i int) error {
					if returned.Load() {
						after.Add(1)
					}
					if i == 1234 {
						panic(errors.New("boom"))
					}
					return nil
				})
			}, onPanic)
			return nil
		}()
		returned.Store(true)
		var v any
		switch p := got.(type) {
		case wrapped:
			v = p.v
		case *parallel.Panic:
			v = p.Value
			if len(p.Stack) == 0 {
				t.Error("no stack")
			}
		default:
			t.Fatalf("wrap %v: recovered %#v", wrap, got)
		}
		if err, _ := v.(error); err == nil || err.Error() != "boom" {
			t.Errorf("wrap %v: panic value %v", wrap, v)
		}
		if running.Load() != 0 || after.Load() != 0 {
			t.Errorf("wrap %v: %d workers running, %d segments done after Run panicked", wrap, running.Load(), after.Load())
		}
	}
}

// TestNewMisuse checks that New panics on sizes it cannot use.
func TestNewMisuse(t *testing.T) {
	for _, tt := range []struct {
		n  int
		sz parallel.Sizes
	}{
		{0, parallel.Sizes{Share: 1, MinChunk: 1}},
		{1, parallel.Sizes{Share: 0, MinChunk: 1}},
		{1, parallel.Sizes{Share: 1, MinChunk: 0}},
		{1, parallel.Sizes{Share: 1, MinChunk: 4, MaxChunk: 3}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%d, %+v) did not panic", tt.n, tt.sz)
				}
			}()
			parallel.New(tt.n, tt.sz)
		}()
	}
}

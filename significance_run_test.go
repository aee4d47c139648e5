package bleu_test

import (
	"context"
	"errors"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-bleu/bleu"
)

// runTests runs each significance test on baseline (and systems) with opt.
func runTests(ctx context.Context, baseline *bleu.Segments, systems []*bleu.Segments, n int, opt bleu.SignificanceOptions) map[string]error {
	errs := map[string]error{}
	_, errs["bootstrap"] = baseline.Bootstrap(ctx, n, opt)
	_, errs["paired-bs"] = bleu.PairedBootstrap(ctx, baseline, systems, n, opt)
	return errs
}

// TestSignificanceCancel checks that every test stops when its context is
// canceled mid-way, with an error that wraps the cause.
func TestSignificanceCancel(t *testing.T) {
	base := syntheticSegments(20000, 1, 9)
	systems := []*bleu.Segments{syntheticSegments(20000, 2, 9), syntheticSegments(20000, 3, 9)}
	for _, seed := range []bleu.Seed{{}, bleu.Seeded(0)} {
		for name, test := range map[string]func(context.Context, bleu.SignificanceOptions) error{
			"bootstrap": func(ctx context.Context, o bleu.SignificanceOptions) error {
				_, err := base.Bootstrap(ctx, 100000, o)
				return err
			},
			"paired-bs": func(ctx context.Context, o bleu.SignificanceOptions) error {
				_, err := bleu.PairedBootstrap(ctx, base, systems, 100000, o)
				return err
			},
			"paired-ar": func(ctx context.Context, o bleu.SignificanceOptions) error {
				_, err := bleu.PairedRandomization(ctx, base, systems, 100000, o)
				return err
			},
		} {
			ctx, cancel := context.WithCancel(context.Background())
			var last atomic.Int64
			opt := bleu.SignificanceOptions{Seed: seed, Progress: func(done, total int) {
				last.Store(int64(done))
				if done > 0 {
					cancel()
				}
			}}
			err := test(ctx, opt)
			cancel()
			if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "bleu: ") {
				t.Errorf("%s seed %v: error %v, want a bleu: error wrapping context.Canceled", name, seed, err)
			}
			if d := last.Load(); d >= 100000 {
				t.Errorf("%s seed %v: ran to %d after the cancel", name, seed, d)
			}
		}
	}
	// A context done before the start stops the test before any work.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	errs := runTests(ctx, base, systems, 100, bleu.SignificanceOptions{})
	_, errs["paired-ar"] = bleu.PairedRandomization(ctx, base, systems, 100, bleu.SignificanceOptions{})
	for name, err := range errs {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a canceled context: %v", name, err)
		}
	}
}

// TestSignificanceProgress checks the Progress contract: 0 first, done
// increasing, total at the end, calls never concurrent, results the same
// as without a callback.
func TestSignificanceProgress(t *testing.T) {
	base := syntheticSegments(3000, 1, 9)
	systems := []*bleu.Segments{syntheticSegments(3000, 2, 9), syntheticSegments(3000, 3, 9), syntheticSegments(3000, 4, 9)}
	for _, seed := range []bleu.Seed{{}, bleu.Seeded(0)} {
		var calls []int
		var inside atomic.Int32
		var wantTotal int
		opt := bleu.SignificanceOptions{Seed: seed, Progress: func(done, total int) {
			if inside.Add(1) != 1 {
				t.Error("concurrent Progress calls")
			}
			calls = append(calls, done)
			wantTotal = total
			inside.Add(-1)
		}}
		check := func(name string, total int) {
			t.Helper()
			if len(calls) < 2 || calls[0] != 0 || calls[len(calls)-1] != total || wantTotal != total || len(calls) > 1002 {
				t.Errorf("%s seed %v: %d calls, first %v, last %v, total %d (want %d)", name, seed, len(calls), calls[:min(1, len(calls))], calls[len(calls)-1:], wantTotal, total)
			}
			for i := 1; i < len(calls); i++ {
				if calls[i] < calls[i-1] {
					t.Fatalf("%s: done went down: %v", name, calls)
				}
			}
			calls = nil
		}
		iv, err := base.Bootstrap(context.Background(), 300, opt)
		check("bootstrap", 300)
		plain, err2 := base.Bootstrap(context.Background(), 300, bleu.SignificanceOptions{Seed: seed})
		if err != nil || err2 != nil || iv.MeanPercent != plain.MeanPercent || iv.CIPercent != plain.CIPercent {
			t.Errorf("bootstrap with progress %v %v, without %v %v", iv.Estimate, err, plain.Estimate, err2)
		}
		draws := 1
		if seed == bleu.Seeded(0) {
			draws = 1 + len(systems) // the baseline's own, and one per comparison
		}
		if _, err := bleu.PairedBootstrap(context.Background(), base, systems, 200, opt); err != nil {
			t.Fatal(err)
		}
		check("paired-bs", 200*draws)
		if _, err := bleu.PairedRandomization(context.Background(), base, systems, 500, opt); err != nil {
			t.Fatal(err)
		}
		check("paired-ar", 500*len(systems))
	}
}

// TestSignificanceMemoryLimit checks that a test whose memory cannot fit
// is an error before it starts (with ffb942e, -ci -cin 2000000000 under a
// 4 GB address-space limit crashed with a Go runtime dump), and that
// resample scores are kept only on request.
func TestSignificanceMemoryLimit(t *testing.T) {
	base := syntheticSegments(1000, 1, 9)
	systems := []*bleu.Segments{syntheticSegments(1000, 2, 9)}
	for _, tc := range []struct {
		n     int
		limit int64
	}{
		{2_000_000_000, 4 << 30},
		{math.MaxInt, 0}, // beyond anything: no limit needed
		{1000, 1000},     // small, but so is the limit
	} {
		opt := bleu.SignificanceOptions{MemoryLimit: tc.limit}
		n := tc.n
		if tc.limit != 1000 {
			n = 1 // approximate randomization keeps no per-trial scores: it would run
		}
		errs := runTests(context.Background(), base, systems, tc.n, opt)
		_, errs["paired-ar"] = bleu.PairedRandomization(context.Background(), base, systems, n, opt)
		for name, err := range errs {
			if name == "paired-ar" && tc.limit != 1000 {
				if err != nil {
					t.Errorf("paired-ar n=1: %v", err)
				}
				continue
			}
			if err == nil || !strings.HasPrefix(err.Error(), "bleu: ") || !strings.Contains(err.Error(), "memory") {
				t.Errorf("%s n=%d limit %d: error %v, want a bleu: memory error", name, tc.n, tc.limit, err)
			}
		}
	}
	// The runtime's soft limit applies when MemoryLimit is 0.
	old := debug.SetMemoryLimit(1 << 30)
	_, err := base.Bootstrap(context.Background(), 2_000_000_000, bleu.SignificanceOptions{})
	debug.SetMemoryLimit(old)
	if err == nil || !strings.Contains(err.Error(), "GB of memory") {
		t.Errorf("with GOMEMLIMIT 1 GiB: %v", err)
	}

	iv, err := base.Bootstrap(context.Background(), 100, bleu.SignificanceOptions{})
	if err != nil || iv.Samples != nil {
		t.Errorf("samples kept without KeepSamples: %d, %v", len(iv.Samples), err)
	}
	iv, err = base.Bootstrap(context.Background(), 100, bleu.SignificanceOptions{KeepSamples: true})
	if err != nil || len(iv.Samples) != 100 || iv.Samples[2] > iv.Low || iv.Samples[97] < iv.High {
		t.Errorf("KeepSamples: %d samples, %v", len(iv.Samples), err)
	}
}

// TestSegmentsMemory checks the memory a paired bootstrap takes per
// segment and system, rows included: at most 48 bytes plus a constant.
func TestSegmentsMemory(t *testing.T) {
	rows, test, err := pairedMemory(200_000, 4)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%.1f bytes a segment and system for the rows, %.1f for the paired bootstrap", rows, test)
	if rows > 16 || rows+test > 48 {
		t.Errorf("%.1f bytes a segment and system for the rows, %.1f for the paired bootstrap: want at most 16 and 48 in all", rows, test)
	}
}

// pairedMemory returns the bytes a segment and system that the rows of S
// systems of N segments take, and that a paired bootstrap of 20 resamples
// of them allocates (all its allocations, freed or not).
func pairedMemory(N, S int) (rows, test float64, err error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	segs := make([]*bleu.Segments, S)
	for k := range segs {
		segs[k] = syntheticSegments(N, uint64(k+1), 9)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	rows = float64(after.HeapAlloc-before.HeapAlloc) / float64(N*S)
	runtime.ReadMemStats(&before)
	_, err = bleu.PairedBootstrap(context.Background(), segs[0], segs[1:], 20, bleu.SignificanceOptions{})
	runtime.ReadMemStats(&after)
	test = float64(after.TotalAlloc-before.TotalAlloc) / float64(N*S)
	runtime.KeepAlive(segs)
	return rows, test, err
}

// TestSeedIgnoresEnvironment checks that the library does not read
// SACREBLEU_SEED: the zero Seed is 12345 whatever the environment says.
func TestSeedIgnoresEnvironment(t *testing.T) {
	t.Setenv("SACREBLEU_SEED", "7")
	s := syntheticSegments(100, 1, 9)
	iv, err := s.Bootstrap(context.Background(), 10, bleu.SignificanceOptions{})
	if err != nil || iv.Score.Signature.Seed != "12345" {
		t.Errorf("seed %q (%v), want 12345", iv.Score.Signature.Seed, err)
	}
}

// TestSegmentsOptionsFixed checks that Segments, like Stats, refuses
// segments under other options than those of the segments it holds.
func TestSegmentsOptionsFixed(t *testing.T) {
	var s bleu.Segments
	if err := s.Add("a b c", "a b c"); err != nil {
		t.Fatal(err)
	}
	for _, change := range []func(*bleu.Config){
		func(c *bleu.Config) { c.MaxOrder = 2 },
		func(c *bleu.Config) { c.Tokenizer = bleu.TokenizerChar },
		func(c *bleu.Config) { c.Lowercase = true },
	} {
		saved := s.Config
		change(&s.Config)
		if err := s.Add("a b", "a b"); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("Add after changing %+v: error %v, want a bleu: error", s.Config, err)
		}
		s.Config = saved
	}
	if s.Len() != 1 {
		t.Errorf("Len = %d after refused segments, want 1", s.Len())
	}
}

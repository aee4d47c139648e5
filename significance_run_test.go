package bleu

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/resample"
)

// runTests runs each significance test on baseline (and systems) with opt.
func runTests(ctx context.Context, baseline *Segments, systems []*Segments, n int, opt SignificanceOptions) map[string]error {
	errs := map[string]error{}
	_, errs["bootstrap"] = baseline.Bootstrap(ctx, n, opt)
	_, errs["paired-bs"] = PairedBootstrap(ctx, baseline, systems, n, opt)
	return errs
}

// TestSignificanceCancel checks that every test stops when its context is
// canceled mid-way, with an error that wraps the cause.
func TestSignificanceCancel(t *testing.T) {
	base := syntheticSegments(20000, 1, 9)
	systems := []*Segments{syntheticSegments(20000, 2, 9), syntheticSegments(20000, 3, 9)}
	for _, seed := range []Seed{{}, Seeded(0)} {
		for name, test := range map[string]func(context.Context, SignificanceOptions) error{
			"bootstrap": func(ctx context.Context, o SignificanceOptions) error {
				_, err := base.Bootstrap(ctx, 100000, o)
				return err
			},
			"paired-bs": func(ctx context.Context, o SignificanceOptions) error {
				_, err := PairedBootstrap(ctx, base, systems, 100000, o)
				return err
			},
			"paired-ar": func(ctx context.Context, o SignificanceOptions) error {
				_, err := PairedRandomization(ctx, base, systems, 100000, o)
				return err
			},
		} {
			ctx, cancel := context.WithCancel(context.Background())
			var last atomic.Int64
			opt := SignificanceOptions{Seed: seed, Progress: func(done, total int) {
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
	errs := runTests(ctx, base, systems, 100, SignificanceOptions{})
	_, errs["paired-ar"] = PairedRandomization(ctx, base, systems, 100, SignificanceOptions{})
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
	systems := []*Segments{syntheticSegments(3000, 2, 9), syntheticSegments(3000, 3, 9), syntheticSegments(3000, 4, 9)}
	for _, seed := range []Seed{{}, Seeded(0)} {
		var calls []int
		var inside atomic.Int32
		var wantTotal int
		opt := SignificanceOptions{Seed: seed, Progress: func(done, total int) {
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
		plain, err2 := base.Bootstrap(context.Background(), 300, SignificanceOptions{Seed: seed})
		if err != nil || err2 != nil || iv.MeanPercent != plain.MeanPercent || iv.CIPercent != plain.CIPercent {
			t.Errorf("bootstrap with progress %v %v, without %v %v", iv.Estimate, err, plain.Estimate, err2)
		}
		draws := 1
		if seed == Seeded(0) {
			draws = 1 + len(systems) // the baseline's own, and one per comparison
		}
		if _, err := PairedBootstrap(context.Background(), base, systems, 200, opt); err != nil {
			t.Fatal(err)
		}
		check("paired-bs", 200*draws)
		if _, err := PairedRandomization(context.Background(), base, systems, 500, opt); err != nil {
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
	systems := []*Segments{syntheticSegments(1000, 2, 9)}
	for _, tc := range []struct {
		n     int
		limit int64
	}{
		{2_000_000_000, 4 << 30},
		{math.MaxInt, 0}, // beyond anything: no limit needed
		{1000, 1000},     // small, but so is the limit
	} {
		opt := SignificanceOptions{MemoryLimit: tc.limit}
		n := tc.n
		if tc.limit != 1000 {
			n = 1 // approximate randomization keeps no per-trial scores: it would run
		}
		errs := runTests(context.Background(), base, systems, tc.n, opt)
		_, errs["paired-ar"] = PairedRandomization(context.Background(), base, systems, n, opt)
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
	_, err := base.Bootstrap(context.Background(), 2_000_000_000, SignificanceOptions{})
	debug.SetMemoryLimit(old)
	if err == nil || !strings.Contains(err.Error(), "GB of memory") {
		t.Errorf("with GOMEMLIMIT 1 GiB: %v", err)
	}

	iv, err := base.Bootstrap(context.Background(), 100, SignificanceOptions{})
	if err != nil || iv.Samples != nil {
		t.Errorf("samples kept without KeepSamples: %d, %v", len(iv.Samples), err)
	}
	iv, err = base.Bootstrap(context.Background(), 100, SignificanceOptions{KeepSamples: true})
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
	segs := make([]*Segments, S)
	for k := range segs {
		segs[k] = syntheticSegments(N, uint64(k+1), 9)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	rows = float64(after.HeapAlloc-before.HeapAlloc) / float64(N*S)
	runtime.ReadMemStats(&before)
	_, err = PairedBootstrap(context.Background(), segs[0], segs[1:], 20, SignificanceOptions{})
	runtime.ReadMemStats(&after)
	test = float64(after.TotalAlloc-before.TotalAlloc) / float64(N*S)
	runtime.KeepAlive(segs)
	return rows, test, err
}

// syntheticGoldenRows is the row generator of testdata/float32/gen.py.
func syntheticGoldenRows(n int) [][]int64 {
	state := uint64(1)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	out := make([][]int64, n)
	for i := range out {
		r := next()
		ref := int64(1 + r%60)
		hyp := max(1, ref+int64(r>>8%9)-4)
		q := int64(40 + r>>16%50)
		row := []int64{hyp, ref, 0, 0, 0, 0, 0, 0, 0, 0}
		prev := hyp
		for k := range 4 {
			tot := max(0, hyp-int64(k))
			m := min(tot, prev*q/100)
			row[2+k], row[6+k] = m, tot
			prev = m
		}
		out[i] = row
	}
	return out
}

// TestBootstrapFloat32Golden checks resample scores against sacreBLEU's own
// _bootstrap_resample on 700,000 segments, where the float32 sums of a
// resample pass 2^24 and round (testdata/float32/golden.json, made by
// gen.py beside it): the scores are sacreBLEU's to the last bit, and the
// sums are NumPy's float32 sums, not the exact ones.
func TestBootstrapFloat32Golden(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "float32", "golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Segments    int
		Seed        uint64
		Scores      []float64
		Float32Sums [][]int64 `json:"float32_sums"`
		ExactSums   [][]int64 `json:"exact_sums"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	var s Segments
	for _, row := range syntheticGoldenRows(g.Segments) {
		s.appendRow(row)
	}
	sc := newScorer(&s.Config, 4)
	got := make([]float64, len(g.Scores))
	d := resample.Draw{RNG: Seeded(g.Seed).rng(false), Series: []resample.Series{{Rows: &s.rows, Scores: got}}}
	if err := resample.Bootstrap(context.Background(), &sc, len(got), []resample.Draw{d}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, g.Scores) {
		t.Errorf("resample scores\n%v, sacreBLEU's\n%v", got, g.Scores)
	}
	// The paired bootstrap scores the baseline and the systems on one
	// copy of their rows side by side: the same float32 sums.
	var other Segments
	for _, row := range syntheticGoldenRows(g.Segments) {
		row[0]++
		other.appendRow(row)
	}
	pair := [][]float64{make([]float64, len(got)), make([]float64, len(got))}
	d = resample.Draw{RNG: Seeded(g.Seed).rng(false), Series: []resample.Series{{Rows: &s.rows, Scores: pair[0]}, {Rows: &other.rows, Scores: pair[1]}}}
	if err := resample.Bootstrap(context.Background(), &sc, len(got), []resample.Draw{d}, nil); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pair[0], g.Scores) {
		t.Errorf("resample scores beside another system's\n%v, sacreBLEU's\n%v", pair[0], g.Scores)
	}
	for r := range g.Scores {
		if slices.Equal(g.Float32Sums[r], g.ExactSums[r]) {
			t.Fatalf("resample %d: the golden's float32 sums are exact; it tests nothing", r)
		}
		if exact := sc.percent(g.ExactSums[r], true); exact == g.Scores[r] {
			t.Errorf("resample %d: exact sums score %v too; the golden cannot tell the orders apart", r, exact)
		}
		if f32 := sc.percent(g.Float32Sums[r], true); f32 != g.Scores[r] {
			t.Errorf("resample %d: NumPy's float32 sums score %v, sacreBLEU %v", r, f32, g.Scores[r])
		}
	}
}

// TestWideRows checks the tests on rows that need 16 and 32 bits against
// the brute-force ones.
func TestWideRows(t *testing.T) {
	for _, big := range []int64{300, 70000} {
		base, sys := syntheticSegments(500, 1, 9), new(Segments)
		for i, row := range syntheticRows(500, 2, 9) {
			if i == 17 {
				row[0], row[6] = big, big // a long hypothesis
			}
			sys.appendRow(row)
		}
		size := 2
		if big >= 1<<16 {
			size = 4
		}
		if sys.rows.ValueSize() != size || base.rows.ValueSize() != 1 {
			t.Fatalf("value sizes %d and %d, want %d and 1", sys.rows.ValueSize(), base.rows.ValueSize(), size)
		}
		want := bruteAR(base, sys, 300, 5)
		res, err := PairedRandomization(context.Background(), base, []*Segments{sys}, 300, SignificanceOptions{Seed: Seeded(5)})
		if err != nil || res.Systems[0].PValue != float64(want+1)/301 {
			t.Errorf("values up to %d: AR p = %v (%v), brute force %v", big, res.Systems[0].PValue, err, float64(want+1)/301)
		}
		raw := bruteBootstrap(sys, 50, 5)
		slices.Sort(raw)
		if got := sortedPercents(t, sys, 50, Seeded(5)); !slices.Equal(got, raw) {
			t.Errorf("values up to %d: bootstrap scores differ from brute force", big)
		}
		pr, err := PairedBootstrap(context.Background(), base, []*Segments{sys}, 50, SignificanceOptions{Seed: Seeded(5)})
		if err != nil || pr.Systems[0].MeanPercent != numpy.Mean(raw) {
			t.Errorf("values up to %d: paired mean %v (%v), brute force %v", big, pr.Systems[0].MeanPercent, err, numpy.Mean(raw))
		}
	}
}

// TestSeedIgnoresEnvironment checks that the library does not read
// SACREBLEU_SEED: the zero Seed is 12345 whatever the environment says.
func TestSeedIgnoresEnvironment(t *testing.T) {
	t.Setenv("SACREBLEU_SEED", "7")
	s := syntheticSegments(100, 1, 9)
	iv, err := s.Bootstrap(context.Background(), 10, SignificanceOptions{})
	if err != nil || iv.Score.Signature.Seed != "12345" {
		t.Errorf("seed %q (%v), want 12345", iv.Score.Signature.Seed, err)
	}
}

// TestSegmentsOptionsFixed checks that Segments, like Stats, refuses
// segments under other options than those of the segments it holds.
func TestSegmentsOptionsFixed(t *testing.T) {
	var s Segments
	if err := s.Add("a b c", "a b c"); err != nil {
		t.Fatal(err)
	}
	for _, change := range []func(*Config){
		func(c *Config) { c.MaxOrder = 2 },
		func(c *Config) { c.Tokenizer = TokenizerChar },
		func(c *Config) { c.Lowercase = true },
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

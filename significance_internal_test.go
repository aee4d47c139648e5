package bleu

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/resample"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// White-box (package bleu): these tests check the significance tests'
// machinery against its definition: the scorer against Config.compute on
// raw counts (at the int64 limit too), the rows a Segments keeps against
// its Stats, the resampling against brute-force resamplers drawing from
// the same generator, and rows wide enough to need 16 and 32 bits. None of
// raw counts, rows or generator is reachable through the API.

// TestCompute checks the final formula on hand-computed statistics.
func TestCompute(t *testing.T) {
	p := func(xs ...float64) []float64 { return xs }
	i := func(xs ...int64) []int64 { return xs }
	tests := []struct {
		name            string
		cfg             Config
		hypLen, refLen  int64
		matches, totals []int64
		want            Score
	}{
		{
			name: "perfect", hypLen: 8, refLen: 8, matches: i(8, 7, 6, 5), totals: i(8, 7, 6, 5),
			// exp(4·log(100)/4) is 100.00000000000004 in float64, as in sacreBLEU;
			// we report exactly 1.
			want: Score{BLEU: 1, BLEUPercent: 100.00000000000004, Precisions: p(1, 1, 1, 1), Counts: i(8, 7, 6, 5), Totals: i(8, 7, 6, 5), BP: 1, HypLen: 8, RefLen: 8, Ratio: 1},
		},
		{
			name: "exp smoothing", hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(25)+math.Log(100.0/(2*3))+math.Log(100.0/(4*2)))/4) / 100,
				Precisions: p(0.6, 0.25, 1.0/6, 1.0/8), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "no smoothing", cfg: Config{Smooth: SmoothNone}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{BLEU: 0, Precisions: p(0.6, 0.25, 0, 0), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1},
		},
		{
			name: "floor", cfg: Config{Smooth: SmoothFloor}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(25)+math.Log(100*0.1/3)+math.Log(100*0.1/2))/4) / 100,
				Precisions: p(0.6, 0.25, 0.1/3, 0.05), Counts: i(3, 1, 0, 0), Totals: i(5, 4, 3, 2), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "add-k changes counts", cfg: Config{Smooth: SmoothAddK, SmoothValue: 2}, hypLen: 5, refLen: 5, matches: i(3, 1, 0, 0), totals: i(5, 4, 3, 2),
			want: Score{
				BLEU:       math.Exp((math.Log(60)+math.Log(50)+math.Log(40)+math.Log(50))/4) / 100,
				Precisions: p(0.6, 0.5, 0.4, 0.5), Counts: i(3, 3, 2, 2), Totals: i(5, 6, 5, 4), BP: 1, HypLen: 5, RefLen: 5, Ratio: 1,
			},
		},
		{
			name: "no match at all: add-k adds nothing", cfg: Config{Smooth: SmoothAddK}, hypLen: 2, refLen: 3, matches: i(0, 0, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(2, 1, 0, 0), BP: math.Exp(1 - 3.0/2), HypLen: 2, RefLen: 3, Ratio: 2.0 / 3},
		},
		{
			name: "short hypothesis without effective order", hypLen: 2, refLen: 2, matches: i(2, 1, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 0, Precisions: p(1, 1, 0, 0), Counts: i(2, 1, 0, 0), Totals: i(2, 1, 0, 0), BP: 1, HypLen: 2, RefLen: 2, Ratio: 1},
		},
		{
			name: "short hypothesis with effective order", cfg: Config{EffectiveOrder: true}, hypLen: 2, refLen: 2, matches: i(2, 1, 0, 0), totals: i(2, 1, 0, 0),
			want: Score{BLEU: 1, BLEUPercent: 100.00000000000004, Precisions: p(1, 1, 0, 0), Counts: i(2, 1, 0, 0), Totals: i(2, 1, 0, 0), BP: 1, HypLen: 2, RefLen: 2, Ratio: 1},
		},
		{
			name: "empty hypothesis", hypLen: 0, refLen: 4, matches: i(0, 0, 0, 0), totals: i(0, 0, 0, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(0, 0, 0, 0), BP: 0, HypLen: 0, RefLen: 4, Ratio: 0},
		},
		{
			name: "empty reference", hypLen: 3, refLen: 0, matches: i(0, 0, 0, 0), totals: i(3, 2, 1, 0),
			want: Score{BLEU: 0, Precisions: p(0, 0, 0, 0), Counts: i(0, 0, 0, 0), Totals: i(3, 2, 1, 0), BP: 1, HypLen: 3, RefLen: 0, Ratio: 0},
		},
		{
			name: "order 1", cfg: Config{MaxOrder: 1}, hypLen: 4, refLen: 8, matches: i(3), totals: i(4),
			want: Score{BLEU: math.Exp(1-8.0/4) * math.Exp(math.Log(75)) / 100, Precisions: p(0.75), Counts: i(3), Totals: i(4), BP: math.Exp(1 - 8.0/4), HypLen: 4, RefLen: 8, Ratio: 0.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := append([]int64(nil), tt.matches...)
			tot := append([]int64(nil), tt.totals...)
			got := tt.cfg.compute(tt.hypLen, tt.refLen, m, tot)
			if tt.want.BLEUPercent == 0 {
				tt.want.BLEUPercent = 100 * tt.want.BLEU
			}
			if d := cmp.Diff(tt.want, got, cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
				t.Errorf("mismatch (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.matches, m); d != "" {
				t.Errorf("compute modified its input:\n%s", d)
			}
		})
	}
}

// TestAddKSaturates checks that add-k smoothing of statistics near the top
// of int64 saturates instead of wrapping around to negative totals, which
// made the precision negative and BLEU NaN.
func TestAddKSaturates(t *testing.T) {
	const max = math.MaxInt64
	cfg := Config{Smooth: SmoothAddK, SmoothValue: 1 << 40}
	got := cfg.compute(max, max, []int64{max - 5, 5, 5, 0}, []int64{max, max - 1, max - 2, max - 3})
	want := Score{
		BLEU:       math.Exp((math.Log(100*float64(max-5)/max)+math.Log(100*float64(5+1<<40)/max)*2+math.Log(100*float64(1<<40)/max))/4) / 100,
		Precisions: []float64{float64(max-5) / max, float64(5+1<<40) / max, float64(5+1<<40) / max, float64(1<<40) / max},
		Counts:     []int64{max - 5, 5 + 1<<40, 5 + 1<<40, 1 << 40},
		Totals:     []int64{max, max, max, max},
		BP:         1, HypLen: max, RefLen: max, Ratio: 1,
	}
	want.BLEUPercent = 100 * want.BLEU
	if d := cmp.Diff(want, got, cmpopts.EquateApprox(1e-15, 1e-15)); d != "" {
		t.Errorf("add-k at the limit (-want +got):\n%s", d)
	}
	checkRange(t, got, "add-k at the limit")
}

func TestSegmentsMatchStats(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, cfg := range []Config{{}, {MaxOrder: 2, Lowercase: true}, {MaxOrder: 6, Tokenizer: TokenizerChar}} {
		var st Stats
		st.Config = cfg
		seg := Segments{Config: cfg}
		for i := range 50 {
			hyp := conftest.RandomText(r, 12)
			refs := []string{conftest.RandomText(r, 12)}
			if i%3 == 0 {
				refs = append(refs, conftest.RandomText(r, 12))
			}
			if err := st.Add(hyp, refs...); err != nil {
				t.Fatal(err)
			}
			if err := seg.Add(hyp, refs...); err != nil {
				t.Fatal(err)
			}
		}
		opts := cmp.Options{cmp.AllowUnexported(Stats{}, fingerprint{}), cmpopts.IgnoreFields(Stats{}, "scratch", "addr", "opts"), cmpopts.IgnoreInterfaces(struct{ Tokenizer }{})}
		if d := cmp.Diff(&st, seg.Stats(), opts); d != "" {
			t.Errorf("%+v: Segments.Stats() differs from Stats (-Stats +Segments):\n%s", cfg, d)
		}
		if d := cmp.Diff(st.Score(), seg.Score()); d != "" {
			t.Errorf("%+v: Score (-Stats +Segments):\n%s", cfg, d)
		}
		if seg.Len() != 50 {
			t.Errorf("Len = %d", seg.Len())
		}
		// Each row sums to the totals.
		w := rowLen(seg.order())
		rows := flatRows(&seg)
		if len(rows) != 50*w {
			t.Fatalf("%d row values, want %d", len(rows), 50*w)
		}
		sum := make([]int64, w)
		for i, v := range rows {
			sum[i%w] += v
		}
		if d := cmp.Diff(seg.totalsRow(), sum); d != "" {
			t.Errorf("row sums (-totals +rows):\n%s", d)
		}
	}
}

// flatRows returns the rows of s one after another.
func flatRows(s *Segments) []int64 {
	w := s.rows.Width()
	out := make([]int64, s.Len()*w)
	for i := range s.Len() {
		s.rows.Row(i, out[i*w:(i+1)*w])
	}
	return out
}

func TestSegmentsAddErrors(t *testing.T) {
	var s Segments
	if err := s.Add("a b c", "a b c"); err != nil {
		t.Fatal(err)
	}
	before := s.Stats()
	for _, tc := range []struct {
		hyp  string
		refs []string
	}{
		{"x", nil},
		{"\xff", []string{"x"}},
		{"x", []string{"y", "\xfe"}},
	} {
		err := s.Add(tc.hyp, tc.refs...)
		if err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("Add(%q, %q) = %v, want a bleu: error", tc.hyp, tc.refs, err)
		}
	}
	if s.Len() != 1 || len(flatRows(&s)) != rowLen(4) {
		t.Errorf("after errors: Len %d, %d row values", s.Len(), len(flatRows(&s)))
	}
	if d := cmp.Diff(before.Score(), s.Score()); d != "" {
		t.Errorf("errors changed the score:\n%s", d)
	}
	s.Reset()
	if s.Len() != 0 || s.Score().BLEU != 0 {
		t.Errorf("after Reset: Len %d, score %v", s.Len(), s.Score())
	}
	// After Reset the options may change.
	s.MaxOrder = 2
	if err := s.Add("a b c", "a b c"); err != nil || len(flatRows(&s)) != rowLen(2) || s.Score().BLEU != 1.0000000000000004 {
		t.Errorf("Add after Reset with MaxOrder 2: %v, %d row values, %v", err, len(flatRows(&s)), s.Score())
	}
	var s2 Segments
	_ = s2.Add("a", "a")
	s2.MaxOrder = 2
	if err := s2.Add("a", "a"); err == nil {
		t.Error("changing MaxOrder after Add was not an error")
	}
}

// TestScorerMatchesCompute checks that the allocation-free scorer gives
// exactly Config.compute's score for every option.
func TestScorerMatchesCompute(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var configs []Config
	for _, sm := range []SmoothMethod{SmoothExp, SmoothNone, SmoothFloor, SmoothAddK} {
		for _, v := range []float64{0, 0.5, 2} {
			if sm == SmoothAddK && v == 0.5 {
				continue
			}
			for _, eff := range []bool{false, true} {
				for _, order := range []int{1, 2, 4, 6} {
					configs = append(configs, Config{Smooth: sm, SmoothValue: v, EffectiveOrder: eff, MaxOrder: order})
				}
			}
		}
	}
	mismatches := 0
	for _, cfg := range configs {
		order := cfg.order()
		sc := newScorer(&cfg, order)
		for range 300 {
			hyp := r.Int64N(60)
			if r.IntN(4) == 0 {
				hyp = r.Int64N(5)
			}
			ref := max(0, hyp+r.Int64N(21)-10)
			m := make([]int64, order)
			tot := make([]int64, order)
			for k := range order {
				tot[k] = max(0, hyp-int64(k))
				if tot[k] > 0 && r.IntN(5) != 0 {
					m[k] = r.Int64N(tot[k] + 1)
				}
			}
			want := cfg.compute(hyp, ref, m, tot).BLEU
			got := sc.percentOf(hyp, ref, m, tot)
			if got/100 != want {
				mismatches++
				if mismatches < 5 {
					t.Errorf("%+v hyp %d ref %d m %v t %v: scorer %v, compute %v", cfg, hyp, ref, m, tot, got, want)
				}
			}
		}
	}
	if mismatches > 0 {
		t.Errorf("%d mismatches", mismatches)
	}
}

func TestScorerPerfect(t *testing.T) {
	cfg := Config{}
	sc := newScorer(&cfg, 4)
	// sacreBLEU's perfect score, exp(4·log(100)/4).
	if got := sc.percentOf(10, 10, []int64{10, 9, 8, 7}, []int64{10, 9, 8, 7}); got != 100.00000000000004 {
		t.Errorf("perfect match scores %v", got)
	}
	if got := sc.percentOf(0, 3, []int64{0, 0, 0, 0}, []int64{0, 0, 0, 0}); got != 0 {
		t.Errorf("empty hypothesis scores %v", got)
	}
}

// TestScorerAddKFloat32 checks add-k on float32 statistics: NumPy stores
// count+k back into the float32 array, so beyond 2^24 it rounds.
func TestScorerAddKFloat32(t *testing.T) {
	cfg := Config{Smooth: SmoothAddK}
	sc := newScorer(&cfg, 2)
	big := int64(1 << 24)
	// [hyp, ref, matches 1-2, totals 1-2]. Add-k makes the bigram count
	// 2^24+1, which float32 rounds to 2^24 (ties to even), and the bigram
	// total 2^24, so the float32 score is that of a bigram count of 2^24-1
	// (+1 = 2^24).
	row := []int64{big + 1, big, big, big, big + 1, big - 1}
	rounded := []int64{big + 1, big, big, big - 1, big + 1, big - 1}
	exact := sc.percent(slices.Clone(row), false)
	f32 := sc.percent(slices.Clone(row), true)
	want := sc.percent(rounded, false)
	if f32 != want || exact == f32 {
		t.Errorf("add-k on float32 statistics: %v, want %v (exact arithmetic: %v)", f32, want, exact)
	}
}

// bruteAR is approximate randomization as sacreBLEU writes it: one bool
// array, pseudo-systems summed row by row.
func bruteAR(baseline, sys *Segments, n int, seed uint64) int {
	N, w := baseline.Len(), rowLen(baseline.order())
	sel := make([]bool, n*N)
	numpy.NewPCG64(seed).FillBools(sel)
	sc := newScorer(&baseline.Config, baseline.order())
	diff := math.Abs(sc.percentOf(baseline.sum.hypLen, baseline.sum.refLen, baseline.sum.matches, baseline.sum.totals) -
		sc.percentOf(sys.sum.hypLen, sys.sum.refLen, sys.sum.matches, sys.sum.totals))
	count := 0
	a, b := make([]int64, w), make([]int64, w)
	bl, sy := flatRows(baseline), flatRows(sys)
	for t := range n {
		clear(a)
		clear(b)
		for i := range N {
			x, y := bl[i*w:i*w+w], sy[i*w:i*w+w]
			if !sel[t*N+i] {
				x, y = y, x
			}
			for c := range w {
				a[c] += int64(x[c])
				b[c] += int64(y[c])
			}
		}
		if math.Abs(sc.percent(a, false)-sc.percent(b, false)) > diff {
			count++
		}
	}
	return count
}

func TestRandomizeMatchesBrute(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	sys := smallSegments(t, smallCorpus.hyps)
	for _, seed := range []uint64{1, 12345, 99} {
		for _, n := range []int{1, 50, 333} {
			want := bruteAR(base, sys, n, seed)
			res, err := PairedRandomization(context.Background(), base, []*Segments{sys}, n, SignificanceOptions{Seed: Seeded(seed)})
			if err != nil {
				t.Fatal(err)
			}
			got := res.Systems[0].PValue
			if w := float64(want+1) / float64(n+1); got != w {
				t.Errorf("seed %d, n %d: p = %v, brute force %v", seed, n, got, w)
			}
		}
	}
}

// bruteBootstrap is sacreBLEU's bootstrap written out: the whole index
// array first, then every resample summed.
func bruteBootstrap(s *Segments, n int, seed uint64) []float64 {
	N, w := s.Len(), rowLen(s.order())
	idx := make([]int, n*N)
	numpy.NewPCG64(seed).FillIntn(idx, N)
	sc := newScorer(&s.Config, s.order())
	out := make([]float64, n)
	rows := flatRows(s)
	for r := range n {
		sum := make([]int64, w)
		for _, i := range idx[r*N : (r+1)*N] {
			for c := range w {
				sum[c] += rows[i*w+c]
			}
		}
		out[r] = sc.percent(sum, true)
	}
	return out
}

func TestBootstrapMatchesBrute(t *testing.T) {
	s := smallSegments(t, smallCorpus.hyps)
	base := smallSegments(t, smallCorpus.base)
	for _, seed := range []uint64{0, 5, 12345} {
		for _, n := range []int{1, 39, 40, 200} {
			raw := bruteBootstrap(s, n, seed)
			sorted := slices.Clone(raw)
			slices.Sort(sorted)
			iv, err := s.Bootstrap(context.Background(), n, SignificanceOptions{Seed: Seeded(seed), KeepSamples: true})
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := sorted[n/40], sorted[n-n/40-1]
			type res struct {
				Mean, CI, Low, High float64
				Samples             []float64
			}
			// Reported scores are sacreBLEU's divided by 100, unclamped
			// (a perfect 100.00000000000004 is 1.0000000000000004).
			unit := slices.Clone(sorted)
			for i, x := range unit {
				unit[i] = x / 100
			}
			want := res{py.Mean(sorted), 0.5 * (hi - lo), lo / 100, hi / 100, unit}
			got := res{iv.MeanPercent, iv.CIPercent, iv.Low, iv.High, iv.Samples}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("seed %d n %d (-brute +Bootstrap):\n%s", seed, n, d)
			}

			// Paired bootstrap: the same resamples for both systems.
			if seed == 0 {
				continue // paired comparisons are unseeded with seed 0
			}
			blRaw := bruteBootstrap(base, n, seed)
			diffs := make([]float64, n)
			for i := range diffs {
				diffs[i] = math.Abs(raw[i] - blRaw[i])
			}
			mean := numpy.Mean(diffs)
			sc := newScorer(&s.Config, 4)
			real := math.Abs(sc.percentOf(s.sum.hypLen, s.sum.refLen, s.sum.matches, s.sum.totals) -
				sc.percentOf(base.sum.hypLen, base.sum.refLen, base.sum.matches, base.sum.totals))
			count := 0
			for _, d := range diffs {
				if d-mean > real {
					count++
				}
			}
			blSorted := slices.Clone(blRaw)
			slices.Sort(blSorted)
			pr, err := PairedBootstrap(context.Background(), base, []*Segments{s}, n, SignificanceOptions{Seed: Seeded(seed)})
			if err != nil {
				t.Fatal(err)
			}
			type paired struct{ P, Mean, CI, BlMean, BlCI float64 }
			wantP := paired{
				float64(count+1) / float64(n+1), numpy.Mean(sorted), 0.5 * (hi - lo),
				numpy.Mean(blSorted), 0.5 * (blSorted[n-n/40-1] - blSorted[n/40]),
			}
			c := pr.Systems[0]
			gotP := paired{c.PValue, c.MeanPercent, c.CIPercent, pr.Baseline.MeanPercent, pr.Baseline.CIPercent}
			if d := cmp.Diff(wantP, gotP); d != "" {
				t.Errorf("paired seed %d n %d (-brute +PairedBootstrap):\n%s", seed, n, d)
			}
		}
	}
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
		for i, row := range conftest.SyntheticRows(500, 2, 9) {
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

// syntheticSegments returns the Segments of n segments of conftest's
// synthetic rows, built without tokenizing.
func syntheticSegments(n int, sysSeed, refSeed uint64) *Segments {
	return SegmentsOfRows(conftest.SyntheticRows(n, sysSeed, refSeed))
}

// smallCorpus is a corpus of a few segments for unit tests.
var smallCorpus = func() (c struct{ hyps, base, refs []string }) {
	c.hyps, c.base, c.refs = conftest.SmallCorpus()
	return c
}()

// smallSegments returns the Segments of hyps against smallCorpus's
// references.
func smallSegments(t testing.TB, hyps []string) *Segments {
	t.Helper()
	s := &Segments{}
	for i, h := range hyps {
		if err := s.Add(h, smallCorpus.refs[i]); err != nil {
			t.Fatalf("segment %d: %v", i, err)
		}
	}
	return s
}

// checkRange checks that sc's numbers are finite and in range, as the
// black-box tests' checkRange does.
func checkRange(t *testing.T, sc Score, what string) {
	t.Helper()
	conftest.CheckRange(t, what, sc.BLEU, sc.BLEUPercent, sc.BP, sc.Precisions, sc)
}

// sortedPercents returns the sorted 0–100 scores of n bootstrap resamples
// of s with seed.
func sortedPercents(t testing.TB, s *Segments, n int, seed Seed) []float64 {
	t.Helper()
	out, err := BootstrapPercents(s, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBootstrapDeterministicAndUnchanging(t *testing.T) {
	s := smallSegments(t, smallCorpus.hyps)
	rows := flatRows(s)
	a, err := s.Bootstrap(context.Background(), 100, SignificanceOptions{Seed: Seeded(3)})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Bootstrap(context.Background(), 100, SignificanceOptions{Seed: Seeded(3)})
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(a, b); d != "" {
		t.Errorf("two runs differ:\n%s", d)
	}
	if d := cmp.Diff(rows, flatRows(s)); d != "" {
		t.Errorf("Bootstrap changed the rows:\n%s", d)
	}
	if a.Score.Signature.Bootstrap != "100" || a.Score.Signature.Seed != "3" {
		t.Errorf("signature %v", a.Score.Signature)
	}
	// Unseeded runs still give valid numbers.
	u, err := s.Bootstrap(context.Background(), 100, SignificanceOptions{Seed: Unseeded(), KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	if u.Score.Signature.Seed != "none" || !(u.Low <= u.Mean && u.Mean <= u.High) || u.CI < 0 {
		t.Errorf("unseeded interval %+v", u.Estimate)
	}
	if !slices.IsSorted(u.Samples) || len(u.Samples) != 100 {
		t.Error("unseeded samples not sorted")
	}
}

func TestPairedSeedZero(t *testing.T) {
	// With seed 0 the baseline's interval uses default_rng(0) while the
	// comparisons are unseeded, as in sacreBLEU.
	base := smallSegments(t, smallCorpus.base)
	sys := smallSegments(t, smallCorpus.hyps)
	pr, err := PairedBootstrap(context.Background(), base, []*Segments{sys}, 80, SignificanceOptions{Seed: Seeded(0)})
	if err != nil {
		t.Fatal(err)
	}
	raw := bruteBootstrap(base, 80, 0)
	slices.Sort(raw)
	if pr.Baseline.MeanPercent != numpy.Mean(raw) {
		t.Errorf("baseline mean %v, want default_rng(0)'s %v", pr.Baseline.MeanPercent, numpy.Mean(raw))
	}
	if got := pr.Signature.String(); !strings.Contains(got, "|bs:80|seed:0|") {
		t.Errorf("signature %s", got)
	}
}

package bleu

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/resample"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// segmentsOf adds hyps and refs (refs[i] are the references of segment i)
// to a new Segments with cfg.
func segmentsOf(t testing.TB, cfg Config, hyps []string, refs [][]string) *Segments {
	t.Helper()
	s := &Segments{Config: cfg}
	for i, h := range hyps {
		if err := s.Add(h, refs[i]...); err != nil {
			t.Fatalf("segment %d: %v", i, err)
		}
	}
	return s
}

// streams turns reference streams into per-segment references.
func streams(refs ...[]string) [][]string {
	out := make([][]string, len(refs[0]))
	for i := range out {
		for _, r := range refs {
			out[i] = append(out[i], r[i])
		}
	}
	return out
}

// TestConformanceBootstrap checks the bootstrap entry of every golden file
// that has one: score, mean, CI, all resample scores, the first indices,
// formatted strings and signatures.
func TestConformanceBootstrap(t *testing.T) {
	forEachConformanceSet(t, testConformanceBootstrap)
}

func testConformanceBootstrap(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var c checks
	found := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Bootstrap json.RawMessage `json:"bootstrap"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if head.Bootstrap == nil {
			continue
		}
		var g struct {
			DataDir   string            `json:"data_dir"`
			Systems   map[string]string `json:"systems"`
			Bootstrap *struct {
				System               string       `json:"system"`
				Config               goldenConfig `json:"config"`
				NBootstrap           int          `json:"n_bootstrap"`
				Seed                 string       `json:"seed"`
				Signature            string       `json:"signature"`
				SignatureShort       string       `json:"signature_short"`
				Score                float64      `json:"score"`
				Mean                 float64      `json:"mean"`
				CI                   float64      `json:"ci"`
				Formatted            string       `json:"formatted"`
				FormattedWidth1      string       `json:"formatted_width1"`
				FirstResampleIndices []int        `json:"first_resample_indices"`
				SampleScoresSorted   []float64    `json:"sample_scores_sorted"`
			} `json:"bootstrap"`
		}
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Bootstrap == nil {
			continue
		}
		found++
		bs := g.Bootstrap
		t.Run(filepath.Base(f), func(t *testing.T) {
			data := filepath.Join(dir, g.DataDir)
			hyps := conftest.ReadLines(t, filepath.Join(data, g.Systems[bs.System]))
			var refStreams [][]string
			for _, r := range bs.Config.Refs {
				refStreams = append(refStreams, conftest.ReadLines(t, filepath.Join(data, r)))
			}
			s := segmentsOf(t, bs.Config.config(t), hyps, streams(refStreams...))
			seed, err := ParseSeed(bs.Seed)
			if err != nil {
				t.Fatal(err)
			}
			iv, err := s.Bootstrap(context.Background(), bs.NBootstrap, SignificanceOptions{Seed: seed, KeepSamples: true})
			if err != nil {
				t.Fatal(err)
			}
			samples := sortedPercents(t, s, bs.NBootstrap, seed)
			type result struct {
				Score, Mean, CI float64
				Samples         []float64
			}
			c.diff(t, "bootstrap numbers",
				result{bs.Score, bs.Mean, bs.CI, bs.SampleScoresSorted},
				result{iv.Score.BLEUPercent, iv.MeanPercent, iv.CIPercent, samples})
			c.diff(t, "score.Percent()", bs.Score, iv.Score.Percent())
			c.diff(t, "0-1 scale", unitScale(bs.Mean, bs.CI, bs.SampleScoresSorted), unitScale(iv.MeanPercent, iv.CIPercent, samples))
			c.diff(t, "0-1 fields", unitScale(iv.MeanPercent, iv.CIPercent, samples), []float64{iv.Mean, iv.CI, iv.Low, iv.High})
			c.diff(t, "0-1 samples", toUnit(samples), iv.Samples)

			idx := make([]int, len(bs.FirstResampleIndices))
			seed.rng(false).FillIntn(idx, s.Len())
			c.diff(t, "first resample indices", bs.FirstResampleIndices, idx)

			sig := iv.Score.Signature
			c.diff(t, "signature", ourVersion(bs.Signature), sig.String())
			c.diff(t, "short signature", ourVersion(bs.SignatureShort), sig.Short())
			c.diff(t, "formatted", ourVersion(bs.Formatted), iv.Text(2, sig.String()))
			c.diff(t, "formatted width 1", ourVersion(bs.FormattedWidth1), iv.Text(1, sig.String()))
			c.diff(t, "seed text", bs.Seed, seed.String())
		})
	}
	if found == 0 {
		t.Fatal("no golden file has a bootstrap entry")
	}
	c.logChecks(t, set, "bootstrap")
	t.Logf("%s: %d golden files with a bootstrap entry", set.Name, found)
}

// sortedPercents returns the sorted 0–100 scores of n bootstrap resamples
// of s with seed, which Bootstrap reports on the 0–1 scale.
func sortedPercents(t testing.TB, s *Segments, n int, seed Seed) []float64 {
	t.Helper()
	sc := newScorer(&s.Config, s.order())
	out := make([]float64, n)
	d := resample.Draw{RNG: seed.rng(false), Series: []resample.Series{{Rows: &s.rows, Scores: out}}}
	if err := resample.Bootstrap(context.Background(), &sc, n, []resample.Draw{d}, nil); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// unitScale returns a bootstrap's mean, CI and interval bounds on the 0–1
// scale from its 0–100 numbers.
func unitScale(mean, ci float64, sorted []float64) []float64 {
	n := len(sorted)
	return []float64{mean / 100, ci / 100, sorted[n/40] / 100, sorted[n-n/40-1] / 100}
}

// TestConformancePaired checks the paired bootstrap and approximate
// randomization results of every golden file that has them.
func TestConformancePaired(t *testing.T) {
	forEachConformanceSet(t, testConformancePaired)
}

func testConformancePaired(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var c checks
	found := 0
	type row struct {
		System string   `json:"system"`
		Score  float64  `json:"score"`
		PValue *float64 `json:"p_value"`
		Mean   *float64 `json:"mean"`
		CI     *float64 `json:"ci"`
	}
	type test struct {
		NSamples  int    `json:"n_samples"`
		Signature string `json:"signature"`
		Results   []row  `json:"results"`
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Baseline *string         `json:"baseline"`
			Tests    json.RawMessage `json:"tests"`
		}
		if err := json.Unmarshal(b, &head); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if head.Baseline == nil || head.Tests == nil {
			continue
		}
		var g struct {
			Pair     string          `json:"pair"`
			Baseline string          `json:"baseline"`
			Systems  []string        `json:"systems"`
			Config   goldenConfig    `json:"config"`
			Tests    map[string]test `json:"tests"`
		}
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Tests == nil || g.Baseline == "" {
			continue
		}
		found++
		t.Run(filepath.Base(f), func(t *testing.T) {
			// The paired files name systems; their files follow the set's
			// layout, data/<pair>/sys-<System>.txt.
			data := filepath.Join(dir, "data", g.Pair)
			var refStreams [][]string
			for _, r := range g.Config.Refs {
				refStreams = append(refStreams, conftest.ReadLines(t, filepath.Join(data, r)))
			}
			refs := streams(refStreams...)
			cfg := g.Config.config(t)
			load := func(name string) *Segments {
				return segmentsOf(t, cfg, conftest.ReadLines(t, filepath.Join(data, "sys-"+name+".txt")), refs)
			}
			baseline := load(g.Baseline)
			var systems []*Segments
			for _, name := range g.Systems {
				systems = append(systems, load(name))
			}
			for key, tc := range g.Tests {
				t.Run(key, func(t *testing.T) {
					var res Paired
					var err error
					switch key {
					case "bs":
						res, err = PairedBootstrap(context.Background(), baseline, systems, tc.NSamples, SignificanceOptions{})
					case "ar":
						res, err = PairedRandomization(context.Background(), baseline, systems, tc.NSamples, SignificanceOptions{})
					default:
						t.Skipf("unknown test %q", key)
					}
					if err != nil {
						t.Fatal(err)
					}
					if res.Method.String() != key {
						t.Errorf("Method = %v, want %s", res.Method, key)
					}
					opt := func(x float64) *float64 { return &x }
					got := []row{{System: g.Baseline, Score: res.Baseline.Score.BLEUPercent}}
					if key == "bs" {
						got[0].Mean, got[0].CI = opt(res.Baseline.MeanPercent), opt(res.Baseline.CIPercent)
					}
					for i, s := range res.Systems {
						r := row{System: g.Systems[i], Score: s.Score.BLEUPercent, PValue: opt(s.PValue)}
						if key == "bs" {
							r.Mean, r.CI = opt(s.MeanPercent), opt(s.CIPercent)
						}
						got = append(got, r)
					}
					c.diff(t, "rows", tc.Results, got)
					c.diff(t, "signature", ourVersion(tc.Signature), res.Signature.String())
					for i, s := range res.Systems {
						c.diff(t, fmt.Sprintf("system %d signature", i+1), ourVersion(tc.Signature), s.Score.Signature.String())
					}
				})
			}
		})
	}
	if found == 0 {
		t.Fatalf("%s: no golden file has paired tests", set.Name)
	}
	c.logChecks(t, set, "paired-test")
	t.Logf("%s: %d golden files with paired tests", set.Name, found)
}

// smallCorpus is a corpus of a few segments for unit tests.
var smallCorpus = struct{ hyps, base, refs []string }{
	hyps: []string{
		"The cat sat on the mat.",
		"It is raining today in the city.",
		"He read the book yesterday evening.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and a pear.",
	},
	base: []string{
		"The cat is sitting on the mat.",
		"Today it rains in the city.",
		"Yesterday evening he read a book.",
		"We meet at noon at the station.",
		"The results were better than we expected.",
		"She has bought three apples and one pear.",
	},
	refs: []string{
		"The cat sat on the mat.",
		"It rains today in the city.",
		"He read the book last night.",
		"We will meet at the station at noon.",
		"The results were better than expected.",
		"She bought three apples and one pear.",
	},
}

func smallSegments(t testing.TB, hyps []string) *Segments {
	t.Helper()
	refs := make([][]string, len(smallCorpus.refs))
	for i, r := range smallCorpus.refs {
		refs[i] = []string{r}
	}
	return segmentsOf(t, Config{}, hyps, refs)
}

func TestSegmentsMatchStats(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, cfg := range []Config{{}, {MaxOrder: 2, Lowercase: true}, {MaxOrder: 6, Tokenizer: TokenizerChar}} {
		var st Stats
		st.Config = cfg
		seg := Segments{Config: cfg}
		for i := range 50 {
			hyp := randomText(r, 12)
			refs := []string{randomText(r, 12)}
			if i%3 == 0 {
				refs = append(refs, randomText(r, 12))
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

func TestHolmBonferroni(t *testing.T) {
	tests := []struct {
		p, want []float64
	}{
		{nil, []float64{}},
		{[]float64{0.04}, []float64{0.04}},
		// Sorted 0.01, 0.02, 0.03, 0.04: 4·0.01, 3·0.02, 2·0.03, 1·0.04 →
		// 0.04, 0.06, 0.06, 0.06 (monotone).
		{[]float64{0.03, 0.01, 0.04, 0.02}, []float64{0.06, 0.04, 0.06, 0.06}},
		// Capped at 1; ties keep their order.
		{[]float64{0.5, 0.001, 0.5}, []float64{1, 0.003, 1}},
		{[]float64{0.2, 0.2}, []float64{0.4, 0.4}},
		{[]float64{0, 1}, []float64{0, 1}},
		// 0.01·3 = 0.03, 0.015·2 = 0.03, 0.9: monotone max keeps 0.9.
		{[]float64{0.9, 0.015, 0.01}, []float64{0.9, 0.03, 0.03}},
	}
	for _, tc := range tests {
		in := slices.Clone(tc.p)
		got := HolmBonferroni(tc.p)
		if d := cmp.Diff(tc.want, got, cmpopts.EquateApprox(0, 1e-15)); d != "" {
			t.Errorf("HolmBonferroni(%v) (-want +got):\n%s", tc.p, d)
		}
		if d := cmp.Diff(in, tc.p); d != "" {
			t.Errorf("HolmBonferroni modified its input:\n%s", d)
		}
	}
	for _, bad := range []float64{-0.1, 1.5, math.NaN()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("HolmBonferroni(%v) did not panic", bad)
				}
			}()
			HolmBonferroni([]float64{0.5, bad})
		}()
	}
}

func TestPairedHolm(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	a := smallSegments(t, smallCorpus.hyps)
	b := smallSegments(t, smallCorpus.refs)
	res, err := PairedRandomization(context.Background(), base, []*Segments{a, b, a}, 200, SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var p, holm []float64
	for _, s := range res.Systems {
		p = append(p, s.PValue)
		holm = append(holm, s.HolmPValue)
	}
	if d := cmp.Diff(HolmBonferroni(p), holm); d != "" {
		t.Errorf("HolmPValue (-HolmBonferroni +got):\n%s", d)
	}
	// The same system twice gets the same p-value: every comparison
	// starts a fresh generator from the same seed.
	if p[0] != p[2] {
		t.Errorf("same system, different p-values %v", p)
	}
}

func TestSeed(t *testing.T) {
	type res struct {
		Boot, Paired string // signature texts
		N            uint64
		Seeded       bool
		DetBoot      bool
		DetPaired    bool
	}
	sig := func(s Seed) res {
		n, ok := s.Value()
		return res{s.String(), s.signature(true), n, ok, s.deterministic(false), s.deterministic(true)}
	}
	parse := func(v string) Seed {
		s, err := ParseSeed(v)
		if err != nil {
			t.Fatalf("ParseSeed(%q): %v", v, err)
		}
		return s
	}
	tests := []struct {
		name string
		seed Seed
		want res
	}{
		{"zero", Seed{}, res{"12345", "12345", 12345, true, true, true}},
		{"Seeded(42)", Seeded(42), res{"42", "42", 42, true, true, true}},
		{"Seeded(0)", Seeded(0), res{"0", "0", 0, true, true, false}},
		{"Unseeded", Unseeded(), res{"none", "none", 0, false, false, false}},
		{"None", parse("None"), res{"none", "none", 0, false, false, false}},
		{" +0042", parse(" +0042"), res{" +0042", "42", 42, true, true, true}},
		{"1_0", parse("1_0"), res{"1_0", "10", 10, true, true, true}},
		{"-0", parse("-0"), res{"-0", "0", 0, true, true, false}},
	}
	for _, tc := range tests {
		if d := cmp.Diff(tc.want, sig(tc.seed)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
	for _, bad := range []string{"", "-1", "abc", "1.5", "0x10", "18446744073709551616"} {
		if _, err := ParseSeed(bad); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("ParseSeed(%q) = %v, want a bleu: error", bad, err)
		}
	}
	if strconv.Itoa(DefaultSeed) != defaultSeedString {
		t.Errorf("DefaultSeed %d, sacreBLEU's default %q", DefaultSeed, defaultSeedString)
	}
	a, b := Seeded(12345).rng(false), Seed{}.rng(false)
	if a.Uint64() != b.Uint64() {
		t.Error("Seeded(12345) and Seed{} differ")
	}
}

func TestSignificanceErrors(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	sys := smallSegments(t, smallCorpus.hyps)
	fewer := segmentsOf(t, Config{}, smallCorpus.hyps[:5], streams(smallCorpus.refs[:5]))
	lc := segmentsOf(t, Config{Lowercase: true}, smallCorpus.hyps, streams(smallCorpus.refs))
	floor := segmentsOf(t, Config{}, smallCorpus.hyps, streams(smallCorpus.refs))
	floor.Smooth = SmoothFloor
	tworefs := segmentsOf(t, Config{}, smallCorpus.hyps, streams(smallCorpus.refs, smallCorpus.base))
	var empty Segments

	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"bootstrap n=0", func() error { _, err := sys.Bootstrap(context.Background(), 0, SignificanceOptions{}); return err }, "bleu: 0 bootstrap resamples"},
		{"bootstrap n<0", func() error { _, err := sys.Bootstrap(context.Background(), -3, SignificanceOptions{}); return err }, "bleu: -3 bootstrap resamples"},
		{"bootstrap empty", func() error { _, err := empty.Bootstrap(context.Background(), 10, SignificanceOptions{}); return err }, "bleu: no segments"},
		{"paired n=0", func() error {
			_, err := PairedBootstrap(context.Background(), base, []*Segments{sys}, 0, SignificanceOptions{})
			return err
		}, "bleu: 0 bootstrap resamples"},
		{"ar n=0", func() error {
			_, err := PairedRandomization(context.Background(), base, []*Segments{sys}, 0, SignificanceOptions{})
			return err
		}, "bleu: 0 randomization trials"},
		{"no systems", func() error {
			_, err := PairedBootstrap(context.Background(), base, nil, 10, SignificanceOptions{})
			return err
		}, "bleu: a paired test needs"},
		{"empty baseline", func() error {
			_, err := PairedRandomization(context.Background(), &empty, []*Segments{&empty}, 10, SignificanceOptions{})
			return err
		}, "bleu: no segments"},
		{"segment count", func() error {
			_, err := PairedBootstrap(context.Background(), base, []*Segments{sys, fewer}, 10, SignificanceOptions{})
			return err
		}, "bleu: system 2 cannot be compared with the baseline: 5 segments, the baseline 6"},
		{"options", func() error {
			_, err := PairedRandomization(context.Background(), base, []*Segments{lc}, 10, SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: statistics collected with"},
		{"smoothing", func() error {
			_, err := PairedRandomization(context.Background(), base, []*Segments{floor}, 10, SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: different smoothing"},
		{"nrefs", func() error {
			_, err := PairedBootstrap(context.Background(), base, []*Segments{tworefs}, 10, SignificanceOptions{})
			return err
		}, "bleu: system 1 cannot be compared with the baseline: nrefs:2, the baseline nrefs:1"},
	}
	for _, tc := range tests {
		err := tc.run()
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want prefix %q", tc.name, err, tc.want)
		}
	}
}

func TestIntervalText(t *testing.T) {
	iv := Interval{Estimate: Estimate{
		Score:       Score{BLEUPercent: 35.355, Precisions: []float64{0.5, 0.25}, BP: 1, HypLen: 4, RefLen: 4, Ratio: 1},
		MeanPercent: 35.1,
		CIPercent:   1.25,
	}}
	tests := []struct {
		width int
		sig   string
		mean  float64
		want  string
	}{
		{2, "nrefs:1|bs:1000", 35.1, "BLEU|nrefs:1|bs:1000 = 35.35 (μ = 35.10 ± 1.25) 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
		{1, "", 35.1, "BLEU = 35.4 (μ = 35.1 ± 1.2) 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
		// sacreBLEU shows the interval only when the mean is above 0.
		{2, "x:y", 0, "BLEU|x:y = 35.35 50.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 4 ref_len = 4)"},
	}
	for _, tc := range tests {
		iv.MeanPercent = tc.mean
		if got := iv.Text(tc.width, tc.sig); got != tc.want {
			t.Errorf("Text(%d, %q) =\n%s\nwant\n%s", tc.width, tc.sig, got, tc.want)
		}
	}
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

// TestPerfectUnclamped checks that a corpus that matches its references
// reports sacreBLEU's 100.00000000000004 on the 0–100 scale and that
// divided by 100, unclamped, on the 0–1 scale.
func TestPerfectUnclamped(t *testing.T) {
	s := smallSegments(t, smallCorpus.refs)
	iv, err := s.Bootstrap(context.Background(), 50, SignificanceOptions{KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	const perfect = 100.00000000000004
	if iv.Score.BLEUPercent != perfect || iv.MeanPercent != perfect || iv.Mean != perfect/100 || iv.High != perfect/100 || iv.Low != perfect/100 || iv.CI != 0 || iv.CIPercent != 0 || iv.Samples[49] != perfect/100 {
		t.Errorf("perfect corpus: %+v", iv)
	}
	// The same system against itself. sacreBLEU counts differences
	// strictly above the actual one (0), so none: p = 1/(n+1).
	pr, err := PairedBootstrap(context.Background(), s, []*Segments{s}, 50, SignificanceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c := pr.Systems[0]; c.PValue != 1.0/51 || c.Mean != perfect/100 || c.MeanPercent != perfect || c.Score.BLEUPercent != perfect {
		t.Errorf("perfect paired: %+v", c)
	}
}

// TestPairedConcurrent runs paired tests of several systems at once from
// several goroutines (for the race detector) and checks that they agree
// with one-system runs.
func TestPairedConcurrent(t *testing.T) {
	base := smallSegments(t, smallCorpus.base)
	systems := []*Segments{smallSegments(t, smallCorpus.hyps), smallSegments(t, smallCorpus.refs), smallSegments(t, smallCorpus.base)}
	for _, method := range []PairedMethod{BootstrapResampling, ApproximateRandomization} {
		run := func(systems []*Segments) Paired {
			var r Paired
			var err error
			if method == BootstrapResampling {
				r, err = PairedBootstrap(context.Background(), base, systems, 100, SignificanceOptions{Seed: Seeded(11)})
			} else {
				r, err = PairedRandomization(context.Background(), base, systems, 300, SignificanceOptions{Seed: Seeded(11)})
			}
			if err != nil {
				t.Error(err)
			}
			return r
		}
		all := run(systems)
		var wg sync.WaitGroup
		for i, s := range systems {
			wg.Go(func() {
				one := run([]*Segments{s})
				want := all.Systems[i]
				got := one.Systems[0]
				got.HolmPValue = want.HolmPValue
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("%v system %d alone (-together +alone):\n%s", method, i, d)
				}
			})
		}
		wg.Wait()
		if method == ApproximateRandomization && (all.Baseline.Mean != 0 || all.Systems[0].CI != 0) {
			t.Error("approximate randomization reported a mean or CI")
		}
		if all.Signature.Seed != "11" {
			t.Errorf("signature %v", all.Signature)
		}
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

// benchSegments returns the baseline and a system of the conformance de-en
// set, or synthetic ones of 2000 segments when it is absent.
func benchSegments(b *testing.B) (*Segments, *Segments) {
	b.Helper()
	if dir := conformanceDirOrEmpty(); dir != "" {
		data := filepath.Join(dir, "data", "de-en")
		if _, err := os.Stat(filepath.Join(data, "sys-Online-B.txt")); err == nil {
			refs := streams(conftest.ReadLines(b, filepath.Join(data, "ref.txt")))
			return segmentsOf(b, Config{}, conftest.ReadLines(b, filepath.Join(data, "sys-JDExploreAcademy.txt")), refs),
				segmentsOf(b, Config{}, conftest.ReadLines(b, filepath.Join(data, "sys-Online-B.txt")), refs)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	var refs [][]string
	var h1, h2 []string
	for range 2000 {
		refs = append(refs, []string{randomText(r, 40)})
		h1 = append(h1, randomText(r, 40))
		h2 = append(h2, randomText(r, 40))
	}
	return segmentsOf(b, Config{}, h1, refs), segmentsOf(b, Config{}, h2, refs)
}

func BenchmarkBootstrap(b *testing.B) {
	s, _ := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := s.Bootstrap(context.Background(), DefaultResamples, SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPairedBootstrap(b *testing.B) {
	base, sys := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := PairedBootstrap(context.Background(), base, []*Segments{sys}, DefaultResamples, SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPairedAR(b *testing.B) {
	base, sys := benchSegments(b)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := PairedRandomization(context.Background(), base, []*Segments{sys}, DefaultTrials, SignificanceOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

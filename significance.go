package bleu

// Bootstrap confidence intervals and paired significance tests, exactly as
// sacreBLEU 2.6.0's sacrebleu/significance.py computes them (with
// corpus_score(n_bootstrap=n) and Score.estimate_ci of
// sacrebleu/metrics/base.py). The random numbers are NumPy's
// (numpy_random.go); the sums and means are NumPy's and Python's
// (numpy_sum.go). Everything here works on per-segment rows of sufficient
// statistics and never tokenizes again.

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Segments keeps the sufficient statistics of every segment of a corpus,
// one row per segment: the hypothesis length, the closest reference length,
// and per n-gram order the clipped matches and the hypothesis n-grams
// (2 + 2·MaxOrder integers, 40 bytes a segment at order 4). The corpus
// score is the score of the sum of the rows; the significance tests
// ([Segments.Bootstrap], [PairedBootstrap], [PairedRandomization]) score
// sums of resampled or exchanged rows without tokenizing again.
//
// The zero value is ready to use with sacreBLEU's defaults; set the fields
// of the embedded [Config] before the first [Segments.Add] to change them,
// as for [Stats]. Tokenizer, Normalizer, Lowercase and MaxOrder must not
// change once segments have been added; Smooth, SmoothValue and
// EffectiveOrder may, and apply to every score computed afterwards.
//
// A Segments is not safe for concurrent use while segments are added. Once
// they are, its methods that only read (Len, Score, Stats, Bootstrap, and
// the paired tests) may be called from several goroutines at once,
// provided nobody changes its Config meanwhile.
type Segments struct {
	Config

	tok  Stats    // tokenizes and counts; only its scratch space is used
	rows []uint32 // row-major, rowLen values per segment
	sum  Stats    // the sum of the rows (its Config unused)
}

// Add adds one segment, a hypothesis and its references, exactly as
// [Stats.Add] does, keeping its statistics as a row of its own. It returns
// the errors of [Stats.Add], and an error when a count does not fit in 32
// bits (a segment of more than 4,294,967,295 words); the statistics are
// then unchanged. It panics if MaxOrder changed since the first Add.
func (s *Segments) Add(hyp string, refs ...string) error {
	order := s.Config.order()
	if s.sum.matches != nil && len(s.sum.matches) != order {
		panic("bleu: Segments.MaxOrder changed after Add")
	}
	// s.tok only tokenizes and counts: its own totals are never read.
	s.tok.Config = s.Config
	seg, err := s.tok.add(hyp, refs)
	if err != nil {
		return err
	}
	if int64(seg.hypLen) > math.MaxUint32 || int64(seg.refLen) > math.MaxUint32 {
		// Matches and totals never exceed the hypothesis length.
		return errors.New("bleu: a segment of more than 4294967295 words is too long for Segments")
	}
	s.rows = slices.Grow(s.rows, rowLen(order))
	s.rows = append(s.rows, uint32(seg.hypLen), uint32(seg.refLen))
	for _, m := range seg.matches {
		s.rows = append(s.rows, uint32(m))
	}
	for _, t := range seg.totals {
		s.rows = append(s.rows, uint32(t))
	}

	// s.sum keeps the totals with the bookkeeping Stats.add does.
	t := &s.sum
	if t.matches == nil {
		t.matches = make([]int64, order)
		t.totals = make([]int64, order)
		t.fp = s.Config.fingerprint()
		t.minRefs, t.maxRefs = len(refs), len(refs)
	}
	t.segments++
	t.hypLen += int64(seg.hypLen)
	t.refLen += int64(seg.refLen)
	for k := range order {
		t.matches[k] += seg.matches[k]
		t.totals[k] += seg.totals[k]
	}
	t.minRefs = min(t.minRefs, len(refs))
	t.maxRefs = max(t.maxRefs, len(refs))
	return nil
}

// rowLen is the number of values in a row of statistics for order.
func rowLen(order int) int { return 2 + 2*order }

// Len returns the number of segments added.
func (s *Segments) Len() int { return s.sum.Len() }

// Score returns the corpus BLEU score of the segments added so far, as
// [Stats.Score] would (with the receiver's current scoring options).
func (s *Segments) Score() Score {
	st := s.Stats()
	return st.Score()
}

// Stats returns the corpus totals of the segments added so far as a new
// Stats of the caller's own, with the receiver's Config.
func (s *Segments) Stats() *Stats {
	st := s.sum.Clone()
	st.Config = s.Config
	return st
}

// Reset discards the segments, keeping the configuration (which may then
// change, as before the first Add).
func (s *Segments) Reset() {
	s.rows = s.rows[:0]
	s.sum = Stats{}
	s.tok.Reset()
}

// order is the MaxOrder of the rows, or of the Config before any Add.
func (s *Segments) order() int {
	if s.sum.matches != nil {
		return len(s.sum.matches)
	}
	return s.Config.order()
}

// Resample and trial counts sacreBLEU uses by default.
const (
	// DefaultResamples is the number of bootstrap resamples of sacreBLEU's
	// --confidence (-cin) and --paired-bs (-pbsn).
	DefaultResamples = 1000
	// DefaultTrials is the number of approximate randomization trials of
	// sacreBLEU's --paired-ar (-parn).
	DefaultTrials = 10000
)

// DefaultSeed is sacreBLEU's seed when SACREBLEU_SEED is not set, and the
// seed of the zero [Seed].
const DefaultSeed = 12345

// Seed is the seed of the random numbers of the significance tests, with
// the meaning sacreBLEU 2.6.0 gives the environment variable
// SACREBLEU_SEED. Every test creates NumPy's default_rng(seed) afresh (for
// each system, in the paired tests), so the same seed gives the same
// numbers as sacreBLEU, run after run.
//
// The zero Seed is sacreBLEU's default, 12345. [Seeded] fixes another,
// [Unseeded] draws the generator's state from the operating system
// (sacreBLEU's SACREBLEU_SEED=none: results then vary from run to run), and
// [ParseSeed] and [SeedFromEnv] read SACREBLEU_SEED's text.
//
// Seed 0 keeps sacreBLEU's quirk: in the paired tests each comparison with
// the baseline is then unseeded (PairedTest passes `seed if seed else
// None`), while the baseline's own confidence interval uses seed 0. Choose
// a seed other than 0 for reproducible paired tests.
//
// A Seed is a small comparable value, safe for concurrent use.
type Seed struct {
	text string // a value parseSeed accepts; "" means defaultSeedString
}

// Seeded returns the fixed seed n (see [Seed] for 0).
func Seeded(n uint64) Seed { return Seed{text: strconv.FormatUint(n, 10)} }

// Unseeded returns the seed that seeds every generator from the operating
// system's entropy, as sacreBLEU's SACREBLEU_SEED=none does; its
// signatures say "seed:none".
func Unseeded() Seed { return Seed{text: "none"} }

// ParseSeed returns the seed that the value v of SACREBLEU_SEED stands for
// in sacreBLEU: "none" in any letter case is [Unseeded]; anything else must
// be a non-negative integer as Python's int() reads it (surrounding
// whitespace, a sign, Unicode decimal digits and single underscores
// between them are allowed), at most 2^64-1. The text is kept for the
// signatures, which show it as sacreBLEU does (see [Seed.String]).
func ParseSeed(v string) (Seed, error) {
	if _, _, err := parseSeed(v, false); err != nil {
		return Seed{}, fmt.Errorf("bleu: %w", err)
	}
	return Seed{text: v}, nil
}

// SeedFromEnv returns the seed of the environment variable SACREBLEU_SEED
// as sacreBLEU reads it: the default seed when it is not set, otherwise
// [ParseSeed] of its value (so a variable set to "" is an error, as in
// sacreBLEU). Like sacreBLEU, a command-line tool should read it only when
// it runs a test.
func SeedFromEnv() (Seed, error) {
	v, ok := os.LookupEnv("SACREBLEU_SEED")
	if !ok {
		return Seed{}, nil
	}
	return ParseSeed(v)
}

// value returns the SACREBLEU_SEED text of s.
func (s Seed) value() string {
	if s.text == "" {
		return defaultSeedString
	}
	return s.text
}

// Value returns the integer seed, and false for an unseeded Seed.
func (s Seed) Value() (uint64, bool) {
	n, seeded, _ := parseSeed(s.value(), false)
	return n, seeded
}

// String returns the seed as the signature of a bootstrap confidence
// interval shows it ("seed:12345"): sacreBLEU shows SACREBLEU_SEED's text
// lower-cased as it was given (so ParseSeed(" 042") shows " 042"), and
// "none" when unseeded. The paired tests' signatures show the integer
// ("42") instead.
func (s Seed) String() string {
	v, _ := seedSignatureValue(s.value(), false)
	return v
}

// rng returns a fresh generator for s: for a paired comparison when paired
// (where 0 is unseeded), for a bootstrap of one system otherwise.
func (s Seed) rng(paired bool) *pcg64 {
	n, seeded, err := parseSeed(s.value(), paired)
	if err != nil {
		panic("bleu: invalid Seed " + strconv.Quote(s.text)) // unreachable: Seeds are validated
	}
	if !seeded {
		return newPCG64Unseeded()
	}
	return newPCG64(n)
}

// deterministic reports whether generators made by s.rng(paired) repeat.
func (s Seed) deterministic(paired bool) bool {
	_, seeded, _ := parseSeed(s.value(), paired)
	return seeded
}

// signature returns the seed's signature field.
func (s Seed) signature(paired bool) string {
	v, _ := seedSignatureValue(s.value(), paired)
	return v
}

// Estimate is a corpus score with a bootstrap estimate of its distribution.
// Scores, means and intervals are on sacreBLEU's 0–100 scale, as sacreBLEU
// reports them (unlike [Score.BLEU]).
type Estimate struct {
	// Score is the corpus score of all segments. Its Signature carries the
	// test's fields (bs, ar, seed).
	Score Score
	// Percent is the corpus score on the 0–100 scale, evaluated as
	// sacreBLEU evaluates it (Score.Percent() can differ in the last bit,
	// having gone through the 0–1 scale). Like Score.BLEU it is at most
	// 100.
	Percent float64
	// Mean is the mean of the bootstrap resample scores and CI the
	// half-width of their 95% interval: sacreBLEU's "μ = Mean ± CI". Both
	// are 0 where no bootstrap was run (in approximate randomization).
	Mean float64
	CI   float64
}

// Interval is a bootstrap confidence interval of a corpus score: sacreBLEU's
// corpus_score(n_bootstrap=n), reported as "33.70 (μ = 33.69 ± 0.90)".
// Mean is the exact mean of the resample scores (Python's
// statistics.mean), and CI half the distance between the resample scores
// ranked n/40 and n-n/40-1 (the 26th and 975th of 1000, 0-based 25 and
// 974), which Low and High give.
type Interval struct {
	Estimate
	// Low and High are the bounds of the 95% interval, on the 0–100 scale.
	Low, High float64
	// Samples are the scores of the resamples, sorted in ascending order,
	// on the 0–100 scale.
	Samples []float64
}

// Text returns the interval in sacreBLEU's text format with width
// decimals, after "BLEU|signature" when signature is not empty, as
// sacreBLEU's Score.format does:
//
//	BLEU|nrefs:1|bs:1000|seed:12345|...|version:0.1.0 = 33.70 (μ = 33.69 ± 0.90) 66.3/41.3/27.9/19.4 (BP = ...)
//
// Like sacreBLEU it leaves out the parenthesis when Mean is 0 (every
// resample scored 0).
func (iv Interval) Text(width int, signature string) string {
	var b strings.Builder
	b.WriteString("BLEU")
	if signature != "" {
		b.WriteByte('|')
		b.WriteString(signature)
	}
	b.WriteString(" = ")
	b.WriteString(strconv.FormatFloat(iv.Percent, 'f', width, 64))
	if iv.Mean > 0 {
		b.WriteString(" (μ = ")
		b.WriteString(strconv.FormatFloat(iv.Mean, 'f', width, 64))
		b.WriteString(" ± ")
		b.WriteString(strconv.FormatFloat(iv.CI, 'f', width, 64))
		b.WriteByte(')')
	}
	b.WriteByte(' ')
	b.WriteString(iv.Score.Verbose())
	return b.String()
}

// Bootstrap estimates a 95% confidence interval of the corpus score by
// bootstrap resampling, as sacreBLEU's corpus_score(n_bootstrap=n) and its
// --confidence option do: with a fresh default_rng(seed), n resamples of
// Len() segments each, drawn with replacement (rng.choice(N, size=(n, N))),
// each scored as a corpus. The score's signature gains bs:n and seed.
//
// sacreBLEU sums the resampled statistics in float32, which is exact while
// the sums stay below 2^24 (16,777,216 words); a resample with a larger
// sum is summed in float32 here too, in NumPy's order, so that even then
// the numbers are sacreBLEU's.
//
// It returns an error when there are no segments or n < 1. (sacreBLEU
// itself only resamples for n > 1; with n == 1 the interval is the one
// resample, with CI 0.)
func (s *Segments) Bootstrap(n int, seed Seed) (Interval, error) {
	if err := checkResamples(n, "bootstrap resamples"); err != nil {
		return Interval{}, err
	}
	if s.Len() == 0 {
		return Interval{}, errors.New("bleu: no segments to resample")
	}
	sc := newScorer(&s.Config, s.order())
	r := newResampler(s.Len(), sc.rowLen)
	samples := make([]float64, n)
	r.bootstrap(seed.rng(false), &sc, s.rows, nil, samples, nil)
	slices.Sort(samples)
	lo, hi := ciBounds(samples)

	score := s.Score()
	score.Signature.Bootstrap = strconv.Itoa(n)
	score.Signature.Seed = seed.signature(false)
	iv := Interval{
		Estimate: Estimate{
			Score:   score,
			Percent: min(100, sc.percentOf(s.sum.hypLen, s.sum.refLen, s.sum.matches, s.sum.totals)),
			// Score.estimate_ci: statistics.mean of the sorted scores.
			Mean: min(100, pyMean(samples)),
			CI:   0.5 * (hi - lo),
		},
		Low:     min(100, lo),
		High:    min(100, hi),
		Samples: samples,
	}
	for i, x := range samples {
		samples[i] = min(100, x)
	}
	return iv, nil
}

// ciBounds returns sacreBLEU's bounds of the 95% interval of sorted scores:
// x[n//40] and x[n - n//40 - 1].
func ciBounds(sorted []float64) (lo, hi float64) {
	n := len(sorted)
	return sorted[n/40], sorted[n-n/40-1]
}

// checkResamples returns an error unless n >= 1.
func checkResamples(n int, what string) error {
	if n < 1 {
		return fmt.Errorf("bleu: %d %s: need at least 1", n, what)
	}
	return nil
}

// PairedMethod is a paired significance test.
type PairedMethod uint8

// The paired tests of sacreBLEU.
const (
	// BootstrapResampling is paired bootstrap resampling (Koehn, 2004),
	// sacreBLEU's --paired-bs ("bs").
	BootstrapResampling PairedMethod = iota
	// ApproximateRandomization is paired approximate randomization
	// (Riezler and Maxwell, 2005), sacreBLEU's --paired-ar ("ar").
	ApproximateRandomization
)

// String returns sacreBLEU's name of the test, "bs" or "ar" (its signature
// field).
func (m PairedMethod) String() string {
	switch m {
	case BootstrapResampling:
		return "bs"
	case ApproximateRandomization:
		return "ar"
	}
	return fmt.Sprintf("PairedMethod(%d)", uint8(m))
}

// Comparison is the result of one system of a paired test.
type Comparison struct {
	// Estimate is the system's score and, with paired bootstrap
	// resampling, the mean and 95% half-width of its resample scores.
	Estimate
	// PValue is the p-value of the test against the baseline: the
	// estimated probability, were the system and the baseline alike, of an
	// absolute score difference as large as the one observed,
	// (count + 1) / (N + 1) as in sacreBLEU, where count is the number of
	// resamples or trials whose statistic strictly exceeds the observed
	// difference. (So a system compared with itself gets 1/(N+1), not 1.)
	PValue float64
	// HolmPValue is PValue adjusted for comparing several systems with the
	// same baseline, by the Holm–Bonferroni method over all the systems of
	// the test (see [HolmBonferroni]); it equals PValue when there is one
	// system. It is not part of sacreBLEU's output.
	HolmPValue float64
}

// Paired is the result of a paired significance test of several systems
// against a baseline, as sacreBLEU's PairedTest reports it.
type Paired struct {
	// Method is the test and N its number of resamples or trials.
	Method PairedMethod
	N      int
	// Signature is the test's signature, e.g.
	// "nrefs:1|bs:1000|seed:12345|case:mixed|...": the seed is shown as an
	// integer, or "none".
	Signature Signature
	// Baseline is the baseline's score; with paired bootstrap resampling
	// also its bootstrap mean and 95% half-width.
	Baseline Estimate
	// Systems are the results of the systems, in the order given.
	Systems []Comparison
}

// PairedBootstrap compares every system with the baseline by paired
// bootstrap resampling with n resamples, as sacreBLEU's --paired-bs
// (PairedTest with test_type "bs"): for each system a fresh
// default_rng(seed) draws n resamples of the segments (the same for the
// baseline and the system); the p-value counts the resamples whose
// absolute score difference, minus the mean of those differences, exceeds
// the actual difference. Each system's Mean and CI come from its own
// resample scores, the baseline's from a bootstrap of its own (as
// [Segments.Bootstrap], except that the mean is NumPy's).
//
// Every system must have the baseline's number of segments, statistics
// options (tokenizer, normalizer, lowercasing, order), scoring options and
// number of references; it returns an error otherwise, when there are no
// systems or segments, and when n < 1. The systems are compared
// concurrently; the result does not depend on it.
func PairedBootstrap(baseline *Segments, systems []*Segments, n int, seed Seed) (Paired, error) {
	return paired(BootstrapResampling, baseline, systems, n, seed)
}

// PairedRandomization compares every system with the baseline by paired
// approximate randomization with n trials, as sacreBLEU's --paired-ar
// (PairedTest with test_type "ar"): for each system a fresh
// default_rng(seed) draws n·Len() coin flips (rng.integers(2, size=(n, N),
// dtype=bool)); in trial t, pseudo-system A takes the baseline's statistics
// of the segments whose coin is true and the system's of the others, and
// B the opposite; the p-value counts the trials where |BLEU(A) - BLEU(B)|
// exceeds the actual difference. It reports no means or intervals (Mean
// and CI are 0), as sacreBLEU by default.
//
// Its requirements and errors are those of [PairedBootstrap].
func PairedRandomization(baseline *Segments, systems []*Segments, n int, seed Seed) (Paired, error) {
	return paired(ApproximateRandomization, baseline, systems, n, seed)
}

// HolmBonferroni returns the p-values p adjusted for multiple comparisons
// by the Holm–Bonferroni method: with the m p-values sorted in ascending
// order, p(1) <= ... <= p(m), the adjusted value of p(i) is the largest of
// min(1, (m-j+1)·p(j)) over j <= i. Rejecting the hypotheses whose
// adjusted value is at most α controls the family-wise error rate at α.
// The result is in the order of p, monotone in p, and never below p or
// above 1. p is not modified. It panics if a p-value is not in [0, 1].
func HolmBonferroni(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i, x := range p {
		if !(x >= 0 && x <= 1) {
			panic(fmt.Sprintf("bleu: HolmBonferroni: p-value %v not in [0, 1]", x))
		}
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return p[order[a]] < p[order[b]] })
	adj := make([]float64, m)
	running := 0.0
	for rank, i := range order {
		running = max(running, min(1, float64(m-rank)*p[i]))
		adj[i] = running
	}
	return adj
}

// paired runs a paired test.
func paired(method PairedMethod, baseline *Segments, systems []*Segments, n int, seed Seed) (Paired, error) {
	what := "bootstrap resamples"
	if method == ApproximateRandomization {
		what = "randomization trials"
	}
	if err := checkResamples(n, what); err != nil {
		return Paired{}, err
	}
	if len(systems) == 0 {
		return Paired{}, errors.New("bleu: a paired test needs at least one system besides the baseline")
	}
	N := baseline.Len()
	if N == 0 {
		return Paired{}, errors.New("bleu: no segments to compare")
	}
	for i, s := range systems {
		if err := compatible(baseline, s); err != nil {
			return Paired{}, fmt.Errorf("bleu: system %d cannot be compared with the baseline: %w", i+1, err)
		}
	}

	sc := newScorer(&baseline.Config, baseline.order())
	blScore := baseline.Score()
	sig := blScore.Signature
	sig.Seed = seed.signature(true)
	if method == BootstrapResampling {
		sig.Bootstrap = strconv.Itoa(n)
	} else {
		sig.AR = strconv.Itoa(n)
	}
	blScore.Signature = sig
	blPct := sc.percentOf(baseline.sum.hypLen, baseline.sum.refLen, baseline.sum.matches, baseline.sum.totals)
	res := Paired{
		Method:    method,
		N:         n,
		Signature: sig,
		Baseline:  Estimate{Score: blScore, Percent: min(100, blPct)},
		Systems:   make([]Comparison, len(systems)),
	}

	// The baseline's scores on the resamples of a paired bootstrap: the
	// same for every comparison when its generator repeats, and then also
	// those of the baseline's own bootstrap (same seed, same draws).
	var blSamples []float64
	if method == BootstrapResampling {
		blSamples = make([]float64, n)
		newResampler(N, sc.rowLen).bootstrap(seed.rng(false), &sc, baseline.rows, nil, blSamples, nil)
		sorted := slices.Clone(blSamples)
		slices.Sort(sorted)
		lo, hi := ciBounds(sorted)
		// estimate_ci: NumPy's mean of the sorted scores.
		res.Baseline.Mean = min(100, numpyMean(sorted))
		res.Baseline.CI = 0.5 * (hi - lo)
		if !seed.deterministic(true) || !seed.deterministic(false) {
			blSamples = nil // each comparison resamples the baseline itself
		}
	}

	workers := min(len(systems), runtime.GOMAXPROCS(0))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			r := newResampler(N, sc.rowLen)
			for i := range jobs {
				res.Systems[i] = r.compare(method, n, seed, &sc, baseline, blPct, blSamples, systems[i], sig)
			}
		})
	}
	for i := range systems {
		jobs <- i
	}
	close(jobs)
	wg.Wait()

	p := make([]float64, len(systems))
	for i := range res.Systems {
		p[i] = res.Systems[i].PValue
	}
	for i, a := range HolmBonferroni(p) {
		res.Systems[i].HolmPValue = a
	}
	return res, nil
}

// compatible returns an error unless s can be compared with baseline.
func compatible(baseline, s *Segments) error {
	if s.Len() != baseline.Len() {
		return fmt.Errorf("%d segments, the baseline %d", s.Len(), baseline.Len())
	}
	if a, b := baseline.sum.fp, s.sum.fp; a != b {
		return fmt.Errorf("statistics collected with %s, the baseline's with %s", b, a)
	}
	bc, sc := &baseline.Config, &s.Config
	if bc.Smooth != sc.Smooth || bc.smoothValue() != sc.smoothValue() || bc.EffectiveOrder != sc.EffectiveOrder {
		return errors.New("different smoothing or effective-order options")
	}
	if a, b := baseline.sum.nrefs(), s.sum.nrefs(); a != b {
		return fmt.Errorf("nrefs:%s, the baseline nrefs:%s", b, a)
	}
	return nil
}

// compare runs one comparison of a paired test.
func (r *resampler) compare(method PairedMethod, n int, seed Seed, sc *scorer, baseline *Segments, blPct float64, blSamples []float64, sys *Segments, sig Signature) Comparison {
	score := sys.Score()
	score.Signature = sig
	sysPct := sc.percentOf(sys.sum.hypLen, sys.sum.refLen, sys.sum.matches, sys.sum.totals)
	c := Comparison{Estimate: Estimate{Score: score, Percent: min(100, sysPct)}}
	diff := math.Abs(blPct - sysPct)
	rng := seed.rng(true)
	count := 0
	switch method {
	case BootstrapResampling:
		sysSamples := make([]float64, n)
		if blSamples == nil {
			own := make([]float64, n)
			r.bootstrap(rng, sc, baseline.rows, sys.rows, own, sysSamples)
			blSamples = own
		} else {
			r.bootstrap(rng, sc, sys.rows, nil, sysSamples, nil)
		}
		// sample_diffs = |scores_sys - scores_bl|; stats = diffs - diffs.mean()
		diffs := make([]float64, n)
		for i := range diffs {
			diffs[i] = math.Abs(sysSamples[i] - blSamples[i])
		}
		mean := numpyMean(diffs)
		for _, d := range diffs {
			if d-mean > diff {
				count++
			}
		}
		slices.Sort(sysSamples)
		lo, hi := ciBounds(sysSamples)
		c.Mean = min(100, numpyMean(sysSamples))
		c.CI = 0.5 * (hi - lo)
	case ApproximateRandomization:
		count = r.randomize(rng, n, sc, baseline, sys, diff)
	}
	c.PValue = float64(count+1) / float64(n+1)
	return c
}

// float32Exact is the largest sum for which float32 arithmetic on integer
// statistics is exact: every integer up to 2^24 is a float32.
const float32Exact = 1 << 24

// scorer evaluates sacreBLEU's compute_bleu on summed rows of statistics,
// on the 0–100 scale, without allocating. It performs exactly the float64
// operations of [Config.compute], in the same order. It is not changed
// after newScorer, so one scorer serves several goroutines.
type scorer struct {
	order  int
	rowLen int
	smooth SmoothMethod
	value  float64 // smoothing value (floor, add-k)
	addK   int64   // add-k's k
	eff    bool
}

func newScorer(c *Config, order int) scorer {
	c.check()
	sc := scorer{
		order:  order,
		rowLen: rowLen(order),
		smooth: c.Smooth,
		value:  c.smoothValue(),
		eff:    c.EffectiveOrder,
	}
	if c.Smooth == SmoothAddK {
		sc.addK = int64(sc.value)
	}
	return sc
}

// percentOf scores the given totals.
func (sc *scorer) percentOf(hypLen, refLen int64, matches, totals []int64) float64 {
	row := make([]int64, sc.rowLen)
	row[0], row[1] = hypLen, refLen
	copy(row[2:], matches)
	copy(row[2+sc.order:], totals)
	return sc.percent(row, false)
}

// percent returns BLEU on the 0–100 scale (uncapped, so a perfect match
// scores 100.00000000000004 as in sacreBLEU) of a summed row [hyp len, ref
// len, matches..., totals...]. f32 says the row holds float32 sums, as in
// sacreBLEU's bootstrap; add-k's additions are then rounded to float32 too,
// as NumPy stores them back into the float32 array.
func (sc *scorer) percent(row []int64, f32 bool) float64 {
	order := sc.order
	matches, totals := row[2:2+order], row[2+order:2+2*order]
	bp := brevityPenalty(row[0], row[1])
	matched := false
	for _, m := range matches {
		if m != 0 {
			matched = true
			break
		}
	}
	if !matched {
		return 0
	}
	smoothMteval := 1.0
	eff := order
	sum := 0.0
	n := 1
	for ; n <= order; n++ {
		cnt, tot := matches[n-1], totals[n-1]
		if sc.addK != 0 && n > 1 {
			cnt += sc.addK
			tot += sc.addK
			if f32 {
				cnt, tot = int64(float32(cnt)), int64(float32(tot))
			}
		}
		if tot == 0 {
			break
		}
		if sc.eff {
			eff = n
		}
		var p float64
		if cnt == 0 {
			switch sc.smooth {
			case SmoothExp:
				smoothMteval *= 2
				p = 100 / (smoothMteval * float64(tot))
			case SmoothFloor:
				p = 100 * sc.value / float64(tot)
			}
		} else {
			p = 100 * float64(cnt) / float64(tot)
		}
		sum += myLog(p)
	}
	// The precisions past the break are 0; without effective order they
	// take part in the mean.
	for ; n <= eff; n++ {
		sum += myLog(0)
	}
	return bp * crExp(sum/float64(eff))
}

// resampler holds the scratch space of the resampling loops of one
// goroutine.
type resampler struct {
	segs  int
	width int
	idx   []int
	sumA  []int64
	sumB  []int64
	delta []int32 // approximate randomization: baseline row - system row
	words []uint64
}

func newResampler(segs, width int) *resampler {
	return &resampler{
		segs:  segs,
		width: width,
		idx:   make([]int, segs),
		sumA:  make([]int64, width),
		sumB:  make([]int64, width),
	}
}

// bootstrap draws len(outA) resamples of the segments from rng, as
// rng.choice(N, size=(len(outA), N)) does, and stores the score of resample
// r of rowsA in outA[r] and, when rowsB is not nil, of rowsB in outB[r]
// (the same resample).
func (r *resampler) bootstrap(rng *pcg64, sc *scorer, rowsA, rowsB []uint32, outA, outB []float64) {
	for k := range outA {
		rng.fillIntn(r.idx, r.segs)
		outA[k] = r.resampleScore(sc, rowsA, r.sumA)
		if rowsB != nil {
			outB[k] = r.resampleScore(sc, rowsB, r.sumB)
		}
	}
}

// resampleScore sums the rows r.idx of rows into sum and scores them as
// sacreBLEU does: on float32 statistics, summed in float32 in resample
// order (NumPy reduces a C-contiguous array over axis 0 row by row). Up to
// 2^24 that is exact, so integer sums stand in for it; a resample with a
// larger sum is summed again in float32.
func (r *resampler) resampleScore(sc *scorer, rows []uint32, sum []int64) float64 {
	w := r.width
	clear(sum)
	if w == 10 {
		s := (*[10]int64)(sum)
		for _, i := range r.idx {
			row := (*[10]uint32)(rows[i*10 : i*10+10])
			s[0] += int64(row[0])
			s[1] += int64(row[1])
			s[2] += int64(row[2])
			s[3] += int64(row[3])
			s[4] += int64(row[4])
			s[5] += int64(row[5])
			s[6] += int64(row[6])
			s[7] += int64(row[7])
			s[8] += int64(row[8])
			s[9] += int64(row[9])
		}
	} else {
		for _, i := range r.idx {
			row := rows[i*w : i*w+w]
			for c, v := range row {
				sum[c] += int64(v)
			}
		}
	}
	for _, v := range sum {
		if v > float32Exact {
			r.float32Sum(rows, sum)
			break
		}
	}
	return sc.percent(sum, true)
}

// float32Sum sums the rows r.idx of rows in float32 arithmetic, column by
// column in resample order, each value first rounded to float32, as NumPy
// does for np.array(stats, dtype='float32')[idxs[r]].sum(0).
func (r *resampler) float32Sum(rows []uint32, sum []int64) {
	w := r.width
	for c := range w {
		var acc float32
		for _, i := range r.idx {
			acc = float32(acc + float32(rows[i*w+c]))
		}
		sum[c] = int64(acc)
	}
}

// randomize runs n approximate randomization trials of sys against
// baseline with coin flips from rng and returns how many trials had an
// absolute score difference above diff.
//
// NumPy's rng.integers(2, size=(n, N), dtype=bool) on a fresh generator
// yields the bits of consecutive 64-bit outputs, least significant first
// (see fillBools), so trial t takes bits t·N to (t+1)·N-1 of that stream.
// Its statistics are integers (sacreBLEU sums them with an integer matrix
// product): A = Σ_sel baseline + Σ_¬sel system = system total + Σ_sel
// (baseline - system), and B = baseline total + system total - A.
func (r *resampler) randomize(rng *pcg64, n int, sc *scorer, baseline, sys *Segments, diff float64) int {
	N, w := r.segs, r.width
	if cap(r.delta) < N*w {
		r.delta = make([]int32, N*w)
	}
	delta := r.delta[:N*w]
	for i, b := range baseline.rows {
		// The rows fit in 32 bits; their difference may not fit in an
		// int32 only for a segment of more than 2^31 words.
		delta[i] = int32(int64(b) - int64(sys.rows[i]))
	}
	wide := false
	for i, b := range baseline.rows {
		if d := int64(b) - int64(sys.rows[i]); d != int64(delta[i]) {
			wide = true
			break
		}
	}
	blTot := rowTotals(baseline)
	sysTot := rowTotals(sys)
	words := (N + 63) / 64
	if cap(r.words) < words {
		r.words = make([]uint64, words)
	}
	mask := r.words[:words]
	bitsIn := bitReader{p: rng}
	a, b := r.sumA, r.sumB
	count := 0
	for range n {
		for k := range mask {
			mask[k] = bitsIn.next(min(64, N-64*k))
		}
		copy(a, sysTot)
		if wide {
			for k, m := range mask {
				for ; m != 0; m &= m - 1 {
					i := 64*k + bits.TrailingZeros64(m)
					for c := range w {
						a[c] += int64(baseline.rows[i*w+c]) - int64(sys.rows[i*w+c])
					}
				}
			}
		} else {
			addSelected(a, delta, mask, w)
		}
		for c := range w {
			b[c] = blTot[c] + sysTot[c] - a[c]
		}
		if math.Abs(sc.percent(a, false)-sc.percent(b, false)) > diff {
			count++
		}
	}
	return count
}

// addSelected adds to a the rows of delta (of width w) whose bits are set in
// mask.
func addSelected(a []int64, delta []int32, mask []uint64, w int) {
	if w == 10 {
		s := (*[10]int64)(a)
		for k, m := range mask {
			for ; m != 0; m &= m - 1 {
				i := 64*k + bits.TrailingZeros64(m)
				d := (*[10]int32)(delta[i*10 : i*10+10])
				s[0] += int64(d[0])
				s[1] += int64(d[1])
				s[2] += int64(d[2])
				s[3] += int64(d[3])
				s[4] += int64(d[4])
				s[5] += int64(d[5])
				s[6] += int64(d[6])
				s[7] += int64(d[7])
				s[8] += int64(d[8])
				s[9] += int64(d[9])
			}
		}
		return
	}
	for k, m := range mask {
		for ; m != 0; m &= m - 1 {
			i := 64*k + bits.TrailingZeros64(m)
			for c, d := range delta[i*w : i*w+w] {
				a[c] += int64(d)
			}
		}
	}
}

// rowTotals returns the totals of s as a row.
func rowTotals(s *Segments) []int64 {
	t := make([]int64, 0, rowLen(len(s.sum.matches)))
	t = append(t, s.sum.hypLen, s.sum.refLen)
	t = append(t, s.sum.matches...)
	return append(t, s.sum.totals...)
}

// bitReader reads the bits of a generator's consecutive 64-bit outputs,
// least significant first: the values of one large
// Generator.integers(2, size, dtype=bool) call on a generator whose 32-bit
// buffer is empty (a fresh one), read in order.
type bitReader struct {
	p    *pcg64
	buf  uint64 // unread bits, in the low n bits
	have int
}

// next returns the next k bits (1 <= k <= 64), the first in bit 0.
func (b *bitReader) next(k int) uint64 {
	mask := ^uint64(0) >> (64 - k)
	if b.have >= k {
		v := b.buf & mask
		b.buf >>= k // k == 64 leaves 0
		b.have -= k
		return v
	}
	w := b.p.next64()
	v := (b.buf | w<<b.have) & mask
	used := k - b.have
	b.buf = w >> used
	b.have = 64 - used
	return v
}

// appendRow adds one segment's row [hyp len, ref len, matches..., totals...]
// (with one reference), for tests and benchmarks that make statistics
// without text.
func (s *Segments) appendRow(row []int64) {
	order := (len(row) - 2) / 2
	for _, v := range row {
		s.rows = append(s.rows, uint32(v))
	}
	t := &s.sum
	if t.matches == nil {
		t.matches = make([]int64, order)
		t.totals = make([]int64, order)
		t.fp = s.Config.fingerprint()
		t.minRefs, t.maxRefs = 1, 1
	}
	t.segments++
	t.hypLen += row[0]
	t.refLen += row[1]
	for k := range order {
		t.matches[k] += row[2+k]
		t.totals[k] += row[2+order+k]
	}
}

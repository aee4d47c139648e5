package report

import (
	"errors"
	"fmt"
	"math"
)

// Report is the content of a comparison report: plain numbers and texts,
// with every BLEU value and precision on the 0–1 scale, as
// [github.com/go-bleu/bleu.Score.BLEU] is. [FromCorpus] fills one from the
// library; a tool with numbers of its own may fill one by hand. Only
// Systems is required; every other part that is empty is left out of the
// report.
//
// A Report is a plain value: [Report.WriteHTML] reads it and never
// modifies it, so one Report may be written from several goroutines at
// once.
type Report struct {
	// Title is the heading of the report; "" means "BLEU comparison", or
	// the lead metric's name and " comparison" (see Lead).
	Title string
	// Systems are the systems compared, at least one. The first is the
	// baseline of Test and of the segment differences.
	Systems []System
	// Test is the paired significance test of every other system against
	// the first; its zero value means that none was run.
	Test Test
	// Signature is the signature of the corpus scores, as
	// [github.com/go-bleu/bleu.Signature.String] gives it.
	Signature string
	// Scale is the interpretation scale, bands in ascending order that
	// cover [0, 1]. [Qualities] gives the library's.
	Scale []Band
	// Buckets are the reference-length buckets of System.Buckets, in
	// ascending order.
	Buckets []Bucket
	// References are the references of every segment, References[k][i]
	// being the k-th reference of segment i (as in
	// [github.com/go-bleu/bleu.Config.Corpus]). With System.Hypotheses and
	// System.Sentences they give the segments where two systems differ
	// most.
	References [][]string
	// RefWords are the words (as BLEU tokenizes them) of the first
	// reference of every segment; segments with fewer than MinWords are not
	// shown among the differences, since the sentence BLEU of a few words
	// is mostly noise.
	RefWords []int
	// MinWords is that minimum; 0 means 10 (negative values are rejected).
	MinWords int
	// Differences is the number of segments shown in each direction for
	// each system compared with the baseline; 0 means 5, and a negative
	// value shows none.
	Differences int
	// Metrics are the metrics other than BLEU (chrF, TER) whose scores
	// every system carries in System.Metrics, in this order; empty for a
	// report of BLEU alone.
	Metrics []Metric
	// Lead names the metric that leads the page: "" (or "BLEU") for BLEU,
	// otherwise the Name of one of Metrics. The lead metric's score is the
	// systems table's first score column, its difference from the
	// baseline and p-values are the table's Δ, p and Holm p, and its
	// sentence scores and scores by reference length
	// ([MetricScore].Sentences and Buckets, or System's for BLEU) draw the
	// histograms, the chart by length and the differences. Where lower is
	// better ([Metric].LowerIsBetter) a lower score counts as better
	// throughout.
	Lead string
	// NoBLEU leaves BLEU out of the page: its column, the n-gram
	// precisions, the interpretation scale and BLEU's signatures. Each
	// System's Score, Interval, PValue, HolmPValue, Sentences and Buckets
	// are then unused, as are Signature and Test.Signature, and Lead must
	// name one of Metrics.
	NoBLEU bool
}

// Metric describes a metric other than BLEU shown in the table of
// systems.
type Metric struct {
	// Name is the metric's name as sacreBLEU prints it, such as "chrF2",
	// "chrF2++" or "TER"; it must be non-empty and differ from "BLEU"
	// and from the other metrics' names.
	Name string
	// LowerIsBetter tells that lower scores are better, as for TER.
	LowerIsBetter bool
	// Signature is the signature of the metric's corpus scores.
	Signature string
	// IntervalSignature and TestSignature are the signatures of its
	// bootstrap intervals and of Report.Test under it; "" for none.
	IntervalSignature, TestSignature string
}

// MetricScore is a system's corpus score of one of Report.Metrics.
type MetricScore struct {
	// Score is the score as sacreBLEU prints it, on the 0–100 scale (TER
	// may exceed 100); it must be finite and not negative.
	Score float64
	// Mean and CI, when Resamples > 0, are the mean of the bootstrap
	// resamples' scores and the half width of their 95% confidence
	// interval, as sacreBLEU prints them ("μ = Mean ± CI"), on the scale
	// of Score; both finite and not negative.
	Mean, CI float64
	// Resamples is the number of bootstrap resamples; 0 means no interval.
	Resamples int
	// PValue and HolmPValue are the p-value of Report.Test under this
	// metric against the first system and its Holm–Bonferroni adjustment,
	// in [0, 1], as System's are (and ignored when System's are).
	PValue, HolmPValue float64
	// Sentences are the metric's sentence scores of every segment, on the
	// scale of Score, and Buckets its corpus scores of the segments of
	// each of Report.Buckets; both finite, not negative, and empty when
	// not computed. Only the lead metric's are drawn (see Report.Lead).
	Sentences, Buckets []float64
}

// System is one system's results.
type System struct {
	// Name names the system, usually its file.
	Name string
	// Score is its corpus score.
	Score Score
	// Interval, when Interval.Resamples > 0, is its bootstrap 95%
	// confidence interval.
	Interval Interval
	// PValue and HolmPValue are the p-value of Report.Test against the
	// first system and its Holm–Bonferroni adjustment over all the systems
	// tested, in [0, 1]; they are ignored for the first system and when no
	// test ran. The page marks a system significant only when Holm's p is
	// below 0.05 and the difference shows (0.01 BLEU points or more).
	PValue, HolmPValue float64
	// Sentences are the sentence BLEU of every segment, usually in [0, 1]
	// (see [Score.BLEU]); empty when not computed.
	Sentences []float64
	// Hypotheses are the system's segments; empty when not kept.
	Hypotheses []string
	// Buckets are the corpus BLEU of the segments of each of
	// Report.Buckets, usually in [0, 1] (see [Score.BLEU]); empty when not
	// computed.
	Buckets []float64
	// Metrics are the system's scores of Report.Metrics, in their order:
	// one for each, or none.
	Metrics []MetricScore
}

// Score is a corpus BLEU score with the numbers it was computed from.
type Score struct {
	// BLEU is the score: sacreBLEU's divided by 100, never clamped. It is
	// usually in [0, 1]; a perfect match is a few ulps above 1, and floor
	// smoothing with a value above 1 can take it far above (the page then
	// extends its scale and axes past 100). It must be finite and not
	// negative.
	BLEU float64
	// Precisions are the n-gram precisions after smoothing, index 0 for
	// unigrams, usually in [0, 1] (above 1 with floor smoothing above 1).
	Precisions []float64
	// BP is the brevity penalty and Ratio the hypothesis length over the
	// reference length.
	BP, Ratio float64
	// HypLen and RefLen are the hypothesis and (closest) reference lengths
	// in words.
	HypLen, RefLen int64
}

// Interval is a bootstrap confidence interval of a corpus score.
type Interval struct {
	// Low and High bound the 95% interval and Mean is the mean of the
	// resample scores, on the scale of [Score.BLEU]; Low <= High.
	Low, High, Mean float64
	// Resamples is the number of bootstrap resamples; 0 means no interval.
	Resamples int
	// Signature is the interval's signature, with its bs and seed fields.
	Signature string
}

// Test describes a paired significance test.
type Test struct {
	// Name is the test's name, [PairedBootstrap] or [PairedRandomization];
	// "" means no test was run. Other names are rejected.
	Name string
	// N is its number of resamples or trials.
	N int
	// Signature is its signature, with its bs or ar and seed fields.
	Signature string
}

// The names of the paired tests that [Test.Name] accepts.
const (
	PairedBootstrap     = "paired bootstrap resampling"
	PairedRandomization = "paired approximate randomization"
)

// Band is one band of the interpretation scale.
type Band struct {
	// Min and Max bound the band on the 0–1 scale: Min <= BLEU < Max.
	Min, Max float64
	// Description is the band's reading, such as "high quality
	// translations".
	Description string
}

// Bucket is a range of reference lengths.
type Bucket struct {
	// Min and Max bound the reference length in words: Min <= words <=
	// Max; a negative Max means no upper bound.
	Min, Max int
	// Segments is the number of segments in the bucket.
	Segments int
}

// Label returns the bucket's range as text, such as "10–19" or "50+".
func (b Bucket) Label() string {
	switch {
	case b.Max < 0:
		return fmt.Sprintf("%d+", b.Min)
	case b.Min == b.Max:
		return fmt.Sprint(b.Min)
	}
	return fmt.Sprintf("%d–%d", b.Min, b.Max)
}

// bucketEdges are the lower bounds, in words, of the reference-length
// buckets that [LengthBuckets] makes: 1–9, 10–19, 20–29, 30–39, 40–49 and
// 50 or more words (the first bucket also takes empty references).
var bucketEdges = [...]int{0, 10, 20, 30, 40, 50}

// LengthBuckets returns the non-empty buckets of the given reference
// lengths, and for each length the index of its bucket in the result.
// The buckets are those of compare-mt's length analysis: up to 9 words,
// then ten words each up to 49, then 50 or more.
func LengthBuckets(words []int) (buckets []Bucket, index []int) {
	var counts [len(bucketEdges)]int
	which := make([]int, len(words))
	for i, w := range words {
		b := len(bucketEdges) - 1
		for b > 0 && w < bucketEdges[b] {
			b--
		}
		which[i] = b
		counts[b]++
	}
	var at [len(bucketEdges)]int
	for b, n := range counts {
		at[b] = -1
		if n == 0 {
			continue
		}
		at[b] = len(buckets)
		lo, hi := bucketEdges[b], -1
		if b+1 < len(bucketEdges) {
			hi = bucketEdges[b+1] - 1
		}
		if b == 0 {
			lo = 1
		}
		buckets = append(buckets, Bucket{Min: lo, Max: hi, Segments: n})
	}
	for i, b := range which {
		which[i] = at[b]
	}
	return buckets, which
}

// check returns an error when r cannot be written: no systems, slices of
// different lengths, or numbers that are not finite or out of range.
func (r *Report) check() error {
	if len(r.Systems) == 0 {
		return errors.New("report: no systems")
	}
	segments := -1
	same := func(what string, n int) error {
		if n == 0 {
			return nil
		}
		if segments >= 0 && n != segments {
			return fmt.Errorf("report: %s has %d segments, others %d", what, n, segments)
		}
		segments = n
		return nil
	}
	for k, refs := range r.References {
		if err := same(fmt.Sprintf("reference stream %d", k+1), len(refs)); err != nil {
			return err
		}
	}
	if err := same("RefWords", len(r.RefWords)); err != nil {
		return err
	}
	for _, s := range r.Systems {
		if err := same(s.Name+"'s hypotheses", len(s.Hypotheses)); err != nil {
			return err
		}
		if len(s.Metrics) != 0 && len(s.Metrics) != len(r.Metrics) {
			return fmt.Errorf("report: %s has %d metric scores for %d metrics", s.Name, len(s.Metrics), len(r.Metrics))
		}
		for k, m := range s.Metrics {
			name := r.Metrics[k].Name
			if err := same(s.Name+"'s "+name+" sentence scores", len(m.Sentences)); err != nil {
				return err
			}
			if len(m.Buckets) != 0 && len(m.Buckets) != len(r.Buckets) {
				return fmt.Errorf("report: %s has %d %s bucket scores for %d buckets", s.Name, len(m.Buckets), name, len(r.Buckets))
			}
		}
		if r.NoBLEU {
			continue
		}
		if err := same(s.Name+"'s sentence scores", len(s.Sentences)); err != nil {
			return err
		}
		if len(s.Buckets) != 0 && len(s.Buckets) != len(r.Buckets) {
			return fmt.Errorf("report: %s has %d bucket scores for %d buckets", s.Name, len(s.Buckets), len(r.Buckets))
		}
		if err := s.check(); err != nil {
			return err
		}
	}
	if err := r.checkMetrics(); err != nil {
		return err
	}
	switch r.Test.Name {
	case "":
	case PairedBootstrap, PairedRandomization:
		if r.Test.N <= 0 {
			return fmt.Errorf("report: %s with %d resamples", r.Test.Name, r.Test.N)
		}
	default:
		return fmt.Errorf("report: unknown test %q", r.Test.Name)
	}
	for _, b := range r.Scale {
		if !finite(b.Min, b.Max) || b.Min > b.Max || b.Min < 0 {
			return fmt.Errorf("report: scale band %q has bounds %v and %v", b.Description, b.Min, b.Max)
		}
	}
	for _, b := range r.Buckets {
		if b.Min < 0 || b.Segments < 0 || (b.Max >= 0 && b.Max < b.Min) {
			return fmt.Errorf("report: bucket %d–%d of %d segments", b.Min, b.Max, b.Segments)
		}
	}
	for i, w := range r.RefWords {
		if w < 0 {
			return fmt.Errorf("report: segment %d has %d reference words", i, w)
		}
	}
	if r.MinWords < 0 {
		return fmt.Errorf("report: MinWords %d is negative", r.MinWords)
	}
	return nil
}

// check returns an error when a number of s is not finite or out of its
// range.
func (s *System) check() error {
	sc := s.Score
	vals := append([]float64{sc.BLEU, sc.BP, sc.Ratio, s.PValue, s.HolmPValue,
		s.Interval.Low, s.Interval.High, s.Interval.Mean}, sc.Precisions...)
	vals = append(vals, s.Sentences...)
	vals = append(vals, s.Buckets...)
	if !finite(vals...) {
		return fmt.Errorf("report: %s has a number that is not finite", s.Name)
	}
	// Scores and precisions are sacreBLEU's divided by 100, never clamped:
	// floor smoothing with a value above 1 takes them past 1.
	scores := append([]float64{sc.BLEU, sc.Ratio, s.Interval.Low, s.Interval.High, s.Interval.Mean}, sc.Precisions...)
	scores = append(scores, s.Sentences...)
	scores = append(scores, s.Buckets...)
	for _, v := range scores {
		if v < 0 {
			return fmt.Errorf("report: %s has a negative score or ratio, %v", s.Name, v)
		}
	}
	for _, v := range []float64{sc.BP, s.PValue, s.HolmPValue} {
		if v < 0 || v > 1 {
			return fmt.Errorf("report: %s has a brevity penalty or p-value of %v, outside [0, 1]", s.Name, v)
		}
	}
	if s.Interval.Resamples < 0 || (s.Interval.Resamples > 0 && s.Interval.Low > s.Interval.High) {
		return fmt.Errorf("report: %s has an interval of %d resamples from %v to %v", s.Name, s.Interval.Resamples, s.Interval.Low, s.Interval.High)
	}
	if sc.HypLen < 0 || sc.RefLen < 0 {
		return fmt.Errorf("report: %s has lengths %d and %d", s.Name, sc.HypLen, sc.RefLen)
	}
	return nil
}

// checkMetrics returns an error when a metric's name is empty, "BLEU" or
// repeated, a metric score is not finite or negative, or Lead names no
// metric shown.
func (r *Report) checkMetrics() error {
	seen := map[string]bool{"BLEU": true}
	for _, m := range r.Metrics {
		if m.Name == "" || seen[m.Name] {
			return fmt.Errorf("report: metric name %q is empty, BLEU or repeated", m.Name)
		}
		seen[m.Name] = true
	}
	k := r.lead()
	if k < 0 && (r.NoBLEU || r.Lead != "" && r.Lead != "BLEU") {
		return fmt.Errorf("report: Lead %q names none of the metrics shown", r.Lead)
	}
	for _, s := range r.Systems {
		if k >= 0 && len(s.Metrics) == 0 {
			return fmt.Errorf("report: %s has no score of the lead metric, %s", s.Name, r.Lead)
		}
	}
	for _, s := range r.Systems {
		for k, m := range s.Metrics {
			name := r.Metrics[k].Name
			vals := append([]float64{m.Score, m.Mean, m.CI}, m.Sentences...)
			for _, v := range append(vals, m.Buckets...) {
				if !finite(v) || v < 0 {
					return fmt.Errorf("report: %s has a %s score of %v", s.Name, name, v)
				}
			}
			for _, v := range []float64{m.PValue, m.HolmPValue} {
				if !finite(v) || v < 0 || v > 1 {
					return fmt.Errorf("report: %s has a %s p-value of %v, outside [0, 1]", s.Name, name, v)
				}
			}
			if m.Resamples < 0 {
				return fmt.Errorf("report: %s has a %s interval of %d resamples", s.Name, name, m.Resamples)
			}
		}
	}
	return nil
}

// lead returns the index in Metrics of the metric that leads the page,
// or -1 for BLEU (or a Lead that names no metric).
func (r *Report) lead() int {
	if r.Lead == "" || r.Lead == "BLEU" {
		return -1
	}
	for k, m := range r.Metrics {
		if m.Name == r.Lead {
			return k
		}
	}
	return -1
}

// finite reports whether every v is neither NaN nor infinite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

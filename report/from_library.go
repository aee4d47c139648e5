package report

// The one file that reads the library's types: everything else in this
// package works on the plain Report.

import (
	"context"
	"errors"
	"fmt"

	"github.com/go-bleu/bleu"
)

// Corpus is a test set with the output of the systems to compare.
type Corpus struct {
	// Config is the BLEU configuration of the corpus scores; sentence
	// scores use it with EffectiveOrder on, as sacreBLEU's sentence_bleu
	// does.
	Config bleu.Config
	// References are the reference streams: References[k][i] is the k-th
	// reference of segment i, as in [bleu.Config.Corpus].
	References [][]string
	// Names name the systems and Hypotheses are their segments,
	// Hypotheses[s][i] being system s's translation of segment i. The
	// first system is the baseline.
	Names      []string
	Hypotheses [][]string
}

// Options are the significance tests of [FromCorpus], a plain value. The
// zero value runs sacreBLEU's defaults: a bootstrap 95% interval of 1000
// resamples for every system, and paired bootstrap resampling with 1000
// resamples of every other system against the first, all with seed 12345.
type Options struct {
	// Test is the paired test: [bleu.BootstrapResampling] or
	// [bleu.ApproximateRandomization].
	Test bleu.PairedMethod
	// N is the number of resamples or trials of Test; 0 means
	// [bleu.DefaultResamples] for bootstrap resampling and
	// [bleu.DefaultTrials] for approximate randomization.
	N int
	// Resamples is the number of bootstrap resamples of the confidence
	// intervals; 0 means [bleu.DefaultResamples], and a negative value
	// computes no intervals.
	Resamples int
	// Seed seeds every test; the zero Seed is sacreBLEU's default, 12345.
	Seed bleu.Seed
	// MemoryLimit is passed to every test as
	// [bleu.SignificanceOptions.MemoryLimit]: a test that would take more
	// returns an error before it starts. 0 means the Go runtime's soft
	// limit, if one is set.
	MemoryLimit int64
	// Signature, when not nil, formats the signatures (for example in
	// the short form); nil means [bleu.Signature.String].
	Signature func(bleu.Signature) string
}

// FromCorpus scores every system of c and returns the report of the
// comparison: corpus scores with bootstrap intervals, the paired test
// against the first system (with two systems or more), sentence scores,
// scores by reference length and the texts. The report shares c's slices
// of text, which neither modifies. It returns the library's errors for
// text it cannot score, an error when the systems' lengths differ from
// the references', and ctx's error when ctx ends (it is checked between
// the systems and before the paired test).
//
// Each system is tokenized three times (for its rows of statistics, its
// sentence scores and its scores by length), and the tests resample the
// rows: on two cores, four systems of 2,000 segments take about a third
// of a second.
func FromCorpus(ctx context.Context, c Corpus, o Options) (*Report, error) {
	if len(c.Hypotheses) == 0 {
		return nil, errors.New("report: no systems")
	}
	if len(c.Names) != len(c.Hypotheses) {
		return nil, fmt.Errorf("report: %d names for %d systems", len(c.Names), len(c.Hypotheses))
	}
	if len(c.References) == 0 {
		return nil, errors.New("report: no references")
	}
	sig := o.Signature
	if sig == nil {
		sig = bleu.Signature.String
	}
	r := &Report{Scale: Qualities(), References: c.References}
	words, err := ReferenceWords(c.Config, c.References[0])
	if err != nil {
		return nil, err
	}
	r.RefWords = words
	buckets, which := LengthBuckets(words)
	r.Buckets = buckets
	segs := make([]*bleu.Segments, len(c.Hypotheses))
	for s := range c.Hypotheses {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sys, seg, err := system(ctx, c, s, which, len(buckets), o)
		if err != nil {
			return nil, err
		}
		sys.Interval.Signature = sig(sys.intervalSig)
		r.Systems = append(r.Systems, sys.System)
		segs[s] = seg
		if s == 0 {
			r.Signature = sig(seg.Score().Signature)
		}
	}
	if len(segs) < 2 {
		return r, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	test, name, n := bleu.PairedBootstrap, PairedBootstrap, o.N
	if o.Test == bleu.ApproximateRandomization {
		test, name = bleu.PairedRandomization, PairedRandomization
		if n == 0 {
			n = bleu.DefaultTrials
		}
	} else if n == 0 {
		n = bleu.DefaultResamples
	}
	res, err := test(ctx, segs[0], segs[1:], n, bleu.SignificanceOptions{Seed: o.Seed, MemoryLimit: o.MemoryLimit})
	if err != nil {
		return nil, err
	}
	r.Test = Test{Name: name, N: n, Signature: sig(res.Signature)}
	for i, cmp := range res.Systems {
		r.Systems[i+1].PValue = cmp.PValue
		r.Systems[i+1].HolmPValue = cmp.HolmPValue
	}
	return r, nil
}

// scored is a System with the signature of its interval.
type scored struct {
	System
	intervalSig bleu.Signature
}

// system scores system s of c: its corpus score, interval, sentence
// scores and scores by bucket (which[i] is the bucket of segment i).
func system(ctx context.Context, c Corpus, s int, which []int, buckets int, o Options) (scored, *bleu.Segments, error) {
	hyps := c.Hypotheses[s]
	name := c.Names[s]
	if len(hyps) != len(c.References[0]) {
		return scored{}, nil, fmt.Errorf("report: %s has %d segments, the references %d", name, len(hyps), len(c.References[0]))
	}
	seg := &bleu.Segments{Config: c.Config}
	refs := make([]string, len(c.References))
	for i, h := range hyps {
		for k := range refs {
			refs[k] = c.References[k][i]
		}
		if err := seg.Add(h, refs...); err != nil {
			return scored{}, nil, fmt.Errorf("report: %s, segment %d: %w", name, i+1, err)
		}
	}
	sc := seg.Score()
	out := scored{System: System{Name: name, Score: Score{
		BLEU: sc.BLEU, Precisions: sc.Precisions, BP: sc.BP, Ratio: sc.Ratio,
		HypLen: sc.HypLen, RefLen: sc.RefLen,
	}, Hypotheses: hyps}}
	if n := o.Resamples; n >= 0 {
		if n == 0 {
			n = bleu.DefaultResamples
		}
		iv, err := seg.Bootstrap(ctx, n, bleu.SignificanceOptions{Seed: o.Seed, MemoryLimit: o.MemoryLimit})
		if err != nil {
			return scored{}, nil, err
		}
		out.Interval = Interval{Low: iv.Low, High: iv.High, Mean: iv.Mean, Resamples: n}
		out.intervalSig = iv.Score.Signature
	}
	sentence := c.Config
	sentence.EffectiveOrder = true
	sent, err := sentence.Sentences(hyps, c.References...)
	if err != nil {
		return scored{}, nil, fmt.Errorf("report: %s: %w", name, err)
	}
	out.Sentences = sent
	out.Buckets = make([]float64, buckets)
	for b := range buckets {
		var st bleu.Stats
		st.Config = c.Config
		for i, h := range hyps {
			if which[i] != b {
				continue
			}
			for k := range refs {
				refs[k] = c.References[k][i]
			}
			if err := st.Add(h, refs...); err != nil {
				return scored{}, nil, err
			}
		}
		out.Buckets[b] = st.Score().BLEU
	}
	return out, seg, nil
}

// ReferenceWords returns the number of words of every reference as BLEU
// sees it (normalized, lowercased and tokenized under cfg): the length of
// the reference scored as its own hypothesis. They are [Report.RefWords]
// as [FromCorpus] fills it, and the words that [LengthBuckets] takes.
func ReferenceWords(cfg bleu.Config, refs []string) ([]int, error) {
	st := bleu.Stats{Config: cfg}
	out := make([]int, len(refs))
	for i, ref := range refs {
		st.Reset()
		if err := st.Add(ref, ref); err != nil {
			return nil, fmt.Errorf("report: reference %d: %w", i+1, err)
		}
		out[i] = int(st.Score().HypLen)
	}
	return out, nil
}

// Qualities returns the library's interpretation scale,
// [bleu.Qualities], as bands on the 0–1 scale.
func Qualities() []Band {
	qs := bleu.Qualities()
	bands := make([]Band, len(qs))
	for i, q := range qs {
		bands[i] = Band{Min: q.Min, Max: q.Max, Description: q.Description}
	}
	return bands
}

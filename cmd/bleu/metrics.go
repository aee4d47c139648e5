package main

// The metrics of -m, behind one interface: what the command needs of a
// metric to score systems with it and print its scores as sacreBLEU
// does. BLEU, chrF and TER implement it.

import (
	"slices"
	"strings"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/chrf"
	"github.com/go-bleu/bleu/ter"
)

// metric is one of sacreBLEU's metrics as a command line configures it.
type metric interface {
	// key is sacreBLEU's name of the metric in upper case ("BLEU",
	// "CHRF"): metrics are computed and printed in the order of their keys.
	key() string
	// newStats returns the empty statistics of one system.
	newStats() metricStats
	// newRows returns the empty statistics of one system with a row per
	// segment, for the significance tests.
	newRows() rowStats
	pairedTester
}

// sentenceMetric is a metric that scores segments alone (-sl), which
// sacreBLEU allows with one metric. BLEU alone has a path of its own
// (scoreSentences).
type sentenceMetric interface {
	metric
	// sentences writes the score of each segment alone to out, hyps[j]
	// against refs[k][j]; on error it returns the index of the first
	// segment that has one.
	sentences(hyps []string, refs [][]string, out []metricScore) (int, error)
	// percents returns the score of each segment alone on the 0–100
	// scale, hyps[j] against refs[k][j].
	percents(hyps []string, refs ...[]string) ([]float64, error)
}

// metricStats is a system's statistics under one metric.
type metricStats interface {
	// AddCorpus adds segments, leaving the statistics unchanged on error.
	AddCorpus(hyps []string, refs ...[]string) error
	// Add adds one segment.
	Add(hyp string, refs ...string) error
	// score returns the score of the statistics.
	score() metricScore
}

// metricScore is a score as sacreBLEU's Score.format prints it.
type metricScore struct {
	name    string      // "BLEU", "chrF2++"
	percent float64     // on the 0–100 scale
	verbose string      // what follows the score in text ("" for none)
	sig     string      // the signature, long form
	short   string      // and short
	ci      *confidence // bootstrap estimate (--confidence), or nil
}

// signature returns the long or short signature.
func (m *metricScore) signature(short bool) string {
	if short {
		return m.short
	}
	return m.sig
}

// onlyBLEU reports whether -m asks for BLEU alone, which the BLEU-only
// paths of the command run (its corpus scores and significance tests,
// the sentence scores' fast path); the HTML report adds the other
// metrics to its page.
func onlyBLEU(o *options) bool {
	for _, m := range o.metrics {
		if m != "bleu" {
			return false
		}
	}
	return true
}

// metricsFor returns the metrics of -m, once each, in the order of their
// keys, configured by the command line: s for BLEU (used only when -m
// names it).
func metricsFor(o *options, s scoring) ([]metric, error) {
	var ms []metric
	seen := map[string]bool{}
	for _, name := range o.metrics {
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "bleu":
			ms = append(ms, bleuMetric{s})
		case "chrf":
			cfg, err := chrfConfig(o)
			if err != nil {
				return nil, err
			}
			ms = append(ms, chrfMetric{cfg})
		case "ter":
			ms = append(ms, terMetric{o.ter})
		default:
			return nil, unsupportedf("%s is not implemented; -m takes bleu, chrf and ter", strings.ToUpper(name))
		}
	}
	slices.SortFunc(ms, func(a, b metric) int { return strings.Compare(a.key(), b.key()) })
	return ms, nil
}

// bleuMetric is BLEU, configured as for -m bleu alone.
type bleuMetric struct{ s scoring }

func (bleuMetric) key() string { return "BLEU" }

func (m bleuMetric) newStats() metricStats {
	return bleuStats{&bleu.Stats{Config: m.s.cfg}, m.s}
}

// bleuStats is a system's BLEU statistics.
type bleuStats struct {
	*bleu.Stats
	s scoring
}

func (b bleuStats) score() metricScore {
	sc := b.s.label(b.Stats.Score())
	return metricScore{name: "BLEU", percent: sc.Percent(), verbose: sc.Verbose(),
		sig: sc.Signature.String(), short: sc.Signature.Short()}
}

// chrfConfig returns the chrF configuration of the --chrf-* options.
// sacreBLEU takes any integers; orders below 0, or both 0, make it fail
// with a traceback (exit status 2 here, as for its other tracebacks).
func chrfConfig(o *options) (chrf.Config, error) {
	cc, cw, beta := o.chrfCharOrder, o.chrfWordOrder, o.chrfBeta
	switch {
	case cc < 0 || cw < 0:
		return chrf.Config{}, usageErrorf("-cc/--chrf-char-order and -cw/--chrf-word-order must be at least 0, not %d and %d", cc, cw)
	case cc == 0 && cw == 0:
		return chrf.Config{}, usageErrorf("-cc/--chrf-char-order 0 needs a -cw/--chrf-word-order above 0")
	case cc > chrf.MaxOrder || cw > chrf.MaxOrder:
		return chrf.Config{}, usageErrorf("chrF n-gram orders above %d are not supported", chrf.MaxOrder)
	case beta < -chrf.MaxBeta || beta > chrf.MaxBeta:
		return chrf.Config{}, usageErrorf("--chrf-beta must be between %d and %d in this implementation, not %d", -chrf.MaxBeta, chrf.MaxBeta, beta)
	}
	c := chrf.Config{CharOrder: cc, WordOrder: cw, Beta: beta, Lowercase: o.chrfLowercase,
		Whitespace: o.chrfWhitespace, EpsSmoothing: o.chrfEps}
	if cc == 0 {
		c.CharOrder = chrf.NoCharNGrams
	}
	if beta == 0 {
		c.Beta = chrf.BetaZero
	}
	return c, nil
}

// chrfMetric is chrF (chrF++ with -cw 2).
type chrfMetric struct{ cfg chrf.Config }

func (chrfMetric) key() string { return "CHRF" }

func (m chrfMetric) newStats() metricStats { return chrfStats{&chrf.Stats{Config: m.cfg}} }

func (m chrfMetric) percents(hyps []string, refs ...[]string) ([]float64, error) {
	return m.cfg.SentencesPercent(hyps, refs...)
}

func (m chrfMetric) sentences(hyps []string, refs [][]string, out []metricScore) (int, error) {
	return sentencesWith(hyps, refs, out, m.cfg.SentencesPercent, func(hyp string, refs []string) (metricScore, error) {
		one := chrf.Stats{Config: m.cfg}
		err := one.Add(hyp, refs...)
		return chrfStats{&one}.score(), err
	})
}

// sentencesWith writes the sentence scores of a metric to out: the
// percentages that all computes for every segment at once, each under the
// name and signature of the score that one returns for a single segment.
// When all fails, the index returned is that of the first segment one
// fails on.
func sentencesWith(hyps []string, refs [][]string, out []metricScore,
	all func(hyps []string, refs ...[]string) ([]float64, error),
	one func(hyp string, refs []string) (metricScore, error)) (int, error) {
	pc, err := all(hyps, refs...)
	if err != nil {
		for j, h := range hyps {
			if _, err := one(h, column(refs, j)); err != nil {
				return j, err
			}
		}
		return 0, err
	}
	if len(hyps) == 0 {
		return 0, nil
	}
	tmpl, err := one(hyps[0], column(refs, 0))
	if err != nil {
		return 0, err
	}
	for j, v := range pc {
		out[j] = tmpl
		out[j].percent = v
	}
	return 0, nil
}

// column returns segment j's references.
func column(refs [][]string, j int) []string {
	out := make([]string, len(refs))
	for k := range refs {
		out[k] = refs[k][j]
	}
	return out
}

// chrfStats is a system's chrF statistics.
type chrfStats struct{ *chrf.Stats }

func (c chrfStats) score() metricScore {
	sc := c.Stats.Score()
	return metricScore{name: sc.Name, percent: sc.ChrFPercent, sig: sc.Signature.String(), short: sc.Signature.Short()}
}

// terMetric is TER.
type terMetric struct{ cfg ter.Config }

func (terMetric) key() string { return "TER" }

func (m terMetric) newStats() metricStats { return terStats{&ter.Stats{Config: m.cfg}} }

func (m terMetric) percents(hyps []string, refs ...[]string) ([]float64, error) {
	return m.cfg.SentencesPercent(hyps, refs...)
}

func (m terMetric) sentences(hyps []string, refs [][]string, out []metricScore) (int, error) {
	return sentencesWith(hyps, refs, out, m.cfg.SentencesPercent, func(hyp string, refs []string) (metricScore, error) {
		one := ter.Stats{Config: m.cfg}
		err := one.Add(hyp, refs...)
		return terStats{&one}.score(), err
	})
}

// terStats is a system's TER statistics. sacreBLEU's TER score has no
// verbose part: its text is "TER|signature = 51.8".
type terStats struct{ *ter.Stats }

func (t terStats) score() metricScore {
	sc := t.Stats.Score()
	return metricScore{name: "TER", percent: sc.TERPercent, sig: sc.Signature.String(), short: sc.Signature.Short()}
}

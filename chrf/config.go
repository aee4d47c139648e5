package chrf

import (
	"fmt"
	"math"
	"strconv"
)

// Config holds the options of a chrF computation, those of sacreBLEU
// 2.6.0's CHRF. Its zero value is sacreBLEU's default, chrF2: character
// n-grams up to order 6, no word n-grams, beta 2, mixed case, whitespace
// ignored, the effective-order rule rather than eps smoothing.
//
// A field whose sacreBLEU value is 0 cannot take 0 to mean it, because 0
// means the default; the constants [NoCharNGrams] and [BetaZero] stand for
// sacreBLEU's 0 there (sacreBLEU's -cc 0 and --chrf-beta 0). WordOrder's
// default is 0, so it needs none: chrF++ is WordOrder 2.
//
// Every option shapes the statistics that [Stats.Add] collects: with
// several references a segment keeps the statistics of the reference with
// the best F-score, which Beta and EpsSmoothing decide. Once a Stats holds
// statistics its options are fixed (see [Stats]).
//
// Every entry point checks a Config with [Config.Validate]. A Config is a
// plain value, safe to copy and to use from several goroutines.
type Config struct {
	// CharOrder is the largest character n-gram order; 0 means 6 and
	// [NoCharNGrams] means none (sacreBLEU's char_order=0). It must be
	// NoCharNGrams or between 0 and [MaxOrder].
	CharOrder int
	// WordOrder is the largest word n-gram order, 0 for none (chrF), 2
	// for chrF++. It must be between 0 and [MaxOrder].
	WordOrder int
	// Beta weighs recall Beta times as much as precision; 0 means 2 and
	// [BetaZero] means 0 (precision alone). sacreBLEU takes any integer;
	// its square enters the formula, its sign only the name ("chrF-1").
	// |Beta| must be at most [MaxBeta].
	Beta int
	// Lowercase lowercases every text first, as Python's str.lower does
	// (sacreBLEU's lowercase=True, --chrf-lowercase).
	Lowercase bool
	// Whitespace keeps whitespace inside character n-grams
	// (--chrf-whitespace); by default every Python whitespace character is
	// removed before counting.
	Whitespace bool
	// EpsSmoothing averages the F-scores of all orders, an order without
	// n-grams counting 1e-16, as chrF++.py, Moses and NLTK do
	// (--chrf-eps-smoothing). By default the F-score is that of the
	// precision and recall averaged over the orders where both the
	// hypothesis and the reference have n-grams (the signature's eff:yes).
	EpsSmoothing bool
}

// Sentinels for options whose sacreBLEU value 0 is not the default.
const (
	// NoCharNGrams as [Config.CharOrder] counts no character n-grams.
	NoCharNGrams = -1
	// BetaZero as [Config.Beta] is beta 0.
	BetaZero = math.MinInt32
)

// MaxOrder bounds [Config.CharOrder] and [Config.WordOrder], and so the
// memory that a Config or an encoding can ask for.
const MaxOrder = 1 << 10

// MaxBeta bounds |[Config.Beta]|, so that 1+Beta² is an exact float64.
const MaxBeta = 1 << 20

// params are the options of a valid Config resolved to sacreBLEU's
// values. The zero params (order 0) belong to no Config.
type params struct {
	nc, nw     int
	beta       int
	lowercase  bool
	whitespace bool
	eps        bool
}

// width returns the number of statistics of a segment: hypothesis,
// reference and matching n-grams for each order.
func (p *params) width() int { return 3 * (p.nc + p.nw) }

// String formats p for messages, in sacreBLEU's signature words.
func (p params) String() string {
	s := "nc:" + strconv.Itoa(p.nc) + "|nw:" + strconv.Itoa(p.nw) + "|beta:" + strconv.Itoa(p.beta)
	if p.lowercase {
		s += "|case:lc"
	}
	if p.whitespace {
		s += "|space:yes"
	}
	if p.eps {
		s += "|eff:no"
	}
	return s
}

// Validate returns an error when an option of c is out of range: a
// CharOrder other than NoCharNGrams below 0 or above [MaxOrder], a
// WordOrder below 0 or above MaxOrder, a Beta other than BetaZero whose
// magnitude is above [MaxBeta], or no n-gram order at all (NoCharNGrams
// with WordOrder 0, where sacreBLEU fails). Every
// entry point returns this error before doing anything else.
func (c Config) Validate() error { return c.validate() }

func (c *Config) validate() error {
	if c.CharOrder != NoCharNGrams && (c.CharOrder < 0 || c.CharOrder > MaxOrder) {
		return fmt.Errorf("chrf: invalid CharOrder %d (want 0 for 6, NoCharNGrams, or 1 to %d)", c.CharOrder, MaxOrder)
	}
	if c.WordOrder < 0 || c.WordOrder > MaxOrder {
		return fmt.Errorf("chrf: invalid WordOrder %d (want 0 to %d)", c.WordOrder, MaxOrder)
	}
	if c.Beta != BetaZero && (c.Beta < -MaxBeta || c.Beta > MaxBeta) {
		return fmt.Errorf("chrf: invalid Beta %d (want BetaZero, or -%d to %d)", c.Beta, MaxBeta, MaxBeta)
	}
	if c.CharOrder == NoCharNGrams && c.WordOrder == 0 {
		return fmt.Errorf("chrf: no n-gram order: NoCharNGrams needs a WordOrder")
	}
	return nil
}

// params returns c's options resolved; c must be valid.
func (c *Config) params() params {
	p := params{nc: c.CharOrder, nw: c.WordOrder, beta: c.Beta,
		lowercase: c.Lowercase, whitespace: c.Whitespace, eps: c.EpsSmoothing}
	switch c.CharOrder {
	case 0:
		p.nc = 6
	case NoCharNGrams:
		p.nc = 0
	}
	switch c.Beta {
	case 0:
		p.beta = 2
	case BetaZero:
		p.beta = 0
	}
	return p
}

// config returns the Config whose params are p.
func (p params) config() Config {
	c := Config{CharOrder: p.nc, WordOrder: p.nw, Beta: p.beta,
		Lowercase: p.lowercase, Whitespace: p.whitespace, EpsSmoothing: p.eps}
	if p.nc == 0 {
		c.CharOrder = NoCharNGrams
	}
	if p.beta == 0 {
		c.Beta = BetaZero
	}
	return c
}

// valid reports whether decoded params are those of a valid Config.
func (p params) valid() bool {
	c := p.config()
	return p.nc >= 0 && p.nw >= 0 && -MaxBeta <= p.beta && p.beta <= MaxBeta && c.validate() == nil
}

package bleu

// The seeds of the significance tests, with sacreBLEU's SACREBLEU_SEED
// semantics (parsed in numpy_random.go).

import (
	"fmt"
	"strconv"
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
// [ParseSeed] reads SACREBLEU_SEED's text. The package never reads the
// environment itself: a command-line tool reads SACREBLEU_SEED and passes
// the result (sacreBLEU reads it only when it runs a test).
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

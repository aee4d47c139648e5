package bleu

// The seeds of the significance tests, with sacreBLEU's SACREBLEU_SEED
// semantics.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-bleu/bleu/internal/numpy"
	"github.com/go-bleu/bleu/internal/py"
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
func (s Seed) rng(paired bool) *numpy.PCG64 {
	n, seeded, err := parseSeed(s.value(), paired)
	if err != nil {
		panic("bleu: invalid Seed " + strconv.Quote(s.text)) // unreachable: Seeds are validated
	}
	if !seeded {
		return numpy.NewPCG64Unseeded()
	}
	return numpy.NewPCG64(n)
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

// defaultSeedString is the value sacreBLEU 2.6.0 uses when the environment
// variable SACREBLEU_SEED is not set (os.environ.get('SACREBLEU_SEED',
// '12345')). Callers of parseSeed must pass it when the variable is unset;
// a variable that is set but empty is passed as "" (an error, as in
// sacreBLEU).
const defaultSeedString = "12345"

// errNegativeSeed is returned by parseSeed for a negative integer, which
// NumPy's SeedSequence rejects ("expected non-negative integer").
var errNegativeSeed = errors.New("SACREBLEU_SEED: expected non-negative integer")

// parseSeed interprets the value v of SACREBLEU_SEED exactly as sacreBLEU
// 2.6.0 does (sacrebleu/significance.py), where v is the environment value,
// or defaultSeedString ("12345") when the variable is unset. It returns the
// seed for numpy.NewPCG64 and seeded == true, or seeded == false for OS entropy
// (numpy.NewPCG64Unseeded).
//
// Both modes first do `None if v.lower() == 'none' else int(v)`, so "none"
// in any letter case means unseeded in both. int(v) is Python's int() on a
// str (see py.ParseInt): surrounding whitespace, one leading sign, ASCII
// or other Unicode decimal digits, single underscores between digits. A
// value int() rejects ("", "0x10", "1e3", "1.0", ...) is an error.
//
// paired == false is the bootstrap confidence interval (_bootstrap_resample,
// corpus_score(n_bootstrap > 1), --confidence): rng =
// default_rng(int(v)), so 0 is an ordinary seed. It is also what the
// baseline's confidence interval in a paired bootstrap test uses, because
// PairedTest computes it with _bootstrap_resample.
//
// paired == true is the per-system comparison of the paired tests
// (PairedTest.__call__): seed = int(v) if int(v) else None, so 0 (and "-0",
// "000", ...) is unseeded as well. Note the resulting asymmetry with
// SACREBLEU_SEED=0 in --paired-bs: the baseline's mean/CI come from
// default_rng(0) while every comparison is unseeded.
//
// A negative value is an error in both modes (default_rng rejects negative
// entropy). sacreBLEU raises these errors only when it actually needs a
// generator (n_bootstrap > 1, or a paired test), so callers should parse
// only then.
//
// Divergence: Python accepts seeds of any size; parseSeed returns an error
// for seeds above 2^64-1 (NumPy's SeedSequence could take them, but nobody
// needs it). Python's int() also rejects more than 4300 digits
// (sys.int_info.default_max_str_digits); so does parseSeed, but it ignores
// PYTHONINTMAXSTRDIGITS / -X int_max_str_digits.
func parseSeed(v string, paired bool) (seed uint64, seeded bool, err error) {
	if strings.EqualFold(v, "none") {
		// Only ASCII n, o, e and N, O, E lower-case (Python) or fold (Go)
		// to n, o, e, so this equals Python's v.lower() == 'none'.
		return 0, false, nil
	}
	neg, mag, err := py.ParseInt(v)
	if err != nil {
		return 0, false, fmt.Errorf("SACREBLEU_SEED: %w", err)
	}
	if neg && mag.Sign() != 0 {
		return 0, false, errNegativeSeed
	}
	if !mag.IsUint64() {
		return 0, false, fmt.Errorf("SACREBLEU_SEED: seed %s is larger than 2^64-1 (unsupported)", mag)
	}
	seed = mag.Uint64()
	if paired && seed == 0 {
		return 0, false, nil
	}
	return seed, true, nil
}

// seedSignatureValue returns the text sacreBLEU 2.6.0 shows for the seed in
// a metric signature (`seed:...`, short `rs:...`), given the same v as
// parseSeed. For a bootstrap confidence interval it is the raw environment
// string lower-cased (str(seed).lower() of the string itself, so
// SACREBLEU_SEED=" +0042" shows " +0042" and "None" shows "none"); for the
// paired tests it is str(int(v)) ("42"), or "none"; with SACREBLEU_SEED=0 the
// paired signature says "0" although the comparisons are unseeded. It
// returns parseSeed's error for values sacreBLEU would reject. Lower-casing
// uses strings.ToLower, which matches Python's str.lower for every value
// parseSeed accepts (digits, signs, underscores, whitespace, "none").
func seedSignatureValue(v string, paired bool) (string, error) {
	if _, _, err := parseSeed(v, paired); err != nil {
		return "", err
	}
	if strings.EqualFold(v, "none") {
		return "none", nil
	}
	if !paired {
		return strings.ToLower(v), nil
	}
	neg, mag, err := py.ParseInt(v)
	if err != nil {
		return "", err
	}
	if neg && mag.Sign() != 0 {
		return "", errNegativeSeed
	}
	return mag.String(), nil
}

package bleu

// This file ports exactly the parts of NumPy 1.24.2's random machinery that
// sacreBLEU 2.6.0 uses for bootstrap confidence intervals and paired
// significance tests:
//
//   - numpy.random.default_rng(seed) for a non-negative integer seed:
//     SeedSequence(seed) (pool size 4) -> generate_state(4, uint64) ->
//     PCG64 seeding (pcg_setseq_128_srandom_r);
//   - the PCG64 (XSL-RR 128/64) generator with NumPy's 32-bit half buffer;
//   - Generator.integers(0, n, size, dtype=int64) and
//     Generator.choice(n, size, replace=True) (which calls integers), i.e.
//     random_bounded_uint64_fill with Lemire's method;
//   - Generator.integers(2, size, dtype=bool), i.e. random_bounded_bool_fill;
//   - the SACREBLEU_SEED environment variable semantics (parseSeed).
//
// The algorithms were read from the NumPy v1.24.2 sources
// (numpy/random/bit_generator.pyx, numpy/random/_pcg64.pyx,
// numpy/random/src/pcg64/pcg64.{h,c},
// numpy/random/src/distributions/distributions.c,
// numpy/random/_bounded_integers.pyx.in, numpy/random/_generator.pyx) and
// checked against NumPy 1.24.2 itself; the code below is an independent Go
// implementation.

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/go-bleu/bleu/internal/py"
)

// SeedSequence constants (numpy/random/bit_generator.pyx).
const (
	// ssPoolSize is SeedSequence's DEFAULT_POOL_SIZE (32-bit words).
	ssPoolSize = 4
	// ssInitA is the initial hash constant of hashmix while mixing entropy.
	ssInitA uint32 = 0x43b0d7e5
	// ssMultA multiplies the hashmix constant after every use.
	ssMultA uint32 = 0x931e8875
	// ssInitB is the initial hash constant of generate_state.
	ssInitB uint32 = 0x8b51f9dd
	// ssMultB multiplies the generate_state constant after every word.
	ssMultB uint32 = 0x58f38ded
	// ssMixMultL is the left multiplier of SeedSequence's mix function.
	ssMixMultL uint32 = 0xca01f9dd
	// ssMixMultR is the right multiplier of SeedSequence's mix function.
	ssMixMultR uint32 = 0x4973f715
	// ssXShift is the xor-shift of hashmix, mix and generate_state.
	ssXShift = 16
)

// PCG64 constants (numpy/random/src/pcg64/pcg64.h).
const (
	// pcgMultHi is the high 64 bits of PCG_DEFAULT_MULTIPLIER_128
	// (0x2360ED051FC65DA44385DF649FCCF645).
	pcgMultHi uint64 = 0x2360ED051FC65DA4
	// pcgMultLo is the low 64 bits of PCG_DEFAULT_MULTIPLIER_128.
	pcgMultLo uint64 = 0x4385DF649FCCF645
)

// pcg64 is NumPy's PCG64 bit generator (128-bit LCG state, XSL-RR output)
// together with the 32-bit half buffer NumPy keeps next to it
// (pcg64_state.has_uint32 / uinteger). A zero pcg64 is not a valid
// generator; use newPCG64. A pcg64 is not safe for concurrent use.
type pcg64 struct {
	// stateHi and stateLo are the high and low halves of the 128-bit state.
	stateHi, stateLo uint64
	// incHi and incLo are the high and low halves of the 128-bit increment
	// (always odd).
	incHi, incLo uint64
	// hasUint32 reports whether uinteger holds the unused high half of the
	// last 64-bit output, to be returned by the next next32 call.
	hasUint32 bool
	// uinteger is the buffered high half (valid only when hasUint32).
	uinteger uint32
}

// newPCG64 returns the generator numpy.random.default_rng(seed) builds for
// the non-negative Python integer seed (bit_generator.state of the result
// equals NumPy's), with an empty 32-bit buffer. For seed 12345 the state is
// 33261208707367790463622745601869196757 and the increment
// 268209174141567072605526753992732310247.
func newPCG64(seed uint64) *pcg64 {
	return newPCG64FromEntropy(seedEntropyWords(seed))
}

// newPCG64Unseeded returns a generator seeded like default_rng(None): NumPy
// draws 128 random bits from the operating system (secrets.randbits(128))
// and uses them as the SeedSequence entropy. The stream is of course not
// reproducible. It panics only if the operating system's random source
// fails, which crypto/rand documents as irrecoverable.
func newPCG64Unseeded() *pcg64 {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("bleu: reading operating system entropy: " + err.Error())
	}
	var words []uint32
	for i := 0; i < 4; i++ {
		words = append(words, binary.LittleEndian.Uint32(b[4*i:]))
	}
	// Python's int-to-words conversion drops leading zero words (and keeps
	// a single 0 for the value 0).
	for len(words) > 1 && words[len(words)-1] == 0 {
		words = words[:len(words)-1]
	}
	return newPCG64FromEntropy(words)
}

// seedEntropyWords converts a non-negative integer seed into SeedSequence's
// entropy array the way _int_to_uint32_array does: 32-bit words, least
// significant first, as many as needed (so seeds below 2^32 give one word
// and larger ones two), and the single word 0 for the seed 0.
func seedEntropyWords(seed uint64) []uint32 {
	if seed == 0 {
		return []uint32{0}
	}
	var words []uint32
	for seed > 0 {
		words = append(words, uint32(seed))
		seed >>= 32
	}
	return words
}

// seedSequenceGenerateState runs SeedSequence(entropy=words, pool_size=4)
// (with no spawn key) and returns generate_state(4, np.uint64), i.e. eight
// 32-bit words combined little-endian into four 64-bit words.
func seedSequenceGenerateState(words []uint32) [4]uint64 {
	hashConst := ssInitA
	hashmix := func(v uint32) uint32 {
		v ^= hashConst
		hashConst *= ssMultA
		v *= hashConst
		v ^= v >> ssXShift
		return v
	}
	mix := func(x, y uint32) uint32 {
		r := ssMixMultL*x - ssMixMultR*y
		r ^= r >> ssXShift
		return r
	}

	// mix_entropy: hash the entropy into the pool (padding with hashes of
	// 0), mix every pool word into every other one, then mix in any
	// entropy beyond the pool size.
	var pool [ssPoolSize]uint32
	for i := range pool {
		if i < len(words) {
			pool[i] = hashmix(words[i])
		} else {
			pool[i] = hashmix(0)
		}
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	for src := ssPoolSize; src < len(words); src++ {
		for dst := range pool {
			pool[dst] = mix(pool[dst], hashmix(words[src]))
		}
	}

	// generate_state: cycle through the pool, hashing with a second
	// constant sequence.
	var out [4]uint64
	hc := ssInitB
	for i := 0; i < 8; i++ {
		v := pool[i%ssPoolSize]
		v ^= hc
		hc *= ssMultB
		v *= hc
		v ^= v >> ssXShift
		out[i/2] |= uint64(v) << (32 * uint(i%2))
	}
	return out
}

// newPCG64FromEntropy seeds PCG64 from SeedSequence entropy words exactly as
// NumPy's PCG64.__init__ does: val = generate_state(4, uint64); initstate =
// val[0]<<64 | val[1]; initseq = val[2]<<64 | val[3]; then
// pcg_setseq_128_srandom_r: state = 0, inc = initseq<<1 | 1, step,
// state += initstate, step. The 32-bit buffer starts empty.
func newPCG64FromEntropy(words []uint32) *pcg64 {
	val := seedSequenceGenerateState(words)
	p := &pcg64{
		incHi: val[2]<<1 | val[3]>>63,
		incLo: val[3]<<1 | 1,
	}
	p.step()
	var carry uint64
	p.stateLo, carry = bits.Add64(p.stateLo, val[1], 0)
	p.stateHi, _ = bits.Add64(p.stateHi, val[0], carry)
	p.step()
	return p
}

// step advances the LCG: state = state*PCG_DEFAULT_MULTIPLIER_128 + inc
// (mod 2^128).
func (p *pcg64) step() {
	hi, lo := bits.Mul64(p.stateLo, pcgMultLo)
	hi += p.stateHi*pcgMultLo + p.stateLo*pcgMultHi
	var carry uint64
	p.stateLo, carry = bits.Add64(lo, p.incLo, 0)
	p.stateHi, _ = bits.Add64(hi, p.incHi, carry)
}

// next64 advances the generator and returns the XSL-RR output of the new
// state: rotr64(hi ^ lo, hi >> 58) (pcg64_next64). It does not touch the
// 32-bit buffer, as in NumPy.
func (p *pcg64) next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.stateHi^p.stateLo, -int(p.stateHi>>58))
}

// next32 returns NumPy's next_uint32: the buffered high half of the previous
// 64-bit output if there is one, otherwise the low half of a fresh next64
// output (buffering its high half).
func (p *pcg64) next32() uint32 {
	if p.hasUint32 {
		p.hasUint32 = false
		return p.uinteger
	}
	x := p.next64()
	p.hasUint32 = true
	p.uinteger = uint32(x >> 32)
	return uint32(x)
}

// intn returns one value in [0, n), identical to one element of
// Generator.integers(0, n, size, dtype=np.int64) or
// Generator.choice(n, size, replace=True); a sequence of intn calls equals
// one array call of the same total size, because random_bounded_uint64_fill
// keeps no state between elements except the generator's own 32-bit buffer.
// (The same algorithm serves dtype=np.uint64, so n may exceed 2^63.)
// The cases, with rng = n-1 as in NumPy:
//
//   - rng == 0 (n == 1): 0, consuming no random numbers;
//   - rng < 2^32-1: 32-bit Lemire on next32 draws: m = next32()*n,
//     leftover = uint32(m); if leftover < n { t = (2^32-n) % n; while
//     leftover < t redraw }; result m>>32;
//   - rng == 2^32-1 (n == 2^32): next32() itself;
//   - otherwise: 64-bit Lemire on next64 draws (128-bit product, threshold
//     (2^64-n) % n).
//
// It panics if n == 0 (NumPy raises ValueError for high <= 0).
func (p *pcg64) intn(n uint64) uint64 {
	switch rng := n - 1; {
	case n == 0:
		panic("bleu: intn: n must be positive")
	case rng == 0:
		return 0
	case rng < math.MaxUint32:
		return uint64(p.lemire32(uint32(n)))
	case rng == math.MaxUint32:
		return uint64(p.next32())
	default:
		return p.lemire64(n)
	}
}

// lemire32 is buffered_bounded_lemire_uint32 for the exclusive bound n
// (2 <= n < 2^32).
func (p *pcg64) lemire32(n uint32) uint32 {
	m := uint64(p.next32()) * uint64(n)
	if leftover := uint32(m); leftover < n {
		threshold := -n % n // (2^32 - n) mod n
		for leftover < threshold {
			m = uint64(p.next32()) * uint64(n)
			leftover = uint32(m)
		}
	}
	return uint32(m >> 32)
}

// lemire64 is bounded_lemire_uint64 for the exclusive bound n
// (2^32 < n < 2^64).
func (p *pcg64) lemire64(n uint64) uint64 {
	hi, lo := bits.Mul64(p.next64(), n)
	if lo < n {
		threshold := -n % n // (2^64 - n) mod n
		for lo < threshold {
			hi, lo = bits.Mul64(p.next64(), n)
		}
	}
	return hi
}

// fillIntn fills dst as Generator.integers(0, n, size=len(dst),
// dtype=np.int64) or Generator.choice(n, size, replace=True) does; a
// row-major (R, C) array is one call with len(dst) == R*C. Like NumPy it
// draws nothing and accepts any n when dst is empty; otherwise it panics if
// n <= 0.
func (p *pcg64) fillIntn(dst []int, n int) {
	if len(dst) == 0 {
		return
	}
	if n <= 0 {
		panic("bleu: fillIntn: n must be positive")
	}
	if n == 1 {
		clear(dst)
		return
	}
	if uint64(n)-1 < math.MaxUint32 {
		// The hot path of bootstrap resampling, kept free of the switch.
		n32 := uint32(n)
		for i := range dst {
			dst[i] = int(p.lemire32(n32))
		}
		return
	}
	for i := range dst {
		dst[i] = int(p.intn(uint64(n)))
	}
}

// fillIndices fills dst as fillIntn(dst, n) does, for 1 <= n < 2^32-1
// (the bounds of a segment index; n may be 1), as uint32.
func (p *pcg64) fillIndices(dst []uint32, n uint32) {
	if n == 1 {
		clear(dst) // NumPy draws nothing for a single choice
		return
	}
	for i := range dst {
		dst[i] = p.lemire32(n)
	}
}

// fillBools fills dst as one Generator.integers(2, size=len(dst),
// dtype=bool) call does (random_bounded_bool_fill; a row-major (R, C)
// array is one call with len(dst) == R*C). The bit buffer is local to the
// call: the first element takes bit 0 of a fresh next32 word, the next 31
// elements take bits 1..31 of it, then a new word is drawn, and whatever is
// left of the last word is discarded when the call returns. Because next32
// hands out the low then the high half of each 64-bit output, on a
// generator with an empty 32-bit buffer (as a fresh one is) the values are
// the bits of consecutive next64 outputs, least significant first.
func (p *pcg64) fillBools(dst []bool) {
	i := 0
	if p.hasUint32 && len(dst) > 0 {
		i = putBits(dst, uint64(p.next32()), 32)
	}
	for len(dst)-i >= 64 {
		w := p.next64()
		d := dst[i : i+64 : i+64]
		for k := 0; k < 64; k += 8 {
			b := byte(w >> uint(k))
			e := d[k : k+8 : k+8]
			e[0] = b&0x01 != 0
			e[1] = b&0x02 != 0
			e[2] = b&0x04 != 0
			e[3] = b&0x08 != 0
			e[4] = b&0x10 != 0
			e[5] = b&0x20 != 0
			e[6] = b&0x40 != 0
			e[7] = b&0x80 != 0
		}
		i += 64
	}
	for i < len(dst) {
		i += putBits(dst[i:], uint64(p.next32()), 32)
	}
}

// putBits stores the low min(width, len(dst)) bits of w into dst, least
// significant bit first, and returns how many it stored.
func putBits(dst []bool, w uint64, width int) int {
	if len(dst) < width {
		width = len(dst)
	}
	for k := 0; k < width; k++ {
		dst[k] = w>>uint(k)&1 != 0
	}
	return width
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
// seed for newPCG64 and seeded == true, or seeded == false for OS entropy
// (newPCG64Unseeded).
//
// Both modes first do `None if v.lower() == 'none' else int(v)`, so "none"
// in any letter case means unseeded in both. int(v) is Python's int() on a
// str (see parsePythonInt): surrounding whitespace, one leading sign, ASCII
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
// for seeds above 2^64-1 (newPCG64FromEntropy could seed them, but nobody
// needs it). Python's int() also rejects more than 4300 digits
// (sys.int_info.default_max_str_digits); so does parseSeed, but it ignores
// PYTHONINTMAXSTRDIGITS / -X int_max_str_digits.
func parseSeed(v string, paired bool) (seed uint64, seeded bool, err error) {
	if strings.EqualFold(v, "none") {
		// Only ASCII n, o, e and N, O, E lower-case (Python) or fold (Go)
		// to n, o, e, so this equals Python's v.lower() == 'none'.
		return 0, false, nil
	}
	neg, mag, err := parsePythonInt(v)
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
	neg, mag, err := parsePythonInt(v)
	if err != nil {
		return "", err
	}
	if neg && mag.Sign() != 0 {
		return "", errNegativeSeed
	}
	return mag.String(), nil
}

// parsePythonInt is Python 3.11's int(s) (py.ParseInt).
func parsePythonInt(s string) (neg bool, mag *big.Int, err error) { return py.ParseInt(s) }

// pyDecimalValue is py.DecimalValue.
func pyDecimalValue(r rune) (int, bool) { return py.DecimalValue(r) }

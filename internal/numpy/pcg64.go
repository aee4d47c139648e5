package numpy

// The PCG64 bit generator and its seeding through SeedSequence.

import (
	"crypto/rand"
	"encoding/binary"
	"math/bits"
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

// PCG64 is NumPy's PCG64 bit generator (128-bit LCG state, XSL-RR output)
// together with the 32-bit half buffer NumPy keeps next to it
// (pcg64_state.has_uint32 / uinteger). A zero PCG64 is not a generator
// NumPy makes; use [NewPCG64]. A PCG64 is not safe for concurrent use;
// a copy continues the same stream independently.
type PCG64 struct {
	// stateHi and stateLo are the high and low halves of the 128-bit state.
	stateHi, stateLo uint64
	// incHi and incLo are the high and low halves of the 128-bit increment
	// (always odd).
	incHi, incLo uint64
	// hasUint32 reports whether uinteger holds the unused high half of the
	// last 64-bit output, to be returned by the next Uint32 call.
	hasUint32 bool
	// uinteger is the buffered high half (valid only when hasUint32).
	uinteger uint32
}

// NewPCG64 returns the generator numpy.random.default_rng(seed) builds for
// the non-negative Python integer seed (bit_generator.state of the result
// equals NumPy's), with an empty 32-bit buffer. For seed 12345 the state is
// 33261208707367790463622745601869196757 and the increment
// 268209174141567072605526753992732310247.
func NewPCG64(seed uint64) *PCG64 {
	return newPCG64FromEntropy(seedEntropyWords(seed))
}

// NewPCG64Unseeded returns a generator seeded like default_rng(None): NumPy
// draws 128 random bits from the operating system (secrets.randbits(128))
// and uses them as the SeedSequence entropy. The stream is of course not
// reproducible. It panics only if the operating system's random source
// fails, which crypto/rand documents as irrecoverable.
func NewPCG64Unseeded() *PCG64 {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("numpy: reading operating system entropy: " + err.Error())
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
func newPCG64FromEntropy(words []uint32) *PCG64 {
	val := seedSequenceGenerateState(words)
	p := &PCG64{
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
func (p *PCG64) step() {
	hi, lo := bits.Mul64(p.stateLo, pcgMultLo)
	hi += p.stateHi*pcgMultLo + p.stateLo*pcgMultHi
	var carry uint64
	p.stateLo, carry = bits.Add64(lo, p.incLo, 0)
	p.stateHi, _ = bits.Add64(hi, p.incHi, carry)
}

// Uint64 advances the generator and returns the XSL-RR output of the new
// state: rotr64(hi ^ lo, hi >> 58) (pcg64_next64). It does not touch the
// 32-bit buffer, as in NumPy.
func (p *PCG64) Uint64() uint64 {
	p.step()
	return bits.RotateLeft64(p.stateHi^p.stateLo, -int(p.stateHi>>58))
}

// Uint32 returns NumPy's next_uint32: the buffered high half of the previous
// 64-bit output if there is one, otherwise the low half of a fresh Uint64
// output (buffering its high half).
func (p *PCG64) Uint32() uint32 {
	if p.hasUint32 {
		p.hasUint32 = false
		return p.uinteger
	}
	x := p.Uint64()
	p.hasUint32 = true
	p.uinteger = uint32(x >> 32)
	return uint32(x)
}

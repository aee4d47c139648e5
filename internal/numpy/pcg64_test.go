package numpy

import (
	"math"
	"math/big"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Values marked "NumPy 1.24.2" below were produced with NumPy 1.24.2
// (Debian bookworm python3-numpy 1:1.24.2-1+deb12u1, the version sacreBLEU's
// goldens were made with) and Python 3.11, e.g.
// np.random.default_rng(12345).integers(0, N, size=6).

// rngReadmeState and rngReadmeInc are the PCG64 state and increment after
// default_rng(12345) as given by the conformance README.
const (
	rngReadmeState = "33261208707367790463622745601869196757"
	rngReadmeInc   = "268209174141567072605526753992732310247"
)

// rngState128 renders a 128-bit value given as two halves in hex.
func rngState128(hi, lo uint64) string {
	v := new(big.Int).SetUint64(hi)
	v.Lsh(v, 64)
	v.Or(v, new(big.Int).SetUint64(lo))
	return "0x" + v.Text(16)
}

// rngDecToHex converts a decimal integer string to 0x-prefixed hex.
func rngDecToHex(t *testing.T, dec string) string {
	t.Helper()
	v, ok := new(big.Int).SetString(dec, 10)
	if !ok {
		t.Fatalf("bad decimal %q", dec)
	}
	return "0x" + v.Text(16)
}

func TestPCG64SeedState(t *testing.T) {
	type st struct {
		State, Inc string
		HasUint32  bool
	}
	tests := []struct {
		seed uint64
		want st
	}{
		{12345, st{rngDecToHex(t, rngReadmeState), rngDecToHex(t, rngReadmeInc), false}},
		// NumPy 1.24.2: default_rng(seed).bit_generator.state.
		{0, st{"0x1aa1b5345996452d09585eb7a69561e3", "0x418ddadb3af71a82588133bc447873a9", false}},
		{1, st{"0x9c5b484bfedb756c2a6e7d6f320fbc7e", "0x922af2da2645f895a19857b95740937b", false}},
		{12345, st{"0x1905e0335aae96349199b0d09775add5", "0xc9c7353e6e2b1f287d761f2d4027fae7", false}},
		{1<<31 + 7, st{"0xf61780f9ae5422f5aa3a43a5e67bbbb", "0xa0b0979214fb9082f5c09f4c17b6bba9", false}},
		{1<<32 - 1, st{"0x4c233832246aa48cc57a3ce19c86ba9a", "0xda9580daf0fe872cad12d969e7b701fb", false}},
		{1 << 32, st{"0x24d060cf1520dbdd21bbf7fbff1ac5d4", "0x77ff3ed86c5c56337b62eea7340ca9c7", false}},
		{math.MaxUint64, st{"0xddc419442aebde794d8b0a3b048acdb0", "0x37762aacb3cc854f4ed623c7d18951ed", false}},
	}
	for _, tc := range tests {
		p := NewPCG64(tc.seed)
		got := st{rngState128(p.stateHi, p.stateLo), rngState128(p.incHi, p.incLo), p.hasUint32}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("NewPCG64(%d) state mismatch (-want +got):\n%s", tc.seed, diff)
		}
	}
}

func TestSeedEntropyWords(t *testing.T) {
	tests := []struct {
		seed uint64
		want []uint32
	}{
		{0, []uint32{0}},
		{12345, []uint32{12345}},
		{1<<32 - 1, []uint32{0xFFFFFFFF}},
		{1 << 32, []uint32{0, 1}},
		{0x10deadbeef, []uint32{0xdeadbeef, 0x10}},
		{math.MaxUint64, []uint32{0xFFFFFFFF, 0xFFFFFFFF}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, seedEntropyWords(tc.seed)); diff != "" {
			t.Errorf("seedEntropyWords(%d) (-want +got):\n%s", tc.seed, diff)
		}
	}
}

// rngBigOutputs derives the first n PCG64 outputs from the README's state
// and recurrence with math/big, independently of the PCG64 code.
func rngBigOutputs(t *testing.T, n int) []uint64 {
	t.Helper()
	state, _ := new(big.Int).SetString(rngReadmeState, 10)
	inc, _ := new(big.Int).SetString(rngReadmeInc, 10)
	mult, _ := new(big.Int).SetString("2360ED051FC65DA44385DF649FCCF645", 16)
	mod := new(big.Int).Lsh(big.NewInt(1), 128)
	mask64 := new(big.Int).SetUint64(math.MaxUint64)
	var out []uint64
	for i := 0; i < n; i++ {
		state.Mul(state, mult)
		state.Add(state, inc)
		state.Mod(state, mod)
		hi := new(big.Int).Rsh(state, 64).Uint64()
		lo := new(big.Int).And(state, mask64).Uint64()
		rot := new(big.Int).Rsh(state, 122).Uint64()
		x := hi ^ lo
		out = append(out, x>>rot|x<<((64-rot)%64))
	}
	return out
}

// rngBigOutputs32 splits rngBigOutputs into NumPy's 32-bit draws (low half
// first).
func rngBigOutputs32(t *testing.T, n64 int) []uint32 {
	var out []uint32
	for _, x := range rngBigOutputs(t, n64) {
		out = append(out, uint32(x), uint32(x>>32))
	}
	return out
}

func TestUint64Independent(t *testing.T) {
	want := rngBigOutputs(t, 16)
	// NumPy 1.24.2: default_rng(12345).bit_generator.random_raw(4).
	fromNumPy := []uint64{0x3a32b18db2ffc19d, 0x51171315c9e4c4de, 0xcc2024823444efd9, 0xad1f06aea486e910}
	if diff := cmp.Diff(fromNumPy, want[:4]); diff != "" {
		t.Fatalf("math/big derivation disagrees with NumPy (-numpy +big):\n%s", diff)
	}
	p := NewPCG64(12345)
	var got []uint64
	for range want {
		got = append(got, p.Uint64())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Uint64 (-want +got):\n%s", diff)
	}
}

func TestUint32Buffer(t *testing.T) {
	o := rngBigOutputs(t, 4)
	p := NewPCG64(12345)
	// Uint32: low half of o0 (high half buffered); Uint64 does not touch the
	// buffer (as NumPy's random_raw); Uint32: buffered high half of o0; then
	// the low and high halves of o2.
	got := []uint64{uint64(p.Uint32()), p.Uint64(), uint64(p.Uint32()), uint64(p.Uint32()), uint64(p.Uint32())}
	want := []uint64{o[0] & 0xFFFFFFFF, o[1], o[0] >> 32, o[2] & 0xFFFFFFFF, o[2] >> 32}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Uint32/Uint64 interleaving (-want +got):\n%s", diff)
	}
}

func TestNewPCG64Unseeded(t *testing.T) {
	a, b := NewPCG64Unseeded(), NewPCG64Unseeded()
	if a.incLo&1 != 1 || (a.stateHi == b.stateHi && a.stateLo == b.stateLo) {
		t.Error("unseeded generators look wrong")
	}
}

// rngSink keeps benchmark results alive.
var rngSink uint64

func BenchmarkUint64(b *testing.B) {
	p := NewPCG64(12345)
	var s uint64
	for b.Loop() {
		s += p.Uint64()
	}
	rngSink = s
}

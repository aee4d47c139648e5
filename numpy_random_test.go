package bleu

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
		p := newPCG64(tc.seed)
		got := st{rngState128(p.stateHi, p.stateLo), rngState128(p.incHi, p.incLo), p.hasUint32}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("newPCG64(%d) state mismatch (-want +got):\n%s", tc.seed, diff)
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
// and recurrence with math/big, independently of the pcg64 code.
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

func TestPCG64Next64Independent(t *testing.T) {
	want := rngBigOutputs(t, 16)
	// NumPy 1.24.2: default_rng(12345).bit_generator.random_raw(4).
	numpy := []uint64{0x3a32b18db2ffc19d, 0x51171315c9e4c4de, 0xcc2024823444efd9, 0xad1f06aea486e910}
	if diff := cmp.Diff(numpy, want[:4]); diff != "" {
		t.Fatalf("math/big derivation disagrees with NumPy (-numpy +big):\n%s", diff)
	}
	p := newPCG64(12345)
	var got []uint64
	for range want {
		got = append(got, p.next64())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("next64 (-want +got):\n%s", diff)
	}
}

func TestPCG64Next32Buffer(t *testing.T) {
	o := rngBigOutputs(t, 4)
	p := newPCG64(12345)
	// next32: low half of o0 (high half buffered); next64 does not touch the
	// buffer (as NumPy's random_raw); next32: buffered high half of o0; then
	// the low and high halves of o2.
	got := []uint64{uint64(p.next32()), p.next64(), uint64(p.next32()), uint64(p.next32()), uint64(p.next32())}
	want := []uint64{o[0] & 0xFFFFFFFF, o[1], o[0] >> 32, o[2] & 0xFFFFFFFF, o[2] >> 32}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("next32/next64 interleaving (-want +got):\n%s", diff)
	}
}

func TestIntnNumPy(t *testing.T) {
	// NumPy 1.24.2: g = default_rng(12345); g.integers(0, N, size=6), then
	// g.integers(0, N) (the 7th value).
	tests := []struct {
		n    uint64
		want []uint64
	}{
		{3, []uint64{2, 0, 2, 0, 0, 2, 1}},
		{1000, []uint64{699, 227, 788, 316, 204, 797, 642}},
		{1984, []uint64{1387, 451, 1564, 628, 405, 1581, 1275}},
		{1<<31 + 1, []uint64{488200390, 1693606511, 680233354, 438466540, 1712329281, 1380152456, 1452245847}},
		{1<<32 - 1, []uint64{3003105692, 976400780, 3387213021, 1360466708, 876933080, 3424658561, 2760304911}},
		// rng == 0xFFFFFFFF: the raw 32-bit draws.
		{1 << 32, []uint64{3003105693, 976400781, 3387213022, 1360466709, 876933081, 3424658562, 2760304912}},
		// n > 2^32: 64-bit Lemire on next64.
		{1<<32 + 1, []uint64{976400781, 1360466710, 3424658563, 2904491695, 1679802729, 1429424936, 2569716530}},
		{1<<40 + 12345, []uint64{249958602921, 348279481616, 876712601767, 743549882176, 430029503449, 365932787683, 657847438955}},
		{1<<63 - 1, []uint64{2096804712593481934, 2921580012919480942, 7354398262316660715, 6237348419996972167, 3607348892368485766, 3069666675758614433, 5518424227241521869}},
	}
	for _, tc := range tests {
		p := newPCG64(12345)
		var got []uint64
		for range tc.want {
			got = append(got, p.intn(tc.n))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("intn(%d) (-want +got):\n%s", tc.n, diff)
		}
		if tc.n > math.MaxInt {
			continue // fillIntn takes an int: not on 32-bit platforms
		}
		p = newPCG64(12345)
		fill := make([]int, 6)
		p.fillIntn(fill, int(tc.n))
		gotFill := append([]uint64(nil), 0, 0, 0, 0, 0, 0)
		for i, v := range fill {
			gotFill[i] = uint64(v)
		}
		gotFill = append(gotFill, p.intn(tc.n))
		if diff := cmp.Diff(tc.want, gotFill); diff != "" {
			t.Errorf("fillIntn(%d) then intn (-want +got):\n%s", tc.n, diff)
		}
	}
}

// rngLemireRef applies the README's 32-bit Lemire rule to a stream of raw
// 32-bit draws and returns the results and the number of draws rejected.
func rngLemireRef(raw []uint32, n uint32, count int) (out []uint64, rejected int) {
	next := func() uint32 { v := raw[0]; raw = raw[1:]; return v }
	for len(out) < count {
		m := uint64(next()) * uint64(n)
		lo := uint32(m)
		if lo < n {
			t := uint32((1<<32 - uint64(n)) % uint64(n))
			for lo < t {
				rejected++
				m = uint64(next()) * uint64(n)
				lo = uint32(m)
			}
		}
		out = append(out, m>>32)
	}
	return out, rejected
}

func TestIntnLemireRejection(t *testing.T) {
	raw := rngBigOutputs32(t, 64)
	tests := []struct {
		n            uint32
		wantRejected int // at least this many rejections in the first 12 values
	}{
		// threshold 2^31-1: about half of all draws are rejected; with seed
		// 12345 the very first raw draw is.
		{1<<31 + 1, 1},
		// threshold (2^32-3e9) % 3e9 = 1294967296; raw draws 5 and 7 are
		// rejected.
		{3000000000, 1},
		{1984, 0},
	}
	for _, tc := range tests {
		want, rejected := rngLemireRef(raw, tc.n, 12)
		if rejected < tc.wantRejected {
			t.Fatalf("n=%d: only %d rejections in the reference; pick another n", tc.n, rejected)
		}
		p := newPCG64(12345)
		var got []uint64
		for range want {
			got = append(got, p.intn(uint64(tc.n)))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("intn(%d) vs README Lemire rule (%d rejections) (-want +got):\n%s", tc.n, rejected, diff)
		}
	}
	// For n = 2^31+1 the very first raw draw is rejected (leftover below
	// the threshold 2^31-1), so value 0 (488200390, as NumPy gives) comes
	// from raw draw 2.
	n := uint64(1<<31 + 1)
	if lo := uint32(uint64(raw[0]) * n); lo >= 1<<31-1 {
		t.Errorf("expected raw draw 1 to be rejected for n=%d (leftover %d)", n, lo)
	}
	if got, want := (uint64(raw[1])*n)>>32, uint64(488200390); got != want {
		t.Errorf("value 0 from raw draw 2 = %d, want %d", got, want)
	}
}

func TestIntnOneDrawsNothing(t *testing.T) {
	// NumPy 1.24.2: g = default_rng(12345); g.integers(0, 1, size=5) is
	// [0 0 0 0 0] and consumes nothing: g.integers(0, 7, size=3) is then
	// [4 1 5], as for a fresh generator.
	p := newPCG64(12345)
	ones := []int{9, 9, 9, 9, 9}
	p.fillIntn(ones, 1)
	if p.intn(1) != 0 {
		t.Error("intn(1) != 0")
	}
	got := make([]int, 3)
	p.fillIntn(got, 7)
	if diff := cmp.Diff([]int{0, 0, 0, 0, 0}, ones); diff != "" {
		t.Errorf("fillIntn(n=1) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{4, 1, 5}, got); diff != "" {
		t.Errorf("after n=1 draws (-want +got):\n%s", diff)
	}
	// An empty fill draws nothing and accepts any n, like NumPy's size=0.
	p.fillIntn(nil, 0)
	p.fillIntn([]int{}, -3)
}

func TestIntnPanicsOnZero(t *testing.T) {
	for _, f := range []func(){
		func() { newPCG64(1).intn(0) },
		func() { newPCG64(1).fillIntn(make([]int, 1), 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("expected a panic")
				}
			}()
			f()
		}()
	}
}

// rngBitString renders bools as 0/1 characters.
func rngBitString(b []bool) string {
	var sb strings.Builder
	for _, v := range b {
		if v {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String()
}

func TestFillBoolsNumPy(t *testing.T) {
	// NumPy 1.24.2: g = default_rng(12345);
	// g.integers(2, size=70, dtype=bool), then g.integers(0, 1000, size=3).
	// 70 bools use three 32-bit words (o0 low, o0 high, o1 low); the
	// unused high half of o1 stays buffered in the generator, so the
	// following integers start with it (value 4 of the plain stream).
	p := newPCG64(12345)
	b := make([]bool, 70)
	p.fillBools(b)
	if got, want := rngBitString(b), "1011100110000011111111110100110110110001100011010100110001011100011110"; got != want {
		t.Errorf("fillBools(70)\n got %s\nwant %s", got, want)
	}
	after := make([]int, 3)
	p.fillIntn(after, 1000)
	if diff := cmp.Diff([]int{316, 204, 797}, after); diff != "" {
		t.Errorf("integers after bools (-want +got):\n%s", diff)
	}

	// g = default_rng(12345); g.integers(0, 10) -> 6 leaves a buffered
	// half; g.integers(2, size=(3, 13), dtype=bool) starts with it; then
	// g.integers(0, 10**6, size=4).
	p = newPCG64(12345)
	if v := p.intn(10); v != 6 {
		t.Errorf("intn(10) = %d, want 6", v)
	}
	b = make([]bool, 3*13)
	p.fillBools(b)
	if got, want := rngBitString(b), "101100011000110101001100010111000111101"; got != want {
		t.Errorf("fillBools after a pending half\n got %s\nwant %s", got, want)
	}
	after = make([]int, 4)
	p.fillIntn(after, 1000000)
	if diff := cmp.Diff([]int{316758, 204176, 797365, 642683}, after); diff != "" {
		t.Errorf("integers after pending bools (-want +got):\n%s", diff)
	}

	// Separate calls do not share the bit buffer: sizes 5, 33, 1.
	p = newPCG64(12345)
	var got []string
	for _, k := range []int{5, 33, 1} {
		b := make([]bool, k)
		p.fillBools(b)
		got = append(got, rngBitString(b))
	}
	if diff := cmp.Diff([]string{"10111", "101100011000110101001100010111000", "1"}, got); diff != "" {
		t.Errorf("separate fillBools calls (-want +got):\n%s", diff)
	}
}

func TestFillBoolsBitOrderIndependent(t *testing.T) {
	// On a fresh generator the bools are the bits of consecutive 64-bit
	// outputs, least significant first, whatever the length.
	o := rngBigOutputs(t, 8)
	for _, n := range []int{0, 1, 31, 32, 33, 63, 64, 65, 100, 128, 129, 500} {
		b := make([]bool, n)
		newPCG64(12345).fillBools(b)
		want := make([]bool, n)
		for i := range want {
			want[i] = o[i/64]>>(i%64)&1 == 1
		}
		if diff := cmp.Diff(want, b); diff != "" {
			t.Errorf("fillBools(%d) (-want +got):\n%s", n, diff)
		}
	}
}

func TestFillBoolsLarge(t *testing.T) {
	// NumPy 1.24.2: s = default_rng(12345).integers(2, size=(10000, 2000),
	// dtype=bool); s.sum() and sha256(np.packbits(s.ravel(),
	// bitorder='little')).
	b := make([]bool, 10000*2000)
	newPCG64(12345).fillBools(b)
	count := 0
	packed := make([]byte, len(b)/8)
	for i, v := range b {
		if v {
			count++
			packed[i/8] |= 1 << (i % 8)
		}
	}
	sum := sha256.Sum256(packed)
	got := []string{hex.EncodeToString(sum[:])}
	want := []string{"d92bcac11ee4d8e3487c359d584553f96df3238258c21a15e4868535d0ea71b7"}
	if count != 9996831 {
		t.Errorf("true count = %d, want 9996831", count)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("packed bits hash (-want +got):\n%s", diff)
	}
}

func TestFillIntnLarge(t *testing.T) {
	// NumPy 1.24.2: idx = default_rng(12345).choice(2000, size=(1000, 2000),
	// replace=True); idx.sum() and idx[999, 1990:].
	idx := make([]int, 1000*2000)
	newPCG64(12345).fillIntn(idx, 2000)
	total := 0
	for _, v := range idx {
		total += v
	}
	if total != 1997782535 {
		t.Errorf("sum = %d, want 1997782535", total)
	}
	want := []int{1363, 1995, 1931, 758, 1311, 949, 554, 1996, 1445, 1222}
	if diff := cmp.Diff(want, idx[len(idx)-10:]); diff != "" {
		t.Errorf("last row tail (-want +got):\n%s", diff)
	}
	// seed 7 (NumPy 1.24.2: default_rng(7).integers(0, 2037, size=8)).
	got := make([]int, 8)
	newPCG64(7).fillIntn(got, 2037)
	if diff := cmp.Diff([]int{1924, 1273, 1393, 1827, 1177, 1580, 1698, 458}, got); diff != "" {
		t.Errorf("seed 7 (-want +got):\n%s", diff)
	}
}

func TestBootstrapGoldenIndices(t *testing.T) {
	forEachConformanceSet(t, testBootstrapGoldenIndices)
}

func testBootstrapGoldenIndices(t *testing.T, set conformanceSet) {
	dir := set.Dir
	files, err := filepath.Glob(filepath.Join(dir, "goldens", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g struct {
			NSegments int `json:"n_segments"`
			Bootstrap *struct {
				NBootstrap               int    `json:"n_bootstrap"`
				Seed                     string `json:"seed"`
				FirstResampleIndices     []int  `json:"first_resample_indices"`
				RNGChoiceEqualsIntegers  bool   `json:"rng_choice_equals_integers"`
				SampleScoresSortedLength []any  `json:"sample_scores_sorted"`
			} `json:"bootstrap"`
		}
		if err := json.Unmarshal(data, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if g.Bootstrap == nil {
			continue
		}
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			b := g.Bootstrap
			if !b.RNGChoiceEqualsIntegers {
				t.Errorf("rng_choice_equals_integers = false; fillIntn assumes choice == integers")
			}
			if len(b.SampleScoresSortedLength) != b.NBootstrap {
				t.Errorf("%d sample scores, n_bootstrap %d", len(b.SampleScoresSortedLength), b.NBootstrap)
			}
			seed, seeded, err := parseSeed(b.Seed, false)
			if err != nil || !seeded {
				t.Fatalf("parseSeed(%q) = %d, %v, %v", b.Seed, seed, seeded, err)
			}
			// idxs = rng.choice(N, size=(n_bootstrap, N)): one fill.
			idx := make([]int, b.NBootstrap*g.NSegments)
			newPCG64(seed).fillIntn(idx, g.NSegments)
			if diff := cmp.Diff(b.FirstResampleIndices, idx[:len(b.FirstResampleIndices)]); diff != "" {
				t.Errorf("first resample indices (-golden +got):\n%s", diff)
			}
			p := newPCG64(seed)
			var one []int
			for range b.FirstResampleIndices {
				one = append(one, int(p.intn(uint64(g.NSegments))))
			}
			if diff := cmp.Diff(b.FirstResampleIndices, one); diff != "" {
				t.Errorf("intn one by one (-golden +got):\n%s", diff)
			}
		})
		checked++
	}
	if checked < 3 {
		t.Errorf("%s: checked %d golden files with a bootstrap key, want at least 3", set.Name, checked)
	}
}

// rngPat is a value pattern that makes summation order visible (built from
// exactly representable steps, identical in Python).
func rngPat(n int) []float64 {
	p := []float64{1e16, 1.0, -1e16, 0.5, 3.0, -2.5e15, 1e-3, 7.0}
	a := make([]float64, n)
	for i := range a {
		a[i] = p[(i*5+i/3)%8] * (1 + float64(i%13)/16)
	}
	return a
}

// rngBleuish is a list of BLEU-like scores (identical in Python).
func rngBleuish(n int) []float64 {
	a := make([]float64, n)
	for i := range a {
		a[i] = 30 + float64(i*7919%1000)/997.0*7
	}
	return a
}

// rngRefPairwise is an independent, index-based transcription of the
// README's pw(a, n) recursion (start value -0.0 as in NumPy's source).
func rngRefPairwise(a []float64, lo, n int) float64 {
	if n < 8 {
		s := math.Copysign(0, -1)
		for i := lo; i < lo+n; i++ {
			s += a[i]
		}
		return s
	}
	if n <= 128 {
		var r [8]float64
		copy(r[:], a[lo:lo+8])
		i := 8
		for ; i < n-n%8; i += 8 {
			for j := 0; j < 8; j++ {
				r[j] += a[lo+i+j]
			}
		}
		s := ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
		for ; i < n; i++ {
			s += a[lo+i]
		}
		return s
	}
	n2 := n / 2
	n2 -= n2 % 8
	return rngRefPairwise(a, lo, n2) + rngRefPairwise(a, lo+n2, n-n2)
}

// rngRefSum is the reduction around rngRefPairwise: 0.0, plus each block of
// 8192 in turn.
func rngRefSum(a []float64) float64 {
	s := 0.0
	for lo := 0; lo < len(a); lo += 8192 {
		s += rngRefPairwise(a, lo, min(8192, len(a)-lo))
	}
	return s
}

func TestNumpySum(t *testing.T) {
	nan := math.NaN()
	// NumPy 1.24.2: np.array(rngPat(n)).sum() and .mean().
	tests := []struct {
		n         int
		sum, mean float64
	}{
		{0, 0.0, nan},
		{1, 1e+16, 1e+16},
		{7, 5468750000000000.0, 781250000000000.0},
		{8, 1875000000000000.0, 234375000000000.0},
		{9, -1.3125e+16, -1458333333333333.2},
		{127, -1.315625e+17, -1035925196850393.8},
		{128, -1.35625e+17, -1059570312500000.0},
		{129, -1.525e+17, -1182170542635659.0},
		{1000, -1.1284375e+18, -1128437500000000.0},
		{8192, -9.37703125e+18, -1144657135009765.5},
		{8193, -9.38828125e+18, -1145890546808250.8},
		{16385, -1.876390625e+19, -1145188053097345.0},
		{20000, -2.2900468749999997e+19, -1145023437499999.8},
		{100000, -1.1457078125e+20, -1145707812500000.0},
	}
	for _, tc := range tests {
		a := rngPat(tc.n)
		got := []float64{numpySum(a), numpyMean(a), rngRefSum(a)}
		want := []float64{tc.sum, tc.mean, tc.sum}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(x, y float64) bool {
			return math.Float64bits(x) == math.Float64bits(y) || (math.IsNaN(x) && math.IsNaN(y))
		})); diff != "" {
			t.Errorf("n=%d: [numpySum numpyMean reference] (-want +got):\n%s", tc.n, diff)
		}
	}
	// The README recursion for every length up to 300 and around the
	// block boundaries, on the pattern and on generator noise.
	p := newPCG64(99)
	noise := make([]float64, 40000)
	for i := range noise {
		noise[i] = float64(int64(p.next64())) * math.Ldexp(1, -int(p.intn(80)))
	}
	lengths := []int{}
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 1000, 8191, 8192, 8193, 16383, 16384, 16385, 20000, 24577, 40000)
	for _, n := range lengths {
		for _, a := range [][]float64{rngPat(n), noise[:n]} {
			if got, want := numpySum(a), rngRefSum(a); math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("n=%d: numpySum = %v, reference %v", n, got, want)
			}
		}
	}
}

func TestNumpySumSignedZero(t *testing.T) {
	negZero := math.Copysign(0, -1)
	// NumPy 1.24.2: np.array([-0.0]).sum() is 0.0 (the reduction starts
	// from the identity +0.0) although the pairwise kernel keeps -0.0.
	if got := numpySum([]float64{negZero}); math.Signbit(got) {
		t.Errorf("numpySum([-0]) = %v, want +0", got)
	}
	if got := numpyPairwise([]float64{negZero, negZero}); !math.Signbit(got) {
		t.Errorf("numpyPairwise([-0, -0]) = %v, want -0", got)
	}
}

func TestNumpyMeanBleuish(t *testing.T) {
	// NumPy 1.24.2 np.array(a).mean() vs Python 3.11 statistics.mean(a),
	// which differ in the last bit for n = 1000.
	tests := []struct {
		n                  int
		numpyMean, pythonM float64
	}{
		{1, 30.0, 30.0},
		{3, 34.112002674690736, 34.112002674690736},
		{1000, 33.507021063189576, 33.50702106318957},
		{10000, 33.50702106318957, 33.50702106318957},
	}
	for _, tc := range tests {
		a := rngBleuish(tc.n)
		got := []float64{numpyMean(a), pyMean(a)}
		if diff := cmp.Diff([]float64{tc.numpyMean, tc.pythonM}, got); diff != "" {
			t.Errorf("n=%d: [numpyMean pyMean] (-want +got):\n%s", tc.n, diff)
		}
	}
}

func TestPyMean(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		in   []float64
		want float64
	}{
		// Python 3.11 statistics.mean.
		{[]float64{1e16, 1, -1e16}, 0.3333333333333333}, // naive: 0.0
		{[]float64{0.1, 0.2, 0.3}, 0.2},                 // naive: 0.20000000000000004
		{[]float64{1, 1 + 0x1p-52}, 1},                  // exact tie, to even
		{[]float64{1 + 0x1p-52, 1 + 0x1p-51}, 1 + 0x1p-51},
		{[]float64{5e-324, 5e-324, 5e-324}, 5e-324},
		{[]float64{1e308, 1e308}, 1e308}, // naive: +Inf
		{[]float64{5e-324, -5e-324, 1}, 0.3333333333333333},
		{[]float64{math.Copysign(0, -1)}, 0},
		{[]float64{inf, 1}, inf},
		{[]float64{-inf, 1, -inf}, -inf},
		{rngBleuish(1000), 33.50702106318957},
	}
	for _, tc := range tests {
		got := pyMean(tc.in)
		if math.Float64bits(got) != math.Float64bits(tc.want) {
			t.Errorf("pyMean(%v) = %v, want %v", tc.in[:min(len(tc.in), 4)], got, tc.want)
		}
	}
	if got := pyMean([]float64{inf, -inf}); !math.IsNaN(got) {
		t.Errorf("pyMean([inf, -inf]) = %v, want NaN", got)
	}
	if got := pyMean([]float64{math.NaN(), 1}); !math.IsNaN(got) {
		t.Errorf("pyMean([nan, 1]) = %v, want NaN", got)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("pyMean(nil) did not panic")
			}
		}()
		pyMean(nil)
	}()

	// Against a plain big.Rat computation on generator noise.
	p := newPCG64(5)
	for trial := 0; trial < 200; trial++ {
		a := make([]float64, 1+p.intn(50))
		for i := range a {
			a[i] = float64(int64(p.next64())) * math.Ldexp(1, int(p.intn(400))-200-63)
		}
		sum := new(big.Rat)
		for _, x := range a {
			sum.Add(sum, new(big.Rat).SetFloat64(x))
		}
		want, _ := sum.Quo(sum, new(big.Rat).SetInt64(int64(len(a)))).Float64()
		if got := pyMean(a); got != want {
			t.Fatalf("pyMean = %v, big.Rat %v for %v", got, want, a)
		}
	}
}

func TestParseSeed(t *testing.T) {
	type res struct {
		Seed   uint64
		Seeded bool
		Err    bool
	}
	ok := func(s uint64) res { return res{s, true, false} }
	unseeded := res{0, false, false}
	bad := res{0, false, true}
	// Python 3.11 int() / sacreBLEU 2.6.0 behaviour.
	tests := []struct {
		v            string
		boot, paired res
	}{
		{"12345", ok(12345), ok(12345)},
		{"none", unseeded, unseeded},
		{"None", unseeded, unseeded},
		{"NONE", unseeded, unseeded},
		{" none", bad, bad},
		{"0", ok(0), unseeded},
		{"-0", ok(0), unseeded},
		{"000", ok(0), unseeded},
		{" 42 ", ok(42), ok(42)},
		{"+42", ok(42), ok(42)},
		{"\v7\f", ok(7), ok(7)},
		{"\u00a09\u3000", ok(9), ok(9)},
		{"\u0085 8", ok(8), ok(8)},
		{"1_000", ok(1000), ok(1000)},
		{"0012", ok(12), ok(12)},
		{"\u0663\u0664", ok(34), ok(34)},       // Arabic-Indic digits
		{"\u0661_\u0662", ok(12), ok(12)},      // with an underscore
		{"\U0001d7ce\U0001d7cf", ok(1), ok(1)}, // mathematical bold 0 1
		{"\U0001d7e1", ok(9), ok(9)},           // mathematical double-struck nine
		{"18446744073709551615", ok(math.MaxUint64), ok(math.MaxUint64)},
		{"18446744073709551616", bad, bad}, // beyond uint64: unsupported
		{"-5", bad, bad},
		{"", bad, bad},
		{"  ", bad, bad},
		{"1__0", bad, bad},
		{"_1", bad, bad},
		{"1_", bad, bad},
		{"+_1", bad, bad},
		{"- 1", bad, bad},
		{"++1", bad, bad},
		{"+-1", bad, bad},
		{"1 2", bad, bad},
		{"0x10", bad, bad},
		{"1e3", bad, bad},
		{"1.0", bad, bad},
		{"\x1c5", bad, bad},
		{"5\x1f", bad, bad},
		{"\u00b2", bad, bad}, // superscript two is not decimal
		{"\ufeff1", bad, bad},
		{"4\u200b", bad, bad},
		{"\U00011f51", bad, bad}, // Kawi digit one: Unicode 15.0, unknown to Python 3.11
		{strings.Repeat("0", 4300) + "1", bad, bad},
		{strings.Repeat("0", 4299) + "1", ok(1), ok(1)},
		{strings.Repeat("0_", 4299) + "1", ok(1), ok(1)},
	}
	for _, tc := range tests {
		for _, paired := range []bool{false, true} {
			want := tc.boot
			if paired {
				want = tc.paired
			}
			s, seeded, err := parseSeed(tc.v, paired)
			got := res{s, seeded, err != nil}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("parseSeed(%q, paired=%v) (-want +got):\n%s (err %v)", tc.v[:min(len(tc.v), 20)], paired, diff, err)
			}
		}
	}
	if s, seeded, err := parseSeed(defaultSeedString, false); s != 12345 || !seeded || err != nil {
		t.Errorf("parseSeed(defaultSeedString) = %d, %v, %v", s, seeded, err)
	}
}

func TestSeedSignatureValue(t *testing.T) {
	tests := []struct {
		v            string
		boot, paired string
	}{
		{"12345", "12345", "12345"},
		{"None", "none", "none"},
		{" +0042", " +0042", "42"},
		{"0", "0", "0"},
		{"1_0", "1_0", "10"},
	}
	for _, tc := range tests {
		b, err1 := seedSignatureValue(tc.v, false)
		p, err2 := seedSignatureValue(tc.v, true)
		if diff := cmp.Diff([]string{tc.boot, tc.paired}, []string{b, p}); diff != "" || err1 != nil || err2 != nil {
			t.Errorf("seedSignatureValue(%q) (-want +got):\n%s %v %v", tc.v, diff, err1, err2)
		}
	}
	if _, err := seedSignatureValue("-1", false); err == nil {
		t.Error("seedSignatureValue(-1) did not fail")
	}
}

func TestPyDecimalUnicodeVersion(t *testing.T) {
	// Python 3.11's digits are Unicode 14.0's, whatever Go's unicode.Nd is:
	// Kawi (U+11F50) and Nag Mundari (U+1E4F0) came in 15.0, Garay (U+10D40)
	// and others in 16.0. TestPyTablesAllCodePoints checks every code point.
	for r, want := range map[rune]int{'7': 7, 0x0669: 9, 0x0660: 0, 0x1D7CE: 0, 0x1D7D8: 0, 0x1D7FF: 9, 0xFF15: 5} {
		if got, ok := pyDecimalValue(r); !ok || got != want {
			t.Errorf("pyDecimalValue(%U) = %d, %v; want %d", r, got, ok, want)
		}
	}
	for _, r := range []rune{0x11F50, 0x11F59, 0x1E4F0, 0x1E4F9, 0x10D40, 0x10D49} {
		if got, ok := pyDecimalValue(r); ok {
			t.Errorf("pyDecimalValue(%U) = %d, true; not a digit in Unicode 14.0", r, got)
		}
	}
}

func TestNewPCG64Unseeded(t *testing.T) {
	a, b := newPCG64Unseeded(), newPCG64Unseeded()
	if a.incLo&1 != 1 || (a.stateHi == b.stateHi && a.stateLo == b.stateLo) {
		t.Error("unseeded generators look wrong")
	}
}

// rngSink keeps benchmark results alive.
var rngSink uint64

func BenchmarkPCG64Next64(b *testing.B) {
	p := newPCG64(12345)
	var s uint64
	for b.Loop() {
		s += p.next64()
	}
	rngSink = s
}

func BenchmarkIntn(b *testing.B) {
	p := newPCG64(12345)
	var s uint64
	for b.Loop() {
		s += p.intn(2000)
	}
	rngSink = s
}

// BenchmarkFillIntn is one bootstrap's choice(2000, size=(1000, 2000)).
func BenchmarkFillIntn(b *testing.B) {
	idx := make([]int, 1000*2000)
	for b.Loop() {
		newPCG64(12345).fillIntn(idx, 2000)
	}
	rngSink = uint64(idx[len(idx)-1])
}

// BenchmarkFillBools is one approximate randomization test's
// integers(2, size=(10000, 2000), dtype=bool).
func BenchmarkFillBools(b *testing.B) {
	sel := make([]bool, 10000*2000)
	for b.Loop() {
		newPCG64(12345).fillBools(sel)
	}
	if sel[0] {
		rngSink++
	}
}

func BenchmarkNumpySum(b *testing.B) {
	a := rngBleuish(1000)
	var s float64
	for b.Loop() {
		s += numpySum(a)
	}
	rngSink = uint64(s)
}

func BenchmarkPyMean(b *testing.B) {
	a := rngBleuish(1000)
	var s float64
	for b.Loop() {
		s += pyMean(a)
	}
	rngSink = uint64(s)
}

package numpy

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Values marked "NumPy 1.24.2" are NumPy's answers (see pcg64_test.go).

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
		// n > 2^32: 64-bit Lemire on Uint64.
		{1<<32 + 1, []uint64{976400781, 1360466710, 3424658563, 2904491695, 1679802729, 1429424936, 2569716530}},
		{1<<40 + 12345, []uint64{249958602921, 348279481616, 876712601767, 743549882176, 430029503449, 365932787683, 657847438955}},
		{1<<63 - 1, []uint64{2096804712593481934, 2921580012919480942, 7354398262316660715, 6237348419996972167, 3607348892368485766, 3069666675758614433, 5518424227241521869}},
	}
	for _, tc := range tests {
		p := NewPCG64(12345)
		var got []uint64
		for range tc.want {
			got = append(got, p.Intn(tc.n))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Intn(%d) (-want +got):\n%s", tc.n, diff)
		}
		if tc.n > math.MaxInt {
			continue // FillIntn takes an int: not on 32-bit platforms
		}
		p = NewPCG64(12345)
		fill := make([]int, 6)
		p.FillIntn(fill, int(tc.n))
		gotFill := append([]uint64(nil), 0, 0, 0, 0, 0, 0)
		for i, v := range fill {
			gotFill[i] = uint64(v)
		}
		gotFill = append(gotFill, p.Intn(tc.n))
		if diff := cmp.Diff(tc.want, gotFill); diff != "" {
			t.Errorf("FillIntn(%d) then Intn (-want +got):\n%s", tc.n, diff)
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
		p := NewPCG64(12345)
		var got []uint64
		for range want {
			got = append(got, p.Intn(uint64(tc.n)))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Intn(%d) vs README Lemire rule (%d rejections) (-want +got):\n%s", tc.n, rejected, diff)
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
	p := NewPCG64(12345)
	ones := []int{9, 9, 9, 9, 9}
	p.FillIntn(ones, 1)
	if p.Intn(1) != 0 {
		t.Error("Intn(1) != 0")
	}
	got := make([]int, 3)
	p.FillIntn(got, 7)
	if diff := cmp.Diff([]int{0, 0, 0, 0, 0}, ones); diff != "" {
		t.Errorf("FillIntn(n=1) (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{4, 1, 5}, got); diff != "" {
		t.Errorf("after n=1 draws (-want +got):\n%s", diff)
	}
	// An empty fill draws nothing and accepts any n, like NumPy's size=0.
	p.FillIntn(nil, 0)
	p.FillIntn([]int{}, -3)
}

func TestIntnPanicsOnZero(t *testing.T) {
	for _, f := range []func(){
		func() { NewPCG64(1).Intn(0) },
		func() { NewPCG64(1).FillIntn(make([]int, 1), 0) },
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
	p := NewPCG64(12345)
	b := make([]bool, 70)
	p.FillBools(b)
	if got, want := rngBitString(b), "1011100110000011111111110100110110110001100011010100110001011100011110"; got != want {
		t.Errorf("FillBools(70)\n got %s\nwant %s", got, want)
	}
	after := make([]int, 3)
	p.FillIntn(after, 1000)
	if diff := cmp.Diff([]int{316, 204, 797}, after); diff != "" {
		t.Errorf("integers after bools (-want +got):\n%s", diff)
	}

	// g = default_rng(12345); g.integers(0, 10) -> 6 leaves a buffered
	// half; g.integers(2, size=(3, 13), dtype=bool) starts with it; then
	// g.integers(0, 10**6, size=4).
	p = NewPCG64(12345)
	if v := p.Intn(10); v != 6 {
		t.Errorf("Intn(10) = %d, want 6", v)
	}
	b = make([]bool, 3*13)
	p.FillBools(b)
	if got, want := rngBitString(b), "101100011000110101001100010111000111101"; got != want {
		t.Errorf("FillBools after a pending half\n got %s\nwant %s", got, want)
	}
	after = make([]int, 4)
	p.FillIntn(after, 1000000)
	if diff := cmp.Diff([]int{316758, 204176, 797365, 642683}, after); diff != "" {
		t.Errorf("integers after pending bools (-want +got):\n%s", diff)
	}

	// Separate calls do not share the bit buffer: sizes 5, 33, 1.
	p = NewPCG64(12345)
	var got []string
	for _, k := range []int{5, 33, 1} {
		b := make([]bool, k)
		p.FillBools(b)
		got = append(got, rngBitString(b))
	}
	if diff := cmp.Diff([]string{"10111", "101100011000110101001100010111000", "1"}, got); diff != "" {
		t.Errorf("separate FillBools calls (-want +got):\n%s", diff)
	}
}

func TestFillBoolsBitOrderIndependent(t *testing.T) {
	// On a fresh generator the bools are the bits of consecutive 64-bit
	// outputs, least significant first, whatever the length.
	o := rngBigOutputs(t, 8)
	for _, n := range []int{0, 1, 31, 32, 33, 63, 64, 65, 100, 128, 129, 500} {
		b := make([]bool, n)
		NewPCG64(12345).FillBools(b)
		want := make([]bool, n)
		for i := range want {
			want[i] = o[i/64]>>(i%64)&1 == 1
		}
		if diff := cmp.Diff(want, b); diff != "" {
			t.Errorf("FillBools(%d) (-want +got):\n%s", n, diff)
		}
	}
}

func TestFillBoolsLarge(t *testing.T) {
	// NumPy 1.24.2: s = default_rng(12345).integers(2, size=(10000, 2000),
	// dtype=bool); s.sum() and sha256(np.packbits(s.ravel(),
	// bitorder='little')).
	b := make([]bool, 10000*2000)
	NewPCG64(12345).FillBools(b)
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
	NewPCG64(12345).FillIntn(idx, 2000)
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
	NewPCG64(7).FillIntn(got, 2037)
	if diff := cmp.Diff([]int{1924, 1273, 1393, 1827, 1177, 1580, 1698, 458}, got); diff != "" {
		t.Errorf("seed 7 (-want +got):\n%s", diff)
	}
}

func BenchmarkIntn(b *testing.B) {
	p := NewPCG64(12345)
	var s uint64
	for b.Loop() {
		s += p.Intn(2000)
	}
	rngSink = s
}

// BenchmarkFillIntn is one bootstrap's choice(2000, size=(1000, 2000)).
func BenchmarkFillIntn(b *testing.B) {
	idx := make([]int, 1000*2000)
	for b.Loop() {
		NewPCG64(12345).FillIntn(idx, 2000)
	}
	rngSink = uint64(idx[len(idx)-1])
}

// BenchmarkFillBools is one approximate randomization test's
// integers(2, size=(10000, 2000), dtype=bool).
func BenchmarkFillBools(b *testing.B) {
	sel := make([]bool, 10000*2000)
	for b.Loop() {
		NewPCG64(12345).FillBools(sel)
	}
	if sel[0] {
		rngSink++
	}
}

package bleu

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// White-box (package bleu): these tests check parseSeed in its bootstrap
// and paired modes and the seed's signature and determinism per test,
// which the significance tests use inside; the exported Seed API is tested
// black-box in seed_test.go and significance_test.go.

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

func TestSeed(t *testing.T) {
	type res struct {
		Boot, Paired string // signature texts
		N            uint64
		Seeded       bool
		DetBoot      bool
		DetPaired    bool
	}
	sig := func(s Seed) res {
		n, ok := s.Value()
		return res{s.String(), s.signature(true), n, ok, s.deterministic(false), s.deterministic(true)}
	}
	parse := func(v string) Seed {
		s, err := ParseSeed(v)
		if err != nil {
			t.Fatalf("ParseSeed(%q): %v", v, err)
		}
		return s
	}
	tests := []struct {
		name string
		seed Seed
		want res
	}{
		{"zero", Seed{}, res{"12345", "12345", 12345, true, true, true}},
		{"Seeded(42)", Seeded(42), res{"42", "42", 42, true, true, true}},
		{"Seeded(0)", Seeded(0), res{"0", "0", 0, true, true, false}},
		{"Unseeded", Unseeded(), res{"none", "none", 0, false, false, false}},
		{"None", parse("None"), res{"none", "none", 0, false, false, false}},
		{" +0042", parse(" +0042"), res{" +0042", "42", 42, true, true, true}},
		{"1_0", parse("1_0"), res{"1_0", "10", 10, true, true, true}},
		{"-0", parse("-0"), res{"-0", "0", 0, true, true, false}},
	}
	for _, tc := range tests {
		if d := cmp.Diff(tc.want, sig(tc.seed)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, d)
		}
	}
	for _, bad := range []string{"", "-1", "abc", "1.5", "0x10", "18446744073709551616"} {
		if _, err := ParseSeed(bad); err == nil || !strings.HasPrefix(err.Error(), "bleu: ") {
			t.Errorf("ParseSeed(%q) = %v, want a bleu: error", bad, err)
		}
	}
	if strconv.Itoa(DefaultSeed) != defaultSeedString {
		t.Errorf("DefaultSeed %d, sacreBLEU's default %q", DefaultSeed, defaultSeedString)
	}
	a, b := Seeded(12345).rng(false), Seed{}.rng(false)
	if a.Uint64() != b.Uint64() {
		t.Error("Seeded(12345) and Seed{} differ")
	}
}

package py

import (
	"math"
	"testing"
)

// The expected values of this file are what Python 3.11 answers.

func TestParseInt(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64 // with ok
		ok   bool
	}{
		{" 42 ", 42, true},
		{"+7", 7, true},
		{"-0", 0, true},
		{"1_000", 1000, true},
		{"\u0661\u0662", 12, true}, // Arabic-Indic digits
		{"\uff11", 1, true},        // fullwidth 1
		{"\u30005\u3000", 5, true},
		{"\u00a0-3", -3, true},
		{"1__0", 0, false},
		{"_1", 0, false},
		{"1_", 0, false},
		{"", 0, false},
		{" ", 0, false},
		{"0x10", 0, false},
		{"1e3", 0, false},
		{"1.0", 0, false},
		{"\x1c5", 0, false}, // isspace, but not skipped by int()
		{"- 3", 0, false},
	} {
		neg, mag, err := ParseInt(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("ParseInt(%q): error %v, want ok %v", tt.in, err, tt.ok)
			continue
		}
		if !tt.ok {
			continue
		}
		got := mag.Int64()
		if neg {
			got = -got
		}
		if got != tt.want {
			t.Errorf("ParseInt(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	long := make([]byte, IntMaxStrDigits+1)
	for i := range long {
		long[i] = '1'
	}
	if _, _, err := ParseInt(string(long)); err == nil {
		t.Errorf("ParseInt of %d digits succeeded", len(long))
	}
	if _, _, err := ParseInt(string(long[1:])); err != nil {
		t.Errorf("ParseInt of %d digits: %v", len(long)-1, err)
	}
}

func TestParseFloat(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{" 1.5 ", 1.5, true},
		{"1_0.2_5", 10.25, true},
		{"1e1_0", 1e10, true},
		{".5", 0.5, true},
		{"5.", 5, true},
		{"1_000.", 1000, true},
		{"1E5", 1e5, true},
		{"-0.0", math.Copysign(0, -1), true},
		{"inf", math.Inf(1), true},
		{"-Infinity", math.Inf(-1), true},
		{"1e999", math.Inf(1), true},
		{"-1e999", math.Inf(-1), true},
		{"\u0661.\u0665", 1.5, true},
		{".", 0, false},
		{"e5", 0, false},
		{"1e", 0, false},
		{"0x1p3", 0, false},
		{"\x1c1", 0, false},
		{"1__0", 0, false},
		{"infinit", 0, false},
	} {
		got, ok := ParseFloat(tt.in)
		if ok != tt.ok || ok && math.Float64bits(got) != math.Float64bits(tt.want) {
			t.Errorf("ParseFloat(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	for _, in := range []string{"+nan", "NaN"} {
		if got, ok := ParseFloat(in); !ok || !math.IsNaN(got) {
			t.Errorf("ParseFloat(%q) = %v, %v; want NaN", in, got, ok)
		}
	}
}

func TestFloatRepr(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want string
	}{
		{0.1, "0.1"},
		{1, "1.0"},
		{1e16, "1e+16"},
		{1e-5, "1e-05"},
		{1.5e16, "1.5e+16"},
		{123456789012345.6, "123456789012345.6"},
		{0.0001, "0.0001"},
		{2.5e-7, "2.5e-07"},
		{math.Copysign(0, -1), "-0.0"},
		{math.NaN(), "nan"},
		{math.Inf(1), "inf"},
		{math.Inf(-1), "-inf"},
	} {
		if got := FloatRepr(tt.in); got != tt.want {
			t.Errorf("FloatRepr(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestFormatFixed(t *testing.T) {
	for _, tt := range []struct {
		in       float64
		decimals int
		want     string
	}{
		{2.675, 2, "2.67"}, // 2.67499999...
		{0.125, 2, "0.12"}, // half to even
		{math.Copysign(0, -1), 1, "-0.0"},
		{math.NaN(), 2, "nan"},
		{1e20, 0, "100000000000000000000"},
	} {
		if got := FormatFixed(tt.in, tt.decimals); got != tt.want {
			t.Errorf("FormatFixed(%v, %d) = %s, want %s", tt.in, tt.decimals, got, tt.want)
		}
	}
}

func TestRepr(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"it's", `"it's"`},
		{`x"y`, `'x"y'`},
		{`a'b"`, `'a\'b"'`},
		{"a\tb\n", `'a\tb\n'`},
		{`back\slash`, `'back\\slash'`},
		{"\ufffd", "'\ufffd'"},
		{"a\xffb", `'a\udcffb'`}, // surrogateescape
		{"\x00\x7f\u00a0\u200b\U000e0001", `'\x00\x7f\xa0\u200b\U000e0001'`},
	} {
		if got := Repr(tt.in); got != tt.want {
			t.Errorf("Repr(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestDecimalValue(t *testing.T) {
	// Python 3.11's digits are Unicode 14.0's, whatever Go's unicode.Nd is;
	// TestUnicodeAllCodePoints checks every code point.
	for r, want := range map[rune]int{'7': 7, 0x0669: 9, 0x0660: 0, 0x1D7CE: 0, 0x1D7D8: 0, 0x1D7FF: 9, 0xFF15: 5} {
		if got, ok := DecimalValue(r); !ok || got != want {
			t.Errorf("DecimalValue(%U) = %d, %v; want %d", r, got, ok, want)
		}
	}
	// Kawi and Nag Mundari digits came in Unicode 15.0, Garay's in 16.0;
	// '²' is numeric but not decimal.
	for _, r := range []rune{0x11F50, 0x11F59, 0x1E4F0, 0x1E4F9, 0x10D40, 0x10D49, 0x00B2, 'a'} {
		if got, ok := DecimalValue(r); ok {
			t.Errorf("DecimalValue(%U) = %d, true; not a digit to Python 3.11", r, got)
		}
	}
}

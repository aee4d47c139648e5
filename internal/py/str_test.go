package py

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// Expected values in this file were produced with Python 3.11 (unicodedata
// 14.0.0), the interpreter sacreBLEU's reference outputs come from.

func TestIsPySpace(t *testing.T) {
	tests := []struct {
		r    rune
		want bool
	}{
		{'\t', true}, {'\n', true}, {'\v', true}, {'\f', true}, {'\r', true},
		{0x1C, true}, {0x1D, true}, {0x1E, true}, {0x1F, true}, {' ', true},
		{0x85, true}, {0xA0, true}, {0x1680, true}, {0x2000, true}, {0x200A, true},
		{0x2028, true}, {0x2029, true}, {0x202F, true}, {0x205F, true}, {0x3000, true},
		{0, false}, {8, false}, {0x0E, false}, {0x1B, false}, {'a', false}, {0x7F, false},
		{0x84, false}, {0x86, false}, {0x180E, false}, {0x200B, false}, {0x200C, false},
		{0x2060, false}, {0x2FFF, false}, {0x3001, false}, {0xFEFF, false}, {utf8.RuneError, false}, {-1, false}, {0x110000, false},
	}
	for _, tt := range tests {
		if got := IsSpace(tt.r); got != tt.want {
			t.Errorf("IsSpace(%U) = %v, want %v", tt.r, got, tt.want)
		}
	}
}

func TestPyStrip(t *testing.T) {
	tests := []struct {
		in, strip, rstrip string
	}{
		{"", "", ""},
		{"abc", "abc", "abc"},
		{"  a b  ", "a b", "  a b"},
		{"\t\n\v\f\r\x1c\x1d\x1e\x1f a \x1f", "a", "\t\n\v\f\r\x1c\x1d\x1e\x1f a"},
		{"\u00a0\u3000a\u2000\u205f\u0085", "a", "\u00a0\u3000a"},
		{"\u200ba\u200b", "\u200ba\u200b", "\u200ba\u200b"},
		{"\ufeffa\u180e", "\ufeffa\u180e", "\ufeffa\u180e"},
		{" \u00a0 ", "", ""},
		{"a\xa0", "a\xa0", "a\xa0"},                   // lone continuation byte is not U+00A0
		{"\xc2 a \xc2", "\xc2 a \xc2", "\xc2 a \xc2"}, // lone lead byte is not space
		{"\xe2\x80 a", "\xe2\x80 a", "\xe2\x80 a"},    // truncated U+2000
		{" \xff ", "\xff", " \xff"},
		{"x\xe2\xc2\xa0", "x\xe2", "x\xe2"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.strip, Strip(tt.in)); diff != "" {
			t.Errorf("Strip(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(tt.rstrip, RStrip(tt.in)); diff != "" {
			t.Errorf("RStrip(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestAppendPyFields(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"a", []string{"a"}},
		{" a  b\tc\n", []string{"a", "b", "c"}},
		{"a\x1cb\x1dc\x1ed\x1fe", []string{"a", "b", "c", "d", "e"}},
		{"a\u00a0b\u3000c\u2009d\u0085e\u1680f\u2028g\u2029h\u202fi\u205fj", []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}},
		{"a\u200bb \ufeffc\u180ed", []string{"a\u200bb", "\ufeffc\u180ed"}},
		{"Größe  über\u00a0€ “quoted” – dash", []string{"Größe", "über", "€", "“quoted”", "–", "dash"}},
		{"日本語\u3000テキスト。", []string{"日本語", "テキスト。"}},
		{"\xffa b\xfe \xc2\xa0\xc2 \xe2\x80\x80\xe2\x80", []string{"\xffa", "b\xfe", "\xc2", "\xe2\x80"}},
		{"a\xa0b", []string{"a\xa0b"}},
		{"\xe2\xc2\xa0x", []string{"\xe2", "x"}},
		{"\xf0\x9f\x98\x80 \U0001F600", []string{"\U0001F600", "\U0001F600"}},
	}
	for _, tt := range tests {
		got := AppendFields(nil, tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("AppendFields(nil, %q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	// Appends to dst and keeps what was there.
	got := AppendFields([]string{"x"}, " y z ")
	if diff := cmp.Diff([]string{"x", "y", "z"}, got); diff != "" {
		t.Errorf("AppendFields with dst mismatch (-want +got):\n%s", diff)
	}
}

func TestAppendPyFieldsNoAllocs(t *testing.T) {
	dst := make([]string, 0, 16)
	s := "Dies ist ein\u00a0Test \u3000mit  Leerzeichen"
	allocs := testing.AllocsPerRun(100, func() {
		dst = AppendFields(dst[:0], s)
	})
	if allocs != 0 {
		t.Errorf("AppendFields allocates %v times, want 0", allocs)
	}
}

// refPyFields is a straightforward rune-decoding implementation of
// Python's str.split() used to cross-check AppendFields.
func refPyFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if IsSpace(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += w
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// refPyRStrip and refPyLStrip strip by decoding runes.
func refPyRStrip(s string) string {
	for len(s) > 0 {
		r, w := utf8.DecodeLastRuneInString(s)
		if !IsSpace(r) {
			break
		}
		s = s[:len(s)-w]
	}
	return s
}

func refPyLStrip(s string) string {
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		if !IsSpace(r) {
			break
		}
		s = s[w:]
	}
	return s
}

// TestPyWhitespaceAllCodePoints checks the byte-level scanners against
// IsSpace for every code point.
func TestPyWhitespaceAllCodePoints(t *testing.T) {
	var buf []string
	for c := rune(0); c <= utf8.MaxRune; c++ {
		if c >= 0xD800 && c <= 0xDFFF {
			continue
		}
		ch := string(c)
		want := []string{"a" + ch + "b"}
		stripped := ch + "x" + ch
		rstripped := stripped
		if IsSpace(c) {
			want = []string{"a", "b"}
			stripped = "x"
			rstripped = ch + "x"
		}
		if got := AppendFields(buf[:0], "a"+ch+"b"); !slices.Equal(want, got) {
			t.Fatalf("AppendFields(%q) = %q, want %q", "a"+ch+"b", got, want)
		}
		if got := Strip(ch + "x" + ch); got != stripped {
			t.Fatalf("Strip(%q) = %q, want %q", ch+"x"+ch, got, stripped)
		}
		if got := RStrip(ch + "x" + ch); got != rstripped {
			t.Fatalf("RStrip(%q) = %q, want %q", ch+"x"+ch, got, rstripped)
		}
	}
}

// randomPyString returns a string mixing ASCII, whitespace of all kinds,
// Greek, combining marks, other scripts and invalid UTF-8 bytes.
func randomPyString(rng *rand.Rand) string {
	pieces := []string{
		"a", "Z", "x", "I", " ", "\t", "\n", "\x1c", "\x1f", "'", ".", ":", "1",
		"\u0085", "\u00a0", "\u1680", "\u2000", "\u200a", "\u200b", "\u2028", "\u202f", "\u205f", "\u3000", "\ufeff",
		"\u03a3", "\u03a3", "\u03c3", "\u0391", "\u03b1", "\u1fbc", "\u0345", "\u0301", "\u00ad", "\u2019", "\u02b0",
		"\u0130", "\u0131", "\u00c4", "\u00df", "\u1e9e", "\u01c5", "\u2126", "\u212a", "\u24b6", "\u10a0", "\u13a0",
		"\U0001E030", "\U00010400", "\U0001F600", "日", "ア", "한", "\ufffd",
		"\xff", "\xc2", "\xe2\x80", "\xa0", "\x80", "\xf0\x9f",
	}
	n := rng.IntN(12)
	var b strings.Builder
	for range n {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	return b.String()
}

func TestPyWhitespaceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := randomPyString(rng)
		if got, want := AppendFields(nil, s), refPyFields(s); !cmp.Equal(want, got) {
			t.Fatalf("AppendFields(%q) = %q, want %q", s, got, want)
		}
		if got, want := Strip(s), refPyRStrip(refPyLStrip(s)); got != want {
			t.Fatalf("Strip(%q) = %q, want %q", s, got, want)
		}
		if got, want := RStrip(s), refPyRStrip(s); got != want {
			t.Fatalf("RStrip(%q) = %q, want %q", s, got, want)
		}
	}
	// Arbitrary bytes, biased towards the whitespace lead bytes.
	alphabet := []byte{' ', 'a', 0x1c, 0x80, 0x85, 0x8a, 0x9a, 0x9f, 0xa0, 0xa8, 0xaf, 0xc2, 0xe1, 0xe2, 0xe3, 0xff}
	for range 20000 {
		b := make([]byte, rng.IntN(10))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := AppendFields(nil, s), refPyFields(s); !cmp.Equal(want, got) {
			t.Fatalf("AppendFields(%q) = %q, want %q", s, got, want)
		}
		if got, want := Strip(s), refPyRStrip(refPyLStrip(s)); got != want {
			t.Fatalf("Strip(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzAppendPyFields(f *testing.F) {
	for _, s := range []string{"", "a b", "\xc2\xa0x\xe3\x80\x80", "\xe2\x80\xaf\xe2\x81\x9f", "\xc2\xe2\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := AppendFields(nil, s), refPyFields(s); !cmp.Equal(want, got) {
			t.Fatalf("AppendFields(%q) = %q, want %q", s, got, want)
		}
		if got, want := Strip(s), refPyRStrip(refPyLStrip(s)); got != want {
			t.Fatalf("Strip(%q) = %q, want %q", s, got, want)
		}
	})
}

func TestPyLower(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"abc def", "abc def"},
		{"Hello WORLD", "hello world"},
		{"HELLO World ÉTÉ", "hello world été"},
		{"STRAẞE Straße", "straße straße"},
		{"\u0130stanbul \u0130i", "i\u0307stanbul i\u0307i"},
		{"I\u0131", "i\u0131"},
		{"\u01c4 \u01c5 \u01c6 \u2126 \u212a \u212b", "\u01c6 \u01c6 \u01c6 \u03c9 k \u00e5"},
		{"\u1f88 \u1fbc", "\u1f80 \u1fb3"},
		{"\u24b6\u10a0\u13a0\U00010400\U0001E900", "\u24d0\u2d00\uab70\U00010428\U0001E922"},
		{"\u023a\u023e", "\u2c65\u2c66"}, // 2-byte upper, 3-byte lower
		{"日本語テキスト한국어", "日本語テキスト한국어"},
		{"ＡＢＣ", "ａｂｃ"},
		// Final_Sigma.
		{"ΟΔΟΣ", "οδος"},
		{"ΟΔΟΣ ΟΔΟΣ.", "οδος οδος."},
		{"Σ", "σ"},
		{"ΑΣ.", "ας."},
		{"ΑΣΑ", "ασα"},
		{"ΑΣ.Α", "ασ.α"},
		{"ΑΣ'Α", "ασ'α"},
		{"Α\u0301Σ", "α\u0301ς"},
		{"ΑΣ\u0301", "ας\u0301"},
		{"ΑΣ\u0301Α", "ασ\u0301α"},
		{"\u0301Σ", "\u0301σ"},
		{".Σ", ".σ"},
		{"Α.Σ", "α.ς"},
		{"Α Σ", "α σ"},
		{"ΣΑ", "σα"},
		{"ΑΣ Α", "ας α"},
		{"ΑΣ1", "ας1"},
		{"1Σ", "1σ"},
		{"ΑΣ\u00adΑ", "ασ\u00adα"},
		{"ΑΣ\u2019", "ας\u2019"},
		{"ΑΣ\u2019Α", "ασ\u2019α"},
		{"ΣΣ", "σς"},
		{"ΣΣΣ", "σσς"},
		{"ΑΣΣ", "ασς"},
		{"ᾈ ᾼ ΣΣ", "ᾀ ᾳ σς"},
		{"aΣ", "aς"},
		{"\u01c5Σ", "\u01c6ς"},
		{"\u02b0Σ", "\u02b0σ"}, // modifier letter: case-ignorable, skipped
		{"Α\u0345Σ", "α\u0345ς"},
		{"ΑΣ\u0345", "ας\u0345"},
		{"Α\U0001E030Σ", "α\U0001E030σ"},   // unassigned in Unicode 14.0
		{"Α\U00010EFDΣ", "α\U00010EFDσ"},   // unassigned in Unicode 14.0
		{"ΑΣ\U0001E030Α", "ας\U0001E030α"}, // unassigned in Unicode 14.0
		{"ΑΣ\uffa0", "ας\uffa0"},
		{"\u24b6Σ", "\u24d0ς"},
		{"ΑΣ\u24b6", "ασ\u24d0"},
		{"ΑΣ\u24d0", "ασ\u24d0"},
		{"\u1f08Σ", "\u1f00ς"},
		// Invalid UTF-8 passes through; for Final_Sigma an invalid byte is
		// neither cased nor case-ignorable.
		{"AB\xffC", "ab\xffc"},
		{"\xc2\xe2\x80", "\xc2\xe2\x80"},
		{"Α\xffΣ", "α\xffσ"},
		{"ΑΣ\xff", "ας\xff"},
		{"ΑΣ\xffΑ", "ας\xffα"},
		{"\u0130\xa0", "i\u0307\xa0"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Lower(tt.in)); diff != "" {
			t.Errorf("Lower(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestPyLowerNoAllocWhenUnchanged(t *testing.T) {
	for _, s := range []string{"already lower case", "größe über", "日本語", "ok\xff", "σς"} {
		var got string
		allocs := testing.AllocsPerRun(100, func() { got = Lower(s) })
		if allocs != 0 || got != s {
			t.Errorf("Lower(%q) = %q with %v allocs, want it unchanged without allocating", s, got, allocs)
		}
	}
}

// refPyLower is a literal transcription of CPython's lowering loop over
// code points, used to cross-check Lower. Invalid bytes are units of
// their own that lower to themselves.
func refPyLower(s string) string {
	type unit struct {
		r   rune
		raw string
	}
	var us []unit
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		us = append(us, unit{r, s[i : i+w]})
		i += w
	}
	var b strings.Builder
	for i, u := range us {
		switch {
		case u.r == utf8.RuneError && len(u.raw) == 1:
			b.WriteString(u.raw)
		case u.r == 0x3A3:
			j := i - 1
			for j >= 0 && pyCaseClassOf(us[j].r) == pyCaseIgnorable {
				j--
			}
			final := j >= 0 && pyCaseClassOf(us[j].r) == pyCaseCased
			if final {
				k := i + 1
				for k < len(us) && pyCaseClassOf(us[k].r) == pyCaseIgnorable {
					k++
				}
				final = k == len(us) || pyCaseClassOf(us[k].r) != pyCaseCased
			}
			if final {
				b.WriteRune(0x3C2)
			} else {
				b.WriteRune(0x3C3)
			}
		default:
			b.WriteString(Lower(u.raw))
		}
	}
	return b.String()
}

func TestPyLowerRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50000 {
		s := randomPyString(rng)
		if got, want := Lower(s), refPyLower(s); got != want {
			t.Fatalf("Lower(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestPyLowerASCIIRuns checks Lower and AppendLower, which take eight
// bytes of ASCII at a time, on texts of long ASCII runs (capitals at
// every place in a word of eight bytes, and the bytes either side of
// A..Z) broken by the pieces of randomPyString, against refPyLower.
func TestPyLowerASCIIRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ascii := "abcxyzABCXYZ@[`{ 09.\x00\x7f"
	for range 20000 {
		var b strings.Builder
		for n := rng.IntN(60); b.Len() < n; {
			if rng.IntN(10) == 0 {
				b.WriteString(randomPyString(rng))
			} else {
				b.WriteByte(ascii[rng.IntN(len(ascii))])
			}
		}
		s := b.String()
		want := refPyLower(s)
		if got := Lower(s); got != want {
			t.Fatalf("Lower(%q) = %q, want %q", s, got, want)
		}
		if got := string(AppendLower([]byte("p:"), s)); got != "p:"+want {
			t.Fatalf("AppendLower(%q) = %q, want %q", s, got, "p:"+want)
		}
	}
}

func FuzzPyLower(f *testing.F) {
	for _, s := range []string{"", "ΟΔΟΣ", "Α\u0301Σ\u0301", "\u0130", "A\xffΣ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Lower(s), refPyLower(s); got != want {
			t.Fatalf("Lower(%q) = %q, want %q", s, got, want)
		}
	})
}

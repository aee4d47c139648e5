package utf8x

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
)

// validUTF8Funcs are the versions of utf8.ValidString to test: Valid,
// which is assembly on amd64, and the pure Go one, which other platforms
// use and amd64 uses for short strings, so that both stay checked here.
var validUTF8Funcs = []struct {
	name string
	f    func(string) bool
}{
	{"Valid", Valid},
	{"validGeneric", validGeneric},
}

// checkValidUTF8 compares each of validUTF8Funcs with utf8.ValidString on
// s, reporting at most ten mismatches through *bad.
func checkValidUTF8(t *testing.T, s string, bad *int) {
	want := utf8.ValidString(s)
	for _, v := range validUTF8Funcs {
		if got := v.f(s); got != want {
			t.Helper() // only here: it costs more than the check
			if *bad++; *bad <= 10 {
				t.Errorf("%s(%q) = %v, want %v", v.name, s, got, want)
			}
		}
	}
}

// TestValidUTF8 compares validUTF8Funcs with utf8.ValidString on every
// sequence of up to two bytes, and on three- and four-byte sequences whose
// later bytes are at the edges of the continuation range, each placed at
// offsets of the eight- and 16-byte blocks (with ASCII around it) so that
// it starts, ends and straddles a block and ends the string.
func TestValidUTF8(t *testing.T) {
	t.Parallel()
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF0, 0xFF}
	last := []byte{0x7F, 0x80, 0xBF, 0xC0}
	var seqs []string
	for a := range 256 {
		seqs = append(seqs, string([]byte{byte(a)}))
		for b := range 256 {
			seqs = append(seqs, string([]byte{byte(a), byte(b)}))
		}
	}
	for a := 0xC0; a < 256; a++ {
		for b := range 256 {
			for _, c := range edges {
				seqs = append(seqs, string([]byte{byte(a), byte(b), c}))
				if a >= 0xF0 {
					for _, d := range last {
						seqs = append(seqs, string([]byte{byte(a), byte(b), c, d}))
					}
				}
			}
		}
	}
	// Some whole characters, and pairs of them, of every length.
	seqs = append(seqs, "ä", "€", "😀", "äß", "„a“", "€😀", "\U0010FFFF", "\uFFFD", "\uD7FF\uE000")
	prefixes := []int{0, 1, 7, 9, 14, 15, 17}
	suffixes := []int{0, 1, 7, 16}
	if testing.Short() || conftest.RaceEnabled {
		prefixes, suffixes = []int{0, 7, 15}, []int{0, 1, 16}
	}
	bad := 0
	for _, p := range prefixes {
		for _, q := range suffixes {
			pre, suf := strings.Repeat("a", p), strings.Repeat("z", q)
			for _, seq := range seqs {
				checkValidUTF8(t, pre+seq+suf, &bad)
			}
		}
	}
}

// validUTF8Pieces are characters of every length, each lead that
// restricts its second byte at the edges of its range, and broken
// sequences of each kind, for TestValidUTF8Offsets and
// TestValidUTF8Random to put together.
var validUTF8Pieces = []string{
	// Valid.
	"a", "\x00", "\x7f", "ä", "ß", "\u0080", "\u07ff", "€", "„", "“",
	"\u0800", "\u0fff", "\ud7ff", "\ue000", "\uffff", "\U00010000",
	"\U0003ffff", "\U00040000", "\U000fffff", "\U00100000", "\U0010ffff", "😀",
	// Invalid.
	"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc2", "\xdf", "\xe0\x9f\xbf",
	"\xe0\xa0", "\xe2\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf0\x8f\xbf\xbf",
	"\xf0\x90\x80", "\xf4\x90\x80\x80", "\xf4\x8f\xbf", "\xf5\x80\x80\x80",
	"\xf8\x88\x80\x80\x80", "\xff", "\xe2\x80\xe2\x80\x9c", "\xc3\xc3\xa4",
}

// TestValidUTF8Offsets puts each of validUTF8Pieces at every offset of a
// 64-byte stretch and one byte past it, after ASCII or after non-ASCII
// characters (up to one that ends just before it), and with up to 33 bytes
// of ASCII or of non-ASCII after it: every position in and across blocks
// of 16, 32 and 64 bytes, with a carry into the block and out of it, in
// whole blocks and in the last, partial one. Pairs of pieces get the same
// offsets, with fewer ends.
func TestValidUTF8Offsets(t *testing.T) {
	t.Parallel()
	fills := []string{"a", "ä", "€", "😀"}
	maxPre, sufs := 65, []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 14, 15, 16, 17, 31, 32, 33}
	pairFills, pairSufs := []string{"a", "€"}, []int{0, 1, 2, 3, 16, 17}
	if testing.Short() || conftest.RaceEnabled {
		maxPre, sufs = 33, []int{0, 1, 2, 3, 5, 8, 15, 16, 17}
		pairFills, pairSufs = []string{"ä"}, []int{0, 1, 3, 16}
	}
	// withFills checks pre+seq+suf for each seq, with every prefix of up to
	// maxPre bytes and every suffix of sufs bytes made of fills.
	withFills := func(seqs, fills []string, sufs []int, bad *int) {
		for _, fp := range fills {
			for p := range maxPre + 1 {
				// p bytes: ASCII, then as many fp as fit.
				pre := strings.Repeat("a", p%len(fp)) + strings.Repeat(fp, p/len(fp))
				for _, fs := range fills {
					for _, q := range sufs {
						suf := strings.Repeat(fs, q/len(fs)) + strings.Repeat("z", q%len(fs))
						for _, seq := range seqs {
							checkValidUTF8(t, pre+seq+suf, bad)
						}
					}
				}
			}
		}
	}
	var pairs []string
	for _, a := range validUTF8Pieces {
		for _, b := range validUTF8Pieces {
			pairs = append(pairs, a+b)
		}
	}
	bad := 0
	withFills(validUTF8Pieces, fills, sufs, &bad)
	withFills(pairs, pairFills, pairSufs, &bad)
}

// TestValidUTF8Pieces checks long strings, which Valid cuts into
// pieces before the first byte of a character (cpu.AsmPiece): each of
// validUTF8Pieces, and runs of continuation bytes, at every offset around
// the cuts, in text of one- to four-byte characters.
func TestValidUTF8Pieces(t *testing.T) {
	t.Parallel()
	seqs := append([]string{"\x80\x80\x80", "\x80\x80\x80\x80", "\xf0\x90\x80\x80\x80"}, validUTF8Pieces...)
	bad := 0
	for _, fill := range []string{"a", "ä", "€", "😀"} {
		text := strings.Repeat(fill, 3*cpu.AsmPiece/len(fill))
		for _, cut := range []int{cpu.AsmPiece, 2 * cpu.AsmPiece} {
			for off := -6; off <= 6; off++ {
				for _, seq := range seqs {
					// Whole characters of fill before seq.
					at := cut + off - (cut+off)%len(fill)
					checkValidUTF8(t, text[:at]+seq+text[at:], &bad)
				}
			}
		}
	}
}

// TestValidUTF8Random compares validUTF8Funcs with utf8.ValidString on
// strings of up to 100 bytes strung together from validUTF8Pieces, mostly
// valid ones, and on random bytes.
func TestValidUTF8Random(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	n := 300000
	if testing.Short() || conftest.RaceEnabled {
		n = 30000
	}
	nValid := 0 // the valid pieces come first
	for utf8.ValidString(validUTF8Pieces[nValid]) {
		nValid++
	}
	bad := 0
	var b strings.Builder
	for i := range n {
		b.Reset()
		size := rng.IntN(101)
		for b.Len() < size {
			if i%2 == 0 && rng.IntN(8) != 0 {
				b.WriteByte(byte('a' + rng.IntN(26)))
			} else if rng.IntN(20) != 0 {
				b.WriteString(validUTF8Pieces[rng.IntN(nValid)])
			} else if i%3 == 0 {
				b.WriteByte(byte(rng.Uint32()))
			} else {
				b.WriteString(validUTF8Pieces[rng.IntN(len(validUTF8Pieces))])
			}
		}
		checkValidUTF8(t, b.String(), &bad)
	}
}

// FuzzValidUTF8 compares validUTF8Funcs with utf8.ValidString.
func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "abc", "Grüße, „Welt“!", "\xff", "abcdefg\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "日本語テキスト"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := utf8.ValidString(s)
		for _, v := range validUTF8Funcs {
			if got := v.f(s); got != want {
				t.Fatalf("%s(%q) = %v, want %v", v.name, s, got, want)
			}
		}
	})
}

// BenchmarkValidUTF8Langs runs validUTF8Funcs on the references of the
// conformance set into English (mostly ASCII), German (two-byte letters
// every few dozen bytes), Japanese and Chinese (three-byte characters
// throughout).
func BenchmarkValidUTF8Langs(b *testing.B) {
	dir := conftest.WMTDir("../..")
	if dir == "" {
		b.Skip("no conformance set")
	}
	for _, pair := range []string{"de-en", "en-de", "en-ja", "en-zh"} {
		lines := conftest.ReadLines(b, filepath.Join(dir, "data", pair, "ref.txt"))
		var n int64
		for _, s := range lines {
			n += int64(len(s))
		}
		for _, v := range validUTF8Funcs {
			b.Run(pair+"/"+v.name, func(b *testing.B) {
				b.SetBytes(n)
				for b.Loop() {
					for _, s := range lines {
						if !v.f(s) {
							b.Fatal("invalid UTF-8")
						}
					}
				}
			})
		}
	}
}

// BenchmarkValidUTF8 checks the en-de conformance set's hypotheses and
// reference, as Stats.Add does before tokenizing.
func BenchmarkValidUTF8(b *testing.B) {
	dir := conftest.WMTDir("../..")
	if dir == "" {
		b.Skip("no conformance set")
	}
	hyps := conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "sys-JDExploreAcademy.txt"))
	refs := conftest.ReadLines(b, filepath.Join(dir, "data", "en-de", "ref.txt"))
	var n int64
	for i := range hyps {
		n += int64(len(hyps[i]) + len(refs[i]))
	}
	b.SetBytes(n)
	for b.Loop() {
		for i := range hyps {
			if !Valid(hyps[i]) || !Valid(refs[i]) {
				b.Fatal("invalid UTF-8")
			}
		}
	}
}

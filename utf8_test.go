package bleu

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValidUTF8 compares validUTF8 with utf8.ValidString on every sequence
// of up to two bytes, and on three- and four-byte sequences whose later
// bytes are at the edges of the continuation range, each placed at every
// offset of the eight-byte chunks (with ASCII around it) so that it starts,
// ends and straddles a chunk at every position and ends the string.
func TestValidUTF8(t *testing.T) {
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
	prefixes := []int{0, 1, 7, 8, 9, 15}
	suffixes := []int{0, 1, 6, 7, 8}
	if testing.Short() || raceEnabled {
		prefixes, suffixes = []int{0, 7, 9}, []int{0, 1, 7}
	}
	bad := 0
	for _, p := range prefixes {
		for _, q := range suffixes {
			pre, suf := strings.Repeat("a", p), strings.Repeat("z", q)
			for _, seq := range seqs {
				s := pre + seq + suf
				if got, want := validUTF8(s), utf8.ValidString(s); got != want {
					if bad++; bad <= 10 {
						t.Errorf("validUTF8(%q) = %v, want %v", s, got, want)
					}
				}
			}
		}
	}
}

func FuzzValidUTF8(f *testing.F) {
	for _, s := range []string{"", "abc", "Grüße, „Welt“!", "\xff", "abcdefg\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "日本語テキスト"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validUTF8(s), utf8.ValidString(s); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", s, got, want)
		}
	})
}

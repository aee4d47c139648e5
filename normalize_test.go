package bleu_test

import (
	"strings"
	"testing"

	"github.com/go-bleu/bleu"
	"github.com/go-bleu/bleu/internal/charngram"
)

// TestStandardNormalizers checks the built-in normalizers on exact texts,
// among them the supplementary-plane cases that golang.org/x/text before
// v0.42.0 composed wrongly: a character above U+FFFF followed by a
// combining mark became a Latin letter ("\U00020041\u0300" became "À").
// go.mod requires a version with the fix; this test fails if it is
// lowered below it.
func TestStandardNormalizers(t *testing.T) {
	tests := []struct {
		n        bleu.StandardNormalizer
		in, want string
	}{
		{bleu.NFC, "", ""},
		{bleu.NFC, "cafe\u0301", "café"},
		{bleu.NFC, "café", "café"},
		{bleu.NFC, "ﬁ ２", "ﬁ ２"},
		{bleu.NFC, "가e\u0301", "가é"},
		{bleu.NFC, "\U00020041\u0300", "\U00020041\u0300"},
		{bleu.NFC, "\U00010041\u0307", "\U00010041\u0307"},
		{bleu.NFC, "\u0300\U00011f41", "\U00011f41\u0300"}, // canonical order: ccc 9 before 230
		{bleu.NFKC, "ﬁ ２ x²", "fi 2 x2"},
		{bleu.NFKC, "ｶﾞ", "ガ"},
		{bleu.NFKC, "\U00020041\u0300", "\U00020041\u0300"},
		{bleu.Lowercase, "ÀB İ", "àb i̇"},
	}
	for _, tt := range tests {
		if got := tt.n.Normalize(tt.in); got != tt.want {
			t.Errorf("%s.Normalize(%+q) = %+q, want %+q", tt.n, tt.in, got, tt.want)
		}
	}
}

// TestNormalizeOnce checks that Stats normalizes each text once when the
// char tokenizer's counter declines a segment after normalization (at
// order 5, which it does not count) and the tokens count it instead.
func TestNormalizeOnce(t *testing.T) {
	calls := 0
	norm := bleu.NormalizerFunc(func(s string) string { calls++; return strings.ToUpper(s) })
	s := bleu.Stats{Config: bleu.Config{Tokenizer: bleu.TokenizerChar, Normalizer: norm, MaxOrder: 5}}
	ref := strings.Repeat("the cat sat on the mat ", 100)
	// Past charngram.TablesAfter, so that the char tokenizer's counter is tried.
	for i := 0; i*2*len(ref) < 2*charngram.TablesAfter; i++ {
		calls = 0
		if err := s.Add(ref, ref, ref); err != nil {
			t.Fatal(err)
		}
		if calls != 3 {
			t.Fatalf("segment %d: the Normalizer ran %d times for 3 texts", i, calls)
		}
	}
	if got := s.Score().BLEU; got != 1.0000000000000004 {
		t.Errorf("BLEU = %v, want 1.0000000000000004", got)
	}
}

package bleu

import (
	"strings"
	"testing"
)

// TestNormalizeOnce checks that Stats normalizes each text once when the
// char tokenizer's own way declines a segment after normalization (at
// order 5, which it does not count) and the token way counts it instead.
func TestNormalizeOnce(t *testing.T) {
	calls := 0
	norm := NormalizerFunc(func(s string) string { calls++; return strings.ToUpper(s) })
	s := Stats{Config: Config{Tokenizer: TokenizerChar, Normalizer: norm, MaxOrder: 5}}
	ref := strings.Repeat("the cat sat on the mat ", 100)
	// Past charTablesAfter, so that the char way is tried.
	for i := 0; i*2*len(ref) < 2*charTablesAfter; i++ {
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

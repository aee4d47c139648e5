package bleu

import (
	"strings"
	"testing"
)

// namedTokenizer is a custom tokenizer whose signature name is chosen by
// the test.
type namedTokenizer string

func (n namedTokenizer) Tokenize(dst []string, text string) []string {
	return Tokenizer13a.Tokenize(dst, text)
}

func (n namedTokenizer) String() string { return string(n) }

// TestMergeFingerprintNames checks that a custom tokenizer whose name
// contains the separators of the fingerprint's text form is not mistaken
// for another configuration: "13a|norm:nfc" without a normalizer once
// formatted exactly like 13a with NFC.
func TestMergeFingerprintNames(t *testing.T) {
	a := Stats{Config: Config{Tokenizer: namedTokenizer("13a|norm:nfc")}}
	b := Stats{Config: Config{Normalizer: NFC}}
	for _, s := range []*Stats{&a, &b} {
		if err := s.Add("a b c", "a b c"); err != nil {
			t.Fatal(err)
		}
	}
	err := a.Merge(&b)
	if err == nil || !strings.HasPrefix(err.Error(), "bleu: cannot merge") {
		t.Errorf("Merge of %q with 13a+nfc: err = %v, want a bleu: cannot merge error", a.fp, err)
	}
	if a.Len() != 1 {
		t.Errorf("a failed Merge changed the statistics: %d segments", a.Len())
	}
}

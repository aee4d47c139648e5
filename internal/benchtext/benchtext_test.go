package benchtext_test

import (
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/benchtext"
)

func TestCorpus(t *testing.T) {
	texts := benchtext.Corpus(3, 2)
	want := []string{
		"the on while over far\ndogs hills away the on while\nunder cat a dogs hills away the\n",
		"cat a dogs hills away the\nran and under cat a dogs hills\nskies sat mat ran and under cat a\n",
	}
	if strings.Join(texts, "|") != strings.Join(want, "|") {
		t.Errorf("Corpus(3, 2) = %q, want %q", texts, want)
	}
}

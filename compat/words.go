package compat

import (
	"strings"
	"unicode"

	"github.com/go-bleu/bleu/internal/unidata"
)

// SplitWords returns the words of s as Python's str.split() gives them:
// the runs of characters between Unicode whitespace (Python's isspace,
// which unlike Go's unicode.IsSpace counts U+001C..U+001F; Unicode 14.0,
// as in the Python 3.11 that NLTK and HF ran on). It is how
// NLTK's users usually turn a line into tokens, and how the command line's
// NLTK mode reads its files.
func SplitWords(s string) []string {
	return strings.FieldsFunc(s, isPySpace)
}

func isPySpace(r rune) bool {
	return unicode.Is(unidata.PySpace, r)
}

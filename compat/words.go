package compat

import "github.com/go-bleu/bleu/internal/py"

// SplitWords returns the words of s as Python's str.split() gives them:
// the runs of characters between Unicode whitespace (Python's isspace,
// which unlike Go's unicode.IsSpace counts U+001C..U+001F). It is how
// NLTK's users usually turn a line into tokens, and how the command line's
// NLTK mode reads its files.
func SplitWords(s string) []string {
	return py.AppendFields([]string{}, s)
}

package main

import (
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/unidata"
)

// TestIsPySpaceAllCodePoints checks isPySpace against Python 3.11's
// str.isspace() (internal/unidata) for every code point.
func TestIsPySpaceAllCodePoints(t *testing.T) {
	for r := range rune(utf8.MaxRune + 1) {
		if got, want := isPySpace(r), unicode.Is(unidata.PySpace, r); got != want {
			t.Errorf("isPySpace(%U) = %v, want %v", r, got, want)
		}
	}
}

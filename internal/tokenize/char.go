package tokenize

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
)

// This file is the char tokenizer's Tokenize. Stats counts its n-grams
// without making tokens (internal/charngram).

// AppendChars appends every code point of s that is not Python
// whitespace as a token of its own: sacreBLEU's " ".join(line) followed by
// str.split(). An invalid byte is a token of its own.
func AppendChars(dst []string, s string) []string {
	n := len(s)
	// At most one token a byte, and none a space (with one entry written
	// past the last): room for them all saves append's checks. The
	// spaces are counted only in a long text, as in TokenBound.
	room := n
	if n > LongText {
		room = n - strings.Count(s, " ") + 1
	}
	dst = slices.Grow(dst, room)
	buf, k := dst[:len(dst)+room], len(dst)
	for i := 0; i < n; {
		if c := s[i]; c < utf8.RuneSelf {
			// Written in any case, kept unless it is whitespace.
			buf[k] = s[i : i+1]
			k += int(CharKeep[c])
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if !py.IsSpace(r) {
			buf[k] = s[i : i+w]
			k++
		}
		i += w
	}
	return buf[:k]
}

// CharKeep is 1 for the ASCII bytes that are not whitespace, 0 for the
// others.
var CharKeep = func() (t [utf8.RuneSelf]uint8) {
	for c := range rune(utf8.RuneSelf) {
		if !py.IsSpace(c) {
			t[c] = 1
		}
	}
	return t
}()

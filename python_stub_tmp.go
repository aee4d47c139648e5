package bleu

import (
	"strings"
	"unicode/utf8"
)

// TEMPORARY stub until python.go lands.
func isPySpace(r rune) bool {
	switch {
	case r >= 9 && r <= 13, r >= 28 && r <= 32, r == 133, r == 160, r == 5760, r >= 8192 && r <= 8202, r == 8232, r == 8233, r == 8239, r == 8287, r == 12288:
		return true
	}
	return false
}
func pyRStrip(s string) string { return strings.TrimRightFunc(s, isPySpace) }
func pyStrip(s string) string  { return strings.TrimFunc(s, isPySpace) }
func appendPyFields(dst []string, s string) []string {
	start := -1
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if n == 1 && r == utf8.RuneError {
			r = 'x'
		}
		if isPySpace(r) {
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
		i += n
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}
func pyLower(s string) string { return strings.ToLower(s) }

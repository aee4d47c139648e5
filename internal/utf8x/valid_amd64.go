//go:build amd64 && !purego

package utf8x

import "github.com/go-bleu/bleu/internal/cpu"

// Valid reports whether s is valid UTF-8, as utf8.ValidString does.
// Strings of 16 bytes or more go to validSSE2, which needs at least one
// whole 16-byte block: it does its last, partial block by reading the last
// 16 bytes again, never past the end of s. Long strings go in pieces of
// about cpu.AsmPiece bytes, cut before the first byte of a character.
func Valid(s string) bool {
	switch {
	case len(s) < 16:
		return validGeneric(s)
	case len(s) >= 2*cpu.AsmPiece:
		return validLong(s)
	}
	return validSSE2(s)
}

// validLong is Valid for a string of 2*cpu.AsmPiece bytes or more.
func validLong(s string) bool {
	for len(s) >= 2*cpu.AsmPiece {
		cut := cpu.AsmPiece
		for k := 0; s[cut]&0xC0 == 0x80; k++ {
			if k == 3 {
				return false // four continuation bytes in a row
			}
			cut--
		}
		if !validSSE2(s[:cut]) {
			return false
		}
		s = s[cut:]
	}
	return validSSE2(s)
}

// validSSE2 is utf8.ValidString for len(s) >= 16, checking 16 bytes at
// a time with SSE2, which every amd64 processor has. See valid_amd64.s.
//
//go:noescape
func validSSE2(s string) bool

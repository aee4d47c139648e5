//go:build amd64 && !purego

package bleu

// validUTF8 reports whether s is valid UTF-8, as utf8.ValidString does.
// Strings of 16 bytes or more go to validUTF8SSE2, which needs at least one
// whole 16-byte block: it does its last, partial block by reading the last
// 16 bytes again, never past the end of s. Long strings go in pieces of
// about asmPiece bytes, cut before the first byte of a character.
func validUTF8(s string) bool {
	switch {
	case len(s) < 16:
		return validUTF8Generic(s)
	case len(s) >= 2*asmPiece:
		return validUTF8Long(s)
	}
	return validUTF8SSE2(s)
}

// validUTF8Long is validUTF8 for a string of 2*asmPiece bytes or more.
func validUTF8Long(s string) bool {
	for len(s) >= 2*asmPiece {
		cut := asmPiece
		for k := 0; s[cut]&0xC0 == 0x80; k++ {
			if k == 3 {
				return false // four continuation bytes in a row
			}
			cut--
		}
		if !validUTF8SSE2(s[:cut]) {
			return false
		}
		s = s[cut:]
	}
	return validUTF8SSE2(s)
}

// validUTF8SSE2 is utf8.ValidString for len(s) >= 16, checking 16 bytes at
// a time with SSE2, which every amd64 processor has. See utf8_amd64.s.
//
//go:noescape
func validUTF8SSE2(s string) bool

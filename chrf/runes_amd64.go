//go:build amd64 && !purego

package chrf

import (
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
)

// appendRunes is appendRunesGo with its loop over ASCII bytes in
// assembly (runes_amd64.s).
func (c *counter) appendRunes(t string) {
	var vec *asciiTables
	if cpu.HasSSSE3 {
		vec = &packTables
	}
	c.appendRunesVec(t, vec)
}

// appendRunesVec is appendRunes, 16 bytes at a time with vec, else a
// byte at a time.
func (c *counter) appendRunesVec(t string, vec *asciiTables) {
	n := len(c.runes)
	// A rune has a byte or more; a block of 16 bytes writes 16 runes.
	runes := slices.Grow(c.runes, len(t)+16)[:n+len(t)+16]
	keep, drop := &asciiKept, uint32(0xffff)
	if c.p.whitespace {
		keep, drop = &allKept, 0
	}
	for i := 0; i < len(t); {
		// At most cpu.AsmPiece bytes a call: the last block of a piece
		// is its last 16 bytes, which are the text's.
		end := min(len(t), i+cpu.AsmPiece)
		if i, n = appendASCIIAsm(runes, n, t[:end], i, keep, vec, drop); i < end {
			i, n = c.appendNonASCII(runes, n, t, i)
		}
	}
	c.runes = runes[:n]
}

// asciiTables are appendASCIIAsm's tables for packing 8 bytes: for each
// mask of the bytes kept, the PSHUFB indexes of those bytes in order,
// then how many there are.
type asciiTables struct {
	shuf [256][8]uint8
	n    [256]uint8
}

// packTables is not written to after initialization.
var packTables = func() (t asciiTables) {
	for m := range t.shuf {
		k := 0
		for b := range 8 {
			if m>>b&1 != 0 {
				t.shuf[m][k] = uint8(b)
				k++
			}
		}
		t.n[m] = uint8(k)
		for ; k < 8; k++ {
			t.shuf[m][k] = 0x80 // a zero
		}
	}
	return t
}()

// The layout of asciiTables that runes_amd64.s assumes.
const (
	_ = uint(unsafe.Offsetof(asciiTables{}.n) - 2048)
	_ = uint(2048 - unsafe.Offsetof(asciiTables{}.n))
)

//go:noescape
func appendASCIIAsm(runes []uint32, n int, t string, i int, keep *[utf8.RuneSelf]uint8, vec *asciiTables, drop uint32) (int, int)

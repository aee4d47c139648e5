//go:build amd64 && !purego

package chrf

import (
	"slices"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/cpu"
)

// appendRunes is appendRunesGo with its loop over characters of one to
// three bytes in assembly (runes_amd64.s), given at most cpu.AsmPiece
// bytes a call.
func (c *counter) appendRunes(t string) {
	n := len(c.runes)
	runes := slices.Grow(c.runes, len(t))[:n+len(t)] // a rune has a byte or more
	keep := &asciiKept
	if c.p.whitespace {
		keep = &allKept
	}
	for i := 0; i < len(t); {
		end := min(len(t), i+cpu.AsmPiece)
		if i, n = appendBMPAsm(runes, n, t[:end], i, keep); i < end {
			i, n = c.appendNonASCII(runes, n, t, i)
		}
	}
	c.runes = runes[:n]
}

//go:noescape
func appendBMPAsm(runes []uint32, n int, t string, i int, keep *[utf8.RuneSelf]uint8) (int, int)

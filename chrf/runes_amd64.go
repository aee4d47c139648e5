//go:build amd64 && !purego

package chrf

import (
	"slices"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/cpu"
)

// appendRunes is appendRunesGo with its loop over characters of one to
// three bytes in assembly (runes_amd64.s) where the processor has SSSE3
// and SSE4.1, given at most cpu.AsmPiece bytes a call.
func (c *counter) appendRunes(t string) {
	if !bmpAsm {
		c.appendRunesGo(t)
		return
	}
	n := len(c.runes)
	runes := slices.Grow(c.runes, len(t))[:n+len(t)] // a rune has a byte or more
	keep := &asciiKept
	if c.p.whitespace {
		keep = &allKept
	}
	for i := 0; i < len(t); {
		end := min(len(t), i+cpu.AsmPiece)
		if i, n = appendBMPAsm(runes, n, t[:end], i, keep, packs); i < end {
			i, n = c.appendNonASCII(runes, n, t, i)
		}
	}
	c.runes = runes[:n]
}

// bmpAsm tells whether appendRunes runs its assembly loop, whose blocks
// need SSSE3 (PSHUFB) and SSE4.1 (PMOVZXWD).
var bmpAsm = cpu.HasSSSE3 && cpu.HasSSE41

// packTable is what appendBMPAsm's blocks pack the kept characters of
// eight with: words[m] is the PSHUFB mask that packs the 16-bit words of
// an XMM register whose bits are set in m to its low end, in order, and
// zeroes the rest; counts[m] is their number.
type packTable struct {
	words  [256][16]byte
	counts [256]uint8
}

// packs is the packTable, made once.
var packs = func() *packTable {
	p := new(packTable)
	for m := range p.words {
		k := 0
		for j := range 8 {
			if m>>j&1 != 0 {
				p.words[m][2*k], p.words[m][2*k+1] = byte(2*j), byte(2*j+1)
				k++
			}
		}
		for b := 2 * k; b < 16; b++ {
			p.words[m][b] = 0x80
		}
		p.counts[m] = uint8(k)
	}
	return p
}()

//go:noescape
func appendBMPAsm(runes []uint32, n int, t string, i int, keep *[utf8.RuneSelf]uint8, pack *packTable) (int, int)

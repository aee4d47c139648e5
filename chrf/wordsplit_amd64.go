//go:build amd64 && !purego

package chrf

import "github.com/go-bleu/bleu/internal/cpu"

// spaceMasks is spaceMasksGo with its loop in assembly
// (wordsplit_amd64.s).
func spaceMasks(masks []uint64, buf []byte, a, e int) uint64 {
	blocks := (e - a + 63) / 64
	if a < 0 || a > e || len(buf)-wordPad < e || len(masks) < 2*blocks {
		panic("chrf: spaceMasks needs a text in its buffer, padded, and two masks a block")
	}
	var leads uint64
	if e-a <= cpu.AsmPiece {
		leads = spaceMasksAsm(masks, buf, a, e)
	} else {
		for p := a; p < e; p += cpu.AsmPiece { // cpu.AsmPiece: a multiple of 64
			leads |= spaceMasksAsm(masks[2*((p-a)/64):], buf, p, min(e, p+cpu.AsmPiece))
		}
	}
	if blocks > 0 {
		past := ^uint64(0) << (e - a - 64*(blocks-1)) // 0 if the last block is full
		masks[2*blocks-2] |= past
		if masks[2*blocks-1]&past != 0 {
			// Lead bytes of the next text: the others' again.
			masks[2*blocks-1] &^= past
			leads = 0
			for i := 1; i < 2*blocks; i += 2 {
				leads |= masks[i]
			}
		}
	}
	return leads
}

//go:noescape
func spaceMasksAsm(masks []uint64, buf []byte, a, e int) uint64

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

// fieldBounds is fieldBoundsGo with its loop in assembly, for texts of up
// to cpu.AsmPiece bytes.
func fieldBounds(bounds []int, masks []uint64, a, e int) int {
	if e-a > cpu.AsmPiece {
		return fieldBoundsGo(bounds, masks, a, e)
	}
	n := fieldBoundsAsm(bounds, masks, a, e)
	if n < 0 {
		panic("chrf: more fields than room for them")
	}
	return n
}

// splitFields is splitFieldsGo with its loop in assembly.
func splitFields(toks []token, bounds []int, buf []byte) int {
	if len(toks) < len(bounds)+1 {
		panic("chrf: splitFields needs room for two words a field and one more")
	}
	n := 0
	for len(bounds) > 0 { // at most cpu.AsmPiece fields a call
		piece := bounds[:min(len(bounds), 2*cpu.AsmPiece)]
		k := splitFieldsAsm(toks[n:], piece, buf, &utf8Len, &punct256)
		if k < 0 {
			panic("chrf: a field outside its buffer")
		}
		n += k
		bounds = bounds[len(piece):]
	}
	return n
}

//go:noescape
func spaceMasksAsm(masks []uint64, buf []byte, a, e int) uint64

//go:noescape
func fieldBoundsAsm(bounds []int, masks []uint64, a, e int) int

//go:noescape
func splitFieldsAsm(toks []token, bounds []int, buf []byte, lens, punct *[256]uint8) int

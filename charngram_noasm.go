//go:build !amd64 || purego

package bleu

// hasSSSE3 is false: copyASCII16 is for amd64.
const hasSSSE3 = false

// copyASCII16 does nothing: see charngram_amd64.go.
func copyASCII16(dst []uint8, s string, i int, t *charShuffle) (next, written int) { return i, 0 }

// hasCharAsm is false: matchTail and countHypTail are for amd64.
const hasCharAsm = false

// matchTail is matchTailGo (in assembly on amd64).
func matchTail(t *charTables, r []uint8, num2, num3, stamp uint32) uint64 {
	return matchTailGo(t, r, num2, num3, stamp)
}

// countHypTail is countHypTailGo (in assembly on amd64).
func countHypTail(t *charTables, h []uint8, num2, num3, stamp uint32) {
	countHypTailGo(t, h, num2, num3, stamp)
}

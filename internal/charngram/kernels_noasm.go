//go:build !amd64 || purego

package charngram

import "unsafe"

// copyASCII16 is copyASCII writing from dst[0] (in assembly on amd64,
// where it needs SSSE3: without it, as here, text calls copyASCII).
func copyASCII16(dst []uint8, s string, i int, t *charShuffle) (next, written int) {
	return copyASCII(dst, 0, s, i)
}

// hasCharAsm is false: the loops in assembly on amd64 are in Go here.
const hasCharAsm = false

// matchTail is matchTailGo (in assembly on amd64).
func matchTail(t *charTables, r []uint8, num2, num3, stamp uint32) uint64 {
	return matchTailGo(t, r, num2, num3, stamp)
}

// countHypTail is countHypTailGo (in assembly on amd64).
func countHypTail(t *charTables, h []uint8, num2, num3, stamp uint32) {
	countHypTailGo(t, h, num2, num3, stamp)
}

// countHypCountsTail is countHypCountsTailGo (in assembly on amd64).
func countHypCountsTail(t *charTables, h []uint8, num2, num3, stamp uint32, m *charCounts, k int) int {
	return countHypCountsTailGo(t, h, num2, num3, stamp, m, k)
}

// countRefTail is countRefTailGo (in assembly on amd64).
func countRefTail(t *charTables, r []uint8, stamp uint32, c *[4][maxCharHyp + 1]uint32) {
	countRefTailGo(t, r, stamp, [4][]uint32{c[0][:], c[1][:], c[2][:], c[3][:]})
}

// countHypLongTail is countHypLongTailGo (in assembly on amd64).
func countHypLongTail(l *charLong, h []uint8, num2, num3, next2, next3, stamp uint32, quads []uint32) (uint32, uint32, bool) {
	return countHypLongTailGo(l, h, num2, num3, next2, next3, stamp, quads)
}

// countRefLongTail is countRefLongTailGo (in assembly on amd64).
func countRefLongTail(l *charLong, r []uint8, stamp uint32, cur *[2][charLongNums]uint32, c4 []uint32) {
	countRefLongTailGo(l, r, stamp, cur, c4)
}

// clipSum is clipSumGo on the n counts from hyp, best and ref (in
// assembly on amd64, where it needs SSE4.1: without it, as here, clip
// calls clipSumGo).
func clipSum(hyp, best, ref *uint32, n int) uint32 {
	return clipSumGo(unsafe.Slice(hyp, n), unsafe.Slice(best, n), unsafe.Slice(ref, n))
}

//go:build amd64 && !purego

package charngram

import "unsafe"

// copyASCII16 copies to dst the bytes of s from i on that are not
// whitespace, up to the first non-ASCII byte or the end of s, and returns
// the index of that byte (or len(s)) and how many bytes it wrote. s must
// have 16 bytes at least, and dst room for len(s)-i+8. It is in assembly
// (kernels_amd64.s) and needs SSSE3 (cpu.HasSSSE3): 16 bytes at a time, about 40
// instructions against some 190 for copyASCII's loop; the last bytes of s
// are taken among its last 16.
//
//go:noescape
func copyASCII16(dst []uint8, s string, i int, t *charShuffle) (next, written int)

// hasCharAsm tells that matchTail and countHypTail are in assembly.
const hasCharAsm = true

// matchTail is matchTailGo in assembly (kernels_amd64.s), where every
// value of the loop stays in a register: about 40 instructions a
// character against 75.
//
//go:noescape
func matchTail(t *charTables, r []uint8, num2, num3, stamp uint32) uint64

// countHypTail is countHypTailGo in assembly (kernels_amd64.s), for the
// same reason as matchTail: about 28 instructions a character against 48.
//
//go:noescape
func countHypTail(t *charTables, h []uint8, num2, num3, stamp uint32)

// countHypCountsTail is countHypCountsTailGo in assembly
// (kernels_amd64.s), for the same reason as matchTail.
//
//go:noescape
func countHypCountsTail(t *charTables, h []uint8, num2, num3, stamp uint32, m *charCounts, k int) int

// countRefTail is countRefTailGo in assembly (kernels_amd64.s), for the
// same reason as matchTail: about 29 instructions a character.
//
//go:noescape
func countRefTail(t *charTables, r []uint8, stamp uint32, c *[4][maxCharHyp + 1]uint32)

// countHypLongTail is countHypLongTailGo in assembly
// (kernels_amd64.s), where the Go compiler's loop spills several
// values a position: about 40 instructions a character against 70.
// Refusing a hypothesis for too many numbers, it has counted the 4-gram
// of the position in quads, which the Go twin has not: countHypLong then
// clears them.
//
//go:noescape
func countHypLongTail(l *charLong, h []uint8, num2, num3, next2, next3, stamp uint32, quads []uint32) (uint32, uint32, bool)

// countRefLongTail is countRefLongTailGo in assembly (kernels_amd64.s):
// about 25 instructions a character against 45.
//
//go:noescape
func countRefLongTail(l *charLong, r []uint8, stamp uint32, cur *[2][charLongNums]uint32, c4 []uint32)

// The offsets in charLong that countHypLongTail and countRefLongTail use.
var (
	_ = [1]struct{}{}[unsafe.Offsetof(charLong{}.bi)-0x400000]
	_ = [1]struct{}{}[unsafe.Offsetof(charLong{}.hyp)-0x440400]
	_ = [1]struct{}{}[unsafe.Sizeof(charLongRow{})-1<<14]
	_ = [1]struct{}{}[unsafe.Offsetof(charLongRow{}.quad)-8192]
	_ = [1]struct{}{}[charLongNums-0x800]
)

// clipSum is the loop of clip over the numbers of one order
// below n, rounded up to a multiple of 4, four at a time, in assembly
// (kernels_amd64.s); it needs SSE4.1 (cpu.HasSSE41). It returns the sum of
// min(hyp[i], max(best[i], ref[i])) and clears best[i] and ref[i].
//
//go:noescape
func clipSum(hyp, best, ref *uint32, n int) uint32

//go:build amd64 && !purego

#include "textflag.h"

DATA bytes09c<>+0(SB)/8, $0x0909090909090909
DATA bytes09c<>+8(SB)/8, $0x0909090909090909
GLOBL bytes09c<>(SB), RODATA|NOPTR, $16

DATA bytes04c<>+0(SB)/8, $0x0404040404040404
DATA bytes04c<>+8(SB)/8, $0x0404040404040404
GLOBL bytes04c<>(SB), RODATA|NOPTR, $16

DATA bytes1Cc<>+0(SB)/8, $0x1C1C1C1C1C1C1C1C
DATA bytes1Cc<>+8(SB)/8, $0x1C1C1C1C1C1C1C1C
GLOBL bytes1Cc<>(SB), RODATA|NOPTR, $16

// COPYKEEP stores at DI the bytes of X0 that are not whitespace, in R11's
// mask and before the first byte of R9's (its non-ASCII ones), and
// advances DI past them. It clobbers X1..X6, BX and DX.
// (R9 & -R9, less one, is the mask of the bytes before the first of R9,
// all ones if R9 is 0.)
#define COPYKEEP \
	MOVO  X0, X1; \
	PSUBB X9, X1; \
	MOVO  X1, X2; \
	PMINUB X10, X2; \
	PCMPEQB X2, X1; \
	MOVO  X0, X3; \
	PSUBB X11, X3; \
	MOVO  X3, X4; \
	PMINUB X10, X4; \
	PCMPEQB X4, X3; \
	POR   X3, X1; \
	PMOVMSKB X1, BX; \
	NOTL  BX; \
	ANDL  R11, BX; \
	MOVL  R9, DX; \
	NEGL  DX; \
	ANDL  R9, DX; \
	DECL  DX; \
	ANDL  DX, BX; \
	MOVL  BX, DX; \
	ANDL  $0xFF, BX; \
	SHRL  $8, DX; \
	ANDL  $0xFF, DX; \
	MOVQ  (R8)(BX*8), X5; \
	MOVO  X0, X6; \
	PSHUFB X5, X6; \
	MOVQ  X6, (DI); \
	MOVBQZX 2048(R8)(BX*1), BX; \
	ADDQ  BX, DI; \
	MOVO  X0, X6; \
	PSRLDQ $8, X6; \
	MOVQ  (R8)(DX*8), X5; \
	PSHUFB X5, X6; \
	MOVQ  X6, (DI); \
	MOVBQZX 2048(R8)(DX*1), DX; \
	ADDQ  DX, DI

// func copyASCII16(dst []uint8, s string, i int, t *charShuffle) (next, written int)
//
// 16 bytes at a time: their whitespace, 09..0D and 1C..20, is found as the
// bytes that less the start of the range are at most 4, and the bytes to
// keep of each half are gathered with PSHUFB by the pattern for their
// mask and stored as 8 bytes, of which the kept ones count. In the block
// with the first non-ASCII byte the bytes from it on are not kept, and the
// last bytes of s are taken in its last 16, less those already done. SI
// is s, AX the next byte to read, CX len(s), DI where to write, R10 dst,
// BX the mask of the bytes to keep, X0 the 16 bytes.
TEXT ·copyASCII16(SB), NOSPLIT, $0-72
	MOVQ  dst_base+0(FP), DI
	MOVQ  s_base+24(FP), SI
	MOVQ  s_len+32(FP), CX
	MOVQ  i+40(FP), AX
	MOVQ  t+48(FP), R8
	MOVQ  DI, R10
	MOVOU bytes09c<>(SB), X9
	MOVOU bytes04c<>(SB), X10
	MOVOU bytes1Cc<>(SB), X11

copyLoop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JHI   copyTail
	MOVOU (SI)(AX*1), X0
	PMOVMSKB X0, R9 // the non-ASCII bytes
	MOVL  $0xFFFF, R11 // the bytes that are not done
	COPYKEEP
	TESTL R9, R9
	JNZ   copyStop
	ADDQ  $16, AX
	JMP   copyLoop

copyTail:
	CMPQ  AX, CX
	JEQ   copyDone
	// The last 16 bytes of s, of which the first 16-(CX-AX) are done.
	LEAQ  -16(CX), DX
	MOVOU (SI)(DX*1), X0
	MOVQ  AX, R12
	SUBQ  DX, R12 // the bytes done
	MOVQ  DX, AX
	MOVL  $0xFFFF, R11
	MOVQ  R12, CX
	SHLL  CX, R11
	ANDL  $0xFFFF, R11
	PMOVMSKB X0, R9
	ANDL  R11, R9
	COPYKEEP
	TESTL R9, R9
	JNZ   copyStop
	ADDQ  $16, AX
	JMP   copyDone

copyStop:
	BSFL  R9, R9
	ADDQ  R9, AX

copyDone:
	MOVQ  AX, next+56(FP)
	SUBQ  R10, DI
	MOVQ  DI, written+64(FP)
	RET

// func matchTail(t *charTables, r []uint8, num2, num3, stamp uint32) uint64
//
// match's loop over the positions e >= 3 of r (see match in single.go,
// which this follows step by step), with its values in registers: the
// compiled loop kept five of them on the stack. DI is t, SI &r[e], R9 the
// stamp g, R10 g + 1<<charNumBits, R12 and R13 the entries of the bigram
// and trigram ending at e-1 less g (num2 and num3), R8 zero. Each order
// has a count of its matches, bumped by the carry of the comparison that
// tells whether one was taken: R11, R14 and R15 for orders 1 to 3, and
// for order 4, on the stack, its opposite (n-4 below).
TEXT ·matchTail(SB), NOSPLIT, $16-56
	MOVQ t+0(FP), DI
	MOVQ r_base+8(FP), SI
	MOVQ r_len+16(FP), CX
	MOVL num2+32(FP), R12
	MOVL num3+36(FP), R13
	MOVL stamp+40(FP), R9
	LEAL 512(R9), R10
	XORQ R8, R8
	XORQ R11, R11
	XORQ R14, R14
	XORQ R15, R15
	MOVQ R8, n4-16(SP)
	SUBQ $3, CX
	JLE  matchDone
	MOVQ CX, left-8(SP)
	ADDQ $3, SI

matchLoop:
	MOVBLZX (SI), AX
	MOVWLZX -1(SI), CX // the bigram's index, x<<8 | the id before

	// The unigram: take one if any is left. The carry of a - 1 is set
	// when a is 0.
	MOVL 0x140000(DI)(AX*4), DX
	CMPL DX, $1
	SBBQ $-1, R11
	CMPL DX, $1
	ADCL $-1, DX
	MOVL DX, 0x140000(DI)(AX*4)

	// The bigram. The carry of a - (g + 512) is set when none is left to
	// take (or it is not the hypothesis's).
	MOVL    0x100000(DI)(CX*4), BX
	LEAL    -512(BX), DX
	CMPL    BX, R10
	CMOVLCS BX, DX
	MOVL    DX, 0x100000(DI)(CX*4)
	SBBQ    $-1, R14
	SUBQ    R9, BX // the next num2, but 0 for an earlier segment's entry
	CMOVQCS R8, BX

	// The trigram and the 4-gram, in the row of x.
	SHLQ    $12, AX
	ADDQ    DI, AX
	ANDL    $0x1FF, R12
	MOVL    (AX)(R12*4), CX
	LEAL    -512(CX), DX
	CMPL    CX, R10
	CMOVLCS CX, DX
	MOVL    DX, (AX)(R12*4)
	SBBQ    $-1, R15
	SUBQ    R9, CX // the next num3, but 0 for an earlier segment's entry
	CMOVQCS R8, CX
	ANDL    $0x1FF, R13
	MOVL    0x800(AX)(R13*4), DX
	CMPL    R9, DX // the carry is set when one is left: g < a
	SBBQ    $0, n4-16(SP)
	CMPL    R9, DX
	SBBL    $0, DX
	MOVL    DX, 0x800(AX)(R13*4)

	MOVQ BX, R12
	MOVQ CX, R13
	INCQ SI
	DECQ left-8(SP)
	JNZ  matchLoop

matchDone:
	SHLQ $16, R14
	SHLQ $32, R15
	MOVQ n4-16(SP), AX
	NEGQ AX
	SHLQ $48, AX
	ADDQ R14, R11
	ADDQ R15, R11
	ADDQ AX, R11
	MOVQ R11, ret+48(FP)
	RET

// func countHypTail(t *charTables, h []uint8, num2, num3, stamp uint32)
//
// countHyp's loop over the positions e >= 3 of h (see countHyp in
// single.go, which this follows step by step), with every value in a
// register. DI is t, SI &h[e], R8 the end of h, R9 the stamp g, R10 g | e
// (an n-gram's entry when new), R12 and R13 the entries of the bigram and
// trigram ending at e-1 (num2 and num3). An entry below g | e is an
// earlier segment's: the larger of the two is taken.
TEXT ·countHypTail(SB), NOSPLIT, $0-44
	MOVQ t+0(FP), DI
	MOVQ h_base+8(FP), SI
	MOVQ h_len+16(FP), R8
	MOVL num2+32(FP), R12
	MOVL num3+36(FP), R13
	MOVL stamp+40(FP), R9
	LEAL 3(R9), R10
	CMPQ R8, $3
	JLE  countDone
	ADDQ SI, R8
	ADDQ $3, SI

countLoop:
	MOVBLZX (SI), AX
	MOVWLZX -1(SI), CX // the bigram's index, x<<8 | the id before
	INCL    0x140000(DI)(AX*4)

	// The bigram.
	MOVL    0x100000(DI)(CX*4), BX
	CMPL    BX, R10
	CMOVLCS R10, BX
	LEAL    512(BX), DX
	MOVL    DX, 0x100000(DI)(CX*4)

	// The trigram and the 4-gram, in the row of x.
	SHLQ    $12, AX
	ADDQ    DI, AX
	ANDL    $0x1FF, R12
	MOVL    (AX)(R12*4), CX
	CMPL    CX, R10
	CMOVLCS R10, CX
	LEAL    512(CX), DX
	MOVL    DX, (AX)(R12*4)
	ANDL    $0x1FF, R13
	MOVL    0x800(AX)(R13*4), DX
	CMPL    DX, R9
	CMOVLCS R9, DX
	INCL    DX
	MOVL    DX, 0x800(AX)(R13*4)

	MOVL BX, R12
	MOVL CX, R13
	INCL R10
	INCQ SI
	CMPQ SI, R8
	JCS  countLoop

countDone:
	RET

// COUNTNUMBERED counts one more occurrence in the entry at addr, of an
// n-gram numbered as bigrams are (R10 is g | e, its entry if new), leaves
// the new entry's number in reg, and stores its count at off(R14) by
// number. It clobbers tmp.
#define COUNTNUMBERED(addr, reg, tmp, off) \
	MOVL    addr, reg; \
	CMPL    reg, R10; \
	CMOVLCS R10, reg; \
	ADDL    $512, reg; \
	MOVL    reg, addr; \
	MOVL    reg, tmp; \
	SHRL    $9, tmp; \
	ANDL    $0x1FF, tmp; \
	ANDL    $0x1FF, reg; \
	MOVL    tmp, off(R14)(reg*4)

// func countHypCountsTail(t *charTables, h []uint8, num2, num3, stamp uint32, m *charCounts, k int) int
//
// countHypCounts's loop over the positions e >= 3 of h (see
// countHypCountsTailGo, which this follows step by step): countHypTail's,
// with 4-grams numbered as trigrams are, and each n-gram's count stored
// by its number in m.hyp (at 2048, 4096 and 6144 bytes for orders 2 to
// 4). DI is t, SI &h[e], R8 the end of h, R10 g | e, R12 and R13 the
// numbers of the bigram and trigram ending at e-1, R14 m and R15 the
// number k of distinct ids so far, whose list m.ids is at 24576 bytes.
TEXT ·countHypCountsTail(SB), NOSPLIT, $0-72
	MOVQ t+0(FP), DI
	MOVQ h_base+8(FP), SI
	MOVQ h_len+16(FP), R8
	MOVL num2+32(FP), R12
	MOVL num3+36(FP), R13
	MOVL stamp+40(FP), R10
	MOVQ m+48(FP), R14
	MOVQ k+56(FP), R15
	ADDL $3, R10
	CMPQ R8, $3
	JLE  countsDone
	ADDQ SI, R8
	ADDQ $3, SI

countsLoop:
	MOVBLZX (SI), AX
	MOVWLZX -1(SI), CX // the bigram's index, x<<8 | the id before

	// The unigram, and the id listed, kept if new: the carry of a - 1
	// is set when a is 0.
	MOVL 0x140000(DI)(AX*4), DX
	MOVB AL, 24576(R14)(R15*1)
	CMPL DX, $1
	ADCQ $0, R15
	INCL DX
	MOVL DX, 0x140000(DI)(AX*4)

	// The bigram, the trigram and the 4-gram (in the row of x), and
	// their counts by their numbers.
	COUNTNUMBERED(0x100000(DI)(CX*4), BX, DX, 2048)
	SHLQ $12, AX
	ADDQ DI, AX
	COUNTNUMBERED((AX)(R12*4), CX, DX, 4096)
	COUNTNUMBERED(0x800(AX)(R13*4), DX, R11, 6144)

	MOVL BX, R12
	MOVL CX, R13
	INCL R10
	INCQ SI
	CMPQ SI, R8
	JCS  countsLoop

countsDone:
	MOVQ R15, ret+64(FP)
	RET

// SEENNUM loads into reg the number in the entry at addr, for the
// segment stamped R9, or 0 (R8) if the entry is an earlier segment's:
// the entry less the stamp then borrows.
#define SEENNUM(addr, reg) \
	MOVL    addr, reg; \
	SUBQ    R9, reg; \
	CMOVQCS R8, reg

// func countRefTail(t *charTables, r []uint8, stamp uint32, c *[4][512]uint32)
//
// countRef's loop over the positions e >= 1 of r (see countRefTailGo,
// which this follows step by step). DI is t, SI &r[e], R10 the end of r,
// R9 the stamp g, R12 and R13 the numbers of the bigram and trigram
// ending at e-1 (0 if the hypothesis lacks them), R14 c, R8 zero and R11
// charNone. An entry less g borrows when it is an earlier segment's, and
// is then taken as 0.
TEXT ·countRefTail(SB), NOSPLIT, $0-48
	MOVQ t+0(FP), DI
	MOVQ r_base+8(FP), SI
	MOVQ r_len+16(FP), R10
	MOVL stamp+32(FP), R9
	MOVQ c+40(FP), R14
	XORQ R8, R8
	XORQ R12, R12
	XORQ R13, R13
	MOVL $0xFF, R11
	CMPQ R10, $1
	JLE  refDone
	ADDQ SI, R10
	INCQ SI

refLoop:
	MOVBLZX (SI), AX
	MOVWLZX -1(SI), CX // the bigram's index, x<<8 | the id before

	// The unigram, at charNone if the hypothesis lacks it.
	MOVL    0x140000(DI)(AX*4), DX
	MOVL    AX, BX
	CMPL    DX, $1
	CMOVLCS R11, BX
	INCL    (R14)(BX*4)

	// The bigram.
	SEENNUM(0x100000(DI)(CX*4), BX)
	ANDL $0x1FF, BX
	INCL 2048(R14)(BX*4)

	// The trigram and the 4-gram, in the row of x.
	SHLQ $12, AX
	ADDQ DI, AX
	SEENNUM((AX)(R12*4), CX)
	ANDL $0x1FF, CX
	INCL 4096(R14)(CX*4)
	SEENNUM(0x800(AX)(R13*4), DX)
	ANDL $0x1FF, DX
	INCL 6144(R14)(DX*4)

	MOVL BX, R12
	MOVL CX, R13
	INCQ SI
	CMPQ SI, R10
	JCS  refLoop

refDone:
	RET

// func clipSum(hyp, best, ref *uint32, n int) uint32
//
// clip's loop over the numbers of one order, four at a time
// (SSE4.1): the sum of min(hyp[i], max(best[i], ref[i])) for i < n,
// rounded up to a multiple of 4, clearing best[i] and ref[i].
TEXT ·clipSum(SB), NOSPLIT, $0-36
	MOVQ  hyp+0(FP), SI
	MOVQ  best+8(FP), DI
	MOVQ  ref+16(FP), DX
	MOVQ  n+24(FP), CX
	PXOR  X0, X0
	PXOR  X4, X4
	TESTQ CX, CX
	JLE   clipDone

clipLoop:
	MOVOU  (DI), X1
	MOVOU  (DX), X2
	PMAXUD X2, X1
	MOVOU  (SI), X3
	PMINUD X3, X1
	PADDL  X1, X0
	MOVOU  X4, (DI)
	MOVOU  X4, (DX)
	ADDQ   $16, SI
	ADDQ   $16, DI
	ADDQ   $16, DX
	SUBQ   $4, CX
	JGT    clipLoop

clipDone:
	PSHUFD $0x4E, X0, X1
	PADDL  X1, X0
	PSHUFD $0xB1, X0, X1
	PADDL  X1, X0
	MOVQ   X0, AX
	MOVL   AX, ret+32(FP)
	RET

// LONGENTRY loads into reg the entry at addr of charLong, or, if it is
// an earlier segment's (below the stamp R9), the stamp | num, tmp being
// scratch; the carry is then set.
#define LONGENTRY(addr, reg, num, tmp) \
	MOVL    addr, reg; \
	MOVL    R9, tmp; \
	ORL     num, tmp; \
	CMPL    reg, R9; \
	CMOVLCS tmp, reg

// func countHypLongTail(l *charLong, h []uint8, num2, num3, next2, next3, stamp uint32, quads []uint32) (uint32, uint32, bool)
//
// countHypLong's loop over the positions e >= 3 of h (see
// countHypLongTailGo, which this follows step by step). DI is l, SI h,
// AX e, R9 the stamp g, R12 and R13 the numbers of the bigram and trigram
// ending at e-1, R14 and R11 the next numbers to give them, R8 quads; BX,
// CX, DX and R10 are scratch. An entry below g is an earlier segment's,
// replaced by g | the number given (LONGENTRY; its carry, which ADC adds
// to the next number). The offsets are charLong's
// (checked in kernels_amd64.go): bi at 0x400000, hyp at 0x440400, the
// rows of 16 KiB from 0, their 4-grams 8 KiB in.
TEXT ·countHypLongTail(SB), NOSPLIT, $0-89
	MOVQ l+0(FP), DI
	MOVQ h_base+8(FP), SI
	MOVL num2+32(FP), R12
	MOVL num3+36(FP), R13
	MOVL next2+40(FP), R14
	MOVL next3+44(FP), R11
	MOVL stamp+48(FP), R9
	MOVQ quads_base+56(FP), R8
	ANDL $0x7FF, R12
	ANDL $0x7FF, R13
	MOVQ $3, AX
	CMPQ AX, h_len+16(FP)
	JGE  hypLongDone

hypLongLoop:
	// The bigram, numbered next2 if new.
	MOVWLZX -1(SI)(AX*1), CX // x<<8 | the id before
	LONGENTRY(0x400000(DI)(CX*4), BX, R14, DX)
	ADCL    $0, R14
	MOVL    BX, 0x400000(DI)(CX*4)
	SUBL    R9, BX
	ANDL    $0x7FF, BX
	INCL    0x440400(DI)(BX*4)

	// The trigram, in the row of x, numbered next3 if new.
	MOVBLZX (SI)(AX*1), CX
	SHLQ    $14, CX
	ADDQ    DI, CX
	LONGENTRY((CX)(R12*4), DX, R11, R10)
	ADCL    $0, R11
	MOVL    DX, (CX)(R12*4)
	SUBL    R9, DX
	ANDL    $0x7FF, DX
	INCL    0x442400(DI)(DX*4)
	MOVL    BX, R12

	// The 4-gram, numbered e if new.
	LONGENTRY(8192(CX)(R13*4), BX, AX, R10)
	MOVL    BX, 8192(CX)(R13*4)
	SUBL    R9, BX
	MOVL    DX, R13
	CMPQ    BX, quads_len+64(FP)
	JCC     hypLongRefused
	INCL    (R8)(BX*4)

	CMPL R14, $0x800
	JHI  hypLongRefused
	CMPL R11, $0x800
	JHI  hypLongRefused
	INCQ AX
	CMPQ AX, h_len+16(FP)
	JLT  hypLongLoop

hypLongDone:
	MOVL R14, ret+80(FP)
	MOVL R11, ret1+84(FP)
	MOVB $1, ret2+88(FP)
	RET

hypLongRefused:
	MOVL R14, ret+80(FP)
	MOVL R11, ret1+84(FP)
	MOVB $0, ret2+88(FP)
	RET

// func countRefLongTail(l *charLong, r []uint8, stamp uint32, cur *[2][2048]uint32, c4 []uint32)
//
// countRefLong's loop over the positions e >= 1 of r (see
// countRefLongTailGo, which this follows step by step). DI is l, SI
// &r[e], R10 the end of r, R9 the stamp g, R12 and R13 the numbers of the
// bigram and trigram ending at e-1 (0 if the hypothesis lacks them), R14
// cur, R11 c4, R8 zero. An entry less g borrows when it is an earlier
// segment's, and is then taken as 0. The offsets are countHypLongTail's.
TEXT ·countRefLongTail(SB), NOSPLIT, $0-72
	MOVQ l+0(FP), DI
	MOVQ r_base+8(FP), SI
	MOVQ r_len+16(FP), R10
	MOVL stamp+32(FP), R9
	MOVQ cur+40(FP), R14
	MOVQ c4_base+48(FP), R11
	XORQ R8, R8
	XORQ R12, R12
	XORQ R13, R13
	CMPQ R10, $1
	JLE  refLongDone
	ADDQ SI, R10
	INCQ SI

refLongLoop:
	// The bigram.
	MOVWLZX -1(SI), CX // x<<8 | the id before
	SEENNUM(0x400000(DI)(CX*4), BX)
	ANDL    $0x7FF, BX
	INCL    (R14)(BX*4)

	// The trigram and the 4-gram, in the row of x.
	MOVBLZX (SI), AX
	SHLQ    $14, AX
	ADDQ    DI, AX
	SEENNUM((AX)(R12*4), CX)
	ANDL    $0x7FF, CX
	INCL    8192(R14)(CX*4)
	SEENNUM(8192(AX)(R13*4), DX)
	CMPQ    DX, c4_len+56(FP)
	CMOVQCC R8, DX
	INCL    (R11)(DX*4)

	MOVL BX, R12
	MOVL CX, R13
	INCQ SI
	CMPQ SI, R10
	JCS  refLongLoop

refLongDone:
	RET

//go:build amd64 && !purego

#include "textflag.h"

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

DATA bytes09c<>+0(SB)/8, $0x0909090909090909
DATA bytes09c<>+8(SB)/8, $0x0909090909090909
GLOBL bytes09c<>(SB), RODATA|NOPTR, $16

DATA bytes04c<>+0(SB)/8, $0x0404040404040404
DATA bytes04c<>+8(SB)/8, $0x0404040404040404
GLOBL bytes04c<>(SB), RODATA|NOPTR, $16

DATA bytes1Cc<>+0(SB)/8, $0x1C1C1C1C1C1C1C1C
DATA bytes1Cc<>+8(SB)/8, $0x1C1C1C1C1C1C1C1C
GLOBL bytes1Cc<>(SB), RODATA|NOPTR, $16

// func copyASCII16(dst []uint8, s string, t *charShuffle) (read, written int)
//
// Each 16 bytes: their whitespace, 09..0D and 1C..20, found as bytes
// that less the start of the range are at most 4; the other bytes of each
// half gathered with PSHUFB by the pattern for its mask, and stored as 8
// bytes, of which the kept ones count.
TEXT ·copyASCII16(SB), NOSPLIT, $0-64
	MOVQ  dst_base+0(FP), DI
	MOVQ  s_base+24(FP), SI
	MOVQ  s_len+32(FP), CX
	MOVQ  t+40(FP), R8
	MOVQ  DI, R10
	XORQ  AX, AX
	MOVOU bytes09c<>(SB), X9
	MOVOU bytes04c<>(SB), X10
	MOVOU bytes1Cc<>(SB), X11

loop:
	LEAQ  16(AX), DX
	CMPQ  DX, CX
	JHI   done
	MOVOU (SI)(AX*1), X0
	PMOVMSKB X0, DX
	TESTL DX, DX
	JNZ   done
	MOVO  X0, X1
	PSUBB X9, X1
	MOVO  X1, X2
	PMINUB X10, X2
	PCMPEQB X2, X1
	MOVO  X0, X3
	PSUBB X11, X3
	MOVO  X3, X4
	PMINUB X10, X4
	PCMPEQB X4, X3
	POR   X3, X1
	PMOVMSKB X1, DX
	NOTL  DX
	MOVL  DX, BX
	ANDL  $0xFF, BX
	SHRL  $8, DX
	ANDL  $0xFF, DX
	MOVQ  (R8)(BX*8), X5
	MOVO  X0, X6
	PSHUFB X5, X6
	MOVQ  X6, (DI)
	MOVBQZX 2048(R8)(BX*1), BX
	ADDQ  BX, DI
	PSRLDQ $8, X0
	MOVQ  (R8)(DX*8), X5
	PSHUFB X5, X0
	MOVQ  X0, (DI)
	MOVBQZX 2048(R8)(DX*1), DX
	ADDQ  DX, DI
	ADDQ  $16, AX
	JMP   loop

done:
	MOVQ  AX, read+48(FP)
	SUBQ  R10, DI
	MOVQ  DI, written+56(FP)
	RET

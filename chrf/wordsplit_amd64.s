//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The first pass of appendWords (wordsplit.go), spaceMasksGo's loop in
// SSE2; its wrapper (wordsplit_amd64.go) checks the lengths.

// SPACE16 sets WS to the ASCII whitespace bits (09..0D, 1C..20) of the 16
// bytes at off(SI)(BX*1), and LD to those of the bytes that may start a
// non-ASCII whitespace character (C2, E0..E2, E3 before 80; see
// spaceBlock). A byte c is in lo..lo+4 if min(c-lo, 4) is c-lo. X7,
// X8..X14 hold the constants (see spaceMasksAsm).
#define SPACE16(off, WS, LD) \
	MOVOU   off(SI)(BX*1), X0; \
	MOVOU   off+1(SI)(BX*1), X5; \
	PCMPEQB X14, X5; \
	MOVO    X0, X6; \
	PCMPEQB X7, X6; \
	PANDN   X6, X5; \
	MOVO    X0, X1; \
	PSUBB   X8, X1; \
	MOVO    X1, X2; \
	PMINUB  X10, X2; \
	PCMPEQB X1, X2; \
	MOVO    X0, X3; \
	PSUBB   X9, X3; \
	MOVO    X3, X4; \
	PMINUB  X10, X4; \
	PCMPEQB X3, X4; \
	POR     X4, X2; \
	PMOVMSKB X2, WS; \
	MOVO    X0, X1; \
	PCMPEQB X11, X1; \
	PAND    X12, X0; \
	PCMPEQB X13, X0; \
	POR     X1, X0; \
	PANDN   X0, X5; \
	PMOVMSKB X5, LD

// BYTES sets the 16 bytes of X to the byte in the low 8 bits of R.
#define BYTES(R, X) \
	MOVQ       R, AX; \
	MOVQ       $0x0101010101010101, DX; \
	IMULQ      DX, AX; \
	MOVQ       AX, X; \
	PUNPCKLQDQ X, X

// func spaceMasksAsm(masks []uint64, buf []byte, a, e int) uint64
TEXT ·spaceMasksAsm(SB), NOSPLIT, $0-72
	PCALIGN $64
	MOVQ masks_base+0(FP), DI
	MOVQ buf_base+24(FP), SI
	MOVQ a+48(FP), BX
	MOVQ e+56(FP), CX
	BYTES($0x09, X8)
	BYTES($0x1C, X9)
	BYTES($0x04, X10)
	BYTES($0xC2, X11)
	BYTES($0xFC, X12)
	BYTES($0xE0, X13)
	BYTES($0x80, X14)
	BYTES($0xE3, X7)
	XORQ R11, R11 // the lead bits of all blocks
	CMPQ BX, CX
	JGE  sdone

sloop:
	SPACE16(0, R12, R13)
	SPACE16(16, DX, R8)
	SHLQ $16, DX
	ORQ  DX, R12
	SHLQ $16, R8
	ORQ  R8, R13
	SPACE16(32, DX, R8)
	SHLQ $32, DX
	ORQ  DX, R12
	SHLQ $32, R8
	ORQ  R8, R13
	SPACE16(48, DX, R8)
	SHLQ $48, DX
	ORQ  DX, R12
	SHLQ $48, R8
	ORQ  R8, R13
	MOVQ R12, (DI)
	MOVQ R13, 8(DI)
	ORQ  R13, R11
	ADDQ $16, DI
	ADDQ $64, BX
	CMPQ BX, CX
	JLT  sloop

sdone:
	MOVQ R11, ret+64(FP)
	RET

//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The three passes of tokens (wordsplit.go), each the loop of its Go
// function (spaceMasksGo, fieldBoundsGo, splitFieldsGo) in SSE2 or
// general registers. Their wrappers (wordsplit_amd64.go) check the
// lengths that do not depend on the text; a bound read from the text that
// falls outside buf makes splitFieldsAsm return -1.

// SPACE16 sets WS to the ASCII whitespace bits (09..0D, 1C..20) of the 16
// bytes at off(SI)(BX*1), and LD to those of the bytes that may start a
// non-ASCII whitespace character (C2, E0..E3). A byte c is in lo..lo+4 if
// min(c-lo, 4) is c-lo. X8..X13 hold the constants (see spaceMasksAsm).
#define SPACE16(off, WS, LD) \
	MOVOU   off(SI)(BX*1), X0; \
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
	PMOVMSKB X0, LD

// BYTES sets the 16 bytes of X to the byte in the low 8 bits of R.
#define BYTES(R, X) \
	MOVQ       R, AX; \
	MOVQ       $0x0101010101010101, DX; \
	IMULQ      DX, AX; \
	MOVQ       AX, X; \
	PUNPCKLQDQ X, X

// func spaceMasksAsm(masks []uint64, buf []byte, a, e int) uint64
TEXT ·spaceMasksAsm(SB), NOSPLIT, $0-72
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

// func fieldBoundsAsm(bounds []int, masks []uint64, a, e int) int
TEXT ·fieldBoundsAsm(SB), NOSPLIT, $0-72
	MOVQ bounds_base+0(FP), DI
	MOVQ bounds_len+8(FP), R15
	SHRQ $1, R15 // room for this many fields
	MOVQ masks_base+24(FP), SI
	MOVQ masks_len+32(FP), CX
	SHRQ $1, CX
	SHLQ $4, CX
	ADDQ SI, CX  // the end of the masks
	MOVQ a+48(FP), BX // where the block starts
	MOVQ $1, R10      // whether the byte before the block is whitespace
	XORQ R11, R11     // fields started
	XORQ R12, R12     // fields ended
	CMPQ SI, CX
	JGE  fdone

floop:
	MOVQ (SI), AX // whitespace
	LEAQ (AX)(AX*1), DX
	ORQ  R10, DX  // whitespace at the byte before
	MOVQ AX, R10
	SHRQ $63, R10
	MOVQ AX, R8
	NOTQ R8
	ANDQ DX, R8   // starts
	JZ   fends

fstart:
	CMPQ  R11, R15
	JAE   fbad
	BSFQ  R8, R9
	ADDQ  BX, R9
	MOVQ  R11, R13
	SHLQ  $4, R13
	MOVQ  R9, (DI)(R13*1)
	INCQ  R11
	LEAQ  -1(R8), R9
	ANDQ  R9, R8
	JNZ   fstart

fends:
	NOTQ DX
	ANDQ AX, DX // ends
	JZ   fnext

fend:
	CMPQ  R12, R15
	JAE   fbad
	BSFQ  DX, R9
	ADDQ  BX, R9
	MOVQ  R12, R13
	SHLQ  $4, R13
	MOVQ  R9, 8(DI)(R13*1)
	INCQ  R12
	LEAQ  -1(DX), R9
	ANDQ  R9, DX
	JNZ   fend

fnext:
	ADDQ $16, SI
	ADDQ $64, BX
	CMPQ SI, CX
	JLT  floop

fdone:
	CMPQ R12, R11
	JAE  fret
	CMPQ R12, R15
	JAE  fbad
	MOVQ e+56(FP), AX
	MOVQ R12, R13
	SHLQ $4, R13
	MOVQ AX, 8(DI)(R13*1)

fret:
	MOVQ R11, ret+64(FP)
	RET

fbad:
	MOVQ $-1, ret+64(FP)
	RET

// func splitFieldsAsm(toks []token, bounds []int, buf []byte, lens *[256]uint8, punct *[256]uint8) int
TEXT ·splitFieldsAsm(SB), NOSPLIT, $0-96
	MOVQ toks_base+0(FP), DI
	MOVQ bounds_base+24(FP), SI
	MOVQ bounds_len+32(FP), CX
	SHRQ $1, CX
	SHLQ $4, CX
	ADDQ SI, CX // the end of the bounds
	MOVQ buf_base+48(FP), R8
	MOVQ buf_len+56(FP), R9
	MOVQ lens+72(FP), R10
	MOVQ punct+80(FP), R11
	XORQ BX, BX // words written
	CMPQ SI, CX
	JGE  pdone

ploop:
	MOVQ    (SI), R12  // the field's start
	MOVQ    8(SI), R13 // and end
	CMPQ    R13, R9
	JA      pbad
	CMPQ    R12, R13
	JAE     pbad
	MOVBLZX (R8)(R12*1), AX   // its first byte
	MOVBLZX -1(R8)(R13*1), DX // and its last
	SUBQ    R12, R13          // n
	MOVBLZX (R10)(AX*1), R14  // the length of its first character
	CMPQ    R14, R13
	SETNE   R14B
	MOVBLZX R14B, R14         // more than one character
	MOVBLZX (R11)(DX*1), DX
	ANDQ    R14, DX           // punctuation at the end
	MOVBLZX (R11)(AX*1), AX
	ANDQ    R14, AX
	MOVQ    DX, R15
	XORQ    $1, R15
	ANDQ    R15, AX           // at the start, and none at the end
	LEAQ    -1(R13), R15      // n - 1, if the start is split off
	MOVQ    AX, R14
	NEGQ    R14
	ANDQ    R14, R15
	MOVQ    R13, R14
	SUBQ    DX, R14
	SUBQ    R15, R14          // the first word's length
	MOVQ    BX, R15
	SHLQ    $4, R15
	ADDQ    DI, R15
	MOVQ    R12, (R15)
	MOVQ    R14, 8(R15)
	ADDQ    R14, R12
	SUBQ    R14, R13
	MOVQ    R12, 16(R15)
	MOVQ    R13, 24(R15)
	ORQ     DX, AX
	LEAQ    1(BX)(AX*1), BX
	ADDQ    $16, SI
	CMPQ    SI, CX
	JLT     ploop

pdone:
	MOVQ BX, ret+88(FP)
	RET

pbad:
	MOVQ $-1, ret+88(FP)
	RET

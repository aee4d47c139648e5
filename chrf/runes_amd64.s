//go:build amd64 && !purego

#include "textflag.h"

// func appendASCIIAsm(runes []uint32, n int, t string, i int, keep *[128]uint8, vec *asciiTables, drop uint32) (int, int)
//
// appendRunes's loop over ASCII bytes: from t[i] on, up to the first
// byte that is not ASCII or the end of t, each byte goes to runes[n],
// and n moves past it if keep has 1 for it. It returns i and n. runes has
// room for every byte of t from i on, and 16 more.
//
// With vec (not nil: the processor has SSSE3), 16 bytes at a time: the
// bytes that are Python whitespace (\t to \r, \x1c to \x1f, space) are
// found by comparisons, and those kept (all, if drop is 0; else those not
// whitespace, as keep says) are packed by PSHUFB with vec's indexes, 8
// bytes at a time, and widened to 32 bits; the last block is the last 16
// bytes of t, its bytes before i left out. A text of fewer than 16 bytes
// goes a byte at a time.
TEXT ·appendASCIIAsm(SB), NOSPLIT, $0-96
	MOVQ runes_base+0(FP), DI
	MOVQ runes_len+8(FP), R9
	MOVQ n+24(FP), DX
	MOVQ t_base+32(FP), SI
	MOVQ t_len+40(FP), R15
	MOVQ i+48(FP), BX
	MOVQ keep+56(FP), R10
	MOVQ vec+64(FP), R11
	MOVL drop+72(FP), R12
	TESTQ R11, R11
	JZ    loop
	CMPQ  R15, $16
	JLT   loop
	SUBQ  $16, R9 // the last n at which a block's 16 runes fit
	MOVQ  $0x0808080808080808, AX
	MOVQ  AX, X8
	PUNPCKLQDQ X8, X8 // X8: 0x08 in each byte
	MOVQ  $0x0e0e0e0e0e0e0e0e, AX
	MOVQ  AX, X9
	PUNPCKLQDQ X9, X9
	MOVQ  $0x1b1b1b1b1b1b1b1b, AX
	MOVQ  AX, X10
	PUNPCKLQDQ X10, X10
	MOVQ  $0x2121212121212121, AX
	MOVQ  AX, X11
	PUNPCKLQDQ X11, X11
	PXOR  X15, X15 // zeros

vloop:
	CMPQ     BX, R15
	JGE      done
	CMPQ     DX, R9
	JG       loop
	// The block starts at R13, min(i, len(t)-16); its bytes from
	// i - R13 on are this call's: R14 has a 1 for each.
	LEAQ     -16(R15), R13
	CMPQ     BX, R13
	CMOVQLT  BX, R13
	MOVQ     BX, CX
	SUBQ     R13, CX
	MOVL     $0xffff, R14
	SHLL     CX, R14
	ANDL     $0xffff, R14
	MOVOU    (SI)(R13*1), X0
	PMOVMSKB X0, AX
	ANDL     R14, AX
	JZ       ascii
	// A byte that is not ASCII: the block ends before it.
	BSFL     AX, CX
	MOVL     $1, AX
	SHLL     CX, AX
	DECL     AX
	ANDL     AX, R14
	LEAQ     (R13)(CX*1), BX
	JMP      pack

ascii:
	LEAQ     16(R13), BX

pack:
	// Whitespace: 0x08 < b < 0x0e or 0x1b < b < 0x21 (a byte that is
	// not ASCII is left out already, so signed comparisons will do).
	MOVO     X0, X1
	PCMPGTB  X8, X1
	MOVO     X9, X2
	PCMPGTB  X0, X2
	PAND     X2, X1
	MOVO     X0, X3
	PCMPGTB  X10, X3
	MOVO     X11, X4
	PCMPGTB  X0, X4
	PAND     X4, X3
	POR      X3, X1
	PMOVMSKB X1, AX
	ANDL     R12, AX
	NOTL     AX
	ANDL     R14, AX // the bytes kept
	// The low 8 bytes.
	MOVBLZX  AL, R8
	MOVQ     (R11)(R8*8), X1
	MOVO     X0, X2
	PSHUFB   X1, X2
	PUNPCKLBW X15, X2
	MOVO     X2, X3
	PUNPCKLWL X15, X2
	PUNPCKHWL X15, X3
	MOVOU    X2, (DI)(DX*4)
	MOVOU    X3, 16(DI)(DX*4)
	MOVBLZX  2048(R11)(R8*1), R8
	ADDQ     R8, DX
	// The high 8 bytes.
	SHRL     $8, AX
	PSRLDQ   $8, X0
	MOVQ     (R11)(AX*8), X1
	PSHUFB   X1, X0
	PUNPCKLBW X15, X0
	MOVO     X0, X3
	PUNPCKLWL X15, X0
	PUNPCKHWL X15, X3
	MOVOU    X0, (DI)(DX*4)
	MOVOU    X3, 16(DI)(DX*4)
	MOVBLZX  2048(R11)(AX*1), R8
	ADDQ     R8, DX
	CMPL     R14, $0xffff
	JEQ      vloop
	CMPQ     BX, R15
	JGE      done
	MOVBLZX  (SI)(BX*1), AX
	CMPL     AX, $0x80
	JAE      done // stopped by a byte that is not ASCII
	JMP      vloop

loop:
	CMPQ BX, R15
	JGE  done
	MOVBLZX (SI)(BX*1), R13
	CMPL    R13, $0x80
	JAE     done
	MOVL    R13, (DI)(DX*4)
	MOVBLZX (R10)(R13*1), R13
	ADDQ    R13, DX
	INCQ    BX
	JMP     loop

done:
	MOVQ BX, ret+80(FP)
	MOVQ DX, ret1+88(FP)
	RET

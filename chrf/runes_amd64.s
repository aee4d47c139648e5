//go:build amd64 && !purego

#include "textflag.h"

// func appendShortAsm(runes []uint32, n int, t string, i int, keep *[128]uint8) (int, int)
//
// appendRunes's loop over characters of one and two bytes: from t[i] on,
// up to the first byte that starts neither (a character of three or four
// bytes, a byte that is not UTF-8, a character cut by the end of t) or
// the end of t, each character goes to runes[n], and n moves past it if
// it is kept: an ASCII byte if keep has 1 for it, a two-byte character
// unless it is Python whitespace (U+0085, U+00A0) and keep drops the
// space. It returns i and n. runes has room for every byte of t from i
// on. A two-byte character is C2..DF then 80..BF: C0 and C1 are not
// UTF-8, and go to the Go code as anything else does.
TEXT ·appendShortAsm(SB), NOSPLIT, $0-80
	MOVQ runes_base+0(FP), DI
	MOVQ n+24(FP), DX
	MOVQ t_base+32(FP), SI
	MOVQ t_len+40(FP), CX
	MOVQ i+48(FP), BX
	MOVQ keep+56(FP), R10
	MOVBLZX 0x20(R10), R11 // 1 if whitespace is kept
	XORL $1, R11           // 1 if it is dropped
	CMPQ BX, CX
	JGE  done

loop:
	MOVBLZX (SI)(BX*1), R13
	CMPL    R13, $0x80
	JAE     two
	MOVL    R13, (DI)(DX*4)
	MOVBLZX (R10)(R13*1), R13
	ADDQ    R13, DX
	INCQ    BX
	CMPQ    BX, CX
	JLT     loop
	JMP     done

two:
	LEAL    -0xC2(R13), R14
	CMPL    R14, $0x1E
	JAE     done // not the lead of two bytes
	LEAQ    1(BX), R8
	CMPQ    R8, CX
	JAE     done // the second byte is past t
	MOVBLZX 1(SI)(BX*1), R8
	MOVL    R8, R14
	ANDL    $0xC0, R14
	CMPL    R14, $0x80
	JNE     done // not a continuation byte
	ANDL    $0x1F, R13
	SHLL    $6, R13
	ANDL    $0x3F, R8
	ORL     R8, R13 // the character
	MOVL    R13, (DI)(DX*4)
	XORL    R14, R14
	XORL    R15, R15
	CMPL    R13, $0x85
	SETEQ   R14B
	CMPL    R13, $0xA0
	SETEQ   R15B
	ORL     R15, R14
	ANDL    R11, R14 // 1 if it is whitespace, dropped
	XORL    $1, R14
	ADDQ    R14, DX
	ADDQ    $2, BX
	CMPQ    BX, CX
	JLT     loop

done:
	MOVQ BX, ret+64(FP)
	MOVQ DX, ret1+72(FP)
	RET

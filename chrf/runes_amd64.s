//go:build amd64 && !purego

#include "textflag.h"

// func appendBMPAsm(runes []uint32, n int, t string, i int, keep *[128]uint8) (int, int)
//
// appendRunes's loop over characters of one to three bytes (the Basic
// Multilingual Plane): from t[i] on, up to the first byte that starts
// none (a character of four bytes, a byte that is not UTF-8, a character
// cut by the end of t) or the end of t, each character goes to runes[n],
// and n moves past it if it is kept: an ASCII byte if keep has 1 for it,
// another character unless it is Python whitespace (U+0085, U+00A0,
// U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000) and
// keep drops the space. It returns i and n. runes has room for every byte
// of t from i on. Only well-formed UTF-8 is decoded here, as
// utf8.DecodeRuneInString accepts it: C2..DF then one byte of 80..BF;
// E0..EF then two, the first A0..BF after E0 (no overlong forms) and
// 80..9F after ED (no surrogates). Anything else goes to the Go code.
// NEXT keeps the character just written unless R14, 1 if it is
// whitespace, says to drop it and R11 says whitespace is dropped, and
// goes on to the character w bytes on, or to done at the end of t.
#define NEXT(w) \
	ANDL R11, R14; \
	XORL $1, R14; \
	ADDQ R14, DX; \
	ADDQ $w, BX; \
	CMPQ BX, CX; \
	JLT  loop; \
	JMP  done

TEXT ·appendBMPAsm(SB), NOSPLIT, $0-80
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
	JAE     three // not the lead of two bytes
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
	NEXT(2)

three:
	LEAL    -0xE0(R13), R14
	CMPL    R14, $0x10
	JAE     done // not the lead of three bytes
	LEAQ    2(BX), R8
	CMPQ    R8, CX
	JAE     done // the third byte is past t
	MOVBLZX 1(SI)(BX*1), R8
	MOVBLZX 2(SI)(BX*1), R15
	MOVL    $0x80, AX // the second byte's least
	MOVL    $0xA0, R9
	CMPL    R13, $0xE0
	CMOVLEQ R9, AX
	MOVL    $0xBF, R12 // and most
	MOVL    $0x9F, R9
	CMPL    R13, $0xED
	CMOVLEQ R9, R12
	CMPL    R8, AX
	JB      done
	CMPL    R8, R12
	JA      done
	MOVL    R15, R9
	ANDL    $0xC0, R9
	CMPL    R9, $0x80
	JNE     done // the third is not a continuation byte
	ANDL    $0x0F, R13
	SHLL    $12, R13
	ANDL    $0x3F, R8
	SHLL    $6, R8
	ORL     R8, R13
	ANDL    $0x3F, R15
	ORL     R15, R13 // the character
	MOVL    R13, (DI)(DX*4)
	XORL    R14, R14
	XORL    R9, R9
	LEAL    -0x2000(R13), R8
	CMPL    R8, $0x0B
	SETCS   R14B // U+2000..U+200A
	CMPL    R13, $0x1680
	SETEQ   R9B
	ORL     R9, R14
	CMPL    R13, $0x2028
	SETEQ   R9B
	ORL     R9, R14
	CMPL    R13, $0x2029
	SETEQ   R9B
	ORL     R9, R14
	CMPL    R13, $0x202F
	SETEQ   R9B
	ORL     R9, R14
	CMPL    R13, $0x205F
	SETEQ   R9B
	ORL     R9, R14
	CMPL    R13, $0x3000
	SETEQ   R9B
	ORL     R9, R14
	NEXT(3)

done:
	MOVQ BX, ret+64(FP)
	MOVQ DX, ret1+72(FP)
	RET

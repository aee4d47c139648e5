//go:build amd64 && !purego

#include "textflag.h"

// func appendASCIIAsm(runes []uint32, n int, t string, i int, keep *[128]uint8) (int, int)
//
// appendRunes's loop over ASCII bytes: from t[i] on, up to the first
// byte that is not ASCII or the end of t, each byte goes to runes[n],
// and n moves past it if keep has 1 for it. It returns i and n. runes has
// room for every byte of t from i on.
TEXT ·appendASCIIAsm(SB), NOSPLIT, $0-80
	MOVQ runes_base+0(FP), DI
	MOVQ n+24(FP), DX
	MOVQ t_base+32(FP), SI
	MOVQ t_len+40(FP), CX
	MOVQ i+48(FP), BX
	MOVQ keep+56(FP), R10
	CMPQ BX, CX
	JGE  done

loop:
	MOVBLZX (SI)(BX*1), R13
	CMPL    R13, $0x80
	JAE     done
	MOVL    R13, (DI)(DX*4)
	MOVBLZX (R10)(R13*1), R13
	ADDQ    R13, DX
	INCQ    BX
	CMPQ    BX, CX
	JLT     loop

done:
	MOVQ BX, ret+64(FP)
	MOVQ DX, ret1+72(FP)
	RET

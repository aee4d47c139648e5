//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// func appendBMPAsm(runes []uint32, n int, t string, i int, keep *[128]uint8, pack *packTable) (int, int)
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
//
// Where 17 bytes remain, the loop first tries the 16 from i as a block
// (SSSE3, SSE4.1): if they hold characters of one and two bytes only,
// well formed (a character of two bytes may end at the 17th), it decodes
// them all at once, without a branch for each: in text of two-byte
// characters (Cyrillic, Greek, Arabic) whether the next character is
// ASCII is not predictable, and its branch was mispredicted about once a
// word. A block refused for two bytes of E0..FF or more is tried as five
// characters of three bytes (BLOCK3), and so are the blocks after one that
// holds. A block holding anything else is left to the loop below, one
// character at a time, up to end-8(SP) (at most the end of t), and so is
// the text's last piece of fewer than 17 bytes.
//
// NEXT keeps the character just written unless R14, 1 if it is
// whitespace, says to drop it and R11 says whitespace is dropped, and
// goes on to the character w bytes on, or to done at the end of t.
#define NEXT(w) \
	ANDL R11, R14; \
	XORL $1, R14; \
	ADDQ R14, DX; \
	ADDQ $w, BX; \
	CMPQ BX, end-8(SP); \
	JLT  one; \
	CMPQ BX, CX; \
	JLT  loop; \
	JMP  done


// bmpconsts holds BLOCK's constants, 16 bytes each: 0xC0, 0xC1, 0xE0 (as
// signed bytes, the bounds of continuation and lead bytes), 9, 28, 4 (the
// ASCII whitespace 9..13 and 28..32), 0xC2, 0x85, 0xA0 (U+0085 and
// U+00A0), then the words 0x001F, 0x003F, 0x00FF; for BLOCK3 0xE2, 0xF0,
// 0xED (bounds of its lead bytes), 0xE3, 0x80 (U+3000), the PSHUFB masks
// of its characters' bytes, and the dwords 0x3F, 0xFC0, 0xF000.
DATA bmpconsts<>+0x00(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA bmpconsts<>+0x08(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA bmpconsts<>+0x10(SB)/8, $0xC1C1C1C1C1C1C1C1
DATA bmpconsts<>+0x18(SB)/8, $0xC1C1C1C1C1C1C1C1
DATA bmpconsts<>+0x20(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA bmpconsts<>+0x28(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA bmpconsts<>+0x30(SB)/8, $0x0909090909090909
DATA bmpconsts<>+0x38(SB)/8, $0x0909090909090909
DATA bmpconsts<>+0x40(SB)/8, $0x1C1C1C1C1C1C1C1C
DATA bmpconsts<>+0x48(SB)/8, $0x1C1C1C1C1C1C1C1C
DATA bmpconsts<>+0x50(SB)/8, $0x0404040404040404
DATA bmpconsts<>+0x58(SB)/8, $0x0404040404040404
DATA bmpconsts<>+0x60(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA bmpconsts<>+0x68(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA bmpconsts<>+0x70(SB)/8, $0x8585858585858585
DATA bmpconsts<>+0x78(SB)/8, $0x8585858585858585
DATA bmpconsts<>+0x80(SB)/8, $0xA0A0A0A0A0A0A0A0
DATA bmpconsts<>+0x88(SB)/8, $0xA0A0A0A0A0A0A0A0
DATA bmpconsts<>+0x90(SB)/8, $0x001F001F001F001F
DATA bmpconsts<>+0x98(SB)/8, $0x001F001F001F001F
DATA bmpconsts<>+0xA0(SB)/8, $0x003F003F003F003F
DATA bmpconsts<>+0xA8(SB)/8, $0x003F003F003F003F
DATA bmpconsts<>+0xB0(SB)/8, $0x00FF00FF00FF00FF
DATA bmpconsts<>+0xB8(SB)/8, $0x00FF00FF00FF00FF
DATA bmpconsts<>+0xC0(SB)/8, $0xE2E2E2E2E2E2E2E2
DATA bmpconsts<>+0xC8(SB)/8, $0xE2E2E2E2E2E2E2E2
DATA bmpconsts<>+0xD0(SB)/8, $0xF0F0F0F0F0F0F0F0
DATA bmpconsts<>+0xD8(SB)/8, $0xF0F0F0F0F0F0F0F0
DATA bmpconsts<>+0xE0(SB)/8, $0xEDEDEDEDEDEDEDED
DATA bmpconsts<>+0xE8(SB)/8, $0xEDEDEDEDEDEDEDED
DATA bmpconsts<>+0xF0(SB)/8, $0xE3E3E3E3E3E3E3E3
DATA bmpconsts<>+0xF8(SB)/8, $0xE3E3E3E3E3E3E3E3
DATA bmpconsts<>+0x100(SB)/8, $0x8080808080808080
DATA bmpconsts<>+0x108(SB)/8, $0x8080808080808080
DATA bmpconsts<>+0x110(SB)/8, $0x8003040580000102
DATA bmpconsts<>+0x118(SB)/8, $0x80090a0b80060708
DATA bmpconsts<>+0x120(SB)/8, $0x80808080800c0d0e
DATA bmpconsts<>+0x128(SB)/8, $0x8080808080808080
DATA bmpconsts<>+0x130(SB)/8, $0x0000003F0000003F
DATA bmpconsts<>+0x138(SB)/8, $0x0000003F0000003F
DATA bmpconsts<>+0x140(SB)/8, $0x00000FC000000FC0
DATA bmpconsts<>+0x148(SB)/8, $0x00000FC000000FC0
DATA bmpconsts<>+0x150(SB)/8, $0x0000F0000000F000
DATA bmpconsts<>+0x158(SB)/8, $0x0000F0000000F000
GLOBL bmpconsts<>(SB), RODATA|NOPTR, $0x160

// HALF writes the characters of the half of a block whose words are in
// X2 (each byte with the next, from PUNPCKLBW or PUNPCKHBW) and whose
// lead bytes' words are all ones in X4, those kept (the mask in R13, 8
// bits) packed at runes[DX] (packTable), and moves DX past them. A word
// is the character of a lead byte, ((b0 & 0x1F) << 6) | (b1 & 0x3F),
// else its ASCII byte. It uses X5, X6, R14.
#define HALF \
	MOVO      X2, X5; \
	MOVOU     bmpconsts<>+0x90(SB), X6; \
	PAND      X6, X5; \
	PSLLW     $6, X5; \
	MOVO      X2, X6; \
	PSRLW     $8, X6; \
	MOVOU     bmpconsts<>+0xA0(SB), X7; \
	PAND      X7, X6; \
	POR       X6, X5; \
	MOVOU     bmpconsts<>+0xB0(SB), X7; \
	PAND      X7, X2; \
	PAND      X4, X5; \
	PANDN     X2, X4; \
	POR       X5, X4; \
	MOVQ      R13, R14; \
	SHLQ      $4, R14; \
	MOVQ      pack+64(FP), AX; \
	MOVOU     (AX)(R14*1), X5; \
	PSHUFB    X5, X4; \
	PMOVZXWD  X4, X5; \
	MOVOU     X5, (DI)(DX*4); \
	PSRLDQ    $8, X4; \
	PMOVZXWD  X4, X5; \
	MOVOU     X5, 16(DI)(DX*4); \
	MOVQ      pack+64(FP), AX; \
	MOVBLZX   packTable_counts(AX)(R13*1), R14; \
	ADDQ      R14, DX


// DECODE3 turns each dword of X of a three-byte character's bytes, last
// first (b2 | b1<<8 | b0<<16), into the character. It uses X3, X4, X5.
#define DECODE3(X) \
	MOVO  X, X3; \
	MOVOU bmpconsts<>+0x130(SB), X5; \
	PAND  X5, X3; \
	MOVO  X, X4; \
	PSRLL $2, X4; \
	MOVOU bmpconsts<>+0x140(SB), X5; \
	PAND  X5, X4; \
	POR   X4, X3; \
	PSRLL $4, X; \
	MOVOU bmpconsts<>+0x150(SB), X5; \
	PAND  X5, X; \
	POR   X3, X

// BLOCK3 takes the 15 bytes from BX (16 readable) as five characters of
// three bytes, the usual ones of Chinese and Japanese: each lead byte E3
// to EF but ED, each other byte a continuation byte, so that every one
// is well formed, and none is whitespace but U+3000, which goes to fail
// if whitespace is dropped (E1 and E2, which start the others, go there
// too). The five characters go to runes[DX], DX and BX move past them.
// It uses X0 to X6, R8, R9, R13.
#define BLOCK3(fail) \
	MOVOU     (SI)(BX*1), X0; \
	MOVO      X0, X1; \
	MOVOU     bmpconsts<>+0xC0(SB), X2; \
	PCMPGTB   X2, X1; \
	MOVOU     bmpconsts<>+0xD0(SB), X2; \
	PCMPGTB   X0, X2; \
	PAND      X2, X1; \
	MOVOU     bmpconsts<>+0xE0(SB), X2; \
	PCMPEQB   X0, X2; \
	PANDN     X1, X2; \
	PMOVMSKB  X2, R8; \
	MOVO      X15, X3; \
	PCMPGTB   X0, X3; \
	PMOVMSKB  X3, R9; \
	ANDL      $0x1249, R8; \
	ANDL      $0x6DB6, R9; \
	XORL      $0x1249, R8; \
	XORL      $0x6DB6, R9; \
	ORL       R9, R8; \
	JNZ       fail; \
	MOVO      X0, X4; \
	MOVOU     bmpconsts<>+0xF0(SB), X5; \
	PCMPEQB   X5, X4; \
	MOVOU     bmpconsts<>+0x100(SB), X6; \
	MOVO      X0, X5; \
	PSRLDQ    $1, X5; \
	PCMPEQB   X6, X5; \
	PAND      X5, X4; \
	MOVO      X0, X5; \
	PSRLDQ    $2, X5; \
	PCMPEQB   X6, X5; \
	PAND      X5, X4; \
	PMOVMSKB  X4, R13; \
	ANDL      $0x1249, R13; \
	MOVL      R11, R9; \
	NEGL      R9; \
	ANDL      R9, R13; \
	JNZ       fail; \
	MOVO      X0, X1; \
	MOVOU     bmpconsts<>+0x110(SB), X5; \
	PSHUFB    X5, X1; \
	DECODE3(X1); \
	MOVO      X0, X2; \
	MOVOU     bmpconsts<>+0x120(SB), X5; \
	PSHUFB    X5, X2; \
	DECODE3(X2); \
	MOVOU     X1, (DI)(DX*4); \
	MOVOU     X2, 16(DI)(DX*4); \
	ADDQ      $5, DX; \
	ADDQ      $15, BX

// BLOCK takes the 16 bytes from BX (17 readable) as a block: unless they
// hold a byte that is neither ASCII nor part of a well-formed character
// of two bytes, or start with a continuation byte (then to notblock),
// each character starting in them goes to runes[DX], DX moves past those
// kept, and BX past the last (to BX+17 if one ends there). It uses X0 to
// X7, AX, R8, R9, R12, R13, R14; at notblock, R8 has the block's bytes
// of 80..FF and X4 those of 80..DF.
#define BLOCK(notblock) \
	MOVOU     (SI)(BX*1), X0; \
	MOVOU     1(SI)(BX*1), X1; \
	PMOVMSKB  X0, R8; \
	MOVO      X15, X2; \
	PCMPGTB   X0, X2; \
	PMOVMSKB  X2, R9; \
	MOVO      X0, X3; \
	PCMPGTB   X14, X3; \
	MOVO      X13, X4; \
	PCMPGTB   X0, X4; \
	PAND      X4, X3; \
	PMOVMSKB  X3, R12; \
	MOVO      X15, X5; \
	PCMPGTB   X1, X5; \
	PMOVMSKB  X5, R13; \
	MOVL      R9, AX; \
	ORL       R12, AX; \
	NOTL      AX; \
	ANDL      R8, AX; \
	XORL      R12, R13; \
	ORL       R13, AX; \
	MOVL      R9, R13; \
	ANDL      $1, R13; \
	ORL       R13, AX; \
	JNZ       notblock; \
	MOVO      X0, X4; \
	PSUBB     X12, X4; \
	MOVO      X4, X5; \
	PMINUB    X10, X5; \
	PCMPEQB   X4, X5; \
	MOVO      X0, X4; \
	PSUBB     X11, X4; \
	MOVO      X4, X6; \
	PMINUB    X10, X6; \
	PCMPEQB   X4, X6; \
	POR       X6, X5; \
	MOVO      X0, X4; \
	PCMPEQB   X9, X4; \
	MOVO      X1, X6; \
	PCMPEQB   X8, X6; \
	MOVOU     bmpconsts<>+0x80(SB), X7; \
	PCMPEQB   X1, X7; \
	POR       X7, X6; \
	PAND      X6, X4; \
	POR       X4, X5; \
	PMOVMSKB  X5, R13; \
	MOVL      R11, AX; \
	NEGL      AX; \
	ANDL      AX, R13; \
	ORL       R13, R9; \
	NOTL      R9; \
	ANDL      $0xFFFF, R9; \
	MOVO      X0, X2; \
	PUNPCKLBW X1, X2; \
	MOVO      X3, X4; \
	PUNPCKLBW X3, X4; \
	MOVL      R9, R13; \
	ANDL      $0xFF, R13; \
	HALF; \
	MOVO      X0, X2; \
	PUNPCKHBW X1, X2; \
	MOVO      X3, X4; \
	PUNPCKHBW X3, X4; \
	MOVL      R9, R13; \
	SHRL      $8, R13; \
	HALF; \
	SHRL      $15, R12; \
	LEAQ      16(BX)(R12*1), BX

TEXT ·appendBMPAsm(SB), NOSPLIT, $8-88
	PCALIGN $64
	MOVQ runes_base+0(FP), DI
	MOVQ n+24(FP), DX
	MOVQ t_base+32(FP), SI
	MOVQ t_len+40(FP), CX
	MOVQ i+48(FP), BX
	MOVQ keep+56(FP), R10
	MOVBLZX 0x20(R10), R11 // 1 if whitespace is kept
	XORL $1, R11           // 1 if it is dropped
	MOVQ $0, end-8(SP)
	MOVOU bmpconsts<>+0x00(SB), X15
	MOVOU bmpconsts<>+0x10(SB), X14
	MOVOU bmpconsts<>+0x20(SB), X13
	MOVOU bmpconsts<>+0x30(SB), X12
	MOVOU bmpconsts<>+0x40(SB), X11
	MOVOU bmpconsts<>+0x50(SB), X10
	MOVOU bmpconsts<>+0x60(SB), X9
	MOVOU bmpconsts<>+0x70(SB), X8
	CMPQ BX, CX
	JGE  done

loop:
	LEAQ 17(BX), R8
	CMPQ R8, CX
	JA   tail
	BLOCK(notblock)
	CMPQ BX, CX
	JLT  loop
	JMP  done

notblock:
	// A block with two bytes or more of E0..FF (Chinese, Japanese) is
	// tried as characters of three bytes, and so are the blocks after it
	// while they hold; else the loop below takes it.
	PMOVMSKB X4, R13 // bytes 80..DF (BLOCK's)
	NOTL     R13
	ANDL     R8, R13 // E0..FF
	LEAL     -1(R13), R14
	ANDL     R14, R13
	JZ       run

threes:
	BLOCK3(run)
	LEAQ 16(BX), R8
	CMPQ R8, CX
	JLE  threes
	CMPQ BX, CX
	JLT  loop
	JMP  done

run:
	LEAQ    16(BX), R14
	CMPQ    R14, CX
	CMOVQGT CX, R14
	MOVQ    R14, end-8(SP)
	JMP     one

tail:
	MOVQ CX, end-8(SP)

one:
	MOVBLZX (SI)(BX*1), R13
	CMPL    R13, $0x80
	JAE     two
	MOVL    R13, (DI)(DX*4)
	MOVBLZX (R10)(R13*1), R13
	ADDQ    R13, DX
	INCQ    BX
	CMPQ    BX, end-8(SP)
	JLT     one
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
	MOVQ BX, ret+72(FP)
	MOVQ DX, ret1+80(FP)
	RET

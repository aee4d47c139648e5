//go:build amd64 && !purego

#include "textflag.h"

// validUTF8SSE2 checks s 16 bytes (a block) at a time. A block of ASCII
// costs a load, a PMOVMSKB and a branch. A block with non-ASCII bytes is
// checked without a branch per character, on bit masks with one bit per
// byte of the block (bit i for byte i), made by PMOVMSKB from comparisons:
//
//	hi    the bytes 80..FF
//	cont  the continuation bytes 80..BF
//	lead  the lead bytes that can start a valid sequence, C2..F4
//	ge3   the leads E0..FF, of sequences of three bytes or more
//	ge4   the leads F0..FF, of four-byte sequences
//
// The block is valid when every non-ASCII byte is a continuation or a valid
// lead (cont|lead == hi: this rules out C0, C1 and F5..FF), and the bytes
// that must be continuations, the one to three after each lead,
//
//	want = lead<<1 | ge3<<2 | ge4<<3 | carry
//
// are exactly the continuations (want&0xFFFF == cont): a lead where a
// continuation should be, or a continuation that no lead asks for, breaks
// the equality. carry is want>>16 of the block before, the continuations
// that it asks of this one. Last, the leads E0, ED, F0 and F4 restrict
// their second byte (to A0..BF, 80..9F, 90..BF and 80..8F, against overlong
// forms, surrogates and code points beyond U+10FFFF); blocks with a byte
// E0..FF, or whose block before ended in one, check that too, comparing
// each byte with the one before it.
//
// The last, partial block of rem bytes is the last 16 bytes of s, with the
// first 16-rem (already checked) set to zero, which is ASCII, and the carry
// shifted to where the block's new bytes begin. s ends well when no
// continuation is wanted after it: carry == 0.

// Each constant is one byte, 16 times over: an XMM register's worth.
DATA utf8const<>+0x00(SB)/8, $0xC0C0C0C0C0C0C0C0 // cont: C0 > x (signed)
DATA utf8const<>+0x08(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA utf8const<>+0x10(SB)/8, $0xBEBEBEBEBEBEBEBE // lead: x-0x42 in 80..B2, that is
DATA utf8const<>+0x18(SB)/8, $0xBEBEBEBEBEBEBEBE
DATA utf8const<>+0x20(SB)/8, $0xB3B3B3B3B3B3B3B3 // B3 > x-0x42 (signed)
DATA utf8const<>+0x28(SB)/8, $0xB3B3B3B3B3B3B3B3
DATA utf8const<>+0x30(SB)/8, $0xDFDFDFDFDFDFDFDF // ge3: x > DF (signed), and hi
DATA utf8const<>+0x38(SB)/8, $0xDFDFDFDFDFDFDFDF
DATA utf8const<>+0x40(SB)/8, $0xEFEFEFEFEFEFEFEF // ge4: x > EF (signed), and hi
DATA utf8const<>+0x48(SB)/8, $0xEFEFEFEFEFEFEFEF
DATA utf8const<>+0x50(SB)/8, $0xA0A0A0A0A0A0A0A0 // x in 80..9F: A0 > x (signed)
DATA utf8const<>+0x58(SB)/8, $0xA0A0A0A0A0A0A0A0
DATA utf8const<>+0x60(SB)/8, $0x9090909090909090 // x in 80..8F: 90 > x (signed)
DATA utf8const<>+0x68(SB)/8, $0x9090909090909090
DATA utf8const<>+0x70(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA utf8const<>+0x78(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA utf8const<>+0x80(SB)/8, $0xEDEDEDEDEDEDEDED
DATA utf8const<>+0x88(SB)/8, $0xEDEDEDEDEDEDEDED
DATA utf8const<>+0x90(SB)/8, $0xF0F0F0F0F0F0F0F0
DATA utf8const<>+0x98(SB)/8, $0xF0F0F0F0F0F0F0F0
DATA utf8const<>+0xA0(SB)/8, $0xF4F4F4F4F4F4F4F4
DATA utf8const<>+0xA8(SB)/8, $0xF4F4F4F4F4F4F4F4
GLOBL utf8const<>(SB), RODATA|NOPTR, $0xB0

// Sixteen zero bytes, then sixteen FF: the 16 bytes from offset rem keep
// the last rem bytes of a block and clear the others.
DATA utf8tail<>+0x00(SB)/8, $0
DATA utf8tail<>+0x08(SB)/8, $0
DATA utf8tail<>+0x10(SB)/8, $-1
DATA utf8tail<>+0x18(SB)/8, $-1
GLOBL utf8tail<>(SB), RODATA|NOPTR, $0x20

// func validUTF8SSE2(s string) bool
//
// Registers: SI the block, R13 the start of s, DI the end of its whole
// blocks, R12 its end, R8 the carry; AX hi, BX cont, CX lead, DX ge3,
// R9 ge4; X0 the block, X13 the mask of its bytes to check (all of them but
// in the last, partial block), X8..X12 the first five constants.
TEXT ·validUTF8SSE2(SB), NOSPLIT, $0-17
	MOVQ  s_base+0(FP), SI
	MOVQ  s_len+8(FP), BX
	MOVQ  SI, R13
	LEAQ  (SI)(BX*1), R12
	ANDQ  $~15, BX
	LEAQ  (SI)(BX*1), DI
	MOVOU utf8const<>+0x00(SB), X8
	MOVOU utf8const<>+0x10(SB), X9
	MOVOU utf8const<>+0x20(SB), X10
	MOVOU utf8const<>+0x30(SB), X11
	MOVOU utf8const<>+0x40(SB), X12
	PCMPEQB X13, X13
	XORL  R8, R8

loop:
	CMPQ  SI, DI
	JAE   tail
	MOVOU (SI), X0

block:
	PMOVMSKB X0, AX
	MOVL  AX, BX
	ORL   R8, BX
	JZ    next // ASCII, and no continuation wanted

	// cont
	MOVOU X8, X1
	PCMPGTB X0, X1
	PMOVMSKB X1, BX

	// lead
	MOVOU X0, X2
	PADDB X9, X2
	MOVOU X10, X3
	PCMPGTB X2, X3
	PMOVMSKB X3, CX

	// Every non-ASCII byte a continuation or a valid lead.
	MOVL  BX, R10
	ORL   CX, R10
	CMPL  R10, AX
	JNE   fail

	// ge3
	MOVOU X0, X4
	PCMPGTB X11, X4
	PMOVMSKB X4, DX
	ANDL  AX, DX

	// Blocks of two-byte sequences (and ASCII) only, the common case in
	// European text, need neither ge4 nor the second-byte ranges. The
	// carry bits 1 and 2 come from a lead E0..FF at the block before's
	// end, whose second byte is in this block; in the last block (shifted)
	// any carry goes the long way, which checks everything.
	MOVL  R8, R11
	ANDL  $~1, R11
	ORL   DX, R11
	JNZ   long

	ADDL  CX, CX
	ORL   R8, CX
	MOVWLZX CX, R10
	CMPL  R10, BX
	JNE   fail
	SHRL  $16, CX
	MOVL  CX, R8

next:
	ADDQ  $16, SI
	JMP   loop

long:
	// ge4
	MOVOU X0, X5
	PCMPGTB X12, X5
	PMOVMSKB X5, R9
	ANDL  AX, R9

	ADDL  CX, CX
	SHLL  $2, DX
	SHLL  $3, R9
	ORL   DX, CX
	ORL   R9, CX
	ORL   R8, CX
	MOVWLZX CX, R10
	CMPL  R10, BX
	JNE   fail
	SHRL  $16, CX
	MOVL  CX, R8

	// X6: each byte's predecessor. The first block has none (zero is not
	// a lead); any other block can read the byte before it.
	CMPQ  SI, R13
	JEQ   first
	MOVOU -1(SI), X6
	JMP   ranges

first:
	MOVOU X0, X6
	PSLLO $1, X6

ranges:
	// Bytes whose predecessor restricts them, out of range: after E0 or
	// F0 too low (80..9F, 80..8F), after ED or F4 too high (not 80..9F,
	// not 80..8F; a byte that is not a continuation at all fails above).
	MOVOU utf8const<>+0x50(SB), X1
	PCMPGTB X0, X1 // 80..9F
	MOVOU utf8const<>+0x60(SB), X2
	PCMPGTB X0, X2 // 80..8F
	MOVOU utf8const<>+0x70(SB), X3
	PCMPEQB X6, X3 // after E0
	MOVOU utf8const<>+0x80(SB), X4
	PCMPEQB X6, X4 // after ED
	MOVOU utf8const<>+0x90(SB), X5
	PCMPEQB X6, X5 // after F0
	MOVOU utf8const<>+0xA0(SB), X7
	PCMPEQB X6, X7 // after F4
	PAND  X1, X3
	PANDN X4, X1
	PAND  X2, X5
	PANDN X7, X2
	POR   X1, X3
	POR   X5, X3
	POR   X2, X3
	PAND  X13, X3 // not the bytes already checked, in the last block
	PMOVMSKB X3, R10
	TESTL R10, R10
	JNZ   fail
	JMP   next

tail:
	// The last rem = R12-SI bytes, if any, in a block of their own (see
	// above), with the carry moved up by the 16-rem bytes cleared. After
	// it, SI is R12 and the loop ends here again.
	MOVQ  R12, CX
	SUBQ  SI, CX
	JZ    done
	LEAQ  utf8tail<>(SB), R10
	MOVOU (R10)(CX*1), X13
	LEAQ  -16(R12), SI
	MOVOU (SI), X0
	PAND  X13, X0
	NEGQ  CX
	ADDQ  $16, CX
	SHLL  CX, R8
	JMP   block

done:
	TESTL R8, R8
	SETEQ ret+16(FP)
	RET

fail:
	MOVB  $0, ret+16(FP)
	RET

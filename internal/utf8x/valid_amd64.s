//go:build amd64 && !purego

#include "textflag.h"

// validSSE2 checks s 16 bytes (a block) at a time, on bit masks with
// one bit per byte of the block (bit i for byte i) that PMOVMSKB makes from
// comparisons:
//
//	hi    the bytes 80..FF
//	cont  the continuation bytes 80..BF
//	lead  the lead bytes that can start a valid sequence, C2..F4
//	lead2 the leads of two-byte sequences, C2..DF
//	ge3   the leads of three- and four-byte sequences, E0..F4 (lead^lead2)
//	ge4   the leads of four-byte sequences, F0..F4
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
// that it asks of this one. The leads E0, ED, F0 and F4 also restrict their
// second byte, to A0..BF, 80..9F, 90..BF and 80..8F, against overlong
// forms, surrogates and code points beyond U+10FFFF: blocks with such a
// lead compare each of its bytes with the one after it, which is in the
// block or just after it, so that this check needs no carry.
//
// Most blocks of European text have ASCII, continuations and two-byte
// sequences only, and those are the blocks with cont|lead2 == hi: they
// need neither lead, ge3, ge4 nor the second bytes, and want is
// lead2<<1 | carry. The other blocks go the long way.
//
// There is no branch on whether a block is ASCII: in European text the
// non-ASCII characters come every few dozen bytes, so that such a branch
// goes wrong often, and a wrong guess costs more than checking a block.
// The branches to fail are never taken on valid text, and the one to the
// long way only at quotes, dashes and other characters of three bytes.
//
// The last, partial block of rem bytes is the last 16 bytes of s, with the
// first 16-rem (already checked) set to zero, which is ASCII, and the carry
// shifted to where the block's new bytes begin. s ends well when no
// continuation is wanted after it: carry == 0.

// Each constant is one byte, 16 times over: an XMM register's worth.
DATA utf8const<>+0x00(SB)/8, $0xC0C0C0C0C0C0C0C0 // cont: C0 > x (signed)
DATA utf8const<>+0x08(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA utf8const<>+0x10(SB)/8, $0xBEBEBEBEBEBEBEBE // x-0x42: leads C2.. to 80..
DATA utf8const<>+0x18(SB)/8, $0xBEBEBEBEBEBEBEBE
DATA utf8const<>+0x20(SB)/8, $0xB3B3B3B3B3B3B3B3 // lead: B3 > x-0x42 (signed)
DATA utf8const<>+0x28(SB)/8, $0xB3B3B3B3B3B3B3B3
DATA utf8const<>+0x30(SB)/8, $0x9E9E9E9E9E9E9E9E // lead2: 9E > x-0x42 (signed)
DATA utf8const<>+0x38(SB)/8, $0x9E9E9E9E9E9E9E9E
DATA utf8const<>+0x40(SB)/8, $0xEFEFEFEFEFEFEFEF // ge4: x > EF (signed), and lead
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

// func validSSE2(s string) bool
//
// Registers: SI the block, DI the end of the whole blocks of s, R12 the end
// of s, R8 the carry, then want; AX hi, BX cont, CX lead2, R9 lead, DX ge3,
// AX ge4; X0 the block, X2 x-0x42, X6 the bytes after its bytes, X8..X12
// constants.
TEXT ·validSSE2(SB), NOSPLIT, $0-17
	MOVQ  s_base+0(FP), SI
	MOVQ  s_len+8(FP), BX
	LEAQ  (SI)(BX*1), R12
	ANDQ  $~15, BX
	LEAQ  (SI)(BX*1), DI
	MOVOU utf8const<>+0x00(SB), X8
	MOVOU utf8const<>+0x10(SB), X9
	MOVOU utf8const<>+0x30(SB), X10
	MOVOU utf8const<>+0x20(SB), X11
	MOVOU utf8const<>+0x40(SB), X12
	XORL  R8, R8

loop:
	MOVOU (SI), X0

block:
	PMOVMSKB X0, AX

	// cont
	MOVOU X8, X1
	PCMPGTB X0, X1
	PMOVMSKB X1, BX

	// lead2: the leads of two-byte sequences, C2..DF. Keep x-0x42 in X2
	// for lead.
	MOVOU X0, X2
	PADDB X9, X2
	MOVOU X10, X3
	PCMPGTB X2, X3
	PMOVMSKB X3, CX

	// Only continuations and two-byte sequences (cont|lead2 == hi, that
	// is hi^cont^lead2 == 0, as they are disjoint parts of hi), the usual
	// case in European text; other blocks go the long way.
	XORL  BX, AX
	XORL  CX, AX
	JNZ   long

	// want = lead2<<1 | carry
	ADDL  CX, CX
	ORL   CX, R8
	CMPW  R8, BX
	JNE   fail
	SHRL  $16, R8

next:
	ADDQ  $16, SI
	CMPQ  SI, DI
	JB    loop

	// The last rem = R12-SI bytes, if any, in a block of their own (see
	// above), with the carry moved up by the 16-rem bytes cleared. After
	// it, SI is R12 and the loop ends here again.
	MOVQ  R12, CX
	SUBQ  SI, CX
	JZ    done
	LEAQ  utf8tail<>(SB), R10
	MOVOU (R10)(CX*1), X1
	LEAQ  -16(R12), SI
	MOVOU (SI), X0
	PAND  X1, X0
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

long:
	PMOVMSKB X0, AX

	// lead
	MOVOU X11, X3
	PCMPGTB X2, X3
	PMOVMSKB X3, R9

	// Every non-ASCII byte a continuation or a valid lead.
	XORL  BX, AX
	XORL  R9, AX
	JNZ   fail

	// ge3 and ge4, of valid leads: lead^lead2, and lead & x > EF.
	MOVL  R9, DX
	XORL  CX, DX
	MOVOU X0, X5
	PCMPGTB X12, X5
	PMOVMSKB X5, AX
	ANDL  R9, AX

	ADDL  R9, R9
	SHLL  $2, DX
	SHLL  $3, AX
	ORL   R9, R8
	ORL   DX, R8
	ORL   AX, R8
	CMPW  R8, BX
	JNE   fail
	SHRL  $16, R8

	// X6: the byte after each byte of the block. It is read from s but
	// for the last 16 bytes of s, whose last byte gets a zero: a lead
	// there has failed above already.
	LEAQ  17(SI), R10
	CMPQ  R10, R12
	JA    shift
	MOVOU 1(SI), X6
	JMP   ranges

shift:
	MOVOU X0, X6
	PSRLO $1, X6

ranges:
	// Leads whose second byte is out of range: after E0 or F0 too low
	// (80..9F, 80..8F), after ED or F4 too high (not 80..9F, not 80..8F;
	// a byte that is not a continuation at all has failed above).
	MOVOU utf8const<>+0x50(SB), X1
	PCMPGTB X6, X1 // 80..9F
	MOVOU utf8const<>+0x60(SB), X2
	PCMPGTB X6, X2 // 80..8F
	MOVOU utf8const<>+0x70(SB), X3
	PCMPEQB X0, X3 // E0
	MOVOU utf8const<>+0x80(SB), X4
	PCMPEQB X0, X4 // ED
	MOVOU utf8const<>+0x90(SB), X5
	PCMPEQB X0, X5 // F0
	MOVOU utf8const<>+0xA0(SB), X7
	PCMPEQB X0, X7 // F4
	PAND  X1, X3
	PANDN X4, X1
	PAND  X2, X5
	PANDN X7, X2
	POR   X1, X3
	POR   X5, X3
	POR   X2, X3
	PMOVMSKB X3, R10
	TESTL R10, R10
	JNZ   fail
	JMP   next

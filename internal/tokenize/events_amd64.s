//go:build amd64 && !purego

#include "textflag.h"

// The events of a line (see lineEvents, asciiEvents, leadEvents,
// kanaLeads and leadIntl in tokenize.go), 16 bytes at a time with SSE2,
// which every amd64 processor has. A byte is tested against a range by
// subtracting the range's start and comparing the (unsigned) result with
// the range's width less one: PMINUB of the two equals the result where
// it is in range.

DATA bytes20<>+0(SB)/8, $0x2020202020202020
DATA bytes20<>+8(SB)/8, $0x2020202020202020
GLOBL bytes20<>(SB), RODATA|NOPTR, $16

DATA bytes61<>+0(SB)/8, $0x6161616161616161
DATA bytes61<>+8(SB)/8, $0x6161616161616161
GLOBL bytes61<>(SB), RODATA|NOPTR, $16

DATA bytes19<>+0(SB)/8, $0x1919191919191919
DATA bytes19<>+8(SB)/8, $0x1919191919191919
GLOBL bytes19<>(SB), RODATA|NOPTR, $16

DATA bytes30<>+0(SB)/8, $0x3030303030303030
DATA bytes30<>+8(SB)/8, $0x3030303030303030
GLOBL bytes30<>(SB), RODATA|NOPTR, $16

DATA bytes09<>+0(SB)/8, $0x0909090909090909
DATA bytes09<>+8(SB)/8, $0x0909090909090909
GLOBL bytes09<>(SB), RODATA|NOPTR, $16

DATA bytesC2<>+0(SB)/8, $0xC2C2C2C2C2C2C2C2
DATA bytesC2<>+8(SB)/8, $0xC2C2C2C2C2C2C2C2
GLOBL bytesC2<>(SB), RODATA|NOPTR, $16

DATA bytesE0<>+0(SB)/8, $0xE0E0E0E0E0E0E0E0
DATA bytesE0<>+8(SB)/8, $0xE0E0E0E0E0E0E0E0
GLOBL bytesE0<>(SB), RODATA|NOPTR, $16

DATA bytesC0<>+0(SB)/8, $0xC0C0C0C0C0C0C0C0
DATA bytesC0<>+8(SB)/8, $0xC0C0C0C0C0C0C0C0
GLOBL bytesC0<>(SB), RODATA|NOPTR, $16

DATA bytesC3<>+0(SB)/8, $0xC3C3C3C3C3C3C3C3
DATA bytesC3<>+8(SB)/8, $0xC3C3C3C3C3C3C3C3
GLOBL bytesC3<>(SB), RODATA|NOPTR, $16

DATA bytesE3<>+0(SB)/8, $0xE3E3E3E3E3E3E3E3
DATA bytesE3<>+8(SB)/8, $0xE3E3E3E3E3E3E3E3
GLOBL bytesE3<>(SB), RODATA|NOPTR, $16

DATA bytes81<>+0(SB)/8, $0x8181818181818181
DATA bytes81<>+8(SB)/8, $0x8181818181818181
GLOBL bytes81<>(SB), RODATA|NOPTR, $16

DATA bytes02<>+0(SB)/8, $0x0202020202020202
DATA bytes02<>+8(SB)/8, $0x0202020202020202
GLOBL bytes02<>(SB), RODATA|NOPTR, $16

DATA bytes82<>+0(SB)/8, $0x8282828282828282
DATA bytes82<>+8(SB)/8, $0x8282828282828282
GLOBL bytes82<>(SB), RODATA|NOPTR, $16

DATA bytes83<>+0(SB)/8, $0x8383838383838383
DATA bytes83<>+8(SB)/8, $0x8383838383838383
GLOBL bytes83<>(SB), RODATA|NOPTR, $16

DATA bytes9B<>+0(SB)/8, $0x9B9B9B9B9B9B9B9B
DATA bytes9B<>+8(SB)/8, $0x9B9B9B9B9B9B9B9B
GLOBL bytes9B<>(SB), RODATA|NOPTR, $16

DATA bytes9C<>+0(SB)/8, $0x9C9C9C9C9C9C9C9C
DATA bytes9C<>+8(SB)/8, $0x9C9C9C9C9C9C9C9C
GLOBL bytes9C<>(SB), RODATA|NOPTR, $16

DATA bytesA0<>+0(SB)/8, $0xA0A0A0A0A0A0A0A0
DATA bytesA0<>+8(SB)/8, $0xA0A0A0A0A0A0A0A0
GLOBL bytesA0<>(SB), RODATA|NOPTR, $16

DATA bytesBB<>+0(SB)/8, $0xBBBBBBBBBBBBBBBB
DATA bytesBB<>+8(SB)/8, $0xBBBBBBBBBBBBBBBB
GLOBL bytesBB<>(SB), RODATA|NOPTR, $16

DATA bytesB7<>+0(SB)/8, $0xB7B7B7B7B7B7B7B7
DATA bytesB7<>+8(SB)/8, $0xB7B7B7B7B7B7B7B7
GLOBL bytesB7<>(SB), RODATA|NOPTR, $16

DATA bytesE4<>+0(SB)/8, $0xE4E4E4E4E4E4E4E4
DATA bytesE4<>+8(SB)/8, $0xE4E4E4E4E4E4E4E4
GLOBL bytesE4<>(SB), RODATA|NOPTR, $16

DATA bytes05<>+0(SB)/8, $0x0505050505050505
DATA bytes05<>+8(SB)/8, $0x0505050505050505
GLOBL bytes05<>(SB), RODATA|NOPTR, $16

// ALNUMHIGH sets the top bit of each byte of X1 where X0 has a letter, a
// digit or a byte of 80..FF. X8..X12 hold bytes20, bytes61, bytes19,
// bytes30 and bytes09; X2..X4 are clobbered.
#define ALNUMHIGH \
	MOVO  X0, X1; \
	POR   X8, X1; \
	PSUBB X9, X1; \
	MOVO  X1, X2; \
	PMINUB X10, X2; \
	PCMPEQB X2, X1; \
	MOVO  X0, X3; \
	PSUBB X11, X3; \
	MOVO  X3, X4; \
	PMINUB X12, X4; \
	PCMPEQB X4, X3; \
	POR   X3, X1; \
	POR   X0, X1

// QUIET13A sets AX to the mask of the bytes of the 16 at off(SI) that are
// no event for 13a and zh: letters, digits and the bytes of 80..FF that
// are neither C2 nor one whose bits in the lead mask make E0; and it adds
// the block's E3 bytes to X6. X7 holds bytesC2, X8..X12 bytes20, bytes61,
// bytes19, bytes30 and bytes09, X13 the lead mask, X14 bytesE0 and X15
// bytesE3; X0..X5 are clobbered.
#define QUIET13A(off, AX) \
	MOVOU off(SI), X0; \
	MOVO  X0, X5; \
	PCMPEQB X15, X5; \
	POR   X5, X6; \
	ALNUMHIGH; \
	MOVO  X0, X2; \
	PCMPEQB X7, X2; \
	PAND  X13, X0; \
	PCMPEQB X14, X0; \
	POR   X2, X0; \
	PANDN X1, X0; \
	PMOVMSKB X0, AX

// KANA sets X5 to the mask of the bytes of X0 that are E3 followed by
// 81..83, the lead bytes of the kana (U+3040..U+30FF), X5 holding the
// byte after each of X0's. X15 holds bytesE3; X6 is clobbered.
#define KANA \
	MOVOU bytes81<>(SB), X6; \
	PSUBB X6, X5; \
	MOVOU bytes02<>(SB), X6; \
	PMINUB X5, X6; \
	PCMPEQB X6, X5; \
	MOVO  X15, X6; \
	PCMPEQB X0, X6; \
	PAND  X6, X5

// KANA16 sets AX to the mask of the kana's lead bytes among the 16 at
// off(SI), the byte after them being in the block too.
#define KANA16(off, AX) \
	MOVOU off(SI), X0; \
	MOVOU off+1(SI), X5; \
	KANA; \
	PMOVMSKB X5, AX

// KANA16LAST is KANA16 for the block's last 16 bytes, the last of them
// taken to be followed by a zero.
#define KANA16LAST(off, AX) \
	MOVOU off(SI), X0; \
	MOVO  X0, X5; \
	PSRLDQ $1, X5; \
	KANA; \
	PMOVMSKB X5, AX

// JOIN4 joins the masks of four 16 bytes, A (the first) to D, into A.
#define JOIN4(A, B, C, D) \
	SHLQ $16, B; \
	SHLQ $32, C; \
	SHLQ $48, D; \
	ORQ  B, A; \
	ORQ  C, A; \
	ORQ  D, A

// KANAS sets R11 to the mask of the kana's lead bytes in the 64 bytes at
// SI, or jumps to skip when X6, the block's E3 bytes (see QUIET13A), has
// none. BX, DX and R8 are clobbered.
#define KANAS(skip) \
	PMOVMSKB X6, BX; \
	TESTQ BX, BX; \
	JZ    skip; \
	KANA16(0, R11); \
	KANA16(16, BX); \
	KANA16(32, DX); \
	KANA16LAST(48, R8); \
	JOIN4(R11, BX, DX, R8)

// EVENTS13A sets AX to the events of the 64 bytes at SI for 13a and zh,
// but the lead bytes of kana (see kanaLeads). The kana are looked for
// only in blocks with an E3, jumping to skip past them otherwise: other
// text pays three instructions each 16 bytes, not a dozen. The block's
// last byte is taken to be followed by a zero, so that an E3 there stays
// an event.
#define EVENTS13A(skip) \
	PXOR  X6, X6; \
	QUIET13A(0, AX); \
	QUIET13A(16, BX); \
	QUIET13A(32, DX); \
	QUIET13A(48, R8); \
	JOIN4(AX, BX, DX, R8); \
	NOTQ AX; \
	KANAS(skip); \
	NOTQ R11; \
	ANDQ R11, AX; \
skip:

// func events13aLine(dst []uint64, s string, lead uint64)
TEXT ·events13aLine(SB), NOSPLIT, $0-48
	MOVQ  dst_base+0(FP), DI
	MOVQ  s_base+24(FP), SI
	MOVQ  s_len+32(FP), R9
	MOVQ  lead+40(FP), X13
	PUNPCKLQDQ X13, X13
	MOVOU bytes20<>(SB), X8
	MOVOU bytes61<>(SB), X9
	MOVOU bytes19<>(SB), X10
	MOVOU bytes30<>(SB), X11
	MOVOU bytes09<>(SB), X12
	MOVOU bytesE0<>(SB), X14
	MOVOU bytesC2<>(SB), X7
	MOVOU bytesE3<>(SB), X15
	LEAQ  -64(SI)(R9*1), R10 // the last 64 bytes
	MOVQ  R9, CX
	SHRQ  $6, CX // full blocks, at least one

loop13a:
	EVENTS13A(nokana13a)
	MOVQ  AX, (DI)
	ADDQ  $8, DI
	ADDQ  $64, SI
	DECQ  CX
	JNZ   loop13a

	// The bytes after the last full block: those of the last 64 less
	// the ones before.
	ANDQ  $63, R9
	JZ    done13a
	MOVQ  R10, SI
	EVENTS13A(nokanaTail13a)
	MOVQ  $64, CX
	SUBQ  R9, CX
	SHRQ  CX, AX
	MOVQ  AX, (DI)

done13a:
	RET

// QUIETINTL is QUIET13A for intl, whose bytes that are no event are
// letters, digits, C3, E4..E9 and the bytes of 80..BF but 97 and B7; it
// adds the block's E3 bytes to X6. X7 holds bytesB7, X8..X12 as for
// QUIET13A, X13 bytesC0, X14 bytesC3 and X15 bytesE3; X0..X5 are
// clobbered. (E4 and 05 come from memory: no register is left for them.)
#define QUIETINTL(off, AX) \
	MOVOU off(SI), X0; \
	MOVO  X0, X5; \
	PCMPEQB X15, X5; \
	POR   X5, X6; \
	ALNUMHIGH; \
	MOVO  X0, X5; \
	POR   X8, X5; \
	PCMPEQB X7, X5; \
	MOVOU bytesE4<>(SB), X3; \
	MOVO  X0, X4; \
	PSUBB X3, X4; \
	MOVOU bytes05<>(SB), X3; \
	PMINUB X4, X3; \
	PCMPEQB X4, X3; \
	MOVO  X0, X2; \
	PCMPEQB X14, X2; \
	POR   X3, X2; \
	PAND  X13, X0; \
	PCMPEQB X13, X0; \
	PANDN X0, X2; \
	POR   X5, X2; \
	PANDN X1, X2; \
	PMOVMSKB X2, AX

// DROP sets OUT to IN but for the bytes where X4 is set and X1 holds
// the byte of the constant c.
#define DROP(c, IN, OUT) \
	MOVOU c(SB), OUT; \
	PCMPEQB X1, OUT; \
	PAND  X4, OUT; \
	PANDN IN, OUT

// LETTER sets R to the mask of the bytes of the 16 that X3 and X1 hold
// the bytes after (see KANA16) that, as the lead bytes of kana, start
// letters for intl: followed by a continuation byte, and not E3 82 9B,
// E3 82 9C, E3 82 A0 or E3 83 BB (see kanaLeadsIntl). X13 holds bytesC0;
// X2, X4 and X6 are clobbered.
#define LETTER(R) \
	MOVO  X13, X2; \
	PCMPGTB X1, X2; \
	MOVOU bytes82<>(SB), X4; \
	PCMPEQB X3, X4; \
	DROP(bytes9B<>, X2, X6); \
	DROP(bytes9C<>, X6, X2); \
	DROP(bytesA0<>, X2, X6); \
	MOVOU bytes83<>(SB), X4; \
	PCMPEQB X3, X4; \
	DROP(bytesBB<>, X6, X2); \
	PMOVMSKB X2, R

// LETTER16 is LETTER for the 16 bytes at off(SI), the two after them
// being in the block too.
#define LETTER16(off, R) \
	MOVOU off+1(SI), X3; \
	MOVOU off+2(SI), X1; \
	LETTER(R)

// EVENTSINTL sets AX to the events of the 64 bytes at SI for intl, but
// the lead bytes of the kana that are letters (see kanaLeadsIntl): found
// as for 13a (EVENTS13A) in blocks with an E3, and only in blocks with
// such a kana told from the kana that intl must see. (Chinese text has
// an E3 in most blocks, of its punctuation, E3 80 xx.) The block's last
// two bytes are taken to be followed by zeros.
#define EVENTSINTL(skip) \
	PXOR  X6, X6; \
	QUIETINTL(0, AX); \
	QUIETINTL(16, BX); \
	QUIETINTL(32, DX); \
	QUIETINTL(48, R8); \
	JOIN4(AX, BX, DX, R8); \
	NOTQ AX; \
	KANAS(skip); \
	TESTQ R11, R11; \
	JZ    skip; \
	LETTER16(0, R12); \
	LETTER16(16, BX); \
	LETTER16(32, DX); \
	MOVOU 48(SI), X3; \
	MOVO  X3, X1; \
	PSRLDQ $1, X3; \
	PSRLDQ $2, X1; \
	LETTER(R8); \
	JOIN4(R12, BX, DX, R8); \
	ANDQ R12, R11; \
	NOTQ R11; \
	ANDQ R11, AX; \
skip:

// func eventsIntlLine(dst []uint64, s string)
TEXT ·eventsIntlLine(SB), NOSPLIT, $0-40
	MOVQ  dst_base+0(FP), DI
	MOVQ  s_base+24(FP), SI
	MOVQ  s_len+32(FP), R9
	MOVOU bytes20<>(SB), X8
	MOVOU bytes61<>(SB), X9
	MOVOU bytes19<>(SB), X10
	MOVOU bytes30<>(SB), X11
	MOVOU bytes09<>(SB), X12
	MOVOU bytesC0<>(SB), X13
	MOVOU bytesC3<>(SB), X14
	MOVOU bytesB7<>(SB), X7
	MOVOU bytesE3<>(SB), X15
	LEAQ  -64(SI)(R9*1), R10
	MOVQ  R9, CX
	SHRQ  $6, CX

loopIntl:
	EVENTSINTL(nokanaIntl)
	MOVQ  AX, (DI)
	ADDQ  $8, DI
	ADDQ  $64, SI
	DECQ  CX
	JNZ   loopIntl

	ANDQ  $63, R9
	JZ    doneIntl
	MOVQ  R10, SI
	EVENTSINTL(nokanaTailIntl)
	MOVQ  $64, CX
	SUBQ  R9, CX
	SHRQ  CX, AX
	MOVQ  AX, (DI)

doneIntl:
	RET

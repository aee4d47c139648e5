//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of wordCodes (wordcodes_amd64.go) for a hypothesis and for a
// reference: from the whitespace masks of a text straight to the codes of
// its words, the fields found, split and numbered in one pass, as
// wordCodesGo does. They take the fields whose words have at most 16
// bytes, probing the word table as wordTable.find does; they stop at any
// other field, and at a hypothesis's field that might fill the table past
// a quarter (limit words), for the Go code to take it, returning its
// start. They stop too at the first field that starts at or past stop,
// returning where they stopped, and return -1 for a field past e. Both
// need BMI2 (BZHI, MULX, SHLX, SHRX) and TZCNT.
//
// Registers kept through the loop: R9 buf, R11 the table's slots, DI
// &codes[k], BX the position in the text; for a hypothesis R12 the
// table's used and R13 its n.

// START loads the registers kept through the loop but the hypothesis's.
#define START \
	MOVQ buf_base+56(FP), R9; \
	MOVQ t+0(FP), AX; \
	MOVQ wordTable_slots(AX), R11; \
	MOVQ codes_base+8(FP), DI; \
	MOVQ k+112(FP), CX; \
	LEAQ (DI)(CX*4), DI; \
	MOVQ p+96(FP), BX

// WINDOW sets AX to the whitespace bits of the 64 bytes of the text from
// position R, as window does: bit j for byte R+j. It uses CX and DX.
#define WINDOW(R) \
	MOVQ  R, CX; \
	SUBQ  a+80(FP), CX; \
	MOVQ  CX, AX; \
	SHRQ  $6, AX; \
	SHLQ  $4, AX; \
	ADDQ  masks_base+32(FP), AX; \
	MOVQ  16(AX), DX; \
	MOVQ  (AX), AX; \
	SHRQ  CX, DX, AX

// FIELD finds the next field from BX, at or past e going to done, past
// stop to done, and sets R8 to its start, BX to its end and R15 to the
// length of its first word (splitField); a field with a word of more than
// 16 bytes goes to slow, R8 its start. It uses AX, CX, DX, R10.
#define FIELD(next, spaces, found, done, slow, bad) \
next: \
	CMPQ   BX, e+88(FP); \
	JAE    done; \
	WINDOW(BX); \
	MOVQ   AX, DX; \
	NOTQ   AX; \
	TZCNTQ AX, CX; \
	JCS    spaces; \
	ADDQ   CX, BX; \
	MOVQ   BX, R8; \
	CMPQ   BX, stop+104(FP); \
	JAE    done; \
	SHRXQ  CX, DX, DX; \
	TZCNTQ DX, R15; \
	JCC    found; \
	WINDOW(R8); \
	TZCNTQ AX, R15; \
	JCS    slow; \
found: \
	ADDQ    R15, BX; \
	CMPQ    BX, e+88(FP); \
	JA      bad; \
	MOVBLZX (R9)(R8*1), AX; \
	MOVBLZX -1(R9)(BX*1), DX; \
	LEAQ    ·utf8Len(SB), R10; \
	MOVBLZX (R10)(AX*1), CX; \
	LEAQ    ·punct256(SB), R10; \
	MOVBLZX (R10)(DX*1), DX; \
	MOVBLZX (R10)(AX*1), AX; \
	CMPQ    CX, R15; \
	SETNE   CL; \
	MOVBLZX CL, CX; \
	ANDL    CX, DX; \
	ANDL    CX, AX; \
	MOVL    DX, CX; \
	XORL    $1, CX; \
	ANDL    CX, AX; \
	MOVL    AX, CX; \
	ORL     DX, CX; \
	MOVQ    R15, R10; \
	SUBQ    CX, R10; \
	CMPQ    R10, $16; \
	JA      slow; \
	LEAQ    -1(R15), CX; \
	NEGQ    AX; \
	ANDQ    AX, CX; \
	SUBQ    DX, R15; \
	SUBQ    CX, R15

// KEY sets AX and DX to wordTable.key's lo and hi of the word of R15
// bytes (1 to 16) at R8, CX to the index of its slot (wordTable.hash's
// top bits) and R14 to the slot. It uses R10.
#define KEY \
	MOVQ    (R9)(R8*1), AX; \
	MOVQ    $8, CX; \
	CMPQ    R15, CX; \
	CMOVQLT R15, CX; \
	SHLQ    $3, CX; \
	BZHIQ   CX, AX, AX; \
	MOVQ    $8, CX; \
	CMPQ    R15, CX; \
	CMOVQGT R15, CX; \
	ADDQ    R8, CX; \
	MOVQ    -8(R9)(CX*1), DX; \
	XORL    CX, CX; \
	CMPQ    R15, $8; \
	CMOVQLE CX, DX; \
	MOVQ    seed+128(FP), R10; \
	MOVQ    DX, R14; \
	MOVQ    AX, CX; \
	XORQ    R10, CX; \
	XORQ    R15, CX; \
	XORQ    R10, DX; \
	MULXQ   CX, CX, DX; \
	XORQ    DX, CX; \
	MOVQ    R14, DX; \
	MOVQ    t+0(FP), R10; \
	MOVQ    wordTable_shift(R10), R10; \
	SHRXQ   R10, CX, CX; \
	MOVQ    CX, R14; \
	SHLQ    $5, R14; \
	ADDQ    R11, R14

// PROBE sets SI to 1 if the slot R14 is empty, else 0, and R10 to -1 if
// it holds the word of KEY (R15 bytes), else to SI; the zero flag is set
// if the slot is neither. It leaves AX and DX as they were (each xor
// with the slot's key is undone by a second one).
#define PROBE \
	MOVL  wordSlot_n(R14), SI; \
	MOVQ  SI, R10; \
	XORQ  R15, R10; \
	XORQ  wordSlot_lo(R14), AX; \
	ORQ   AX, R10; \
	XORQ  wordSlot_lo(R14), AX; \
	XORQ  wordSlot_hi(R14), DX; \
	ORQ   DX, R10; \
	XORQ  wordSlot_hi(R14), DX; \
	CMPQ  R10, $1; \
	SBBL  R10, R10; \
	CMPL  SI, $1; \
	SBBL  SI, SI; \
	NEGL  SI; \
	ORL   SI, R10

// NEXTSLOT moves R14 and its index CX to the next slot, after the last
// the first, as wordTable.find does. It uses SI.
#define NEXTSLOT \
	MOVQ  t+0(FP), SI; \
	MOVQ  wordTable_shift(SI), SI; \
	INCQ  CX; \
	SHLXQ SI, CX, CX; \
	SHRXQ SI, CX, CX; \
	MOVQ  CX, R14; \
	SHLQ  $5, R14; \
	ADDQ  R11, R14

// NEXTWORD goes to tok with the field's second word, if it has one, else
// to next.
#define NEXTWORD(tok, next) \
	ADDQ R15, R8; \
	MOVQ BX, R15; \
	SUBQ R8, R15; \
	JNZ  tok; \
	JMP  next

// func hypWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64) (int, int)
TEXT ·hypWordsAsm(SB), NOSPLIT, $0-152
	START
	MOVQ wordTable_used(AX), R12
	MOVL wordTable_n(AX), R13
	FIELD(hnext, hspaces, hfound, hdone, hslow, hbad)
	LEAL 2(R13), CX
	CMPL CX, limit+120(FP)
	JA   hslow // two new words might fill the table past a quarter

htok:
	KEY
	PROBE
	JNZ hhave

hprobe:
	NEXTSLOT
	PROBE
	JZ hprobe

hhave:
	MOVL    wordSlot_id(R14), R10
	TESTL   SI, SI
	CMOVLNE R13, R10 // the next number for a new word
	MOVQ    AX, wordSlot_lo(R14)
	MOVQ    DX, wordSlot_hi(R14)
	MOVQ    R8, wordSlot_off(R14)
	MOVL    R15, wordSlot_n(R14)
	MOVL    R10, wordSlot_id(R14)
	MOVL    CX, (R12)(R13*4) // kept only if the word is new
	ADDL    SI, R13
	INCL    R10
	MOVL    R10, (DI)
	ADDQ    $4, DI
	NEXTWORD(htok, hnext)

hspaces:
	ADDQ $64, BX
	CMPQ BX, stop+104(FP)
	JB   hnext

hdone:
	MOVQ t+0(FP), AX
	MOVL R13, wordTable_n(AX)
	MOVQ BX, ret+136(FP)
	SUBQ codes_base+8(FP), DI
	SHRQ $2, DI
	MOVQ DI, ret1+144(FP)
	RET

hslow:
	MOVQ R8, BX
	JMP  hdone

hbad:
	MOVQ $-1, BX
	JMP  hdone

// func refWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64) (int, int)
TEXT ·refWordsAsm(SB), NOSPLIT, $0-152
	START
	FIELD(rnext, rspaces, rfound, rdone, rslow, rbad)

rtok:
	KEY
	PROBE
	JNZ rhave

rprobe:
	NEXTSLOT
	PROBE
	JZ rprobe

rhave:
	MOVL wordSlot_id(R14), CX
	INCL CX
	SARL $1, R10 // -1 if the slot holds the word, 0 if it is empty
	ANDL R10, CX
	MOVL CX, (DI)
	ADDQ $4, DI
	NEXTWORD(rtok, rnext)

rspaces:
	ADDQ $64, BX
	CMPQ BX, stop+104(FP)
	JB   rnext

rdone:
	MOVQ BX, ret+136(FP)
	SUBQ codes_base+8(FP), DI
	SHRQ $2, DI
	MOVQ DI, ret1+144(FP)
	RET

rslow:
	MOVQ R8, BX
	JMP  rdone

rbad:
	MOVQ $-1, BX
	JMP  rdone

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
// need BMI1 (TZCNT, ANDN), BMI2 (MULX, SHLX, SHRX) and SSE4.1 (PEXTRQ).
//
// Registers kept through the loop: R9 buf, R11 the table's slots, DI
// &codes[k], BX the position in the text; for a hypothesis R12 the
// table's used and R13 its n. A word's key is in X0.

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
// 16 bytes goes to slow, R8 its start. A field of one byte is one word,
// and so is a field of one character of more bytes: its last byte is not
// punctuation, nor its first. It uses AX, CX, DX, R10.
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
	LEAQ    ·punct256(SB), R10; \
	MOVBLZX (R10)(DX*1), DX; \
	MOVBLZX (R10)(AX*1), AX; \
	CMPQ    R15, $2; \
	SBBL    CX, CX; \
	ANDNL   DX, CX, DX; \
	ANDNL   AX, CX, AX; \
	ANDNL   AX, DX, AX; \
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

// KEY sets X0 to wordTable.key's lo and hi of the word of R15 bytes (1 to
// 16) at R8, CX to the index of its slot (wordTable.hash's top bits) and
// R14 to the slot. It uses AX, DX, X1.
#define KEY \
	LEAQ    ·keyMask(SB), AX; \
	SUBQ    R15, AX; \
	MOVOU   16(AX), X1; \
	MOVOU   (R9)(R8*1), X0; \
	PAND    X1, X0; \
	MOVQ    X0, CX; \
	PEXTRQ  $1, X0, DX; \
	XORQ    seed+128(FP), CX; \
	XORQ    R15, CX; \
	XORQ    seed+128(FP), DX; \
	MULXQ   CX, CX, DX; \
	XORQ    DX, CX; \
	MOVQ    shift+136(FP), AX; \
	SHRXQ   AX, CX, CX; \
	MOVQ    CX, R14; \
	SHLQ    $5, R14; \
	ADDQ    R11, R14

// PROBE sets SI to the slot R14's word's length (0 if it is empty), R10 to
// 0 if it holds the word of KEY (R15 bytes, key X0), and AX to 0 if it is
// either: the product of the two, below 2^64, is 0 if and only if one is.
// The zero flag is set with AX (IMUL leaves it undefined).
#define PROBE \
	MOVOU    (R14), X1; \
	PCMPEQB  X0, X1; \
	PMOVMSKB X1, R10; \
	XORL     $0xFFFF, R10; \
	MOVL     wordSlot_n(R14), SI; \
	MOVL     SI, AX; \
	XORL     R15, AX; \
	ORL      AX, R10; \
	MOVL     R10, AX; \
	IMULQ    SI, AX; \
	TESTQ    AX, AX

// NEXTSLOT moves R14 and its index CX to the next slot, after the last
// the first, as wordTable.find does. It uses SI.
#define NEXTSLOT \
	MOVQ  shift+136(FP), SI; \
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

// func hypWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64, shift uint) (int, int)
TEXT ·hypWordsAsm(SB), NOSPLIT, $0-160
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
	JZ hhave

hprobe:
	NEXTSLOT
	PROBE
	JNZ hprobe

hhave:
	MOVL    wordSlot_id(R14), R10
	TESTL   SI, SI
	CMOVLEQ R13, R10 // the next number for a new word
	MOVOU   X0, wordSlot_lo(R14)
	MOVQ    R8, wordSlot_off(R14)
	MOVL    R15, wordSlot_n(R14)
	MOVL    R10, wordSlot_id(R14)
	MOVL    CX, (R12)(R13*4) // kept only if the word is new
	CMPL    SI, $1
	ADCL    $0, R13
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
	MOVQ BX, ret+144(FP)
	SUBQ codes_base+8(FP), DI
	SHRQ $2, DI
	MOVQ DI, ret1+152(FP)
	RET

hslow:
	MOVQ R8, BX
	JMP  hdone

hbad:
	MOVQ $-1, BX
	JMP  hdone

// func refWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64, shift uint) (int, int)
TEXT ·refWordsAsm(SB), NOSPLIT, $0-160
	START
	FIELD(rnext, rspaces, rfound, rdone, rslow, rbad)

rtok:
	KEY
	PROBE
	JZ rhave

rprobe:
	NEXTSLOT
	PROBE
	JNZ rprobe

rhave:
	MOVL    wordSlot_id(R14), CX
	INCL    CX
	TESTL   R10, R10
	CMOVLNE AX, CX // AX is 0: the slot is empty
	MOVL    CX, (DI)
	ADDQ    $4, DI
	NEXTWORD(rtok, rnext)

rspaces:
	ADDQ $64, BX
	CMPQ BX, stop+104(FP)
	JB   rnext

rdone:
	MOVQ BX, ret+144(FP)
	SUBQ codes_base+8(FP), DI
	SHRQ $2, DI
	MOVQ DI, ret1+152(FP)
	RET

rslow:
	MOVQ R8, BX
	JMP  rdone

rbad:
	MOVQ $-1, BX
	JMP  rdone

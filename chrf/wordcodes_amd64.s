//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of hypCodes and refCodes (words.go) over the words of up to
// 16 bytes whose own slot of the word table is empty or holds them: the
// common case, taken without a branch on whether the word is new. They
// stop at any other word, for the Go code to take (wordTable.id, code),
// and at a table a quarter full (limit words), for it to grow, and return
// where they stopped; a word outside buf stops them too, and they return
// -1. They need BMI2 (BZHI, MULX, SHRX).

// START loads the table's slots (R11) and shift (R10), leaving t in AX,
// and points SI at toks[k] and DI at codes[k], k in BX.
#define START \
	MOVQ t+0(FP), AX; \
	MOVQ wordTable_slots(AX), R11; \
	MOVQ wordTable_shift(AX), R10; \
	MOVQ k+80(FP), BX; \
	MOVQ codes_base+8(FP), DI; \
	LEAQ (DI)(BX*4), DI; \
	MOVQ BX, SI; \
	SHLQ $4, SI; \
	ADDQ toks_base+32(FP), SI; \
	MOVQ buf_base+56(FP), R9

// KEY sets AX and DX to wordTable.key's lo and hi of the word of R15
// bytes (at most 16) at R8(R9), and CX to the index of its slot
// (wordTable.hash's top bits under the seed at seed, R10 the table's
// shift), R14 to the slot. It checks that the word and the 8 bytes past
// it are in buf.
#define KEY(bad, seed) \
	LEAQ    16(R8), AX; \
	CMPQ    AX, buf_len+64(FP); \
	JA      bad; \
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
	MOVQ    DX, R14; \
	MOVQ    AX, CX; \
	XORQ    seed, CX; \
	XORQ    R15, CX; \
	XORQ    seed, DX; \
	MULXQ   CX, CX, DX; \
	XORQ    DX, CX; \
	MOVQ    R14, DX; \
	SHRXQ   R10, CX, CX; \
	MOVQ    CX, R14; \
	SHLQ    $5, R14; \
	ADDQ    R11, R14

// PROBE sets R8 to 1 if the slot R14 is empty, else 0, and R15 (the
// word's length) to 0 if the slot holds the word of KEY, else not 0; it leaves AX and DX as they were
// (each xor with the slot's key is undone by a second one).
#define PROBE \
	MOVL  wordSlot_n(R14), R8; \
	XORQ  R8, R15; \
	XORQ  wordSlot_lo(R14), AX; \
	ORQ   AX, R15; \
	XORQ  wordSlot_lo(R14), AX; \
	XORQ  wordSlot_hi(R14), DX; \
	ORQ   DX, R15; \
	XORQ  wordSlot_hi(R14), DX; \
	TESTL R8, R8; \
	SETEQ R8B; \
	MOVBLZX R8B, R8

// func hypCodesAsm(t *wordTable, codes []uint32, toks []token, buf []byte, k int, limit uint32, seed uint64) int
TEXT ·hypCodesAsm(SB), NOSPLIT, $0-112
	START
	MOVQ wordTable_used(AX), R12
	MOVL wordTable_n(AX), R13
	CMPQ BX, toks_len+40(FP)
	JGE  hdone

hloop:
	CMPL R13, limit+88(FP)
	JAE  hdone
	MOVQ token_n(SI), R15
	CMPQ R15, $16
	JA   hdone
	MOVQ token_off(SI), R8
	KEY(hbad, seed+96(FP))
	PROBE
	TESTQ   R15, R15
	SETEQ   R15B
	MOVBLZX R15B, R15
	ORL     R8, R15
	JZ      hdone                   // neither empty nor the word's
	MOVL    wordSlot_id(R14), R15
	TESTL   R8, R8
	CMOVLNE R13, R15                // the next number for a new word
	MOVQ    AX, wordSlot_lo(R14)
	MOVQ    DX, wordSlot_hi(R14)
	MOVQ    token_off(SI), AX
	MOVQ    AX, wordSlot_off(R14)
	MOVQ    token_n(SI), AX
	MOVL    AX, wordSlot_n(R14)
	MOVL    R15, wordSlot_id(R14)
	MOVL    CX, (R12)(R13*4)        // kept only if the word is new
	ADDL    R8, R13
	INCL    R15
	MOVL    R15, (DI)
	ADDQ    $4, DI
	ADDQ    $16, SI
	INCQ    BX
	CMPQ    BX, toks_len+40(FP)
	JLT     hloop

hdone:
	MOVQ t+0(FP), AX
	MOVL R13, wordTable_n(AX)
	MOVQ BX, ret+104(FP)
	RET

hbad:
	MOVQ t+0(FP), AX
	MOVL R13, wordTable_n(AX)
	MOVQ $-1, ret+104(FP)
	RET

// func refCodesAsm(t *wordTable, codes []uint32, toks []token, buf []byte, k int, seed uint64) int
TEXT ·refCodesAsm(SB), NOSPLIT, $0-104
	START
	XORL R13, R13
	CMPQ BX, toks_len+40(FP)
	JGE  rdone

rloop:
	MOVQ token_n(SI), R15
	CMPQ R15, $16
	JA   rdone
	MOVQ token_off(SI), R8
	KEY(rbad, seed+88(FP))
	MOVL    wordSlot_id(R14), CX
	INCL    CX
	PROBE
	TESTQ   R15, R15
	CMOVLNE R13, CX                 // 0 unless the slot holds the word
	SETEQ   R15B
	MOVBLZX R15B, R15
	ORL     R8, R15
	JZ      rdone                   // neither empty nor the word's
	MOVL    CX, (DI)
	ADDQ    $4, DI
	ADDQ    $16, SI
	INCQ    BX
	CMPQ    BX, toks_len+40(FP)
	JLT     rloop

rdone:
	MOVQ BX, ret+96(FP)
	RET

rbad:
	MOVQ $-1, ret+96(FP)
	RET

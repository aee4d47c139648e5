//go:build amd64 && !purego

#include "textflag.h"

// The loops of hypBigrams and refBigrams (sorted.go): the Go loops keep
// some of their values on the stack; here every value has a register.
// An index out of its slice stops the loop, which returns 0.

// func hypBigramsAsm(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32
TEXT ·hypBigramsAsm(SB), NOSPLIT, $0-108
	PCALIGN $64
	MOVQ rank_base+0(FP), DI
	MOVQ codes_base+24(FP), SI
	MOVQ codes_len+32(FP), CX
	MOVQ slots_base+48(FP), R8
	MOVQ hc_base+72(FP), R9
	MOVQ hc_len+80(FP), R10
	MOVL w+96(FP), R11
	MOVL gen+100(FP), R12
	MOVL $1, AX // next
	DECQ CX     // the bigrams: len(codes)-1, rank has as many at least
	JLE  hdone
	MOVL (SI), DX // the code before the bigram's second
	XORQ BX, BX

hloop:
	MOVL  4(SI)(BX*4), R13 // the bigram's second code
	IMULL R11, DX
	ADDL  R13, DX          // the bigram's slot
	CMPQ  DX, slots_len+56(FP)
	JAE   hbad
	MOVL  (R8)(DX*4), R14
	MOVL  R14, R15
	ANDL  $0xFFFF0000, R15
	MOVWLZX R14, R14       // its number, if its generation is gen
	CMPL  R15, R12
	CMOVLNE AX, R14        // else the next number,
	SETNE R15B
	MOVBLZX R15B, R15
	ADDL  R15, AX          // which is taken
	MOVL  R14, R15
	ORL   R12, R15
	MOVL  R15, (R8)(DX*4)
	MOVL  R14, (DI)(BX*4)
	CMPQ  R14, R10
	JAE   hbad
	INCL  (R9)(R14*4)
	MOVL  R13, DX
	INCQ  BX
	CMPQ  BX, CX
	JLT   hloop

hdone:
	MOVL AX, ret+104(FP)
	RET

hbad:
	MOVL $0, ret+104(FP)
	RET

// func refBigramsAsm(rank, codes, slots []uint32, rc []int32, w, gen uint32) bool
TEXT ·refBigramsAsm(SB), NOSPLIT, $0-105
	PCALIGN $64
	MOVQ rank_base+0(FP), DI
	MOVQ codes_base+24(FP), SI
	MOVQ codes_len+32(FP), CX
	MOVQ slots_base+48(FP), R8
	MOVQ rc_base+72(FP), R9
	MOVQ rc_len+80(FP), R10
	MOVL w+96(FP), R11
	MOVL gen+100(FP), R12
	XORL AX, AX // 0, for a bigram the hypothesis lacks
	DECQ CX
	JLE  rdone
	MOVL (SI), DX
	XORQ BX, BX

rloop:
	MOVL  4(SI)(BX*4), R13
	IMULL R11, DX
	ADDL  R13, DX
	CMPQ  DX, slots_len+56(FP)
	JAE   rbad
	MOVL  (R8)(DX*4), R14
	MOVL  R14, R15
	ANDL  $0xFFFF0000, R15
	MOVWLZX R14, R14
	CMPL  R15, R12
	CMOVLNE AX, R14
	MOVL  R14, (DI)(BX*4)
	CMPQ  R14, R10
	JAE   rbad
	INCL  (R9)(R14*4)
	MOVL  R13, DX
	INCQ  BX
	CMPQ  BX, CX
	JLT   rloop

rdone:
	MOVB $1, ret+104(FP)
	RET

rbad:
	MOVB $0, ret+104(FP)
	RET

// LANESUM adds the four int32 lanes of X7 to R11 (bigramKeysAsm's and
// sumMinAsm's sums of minimums), clobbering X0 and AX.
#define LANESUM \
	PSHUFD $0x4e, X7, X0; \
	PADDL  X0, X7; \
	PSHUFD $0xb1, X7, X0; \
	PADDL  X0, X7; \
	PEXTRD $0, X7, AX; \
	ADDQ   AX, R11

// func bigramKeysAsm(info []bigramInfo, hc, rc []int32) int64
//
// bigramKeysGo's loop, four bigrams at a time (SSE4.1: PMINSD, PEXTRD),
// then one at a time; hc and rc have a count for every bigram of info.
// The keys of info[r] are at 16*r (keys_amd64.go checks the layout).
TEXT ·bigramKeysAsm(SB), NOSPLIT, $0-80
	PCALIGN $64
	MOVQ   info_base+0(FP), DI
	MOVQ   info_len+8(FP), CX
	MOVQ   hc_base+24(FP), SI
	MOVQ   rc_base+48(FP), DX
	XORQ   R11, R11 // the match count of the bigrams taken one at a time
	PXOR   X7, X7   // and of the others, by lane
	PXOR   X5, X5   // zeros
	MOVL   $1, AX
	MOVQ   AX, X6
	PSHUFD $0, X6, X6 // ones
	MOVQ   $1, BX

kloop:
	LEAQ    4(BX), AX
	CMPQ    AX, CX
	JA      ktail
	MOVOU   (SI)(BX*4), X0 // h
	MOVOU   (DX)(BX*4), X1 // f
	MOVO    X0, X2
	PMINSD  X1, X2
	PADDL   X2, X7
	MOVO    X0, X3
	POR     X1, X3
	PCMPEQL X6, X3 // each text has it once (h ≥ 1)
	MOVO    X1, X4
	PCMPGTL X5, X4 // the reference has it
	PANDN   X4, X3 // and not once
	PADDL   X1, X0
	PAND    X3, X0 // the keys
	MOVQ    BX, R8
	SHLQ    $4, R8
	PEXTRD  $0, X0, (DI)(R8*1)
	PEXTRD  $1, X0, 16(DI)(R8*1)
	PEXTRD  $2, X0, 32(DI)(R8*1)
	PEXTRD  $3, X0, 48(DI)(R8*1)
	MOVQ    AX, BX
	JMP     kloop

ktail:
	CMPQ    BX, CX
	JGE     ksum
	MOVL    (SI)(BX*4), R8 // h
	MOVL    (DX)(BX*4), R9 // f
	MOVL    R8, R10
	CMPL    R9, R10
	CMOVLLT R9, R10
	ADDQ    R10, R11
	LEAL    (R8)(R9*1), R10
	XORL    R12, R12
	ORL     R9, R8
	CMPL    R8, $1
	CMOVLEQ R12, R10 // once
	TESTL   R9, R9
	CMOVLEQ R12, R10 // not in the reference
	MOVQ    BX, R8
	SHLQ    $4, R8
	MOVL    R10, (DI)(R8*1)
	INCQ    BX
	JMP     ktail

ksum:
	LANESUM
	MOVQ R11, ret+72(FP)
	RET

// func sumMinAsm(hc, rc []int32) int64
//
// sumMinGo's loop, four counts at a time (SSE4.1: PMINSD, PEXTRD), then
// one at a time; rc has as many counts as hc at least, and the sum of
// the minimums fits an int32 (the counts of a text of fewer than 32,768
// items).
TEXT ·sumMinAsm(SB), NOSPLIT, $0-56
	PCALIGN $64
	MOVQ hc_base+0(FP), SI
	MOVQ hc_len+8(FP), CX
	MOVQ rc_base+24(FP), DX
	XORQ R11, R11
	PXOR X7, X7
	MOVQ $1, BX

mloop:
	LEAQ   4(BX), AX
	CMPQ   AX, CX
	JA     mtail
	MOVOU  (SI)(BX*4), X0
	MOVOU  (DX)(BX*4), X1
	PMINSD X1, X0
	PADDL  X0, X7
	MOVQ   AX, BX
	JMP    mloop

mtail:
	CMPQ    BX, CX
	JGE     msum
	MOVL    (SI)(BX*4), R8
	MOVL    (DX)(BX*4), R9
	CMPL    R9, R8
	CMOVLLT R9, R8
	ADDQ    R8, R11
	INCQ    BX
	JMP     mtail

msum:
	LANESUM
	MOVQ R11, ret+48(FP)
	RET

//go:build amd64 && !purego

#include "textflag.h"

// The loops of hypBigrams and refBigrams (sorted.go): the Go loops keep
// some of their values on the stack; here every value has a register.
// An index out of its slice stops the loop, which returns 0.

// func hypBigramsAsm(rank, codes, slots []uint32, hc []int32, w, gen uint32) uint32
TEXT ·hypBigramsAsm(SB), NOSPLIT, $0-108
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

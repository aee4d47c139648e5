//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of numberHyp and numberRef (sorted.go) over items below
// smallKeys, whose numbers are in the table's array of smallSlots (val
// at 0, gen at 4; 8 bytes): they stop at the first larger item, for the
// Go code to look up in the hash table, and return where they stopped. A
// number outside the counts stops them too, and they return -1.

// func numberHypAsm(codes, items []uint32, hc []int32, small *[smallKeys]smallSlot, gen, next uint32, from int) (int, uint32)
TEXT ·numberHypAsm(SB), NOSPLIT, $0-108
	MOVQ codes_base+0(FP), DI
	MOVQ items_base+24(FP), SI
	MOVQ items_len+32(FP), CX
	MOVQ hc_base+48(FP), R10
	MOVQ hc_len+56(FP), R11
	MOVQ small+72(FP), R9
	MOVL gen+80(FP), R12
	MOVL next+84(FP), AX
	MOVQ from+88(FP), BX
	MOVQ R12, R8
	SHLQ $32, R8 // gen in a slot's high half
	CMPQ BX, CX
	JGE  hdone

hloop:
	MOVL    (SI)(BX*4), R13
	CMPL    R13, $const_smallKeys
	JAE     hdone
	LEAQ    (R9)(R13*8), R14
	MOVL    (R14), R15     // the item's number, if its generation is gen,
	CMPL    4(R14), R12
	CMOVLNE AX, R15        // else the next one,
	SETNE   R13B
	MOVBLZX R13B, R13
	ADDL    R13, AX        // which is taken
	MOVQ    R15, R13
	ORQ     R8, R13
	MOVQ    R13, (R14)
	INCL    R15
	MOVL    R15, (DI)(BX*4)
	CMPQ    R15, R11
	JAE     hbad
	INCL    (R10)(R15*4)
	INCQ    BX
	CMPQ    BX, CX
	JLT     hloop

hdone:
	MOVQ BX, ret+96(FP)
	MOVL AX, ret1+104(FP)
	RET

hbad:
	MOVQ $-1, ret+96(FP)
	MOVL AX, ret1+104(FP)
	RET

// func numberRefAsm(codes, items []uint32, rc []int32, small *[smallKeys]smallSlot, gen uint32, from int) int
TEXT ·numberRefAsm(SB), NOSPLIT, $0-104
	MOVQ codes_base+0(FP), DI
	MOVQ items_base+24(FP), SI
	MOVQ items_len+32(FP), CX
	MOVQ rc_base+48(FP), R10
	MOVQ rc_len+56(FP), R11
	MOVQ small+72(FP), R9
	MOVL gen+80(FP), R12
	MOVQ from+88(FP), BX
	XORL AX, AX // 0, for an item the hypothesis lacks
	CMPQ BX, CX
	JGE  rdone

rloop:
	MOVL    (SI)(BX*4), R13
	CMPL    R13, $const_smallKeys
	JAE     rdone
	LEAQ    (R9)(R13*8), R14
	MOVL    (R14), R15
	INCL    R15
	CMPL    4(R14), R12
	CMOVLNE AX, R15
	MOVL    R15, (DI)(BX*4)
	CMPQ    R15, R11
	JAE     rbad
	INCL    (R10)(R15*4)
	INCQ    BX
	CMPQ    BX, CX
	JLT     rloop

rdone:
	MOVQ BX, ret+96(FP)
	RET

rbad:
	MOVQ $-1, ret+96(FP)
	RET

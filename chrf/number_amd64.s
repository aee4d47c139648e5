//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of numberHyp and numberRef (sorted.go). An item below
// smallKeys has its number in the table's array of smallSlots (val at 0,
// gen at 4; 8 bytes); a larger one in its hash table, probed as
// table.intern and table.lookup probe it (slot: key at 0, val at 8, gen
// at 12; 16 bytes), the home (item × seed) >> shift. They return the
// number of items, or -1 if a number outside the counts or a probe
// outside the slots stopped them. number_amd64.go checks the layouts.
//
// In a table at most a quarter full, an item's home slot is nearly always
// empty or its own. That case takes one path without a branch: whether a
// character of Chinese or Japanese text is new to the segment, or in the
// hypothesis, is not predictable (it was a third of the mispredicted
// branches of BenchmarkSentencesCJK). Only a home slot holding another
// item goes on to probe.

// HOME sets DX to the home slot of the item in R13 in the hash table of
// the table at R15, as table.home: (item × seed) >> shift. It uses R14
// and keeps CX.
#define HOME \
	MOVQ  table_seed(R15), DX; \
	IMULQ R13, DX; \
	MOVQ  CX, R14; \
	MOVQ  table_shift(R15), CX; \
	SHRQ  CX, DX; \
	MOVQ  R14, CX

// SLOT sets R14 to &slots[DX] of the table at R15, going to bad if DX is
// outside them.
#define SLOT(bad) \
	CMPQ DX, table_slots+8(R15); \
	JAE  bad; \
	MOVQ DX, R14; \
	SHLQ $4, R14; \
	ADDQ table_slots(R15), R14

// func numberHypAsm(codes, items []uint32, hc []int32, t *table, next uint32) (int, uint32)
TEXT ·numberHypAsm(SB), NOSPLIT, $0-100
	PCALIGN $64
	MOVQ codes_base+0(FP), DI
	MOVQ items_base+24(FP), SI
	MOVQ items_len+32(FP), CX
	MOVQ hc_base+48(FP), R10
	MOVQ t+72(FP), R9
	MOVL table_gen(R9), R12
	MOVQ table_small(R9), R9
	MOVL next+80(FP), AX
	XORQ BX, BX
	MOVQ R12, R8
	SHLQ $32, R8 // gen in a slot's high half
	CMPQ BX, CX
	JGE  hdone

hloop:
	MOVL    (SI)(BX*4), R13
	CMPL    R13, $const_smallKeys
	JAE     hbig
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

hcount:
	INCL    R15
	MOVL    R15, (DI)(BX*4)
	CMPQ    R15, hc_len+56(FP)
	JAE     hbad
	INCL    (R10)(R15*4)
	INCQ    BX
	CMPQ    BX, CX
	JLT     hloop

hdone:
	MOVQ BX, ret+88(FP)
	MOVL AX, ret1+96(FP)
	RET

hbad:
	MOVQ $-1, ret+88(FP)
	MOVL AX, ret1+96(FP)
	RET

hbig:
	MOVQ    t+72(FP), R15
	HOME
	SLOT(hbad)
	XORL    DX, DX
	CMPL    12(R14), R12
	SETNE   DL             // 1 if the home slot is empty,
	MOVL    8(R14), R15    // else its number,
	CMOVLNE AX, R15        // or, empty, the next one
	MOVQ    (R14), R11
	XORQ    R13, R11       // 0 if it holds the item
	DECQ    DX
	ANDQ    DX, R11
	JNZ     hslow          // neither empty nor the item's
	INCQ    DX
	MOVQ    R13, (R14)
	MOVL    R15, 8(R14)
	MOVL    R12, 12(R14)
	ADDL    DX, AX         // taken if empty
	JMP     hcount

hslow:
	MOVQ t+72(FP), R15
	HOME

hprobe:
	SLOT(hbad)
	CMPL  12(R14), R12
	JNE   hnew
	CMPQ  (R14), R13
	JEQ   hold
	INCQ  DX
	ANDQ  table_mask(R15), DX
	JMP   hprobe

hnew:
	MOVQ R13, (R14)
	MOVL AX, 8(R14)
	MOVL R12, 12(R14)
	MOVL AX, R15 // the next number, taken
	INCL AX
	JMP  hcount

hold:
	MOVL 8(R14), R15
	JMP  hcount

// func numberRefAsm(codes, items []uint32, rc []int32, t *table) int
TEXT ·numberRefAsm(SB), NOSPLIT, $0-88
	PCALIGN $64
	MOVQ codes_base+0(FP), DI
	MOVQ items_base+24(FP), SI
	MOVQ items_len+32(FP), CX
	MOVQ rc_base+48(FP), R10
	MOVQ t+72(FP), R9
	MOVL table_gen(R9), R12
	MOVQ table_small(R9), R9
	XORQ BX, BX
	XORL AX, AX // 0, for an item the hypothesis lacks
	CMPQ BX, CX
	JGE  rdone

rloop:
	MOVL    (SI)(BX*4), R13
	CMPL    R13, $const_smallKeys
	JAE     rbig
	LEAQ    (R9)(R13*8), R14
	MOVL    (R14), R15
	INCL    R15
	CMPL    4(R14), R12
	CMOVLNE AX, R15

rcount:
	MOVL    R15, (DI)(BX*4)
	CMPQ    R15, rc_len+56(FP)
	JAE     rbad
	INCL    (R10)(R15*4)
	INCQ    BX
	CMPQ    BX, CX
	JLT     rloop

rdone:
	MOVQ BX, ret+80(FP)
	RET

rbad:
	MOVQ $-1, ret+80(FP)
	RET

rbig:
	MOVQ    t+72(FP), R15
	HOME
	SLOT(rbad)
	XORL    DX, DX
	MOVL    8(R14), R15
	INCL    R15            // 1 + the home slot's number,
	CMPL    12(R14), R12
	SETEQ   DL             // if it is in use,
	CMOVLNE AX, R15        // else 0
	MOVQ    (R14), R11
	XORQ    R13, R11       // 0 if it holds the item
	NEGQ    DX
	ANDQ    DX, R11
	JZ      rcount         // empty, or the item's
	MOVQ    t+72(FP), R15
	HOME

rprobe:
	SLOT(rbad)
	CMPL  12(R14), R12
	JNE   rnone
	CMPQ  (R14), R13
	JEQ   rfound
	INCQ  DX
	ANDQ  table_mask(R15), DX
	JMP   rprobe

rnone:
	XORL R15, R15
	JMP  rcount

rfound:
	MOVL 8(R14), R15
	INCL R15
	JMP  rcount

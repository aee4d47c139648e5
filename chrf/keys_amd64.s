//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of hypKeys and refKeys (sorted.go), every value in a
// register but the mask and, in refKeys, the lane tables. A bigram's
// number outside info stops the loop, which returns -1. The offsets are
// those of bigramInfo (keys 0, tail 8; 16 bytes) and laneTables (sameAt
// 2048, hasAt 3072), which keys_amd64.go checks.

// func hypKeysAsm(keys []uint64, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, mask uint64) int
TEXT ·hypKeysAsm(SB), NOSPLIT, $0-120
	PCALIGN $64
	MOVQ keys_base+0(FP), DI
	MOVQ codes_base+24(FP), SI
	MOVQ codes_len+32(FP), CX
	MOVQ rank_base+48(FP), R8
	MOVQ info_base+72(FP), R9
	MOVQ byThird+96(FP), R10
	MOVQ mask+104(FP), R11
	// BX (k1) and DX (k): the characters from the last and the one
	// before, the first highest, as in a key's tail.
	MOVL -4(SI)(CX*4), BX
	SHLQ $24, BX
	ANDQ R11, BX
	MOVL -8(SI)(CX*4), DX
	SHLQ $24, DX
	MOVQ BX, R13
	SHRQ $8, R13
	ORQ  R13, DX
	ANDQ R11, DX
	SUBQ $3, CX // the position p, from the last with a third character down
	XORQ AX, AX // the keys written

hloop:
	MOVQ  BX, R12 // k2: the characters from p+2
	MOVQ  DX, BX
	MOVL  (SI)(CX*4), R13
	SHLQ  $24, R13
	SHRQ  $8, DX
	ORQ   R13, DX
	ANDQ  R11, DX
	MOVL  (R8)(CX*4), R13 // the bigram's number
	CMPQ  R13, info_len+80(FP)
	JAE   hbad
	MOVQ  R13, R14
	SHLQ  $33, R14
	LEAQ  (R14)(R12*2), R14 // its key
	MOVQ  R14, (DI)(AX*8)
	SHLQ  $4, R13
	ADDQ  R9, R13          // &info[r]
	MOVQ  R12, 8(R13)
	XORL  R14, R14
	CMPL  (R13), $0
	SETGT R14B             // the key is kept if the bigram has keys
	ADDQ  R14, AX
	MOVBLZX 8(SI)(CX*4), R15
	ADDL  R14, (R10)(R15*4)
	DECQ  CX
	JGE   hloop
	MOVQ  AX, ret+112(FP)
	RET

hbad:
	MOVQ $-1, ret+112(FP)
	RET

// func refKeysAsm(keys []uint64, n int, codes, rank []uint32, info []bigramInfo, byThird *[256]int32, t *laneTables, mask uint64) (int, uint64)
TEXT ·refKeysAsm(SB), NOSPLIT, $0-144
	PCALIGN $64
	MOVQ keys_base+0(FP), DI
	MOVQ n+24(FP), AX
	MOVQ codes_base+32(FP), SI
	MOVQ codes_len+40(FP), CX
	MOVQ rank_base+56(FP), R8
	MOVQ info_base+80(FP), R9
	MOVQ byThird+104(FP), R10
	XORQ R11, R11 // the lanes of the bigrams each text has once
	MOVL -4(SI)(CX*4), BX
	SHLQ $24, BX
	ANDQ mask+120(FP), BX
	MOVL -8(SI)(CX*4), DX
	SHLQ $24, DX
	MOVQ BX, R13
	SHRQ $8, R13
	ORQ  R13, DX
	ANDQ mask+120(FP), DX
	SUBQ $3, CX

rloop:
	MOVQ  BX, R12
	MOVQ  DX, BX
	MOVL  (SI)(CX*4), R13
	SHLQ  $24, R13
	SHRQ  $8, DX
	ORQ   R13, DX
	ANDQ  mask+120(FP), DX
	MOVL  (R8)(CX*4), R13
	CMPQ  R13, info_len+88(FP)
	JAE   rbad
	MOVQ  R13, R14
	SHLQ  $33, R14
	LEAQ  1(R14)(R12*2), R14
	MOVQ  R14, (DI)(AX*8)
	SHLQ  $4, R13
	ADDQ  R9, R13
	MOVQ  8(R13), R14      // the hypothesis's tail
	TZCNTQ R14, R15        // 64 for none
	XORQ  R12, R14
	LZCNTQ R14, R14        // 64 if the tails agree
	MOVQ  t+112(FP), R12
	MOVQ  2048(R12)(R14*8), R14 // sameAt
	ANDQ  3072(R12)(R15*8), R14 // hasAt
	XORL  R15, R15
	CMPL  (R13), $0
	SETGT R15B
	ADDQ  R15, AX
	MOVBLZX 8(SI)(CX*4), R12
	ADDL  R15, (R10)(R12*4)
	DECQ  R15              // all ones if each text has the bigram once
	ANDQ  R15, R14
	ADDQ  R14, R11
	DECQ  CX
	JGE   rloop
	MOVQ  AX, ret+128(FP)
	MOVQ  R11, ret1+136(FP)
	RET

rbad:
	MOVQ $-1, ret+128(FP)
	MOVQ $0, ret1+136(FP)
	RET

// LANEMIN sets R13 to min(hc, rc) lane by lane, hc in R9, rc in R10 and
// high (the top bit of each lane) in R12: ge, the lanes where hc ≥ rc,
// all ones in them, picks rc there and hc elsewhere. It clobbers R14.
#define LANEMIN \
	MOVQ  R9, R13; \
	ORQ   R12, R13; \
	SUBQ  R10, R13; \
	ANDQ  R12, R13; \
	MOVQ  R13, R14; \
	SHRQ  $(const_lane-1), R14; \
	SUBQ  R14, R13; \
	MOVQ  R10, R14; \
	ANDQ  R13, R14; \
	ANDNQ R9, R13, R13; \
	ORQ   R14, R13

// func runMatchesAsm(keys []uint64, t *laneTables, high uint64) uint64
//
// runMatches's loop (see runMatchesGo), keys not empty; closeAt is at 0
// and incAt at 1024 in t.
TEXT ·runMatchesAsm(SB), NOSPLIT, $0-48
	PCALIGN $64
	MOVQ keys_base+0(FP), SI
	MOVQ keys_len+8(FP), CX
	MOVQ t+24(FP), DI
	MOVQ high+32(FP), R12
	MOVQ (SI), R8 // prev
	XORQ R9, R9   // hc
	XORQ R10, R10 // rc
	XORQ R11, R11 // mc
	XORQ BX, BX

mloop:
	MOVQ   (SI)(BX*8), AX
	MOVQ   AX, DX
	XORQ   R8, DX
	LZCNTQ DX, DX
	MOVQ   (DI)(DX*8), DX // closed
	LANEMIN
	ANDQ   DX, R13 // the runs closed
	ADDQ   R13, R11
	ANDNQ  R9, DX, R9   // hc &^= closed
	ANDNQ  R10, DX, R10 // rc &^= closed
	MOVQ   AX, R13
	SHRQ   $1, R13
	TZCNTQ R13, R13
	MOVQ   1024(DI)(R13*8), R13 // inc
	MOVQ   AX, R14
	ANDQ   $1, R14
	NEGQ   R14                 // all ones for a reference's key
	ANDNQ  R13, R14, R15       // inc &^ ref
	ADDQ   R15, R9
	ANDQ   R14, R13
	ADDQ   R13, R10
	MOVQ   AX, R8
	INCQ   BX
	CMPQ   BX, CX
	JLT    mloop
	LANEMIN
	ADDQ   R13, R11
	MOVQ   R11, ret+40(FP)
	RET

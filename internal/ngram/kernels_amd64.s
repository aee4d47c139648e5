//go:build amd64 && !purego

#include "textflag.h"

// The probe loops of wordTable.positions and addPositions (words.go),
// step by step, with every value in a register: the compiled loops kept
// three of them on the stack. A wkey is 24 bytes (a, b, n), a wordSlot 32
// (a, b, n and stamp as one word at 16, bits at 24).

// HASHSLOT sets AX to the byte offset of the first slot to probe for the
// key R12, R13, R14 (a, b, n) under the seed R11 in the table of byte
// mask R9 (hashKey, shifted), and R14 to n | the stamp R10. It clobbers DX.
#define HASHSLOT \
	MOVQ R12, AX; \
	XORQ R11, AX; \
	XORQ R14, AX; \
	MOVQ R13, DX; \
	XORQ R11, DX; \
	MULQ DX; \
	XORQ DX, AX; \
	SHLQ $5, AX; \
	ANDQ R9, AX; \
	ORQ  R10, R14

// PROBE compares the slot at R8+AX with the key R12, R13, R14 (n and
// stamp): it sets BX to all ones if the slot is of this segment (live),
// 0 if empty, and the flags for a jump to the next slot (JNE) when it is
// live and another word's. It clobbers DX and R15.
#define PROBE \
	MOVQ  16(R8)(AX*1), DX; \
	XORQ  R14, DX; \
	MOVQ  DX, BX; \
	SHRQ  $32, BX; \
	DECQ  BX; \
	SARQ  $63, BX; \
	MOVQ  (R8)(AX*1), R15; \
	XORQ  R12, R15; \
	ORQ   R15, DX; \
	MOVQ  8(R8)(AX*1), R15; \
	XORQ  R13, R15; \
	ORQ   R15, DX; \
	TESTQ BX, DX

// func probePositions(pos []uint64, keys []wkey, slots unsafe.Pointer, mask uintptr, stamp, seed uint64)
TEXT ·probePositions(SB), NOSPLIT, $0-80
	MOVQ pos_base+0(FP), DI
	MOVQ keys_base+24(FP), SI
	MOVQ keys_len+32(FP), CX
	MOVQ slots+48(FP), R8
	MOVQ mask+56(FP), R9
	MOVQ stamp+64(FP), R10
	MOVQ seed+72(FP), R11
	TESTQ CX, CX
	JZ   posDone

posLoop:
	MOVQ (SI), R12
	MOVQ 8(SI), R13
	MOVL 16(SI), R14
	HASHSLOT

posProbe:
	PROBE
	JNE  posNext
	MOVQ 24(R8)(AX*1), DX
	ANDQ BX, DX
	MOVQ DX, (DI)
	ADDQ $8, DI
	ADDQ $24, SI
	DECQ CX
	JNZ  posLoop

posDone:
	RET

posNext:
	ADDQ $32, AX
	ANDQ R9, AX
	JMP  posProbe

// func probeAddPositions(keys []wkey, p int, slots unsafe.Pointer, mask uintptr, stamp, seed uint64) int
TEXT ·probeAddPositions(SB), NOSPLIT, $0-72
	MOVQ keys_base+0(FP), SI
	MOVQ keys_len+8(FP), CX
	MOVQ p+24(FP), DI
	MOVQ slots+32(FP), R8
	MOVQ mask+40(FP), R9
	MOVQ stamp+48(FP), R10
	MOVQ seed+56(FP), R11
	CMPQ DI, CX
	JGE  addDone
	LEAQ (DI)(DI*2), AX
	LEAQ (SI)(AX*8), SI

addLoop:
	MOVL 16(SI), R14
	CMPL R14, $16
	JHI  addDone // a long word: the caller's
	MOVQ (SI), R12
	MOVQ 8(SI), R13
	HASHSLOT

addProbe:
	PROBE
	JNE  addNext
	// A new word (BX 0) or one seen before (BX all ones, the same key).
	MOVQ R12, (R8)(AX*1)
	MOVQ R13, 8(R8)(AX*1)
	MOVQ R14, 16(R8)(AX*1)
	MOVQ 24(R8)(AX*1), DX
	ANDQ BX, DX
	BTSQ DI, DX // the bit of position p (mod 64)
	MOVQ DX, 24(R8)(AX*1)
	ADDQ $24, SI
	INCQ DI
	CMPQ DI, CX
	JLT  addLoop

addDone:
	MOVQ DI, ret+64(FP)
	RET

addNext:
	ADDQ $32, AX
	ANDQ R9, AX
	JMP  addProbe

// func match4BMI(rb []uint64) (f0, f1, f2, f3 uint64)
//
// match4 (short.go), with BMI1's BLSI for the lowest set bit (x & -x):
// SI walks the windows of four sets, DX counts them, R8..R11 are f0..f3,
// AX the positions where the reference's n-gram at the window occurs.
TEXT ·match4BMI(SB), NOSPLIT, $0-56
	MOVQ  rb_base+0(FP), SI
	MOVQ  rb_len+8(FP), DX
	MOVQ  $-1, R8
	MOVQ  R8, R9
	MOVQ  R8, R10
	MOVQ  R8, R11
	SUBQ  $3, DX
	JLE   m4Done

m4Loop:
	MOVQ  (SI), AX
	MOVQ  AX, BX
	ANDQ  R8, BX
	BLSIQ BX, BX
	XORQ  BX, R8
	MOVQ  8(SI), CX
	SHRQ  $1, CX
	ANDQ  CX, AX
	MOVQ  AX, BX
	ANDQ  R9, BX
	BLSIQ BX, BX
	XORQ  BX, R9
	MOVQ  16(SI), CX
	SHRQ  $2, CX
	ANDQ  CX, AX
	MOVQ  AX, BX
	ANDQ  R10, BX
	BLSIQ BX, BX
	XORQ  BX, R10
	MOVQ  24(SI), CX
	SHRQ  $3, CX
	ANDQ  CX, AX
	ANDQ  R11, AX
	BLSIQ AX, BX
	XORQ  BX, R11
	ADDQ  $8, SI
	DECQ  DX
	JNZ   m4Loop

m4Done:
	MOVQ  R8, f0+24(FP)
	MOVQ  R9, f1+32(FP)
	MOVQ  R10, f2+40(FP)
	MOVQ  R11, f3+48(FP)
	RET

//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The loops of wordCodes (wordcodes_amd64.go) for a hypothesis and for a
// reference: from the whitespace masks of a text straight to the codes of
// its words, the fields found, split and numbered in one pass, as
// wordCodesGo does. They take the fields whose words have at most 32
// bytes, probing the word table as wordTable.find does; they stop at any
// other field, and at a hypothesis's field that might fill the table past
// a quarter (limit words), for the Go code to take it, returning its
// start. They stop too at the first field that starts at or past stop,
// or at the first block of masks that does, returning where they stopped,
// and return -1 for a field past e. p, where they start, is a, a field's
// start or a whitespace byte: where they, or the Go code after them,
// stopped. Both need BMI1 (TZCNT, BLSR, ANDN), BMI2 (MULX, SHLX, SHRX)
// and SSE4.1 (PEXTRQ).
//
// The fields' bounds are the edges of the whitespace masks, bits set
// where a byte's whitespace differs from the byte's before: a field's
// start, then its end, alternately. The edges of one block of 64 bytes
// are held in a register and taken lowest first (TZCNT, BLSR), so that
// finding a field does not wait on the field before.
//
// Registers kept through the loop: R9 buf, R11 the edges of the block
// not yet taken, R12 the block's start in buf, DI &codes[k]; for a
// hypothesis R13 the table's n. A word's key is in X0. A word of 17 to 32
// bytes takes a path of its own (KEY32, SAMEWORD), off the one of the
// shorter words.

// START loads the registers kept through the loop but the hypothesis's,
// and the edges of the block of p from p on, but for a field's end at p,
// a whitespace byte; p at or past e goes to done.
#define START(done) \
	MOVQ buf_base+56(FP), R9; \
	MOVQ codes_base+8(FP), DI; \
	MOVQ k+112(FP), CX; \
	LEAQ (DI)(CX*4), DI; \
	MOVQ p+96(FP), BX; \
	CMPQ BX, e+88(FP); \
	JAE  done; \
	MOVQ BX, R12; \
	SUBQ a+80(FP), R12; \
	MOVQ R12, R10; \
	ANDQ $-64, R12; \
	ADDQ a+80(FP), R12; \
	MOVQ $1, DX; \
	MOVQ R10, CX; \
	SHRQ $6, CX; \
	SHLQ $4, CX; \
	ADDQ masks_base+32(FP), CX; \
	MOVQ (CX), AX; \
	CMPQ R10, $64; \
	JB   3(PC); \
	MOVQ -16(CX), DX; \
	SHRQ $63, DX; \
	LEAQ (DX)(AX*2), DX; \
	XORQ AX, DX; \
	MOVQ $-1, R11; \
	SHLXQ R10, R11, R11; \
	ANDQ DX, R11; \
	BTQ  R10, AX; \
	JCC  2(PC); \
	BTRQ R10, R11

// EDGES moves R12 to the next block and sets R11 to its edges: its
// whitespace bits xor themselves shifted up a byte, the previous block's
// last bit shifted in. It uses AX, CX, DX.
#define EDGES \
	ADDQ $64, R12; \
	MOVQ R12, CX; \
	SUBQ a+80(FP), CX; \
	SHRQ $6, CX; \
	SHLQ $4, CX; \
	ADDQ masks_base+32(FP), CX; \
	MOVQ (CX), AX; \
	MOVQ -16(CX), DX; \
	SHRQ $63, DX; \
	LEAQ (DX)(AX*2), DX; \
	XORQ DX, AX; \
	MOVQ AX, R11

// FIELD takes the next field, going to done at a block or a field that
// starts at or past stop (stop ≤ e: past e every byte is whitespace, and
// so is the block after the text), with BX where it stopped, and sets R8
// to its start, BX to its end and R15 to the length of its first word
// (splitField); a field with a word of more than 32 bytes goes to slow,
// R8 its start, and one that ends past e to bad. A field of one byte is
// one word, and so is a field of one character of more bytes: its last
// byte is not punctuation, nor its first. It uses AX, CX, DX, R10.
#define FIELD(next, blocks, end, ends, done, slow, bad) \
next: \
	TZCNTQ R11, R8; \
	JCS    blocks; \
	BLSRQ  R11, R11; \
	ADDQ   R12, R8; \
	MOVQ   R8, BX; \
	CMPQ   R8, stop+104(FP); \
	JAE    done; \
end: \
	TZCNTQ R11, BX; \
	JCS    ends; \
	BLSRQ  R11, R11; \
	ADDQ   R12, BX; \
	CMPQ    BX, e+88(FP); \
	JA      bad; \
	MOVQ    BX, R15; \
	SUBQ    R8, R15; \
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
	CMPQ    R10, $32; \
	JA      slow; \
	LEAQ    -1(R15), CX; \
	NEGQ    AX; \
	ANDQ    AX, CX; \
	SUBQ    DX, R15; \
	SUBQ    CX, R15

// BLOCKS moves to the next block when the edges of one run out: looking
// for a field's start, to done at or past stop (BX where it stopped);
// for its end, to bad past e.
#define BLOCKS(next, blocks, end, ends, done, bad) \
blocks: \
	LEAQ 64(R12), BX; \
	CMPQ BX, stop+104(FP); \
	JAE  done; \
	EDGES; \
	JMP  next; \
ends: \
	LEAQ 64(R12), CX; \
	CMPQ CX, e+88(FP); \
	JA   bad; \
	EDGES; \
	JMP  end

// KEY sets X0 to wordTable.key's lo and hi of the word of R15 bytes (1 to
// 16) at R8, CX to the index of its slot (wordTable.hash's top bits) and
// R14 to the slot. It uses AX, DX, X1.
#define KEY \
	LEAQ    ·keyMask(SB), AX; \
	SUBQ    R15, AX; \
	MOVOU   16(AX), X1; \
	MOVOU   (R9)(R8*1), X0; \
	PAND    X1, X0; \
	HOME

// KEY32 is KEY for a word of 17 to 32 bytes: hi is wordTable.long32's
// hash of its bytes from the ninth on. It uses X2 too.
#define KEY32 \
	LEAQ    ·keyMask(SB), AX; \
	SUBQ    R15, AX; \
	MOVOU   32(AX), X1; \
	MOVOU   16(R9)(R8*1), X2; \
	PAND    X1, X2; \
	MOVOU   (R9)(R8*1), X0; \
	PEXTRQ  $1, X0, CX; \
	XORQ    seed+128(FP), CX; \
	MOVQ    X2, DX; \
	XORQ    seed+128(FP), DX; \
	MOVQ    $const_long32K1, AX; \
	XORQ    AX, DX; \
	MULXQ   CX, CX, DX; \
	XORQ    DX, CX; \
	PEXTRQ  $1, X2, DX; \
	XORQ    DX, CX; \
	MOVQ    $const_long32K2, DX; \
	XORQ    seed+128(FP), DX; \
	MULXQ   CX, CX, DX; \
	XORQ    DX, CX; \
	PINSRQ  $1, CX, X0; \
	HOME

// SAMEWORD goes to differ unless the word of R15 bytes (17 to 32) at R8 is,
// byte for byte, the word of the slot R14, which has its key. It uses AX,
// DX, X1, X2.
#define SAMEWORD(differ) \
	MOVQ     wordSlot_off(R14), AX; \
	MOVOU    (R9)(R8*1), X1; \
	MOVOU    (R9)(AX*1), X2; \
	PCMPEQB  X1, X2; \
	PMOVMSKB X2, DX; \
	CMPL     DX, $0xFFFF; \
	JNE      differ; \
	MOVOU    16(R9)(R8*1), X1; \
	MOVOU    16(R9)(AX*1), X2; \
	PXOR     X1, X2; \
	LEAQ     ·keyMask(SB), DX; \
	SUBQ     R15, DX; \
	MOVOU    32(DX), X1; \
	PTEST    X1, X2; \
	JNZ      differ

// HOME sets CX to the index of the slot of the key in X0 (R15 bytes), as
// wordTable.hash, and R14 to the slot. It uses AX, DX.
#define HOME \
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
	MOVQ    t+0(FP), AX; \
	ADDQ    wordTable_slots(AX), R14

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
	MOVQ  t+0(FP), SI; \
	ADDQ  wordTable_slots(SI), R14

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
	PCALIGN $64
	MOVQ t+0(FP), AX
	MOVL wordTable_n(AX), R13
	START(hdone)
	FIELD(hnext, hblocks, hend, hends, hdone, hslow, hbad)
	LEAL 2(R13), CX
	CMPL CX, limit+120(FP)
	JA   hslow // two new words might fill the table past a quarter

htok:
	CMPQ R15, $16
	JA   hlong
	KEY
	PROBE
	JZ   hhave

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
	MOVQ    t+0(FP), AX
	MOVQ    wordTable_used(AX), AX
	MOVL    CX, (AX)(R13*4) // kept only if the word is new
	CMPL    SI, $1
	ADCL    $0, R13
	INCL    R10
	MOVL    R10, (DI)
	ADDQ    $4, DI
	NEXTWORD(htok, hnext)

	BLOCKS(hnext, hblocks, hend, hends, hdone, hbad)

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

hlong:
	KEY32

hlprobe:
	PROBE
	JNZ   hlnext // neither empty nor the word's key
	TESTL SI, SI
	JZ    hhave  // empty: a new word
	SAMEWORD(hlnext)
	JMP   hhave

hlnext:
	NEXTSLOT
	JMP hlprobe

// func refWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64, shift uint) (int, int)
TEXT ·refWordsAsm(SB), NOSPLIT, $0-160
	PCALIGN $64
	START(rdone)
	FIELD(rnext, rblocks, rend, rends, rdone, rslow, rbad)

rtok:
	CMPQ R15, $16
	JA   rlong
	KEY
	PROBE
	JZ   rhave

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

	BLOCKS(rnext, rblocks, rend, rends, rdone, rbad)

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

rlong:
	KEY32

rlprobe:
	PROBE
	JNZ   rlnext // neither empty nor the word's key
	TESTL SI, SI
	JZ    rhave  // empty: AX is 0, and the code
	SAMEWORD(rlnext)
	JMP   rhave  // R10 is 0: the word's code

rlnext:
	NEXTSLOT
	JMP rlprobe

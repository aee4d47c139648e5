//go:build amd64 && !purego

package chrf

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
)

// wordsAsm tells whether hypCodes and refCodes run their assembly loops,
// which need BMI2.
var wordsAsm = cpu.HasBMI2

// The layouts that wordcodes_amd64.s assumes beyond go_asm.h's offsets: a
// constant below is negative, and does not compile, if one changes.
const (
	_ = uint(unsafe.Sizeof(wordSlot{}) - 32)
	_ = uint(32 - unsafe.Sizeof(wordSlot{}))
	_ = uint(unsafe.Sizeof(token{}) - 16)
	_ = uint(16 - unsafe.Sizeof(token{}))
)

// hypCodes is hypCodesGo with its loop in assembly (wordcodes_amd64.s)
// for most words.
func (t *wordTable) hypCodes(codes []uint32, toks []token, buf []byte) {
	if !wordsAsm {
		t.hypCodesGo(codes, toks, buf)
		return
	}
	t.drive(codes, toks, func(k, end int) int {
		t.checkLayout() // again: id may have grown the table
		return hypCodesAsm(t, codes, toks[:end], buf, k, 1<<(62-t.shift), t.seed)
	}, func(w token) uint32 {
		lo, hi := t.key(buf, w.off, w.n)
		return t.id(buf, w.off, w.n, lo, hi) + 1
	})
}

// refCodes is refCodesGo with its loop in assembly for most words.
func (t *wordTable) refCodes(codes []uint32, toks []token, buf []byte) {
	if !wordsAsm {
		t.refCodesGo(codes, toks, buf)
		return
	}
	t.checkLayout()
	t.drive(codes, toks, func(k, end int) int {
		return refCodesAsm(t, codes, toks[:end], buf, k, t.seed)
	}, func(w token) uint32 {
		lo, hi := t.key(buf, w.off, w.n)
		return t.code(buf, w.off, w.n, lo, hi)
	})
}

// drive sets the codes of toks: asm(k, end) sets those of toks[k:end] (at
// most cpu.AsmPiece of them) and returns the index of the word it stopped
// at, or end, or -1 for a word outside its buffer; slow gives the code of
// the word it stopped at.
func (t *wordTable) drive(codes []uint32, toks []token, asm func(k, end int) int, slow func(w token) uint32) {
	if len(codes) < len(toks) {
		panic("chrf: a word table needs a code for each word")
	}
	for k := 0; k < len(toks); {
		end := min(len(toks), k+cpu.AsmPiece)
		if k = asm(k, end); k < 0 {
			panic("chrf: a word outside its buffer")
		}
		if k < end {
			codes[k] = slow(toks[k])
			k++
		}
	}
}

// checkLayout panics unless t has the slots its shift uses, and room in
// used for the words of a table a quarter full: what the assembly loops
// index without checking.
func (t *wordTable) checkLayout() {
	if t.shift < 32 || t.shift > 64-minWordBits || len(t.slots) < 1<<(64-t.shift) || len(t.used) <= 1<<(62-t.shift) {
		panic("chrf: a word table out of shape")
	}
}

//go:noescape
func hypCodesAsm(t *wordTable, codes []uint32, toks []token, buf []byte, k int, limit uint32, seed uint64) int

//go:noescape
func refCodesAsm(t *wordTable, codes []uint32, toks []token, buf []byte, k int, seed uint64) int

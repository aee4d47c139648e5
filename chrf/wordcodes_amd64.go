//go:build amd64 && !purego

package chrf

import (
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
)

// wordsAsm tells whether wordCodes runs its assembly loops, which need
// BMI1, BMI2 and SSE4.1.
var wordsAsm = cpu.HasBMI1 && cpu.HasBMI2 && cpu.HasSSE41

// The layout that wordcodes_amd64.s assumes beyond go_asm.h's offsets: a
// constant below is negative, and does not compile, if it changes.
const (
	_ = uint(unsafe.Sizeof(wordSlot{}) - 32)
	_ = uint(32 - unsafe.Sizeof(wordSlot{}))
)

// wordCodes is wordCodesGo with its loop in assembly
// (wordcodes_amd64.s) for the fields whose words have at most 32 bytes;
// masks has the all-whitespace block past the text that window reads.
func (t *wordTable) wordCodes(codes []uint32, masks []uint64, buf []byte, a, e int, hyp bool) int {
	if !wordsAsm {
		return t.wordCodesGo(codes, masks, buf, a, e, hyp)
	}
	if a < 0 || a > e || len(buf)-wordPad < e || len(masks) < 2*((e-a+63)/64)+2 || len(codes) < e-a {
		panic("chrf: wordCodes needs a text in its buffer, padded, its masks and room for a code a byte")
	}
	k := 0
	for p := a; p < e; {
		stop := min(e, p+cpu.AsmPiece)
		t.checkLayout()
		if hyp {
			p, k = hypWordsAsm(t, codes, masks, buf, a, e, p, stop, k, 1<<(62-t.shift), t.seed, t.shift)
		} else {
			p, k = refWordsAsm(t, codes, masks, buf, a, e, p, stop, k, 0, t.seed, t.shift)
		}
		if p < 0 {
			panic("chrf: a field past the end of its text")
		}
		if t.n > 1<<(62-t.shift) {
			panic("chrf: a word table filled past a quarter")
		}
		if p < stop {
			// A field the loop leaves to Go: a word of more than 32
			// bytes, or a hypothesis's words the table must grow for.
			s, end := nextField(masks, a, e, p)
			k = t.fieldCodes(codes, k, buf, s, end, hyp)
			p = end
		}
	}
	return k
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
func hypWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64, shift uint) (int, int)

//go:noescape
func refWordsAsm(t *wordTable, codes []uint32, masks []uint64, buf []byte, a, e, p, stop, k int, limit uint32, seed uint64, shift uint) (int, int)

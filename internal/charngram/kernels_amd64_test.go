//go:build amd64 && !purego

package charngram

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
)

// The char tokenizer's kernels in assembly (kernels_amd64.s) against
// their Go twins (counter.go), each run on its own copy of the tables:
// the results and every word of the tables must be the same.

// charSide is one copy of the char counter's tables: those the Go twins
// change, or those the assembly changes.
type charSide struct {
	t     *charTables
	l     *charLong
	quads [3][]uint32 // a long hypothesis's 4-gram counts: hyp, best, ref
}

// charTwins runs the char kernels and their Go twins on two copies of the
// tables, segment after segment with the stamps growing as
// Counter.segment gives them, so that the tables hold earlier
// segments' entries, as they do in use.
type charTwins struct {
	t        *testing.T
	gen      uint32
	goS, asm charSide
	seg      int    // the segment, for messages
	what     string // the segment's texts, for messages
}

func newCharTwins(t *testing.T, gen uint32) *charTwins {
	w := &charTwins{t: t, gen: gen}
	for _, s := range w.sides() {
		s.t, s.l = new(charTables), new(charLong)
	}
	return w
}

func (w *charTwins) sides() [2]*charSide { return [2]*charSide{&w.goS, &w.asm} }

// next starts a segment, as Counter.segment does: it returns the
// stamp, clearing the tables when it wraps around.
func (w *charTwins) next(what string) uint32 {
	w.seg++
	w.what = what
	w.gen = (w.gen + 1) & charGenMask
	if w.gen == 0 {
		for _, s := range w.sides() {
			*s.t, *s.l = charTables{}, charLong{}
		}
		w.gen = 1
	}
	return w.gen
}

// fail reports a mismatch of kernel's results.
func (w *charTwins) fail(kernel string, gotGo, gotAsm any) {
	w.t.Helper()
	w.t.Fatalf("segment %d (gen %#x, %s): %s: Go twin gives %v, assembly %v", w.seg, w.gen, w.what, kernel, gotGo, gotAsm)
}

// checkTables fails unless both copies of the tables are the same after
// kernel ran, and of charLong too if long.
func (w *charTwins) checkTables(kernel string, long bool) {
	w.t.Helper()
	if *w.goS.t != *w.asm.t {
		i := firstDiffWord(w.goS.t, w.asm.t)
		w.t.Fatalf("segment %d (gen %#x, %s): after %s, charTables differ at byte %#x: Go twin %#x, assembly %#x",
			w.seg, w.gen, w.what, kernel, 4*i, tableWord(w.goS.t, i), tableWord(w.asm.t, i))
	}
	if long && *w.goS.l != *w.asm.l {
		i := firstDiffWord(w.goS.l, w.asm.l)
		w.t.Fatalf("segment %d (gen %#x, %s): after %s, charLong differs at byte %#x: Go twin %#x, assembly %#x",
			w.seg, w.gen, w.what, kernel, 4*i, tableWord(w.goS.l, i), tableWord(w.asm.l, i))
	}
}

// firstDiffWord returns the index of the first 4-byte word where *a and
// *b differ, or -1.
func firstDiffWord[T any](a, b *T) int {
	n := int(unsafe.Sizeof(*a) / 4)
	x, y := unsafe.Slice((*uint32)(unsafe.Pointer(a)), n), unsafe.Slice((*uint32)(unsafe.Pointer(b)), n)
	for i := range x {
		if x[i] != y[i] {
			return i
		}
	}
	return -1
}

// tableWord returns the 4-byte word i of *a.
func tableWord[T any](a *T, i int) uint32 {
	return unsafe.Slice((*uint32)(unsafe.Pointer(a)), unsafe.Sizeof(*a)/4)[i]
}

// prefixNums returns the numbers of the bigram and trigram of s ending at
// position 2 in t, for the segment stamped g, once the first three
// positions have been counted (0 for those the hypothesis lacks, and for
// an s shorter than three).
func prefixNums(t *charTables, s []uint8, g uint32) (num2, num3 uint32) {
	if len(s) < 3 {
		return 0, 0
	}
	g64 := uint64(g)
	first := seenNum(t.bi[uint16(s[1])<<8|uint16(s[0])], g64) & charNumMask
	num2 = seenNum(t.bi[uint16(s[2])<<8|uint16(s[1])], g64) & charNumMask
	num3 = seenNum(t.end[s[2]].tri[first], g64) & charNumMask
	return num2, num3
}

// short counts a hypothesis of at most maxCharHyp ids and matches it with
// one reference (countHypTail and matchTail) or several
// (countHypCountsTail, countRefTail and clipSum).
func (w *charTwins) short(h []uint8, refs [][]uint8) {
	w.t.Helper()
	g := w.next(fmt.Sprintf("hyp %x, refs %x", h, refs)) << charGenShift
	p := min(3, len(h))
	if len(refs) == 1 {
		for _, s := range w.sides() {
			countHyp(s.t, h[:p], g)
		}
		num2, num3 := prefixNums(w.goS.t, h, g)
		countHypTailGo(w.goS.t, h, num2, num3, g)
		countHypTail(w.asm.t, h, num2, num3, g)
		w.checkTables("countHypTail", false)
		r := refs[0]
		for _, s := range w.sides() {
			match(s.t, r[:min(3, len(r))], g)
		}
		num2, num3 = prefixNums(w.goS.t, r, g)
		if a, b := matchTailGo(w.goS.t, r, num2, num3, g), matchTail(w.asm.t, r, num2, num3, g); a != b {
			w.fail("matchTail", a, b)
		}
		w.checkTables("matchTail", false)
		return
	}
	var k int
	for _, s := range w.sides() {
		k = countHypCounts(s.t, h[:p], g, &s.t.counts)
	}
	num2, num3 := prefixNums(w.goS.t, h, g)
	a := countHypCountsTailGo(w.goS.t, h, num2, num3, g, &w.goS.t.counts, k)
	if b := countHypCountsTail(w.asm.t, h, num2, num3, g, &w.asm.t.counts, k); a != b {
		w.fail("countHypCountsTail", a, b)
	}
	w.checkTables("countHypCountsTail", false)
	for i, r := range refs {
		m, c := &w.goS.t.counts, &w.asm.t.counts
		cg, ca := &m.ref, &c.ref
		if i == 0 {
			cg, ca = &m.best, &c.best
		}
		countRefTailGo(w.goS.t, r, g, [4][]uint32{cg[0][:], cg[1][:], cg[2][:], cg[3][:]})
		countRefTail(w.asm.t, r, g, ca)
		w.checkTables("countRefTail", false)
	}
	l := (len(h) + 4) &^ 3
	for o := 1; o < 4; o++ {
		m, c := &w.goS.t.counts, &w.asm.t.counts
		a := clipSumGo(m.hyp[o][:l], m.best[o][:l], m.ref[o][:l])
		if b := clipSum(&c.hyp[o][0], &c.best[o][0], &c.ref[o][0], l); a != b {
			w.fail(fmt.Sprintf("clipSum of order %d", o+1), a, b)
		}
	}
	w.checkTables("clipSum", false)
	for _, s := range w.sides() {
		clear(s.t.counts.best[:])
		clear(s.t.counts.ref[:])
	}
}

// long counts a hypothesis of more than maxCharHyp ids
// (countHypLongTail) and its references (countRefLongTail), and clips
// the counts (clipSum). quads and c4 are the lengths of the 4-gram
// counts given to countHypLongTail and countRefLongTail, at most
// len(h)+1 rounded up to a multiple of 4 (what Counter.longQuads
// gives) and possibly too short for the hypothesis: the kernels' contracts
// say what they do then.
func (w *charTwins) long(h []uint8, refs [][]uint8, quads, c4 int) {
	w.t.Helper()
	g := w.next(fmt.Sprintf("long hyp of %d ids, refs of %d, quads %d, c4 %d", len(h), len(refs), quads, c4)) << charLongGenShift
	var next [3]uint32
	size := (len(h) + 4) &^ 3 // as Counter.longQuads makes them
	for _, s := range w.sides() {
		for i := range s.quads {
			if len(s.quads[i]) < size {
				s.quads[i] = make([]uint32, size)
			}
			s.quads[i] = s.quads[i][:size]
		}
		_, next, _ = countHypLong(s.l, s.t, h[:3], g, &s.t.counts, s.quads[0][:quads])
	}
	l := w.goS.l
	first := l.bi[uint16(h[1])<<8|uint16(h[0])] - g
	num2 := l.bi[uint16(h[2])<<8|uint16(h[1])] - g
	num3 := l.end[h[2]].tri[first] - g
	a2, a3, aok := countHypLongTailGo(l, h, num2, num3, next[0], next[1], g, w.goS.quads[0][:quads])
	b2, b3, bok := countHypLongTail(w.asm.l, h, num2, num3, next[0], next[1], g, w.asm.quads[0][:quads])
	if a2 != b2 || a3 != b3 || aok != bok {
		w.fail("countHypLongTail", []any{a2, a3, aok}, []any{b2, b3, bok})
	}
	w.checkTables("countHypLongTail", true)
	if !aok {
		// Refused for too many numbers, the assembly has counted the
		// last position's 4-gram, the Go twin not (countHypLong clears
		// them): one count may be one more.
		qg, qa := w.goS.quads[0], w.asm.quads[0]
		for i := range qa {
			if qa[i] == qg[i]+1 {
				qa[i]--
				break
			}
		}
	}
	w.checkQuads("countHypLongTail")
	if aok {
		for i, r := range refs {
			cur, q := 2, 2
			if i == 0 {
				cur, q = 1, 1
			}
			countRefLongTailGo(l, r, g, w.goS.longCounts(cur), w.goS.quads[q][:c4])
			countRefLongTail(w.asm.l, r, g, w.asm.longCounts(cur), w.asm.quads[q][:c4])
			w.checkTables("countRefLongTail", true)
			w.checkQuads("countRefLongTail")
		}
		lens := [3]uint32{(a2 + 3) &^ 3, (a3 + 3) &^ 3, uint32(len(h)+4) &^ 3}
		for o, n := range lens {
			hg, bg, rg := w.goS.longOrder(o)
			ha, ba, ra := w.asm.longOrder(o)
			a := clipSumGo(hg[:n], bg[:n], rg[:n])
			if b := clipSum(&ha[0], &ba[0], &ra[0], int(n)); a != b {
				w.fail(fmt.Sprintf("clipSum of order %d", o+2), a, b)
			}
		}
		w.checkTables("clipSum", true)
		w.checkQuads("clipSum")
	}
	for _, s := range w.sides() {
		s.l.hyp, s.l.best, s.l.ref = [2][charLongNums]uint32{}, [2][charLongNums]uint32{}, [2][charLongNums]uint32{}
		for _, q := range s.quads {
			clear(q)
		}
	}
}

// longCounts returns the reference counts of charLong: best if cur is 1,
// else ref.
func (s *charSide) longCounts(cur int) *[2][charLongNums]uint32 {
	if cur == 1 {
		return &s.l.best
	}
	return &s.l.ref
}

// longOrder returns the counts of order o+2 of a long hypothesis: the
// hypothesis's, the best and the current reference's.
func (s *charSide) longOrder(o int) (hyp, best, ref []uint32) {
	if o == 2 {
		return s.quads[0], s.quads[1], s.quads[2]
	}
	return s.l.hyp[o][:], s.l.best[o][:], s.l.ref[o][:]
}

// checkQuads fails unless both sides' 4-gram counts are the same.
func (w *charTwins) checkQuads(kernel string) {
	w.t.Helper()
	for i := range w.goS.quads {
		if !slices.Equal(w.goS.quads[i], w.asm.quads[i]) {
			j := 0
			for w.goS.quads[i][j] == w.asm.quads[i][j] {
				j++
			}
			w.t.Fatalf("segment %d (gen %#x, %s): after %s, 4-gram counts %d differ at %d: Go twin %d, assembly %d",
				w.seg, w.gen, w.what, kernel, i, j, w.goS.quads[i][j], w.asm.quads[i][j])
		}
	}
}

// charAlphabet returns k distinct ids for a hypothesis, drawn so that the
// ends of the ASCII and wide ranges come often (ids are bytes: 0x00..0x7F
// ASCII, 0x80..0xFE wide, 0xFF charNone, which only references have).
func charAlphabet(r *rand.Rand, k int) []uint8 {
	edges := []uint8{0x00, 0x01, 'a', 0x7E, 0x7F, 0x80, 0x81, 0xFD, 0xFE}
	seen := make(map[uint8]bool)
	var a []uint8
	for len(a) < k {
		id := uint8(r.IntN(0xFF))
		if r.IntN(2) == 0 {
			id = edges[r.IntN(len(edges))]
		}
		if !seen[id] {
			seen[id] = true
			a = append(a, id)
		}
	}
	return a
}

// charText returns n ids of alphabet.
func charText(r *rand.Rand, n int, alphabet []uint8) []uint8 {
	s := make([]uint8, n)
	for i := range s {
		s[i] = alphabet[r.IntN(len(alphabet))]
	}
	return s
}

// charRef returns a reference of n ids for the hypothesis h: pieces of h,
// ids of alphabet and charNone, in runs, so that it shares n-grams of
// every order with h and lacks others.
func charRef(r *rand.Rand, n int, h, alphabet []uint8) []uint8 {
	s := make([]uint8, 0, n+8)
	for len(s) < n {
		switch k := r.IntN(8); {
		case k < 4 && len(h) > 0:
			i := r.IntN(len(h))
			s = append(s, h[i:min(len(h), i+1+r.IntN(8))]...)
		case k < 7:
			s = append(s, charText(r, 1+r.IntN(4), alphabet)...)
		default:
			s = append(s, charNone)
		}
	}
	return s[:n]
}

// TestCharKernelsShort compares countHypTail, matchTail,
// countHypCountsTail, countRefTail and clipSum with their Go twins on
// hypotheses of every length up to 80 ids and near maxCharHyp, where the
// numbers and counts fill their bits, with one, two and three references
// of every length up to 80 and longer, on alphabets of one id (the
// largest counts) to nearly all, segment after segment: earlier segments'
// entries stay in the tables, and the stamps wrap around.
func TestCharKernelsShort(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 1))
	// Start near the end of the stamps, so that they wrap around.
	w := newCharTwins(t, charGenMask-300)
	reps := 6
	if testing.Short() || conftest.RaceEnabled {
		reps = 2
	}
	var lens []int
	for n := range 81 {
		for range reps {
			lens = append(lens, n)
		}
	}
	for n := maxCharHyp - 4; n <= maxCharHyp; n++ {
		lens = append(lens, n, n)
	}
	for range 20 * reps {
		lens = append(lens, 81+r.IntN(maxCharHyp-80))
	}
	for i, n := range lens {
		alpha := charAlphabet(r, []int{1, 2, 3, 5, 12, 60, 200}[r.IntN(7)])
		h := charText(r, n, alpha)
		refs := make([][]uint8, 1+i%3)
		for j := range refs {
			m := r.IntN(81)
			if r.IntN(8) == 0 {
				m = r.IntN(2 * maxCharHyp)
			}
			refs[j] = charRef(r, m, h, alpha)
		}
		w.short(h, refs)
	}
}

// TestCharKernelsLong compares countHypLongTail, countRefLongTail and
// clipSum with their Go twins on hypotheses of more than maxCharHyp ids:
// with few distinct n-grams, and with nearly charLongNums distinct
// bigrams or trigrams or more (where countHypLongTail refuses the
// hypothesis), and with 4-gram counts too short for it (refused too, or
// counted at 0 for a reference).
func TestCharKernelsLong(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 2))
	w := newCharTwins(t, 1)
	segs := 40
	if testing.Short() || conftest.RaceEnabled {
		segs = 12
	}
	for i := range segs {
		n := maxCharHyp + 1 + r.IntN(3000)
		k := []int{1, 3, 8, 40, 45, 46, 47, 60, 255}[i%9]
		if i == segs-1 {
			n = cpu.AsmPiece // the longest the assembly is given
		}
		h := charText(r, n, charAlphabet(r, k))
		if i < 2 {
			// As many distinct trigrams as charLong numbers (accepted),
			// and one more (refused).
			h = charText(r, 4*charLongNums, charAlphabet(r, 255))
			h = h[:distinctTrigramsEnd(h, charLongNums-1+i)]
			n = len(h)
		}
		refs := make([][]uint8, 1+i%3)
		for j := range refs {
			refs[j] = charRef(r, r.IntN(2*n), h, charAlphabet(r, k))
		}
		quads, c4 := (n+4)&^3, (n+4)&^3
		switch i % 5 {
		case 3:
			quads = r.IntN(n)
		case 4:
			c4 = 1 + r.IntN(n)
		}
		w.long(h, refs, quads, c4)
	}
}

// distinctTrigramsEnd returns the length of the longest prefix of h with
// k distinct trigrams at most.
func distinctTrigramsEnd(h []uint8, k int) int {
	seen := make(map[[3]uint8]bool)
	for e := 2; e < len(h); e++ {
		x := [3]uint8{h[e-2], h[e-1], h[e]}
		if !seen[x] && len(seen) == k {
			return e
		}
		seen[x] = true
	}
	return len(h)
}

// TestClipSum compares clipSum with clipSumGo on counts of every length
// that is a multiple of 4 up to 128, and the longest clip gives it, with
// values at the ends of the range of uint32 (PMINUD and PMAXUD compare
// without sign).
func TestClipSum(t *testing.T) {
	if !cpu.HasSSE41 {
		t.Skip("clipSum is not used here")
	}
	r := rand.New(rand.NewPCG(21, 3))
	edges := []uint32{0, 1, 2, 0x7FFF_FFFF, 0x8000_0000, 0x8000_0001, 0xFFFF_FFFE, 0xFFFF_FFFF}
	value := func() uint32 {
		switch r.IntN(4) {
		case 0:
			return edges[r.IntN(len(edges))]
		case 1:
			return r.Uint32()
		}
		return uint32(r.IntN(6))
	}
	var lens []int
	for n := 0; n <= 128; n += 4 {
		lens = append(lens, n, n, n)
	}
	lens = append(lens, maxCharHyp+1, charLongNums, 1<<16)
	for _, n := range lens {
		// Canaries after the counts: clipSum must leave them.
		var in [3][]uint32
		for i := range in {
			in[i] = make([]uint32, n+4)
			for j := range in[i] {
				in[i][j] = value()
			}
		}
		var g, a [3][]uint32
		for i := range in {
			g[i], a[i] = slices.Clone(in[i]), slices.Clone(in[i])
		}
		want := clipSumGo(g[0][:n], g[1][:n], g[2][:n])
		got := clipSum(&a[0][0], &a[1][0], &a[2][0], n)
		if got != want {
			t.Fatalf("clipSum of %d counts %x: %d, clipSumGo %d", n, in, got, want)
		}
		for i := range a {
			if !slices.Equal(g[i], a[i]) {
				t.Fatalf("clipSum of %d counts %x: leaves array %d %x, clipSumGo %x", n, in, i, a[i], g[i])
			}
		}
	}
}

// TestCopyASCII16Twin compares copyASCII16 with copyASCII, its Go twin,
// from every start in texts of every length from 16 to 80 bytes and some
// longer: ASCII letters and every ASCII whitespace byte, with non-ASCII
// bytes (leads, continuations and invalid bytes) here and there, in runs
// that cross the 8- and 16-byte blocks and the last, overlapping one. (On
// Linux, each text ends where a page that cannot be read begins.)
func TestCopyASCII16Twin(t *testing.T) {
	if !cpu.HasSSSE3 {
		t.Skip("copyASCII16 is not used here")
	}
	r := rand.New(rand.NewPCG(21, 4))
	ascii := []byte("aZ0~!\x7f\x00\x08\x0e\x1b \t\n\v\f\r\x1c\x1d\x1e\x1f")
	other := []byte{0x80, 0xBF, 0xC2, 0xC3, 0xE3, 0xF0, 0xFF}
	reps := 12
	if testing.Short() || conftest.RaceEnabled {
		reps = 4
	}
	var lens []int
	for n := 16; n <= 80; n++ {
		for range reps {
			lens = append(lens, n)
		}
	}
	lens = append(lens, 255, 256, 257, cpu.AsmPiece)
	// Each text ends where a page that cannot be read begins.
	guard := conftest.NewGuarded(t, cpu.AsmPiece)
	for _, n := range lens {
		s := make([]byte, n)
		// One non-ASCII byte in about every stretch of dense: from none
		// to many.
		dense := []int{0, 4, 17, 40}[r.IntN(4)]
		for i := range s {
			if dense > 0 && r.IntN(dense) == 0 {
				s[i] = other[r.IntN(len(other))]
			} else {
				s[i] = ascii[r.IntN(len(ascii))]
			}
		}
		text := guard.String(s)
		for i := range n + 1 {
			if n > 300 && i%97 != 0 && i < n-40 {
				continue // the long texts from some starts
			}
			room := n - i + 8
			// Canaries after the room: neither may write past it.
			got, want := bytes.Repeat([]byte{0xAA}, room+16), bytes.Repeat([]byte{0xAA}, room+16)
			next, written := copyASCII16(got[:room:room], text, i, &charShuf)
			wnext, wwritten := copyASCII(want[:room:room], 0, text, i)
			if next != wnext || written != wwritten || !bytes.Equal(got[:written], want[:written]) || !bytes.Equal(got[room:], want[room:]) {
				t.Fatalf("copyASCII16(%q, %d) = %d, %q; copyASCII gives %d, %q", text, i, next, got[:written], wnext, want[:wwritten])
			}
		}
	}
}

// FuzzCharKernels runs the char kernels and their Go twins on a
// hypothesis and references made from data, then on the first reference
// as a hypothesis and the hypothesis as its reference (over the first
// segment's entries): data's first byte chooses one reference or several
// and a long hypothesis (the hypothesis repeated past maxCharHyp ids),
// the second where the hypothesis ends, and the rest is cut into
// references after each id 0xFF (charNone).
func FuzzCharKernels(f *testing.F) {
	f.Add([]byte("\x00\x05abcabcab\xffcab"))
	f.Add([]byte("\x01\x03aaaaaaa\xffaa\xffaaa"))
	f.Add([]byte("\x02\x20the cat sat on the mat and the dog\xffthe cat\xffsat on"))
	f.Add([]byte("\x05\x08\x80\x81\x80\x81\x7f\x00\x7f\x00\xff\x80\x81\x7f\xff"))
	f.Add([]byte("\x2c\x09abcdefghijabcdefghij"))
	var w *charTwins
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		mode, cut, data := data[0], int(data[1]), data[2:]
		// The same tables for every input, cleared: an input that fails
		// fails alone.
		if w == nil {
			w = newCharTwins(t, 0)
		}
		w.t, w.gen = t, 0
		for _, s := range w.sides() {
			*s.t = charTables{}
		}
		n := min(cut, len(data))
		h := bytes.ReplaceAll(data[:n], []byte{charNone}, []byte{0xFE})
		refs := bytes.SplitAfter(data[n:], []byte{charNone})
		refs = refs[:min(len(refs), 3)]
		if mode&3 == 0 {
			refs = refs[:1]
		}
		if mode&4 != 0 && len(h) > 0 {
			for _, s := range w.sides() {
				*s.l = charLong{}
			}
			h = bytes.Repeat(h, maxCharHyp/len(h)+2)
			h = h[:min(len(h), maxCharHyp+1+int(mode>>3)*50)]
			size := (len(h) + 4) &^ 3
			w.long(h, refs, size, size)
			h = h[len(h)/3:]
			size = (len(h) + 4) &^ 3
			w.long(h, refs[:1], size, size)
			return
		}
		w.short(h[:min(len(h), maxCharHyp)], refs)
		r := bytes.ReplaceAll(refs[0], []byte{charNone}, []byte{0xFE})
		w.short(r[:min(len(r), maxCharHyp)], [][]uint8{h})
	})
}

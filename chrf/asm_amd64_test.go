//go:build amd64 && !purego

package chrf

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/py"
)

// TestAsmKernels checks each assembly loop against its Go loop on the
// data of random pairs of texts, step by step through sortedOrders: the
// same inputs must give the same outputs, written and returned.
func TestAsmKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabets := []string{"ab", "abc ", "abcdefghij  \t", "aäbßcé中文 \u3000", "xyz\u0800\u07ff", "абв гдеёжз\u0080",
		"\x00\x08\t\n\v\f\r\x0e\x1b\x1c\x1d\x1e\x1f \x21\x7fa~", "abcdefghijklmnopqrstuvwxyz,. \u00a0\u0085"}
	text := func(alpha []rune, n int) string {
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[rng.IntN(len(alpha))])
		}
		return b.String()
	}
	checked := 0
	for i := range 2000 {
		p := (&Config{Whitespace: i%5 == 0}).params()
		hypAlpha := []rune(alphabets[rng.IntN(len(alphabets))])
		refAlpha := append(slices.Clone(hypAlpha), []rune(alphabets[rng.IntN(len(alphabets))])...)
		n := 300
		if i%40 == 0 {
			n = 6000 // runs and matches past 511, in the 16-bit lanes
		}
		hyp, ref := text(hypAlpha, 3+rng.IntN(n)), text(refAlpha, 3+rng.IntN(n))

		// appendRunes
		a, g := &counter{p: p}, &counter{p: p}
		a.appendRunes(hyp)
		g.appendRunesGo(hyp)
		hl := len(g.runes)
		a.appendRunes(ref)
		g.appendRunesGo(ref)
		if !slices.Equal(a.runes, g.runes) {
			t.Fatalf("%q %q: appendRunes %v, Go %v", hyp, ref, a.runes, g.runes)
		}
		if checkKernels(t, g.runes, hl) {
			checked++
		}
	}
	if checked < 1500 {
		t.Errorf("only %d of 2000 pairs went through every kernel", checked)
	}
}

// TestAppendRunesBMP checks appendRunes, whose assembly takes characters
// of one to three bytes, against appendRunesGo on every such character
// and on their edges: the first and last of each length, Python's
// whitespace among them and beside it,
// bytes that are not UTF-8 (overlong, surrogates, cut short), four-byte
// characters, and characters across the end of an assembly piece or of
// the text.
func TestAppendRunesBMP(t *testing.T) {
	piece := strings.Repeat("a", cpu.AsmPiece-1)
	texts := []string{
		"", "a", "\u0080", "\u07ff", "\u0085", "\u00a0", "a\u0085b\u00a0c", "\u0084\u0086\u009f\u00a1",
		"ж", "жж ж", "\u0800", "中\u07ff", "\xc0\x80", "\xc1\xbf", "\xc2", "a\xc2", "\xc2A", "\xdf\xc0", "\xc2\xc2\x80",
		"\x80", "\xff", "\xe0\xa0", piece + "ж", piece + "\u00a0 x", piece + "a\u00a0", piece + "中", piece + "a中",
		"中文 字\u3000x", "\ud7ff\ue000\uffff", "\xe0\x9f\xbf", "\xe0\xa0\x80", "\xed\xa0\x80", "\xed\x9f\xbf",
		"\xe1\x80", "\xe1\x80\xc0", "\xe1\xc0\x80", "\xf0\x9f\x98\x80", "a😀b中", "\xef\xbf\xbf\xef",
		"a\xc2\x80"[:2], "a\xe4\xb8\xad"[:3], "a\xe4\xb8\xad"[:2], // continuation bytes past the text's end
	}
	var bmp strings.Builder // every character of two and three bytes, across pieces
	for r := rune(0x80); r < 0x10000; r++ {
		if py.IsSpace(r) || py.IsSpace(r-1) || py.IsSpace(r+1) {
			texts = append(texts, "x"+string(r)+"y")
		}
		if r < 0xD800 || r > 0xDFFF {
			bmp.WriteRune(r)
		}
	}
	texts = append(texts, bmp.String())
	for _, text := range texts {
		for _, ws := range []bool{false, true} {
			p := (&Config{Whitespace: ws}).params()
			a, g := &counter{p: p}, &counter{p: p}
			a.runes, g.runes = []uint32{7}, []uint32{7} // appended to
			a.appendRunes(text)
			g.appendRunesGo(text)
			if !slices.Equal(a.runes, g.runes) {
				t.Errorf("%q, whitespace %v: appendRunes %x, Go %x", text, ws, a.runes, g.runes)
			}
		}
	}
}

// TestAppendRunesBlocks checks appendRunes's blocks of 16 bytes against
// appendRunesGo on random texts: of ASCII, two-byte characters and
// whitespace, and of three-byte characters (Chinese, Japanese, U+3000,
// those of the lead bytes E0, E1, E2 and ED) with some ASCII, each strewn
// with what a block must leave to the loop after it: characters of other
// lengths, bytes that are not UTF-8, a lead byte cut short, a
// continuation byte alone; each text at every start within 17 bytes, so
// that every piece falls at every place in a block.
func TestAppendRunesBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	commons := [][]string{
		{"a", "Z", " ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1f", "\x1b", "\x08", "\x0e", "!", "\x7f",
			"ж", "Ё", "\u0080", "\u0085", "\u00a0", "\u00a1", "\u0084", "\u07ff", "ά", "ש", "ع"},
		{"中", "文", "あ", "ン", "。", "、", "\u3000", "\u3001", "\uff0c", "\ue000", "\uffff", "\u4e00", "\u9fff", "한",
			"\u0800", "\u0fff", "“", "\u2000", "\u200a", "\u200b", "\u1680", "\u2028", "\u202f", "\u205f", "\ud7ff",
			"\ue000", "a", " ", "1"},
	}
	rare := []string{"中", "\u0800", "\u3000", "\uffff", "😀", "\xc0\x80", "\xc1\xbf", "\x80", "\xbf", "\xc2", "\xdf",
		"\xe0\x80", "\xed\xa0\x80", "\xf5", "\xff", "\xc2\xc2\x80", "\xc2\xc0", "\xe4\xb8", "\xe4\xb8\xc0",
		"\xe4\xc0\xad", "\xe0\x9f\xbf", "ж", "\u00a0"}
	for i := range 8000 {
		common := commons[i%2]
		var b strings.Builder
		for b.Len() < 20+rng.IntN(60) {
			if rng.IntN(12) == 0 {
				b.WriteString(rare[rng.IntN(len(rare))])
			} else {
				b.WriteString(common[rng.IntN(len(common))])
			}
		}
		text := b.String()
		for start := range min(17, len(text)) {
			for _, ws := range []bool{false, true} {
				p := (&Config{Whitespace: ws}).params()
				a, g := &counter{p: p}, &counter{p: p}
				a.appendRunes(text[start:])
				g.appendRunesGo(text[start:])
				if !slices.Equal(a.runes, g.runes) {
					t.Fatalf("text %d %q, whitespace %v: appendRunes %x, Go %x", i, text[start:], ws, a.runes, g.runes)
				}
			}
		}
	}
}

// checkKernels checks the kernels on the characters items, the first hl
// of them the hypothesis's, and reports whether the texts were long
// enough for every kernel.
func checkKernels(t *testing.T, items []uint32, hl int) bool {
	t.Helper()
	hypItems, refItems := items[:hl], items[hl:]
	if len(refItems) < 3 || hl < 3 {
		return false
	}
	// numberHyp and numberRef
	a, g := &counter{}, &counter{}
	a.tab.reset(hl)
	g.tab.reset(hl)
	ca, cg := make([]uint32, len(items)), make([]uint32, len(items))
	ha, hg := make([]int32, 2*(hl+1)), make([]int32, 2*(hl+1))
	da := a.numberHyp(ca[:hl], hypItems, ha[:hl+1])
	dg := g.numberHypGo(cg[:hl], hypItems, hg[:hl+1])
	a.numberRef(ca[hl:], refItems, ha[hl+1:])
	g.numberRefGo(cg[hl:], refItems, hg[hl+1:])
	if da != dg || !slices.Equal(ca, cg) || !slices.Equal(ha, hg) {
		t.Fatalf("numbering %d %v %v, Go %d %v %v", da, ca, ha, dg, cg, hg)
	}
	codes, d := ca, da
	if !sortable(d) {
		return false
	}
	// hypBigrams and refBigrams
	w := uint32(d + 1)
	sa, sg := make([]uint32, w*w), make([]uint32, w*w)
	ra, rg := make([]uint32, len(codes)), make([]uint32, len(codes))
	clear(ha)
	clear(hg)
	const gen = 5 << 16
	na := hypBigrams(ra[:hl], codes[:hl], sa, ha[:hl+1], w, gen)
	ng := hypBigramsGo(rg[:hl], codes[:hl], sg, hg[:hl+1], w, gen)
	refBigrams(ra[hl:], codes[hl:], sa, ha[hl+1:], w, gen)
	refBigramsGo(rg[hl:], codes[hl:], sg, hg[hl+1:], w, gen)
	if na != ng || !slices.Equal(ra, rg) || !slices.Equal(ha, hg) || !slices.Equal(sa, sg) {
		t.Fatalf("bigrams %d %v %v, Go %d %v %v", na, ra, ha, ng, rg, hg)
	}
	// hypKeys and refKeys, on bigram data of every kind: keys or none,
	// once or not, whatever the counts.
	rng := rand.New(rand.NewPCG(uint64(len(codes)), uint64(hl)))
	info := make([]bigramInfo, na)
	for r := range info {
		info[r] = bigramInfo{keys: int32(rng.IntN(3)), tail: rng.Uint64() & tailMask(6)}
	}
	for nmax := 3; nmax <= 6; nmax++ {
		ia, ig := slices.Clone(info), slices.Clone(info)
		var ta, tg [256]int32
		ka, kg := make([]uint64, len(codes)), make([]uint64, len(codes))
		mask := tailMask(nmax)
		nka := hypKeys(ka, codes[:hl], ra[:hl], ia, &ta, mask)
		nkg := hypKeysGo(kg, codes[:hl], rg[:hl], ig, &tg, mask)
		lt := newLaneTables(nmax)
		nka, la := refKeys(ka, nka, codes[hl:], ra[hl:], ia, &ta, lt, mask)
		nkg, lg := refKeysGo(kg, nkg, codes[hl:], rg[hl:], ig, &tg, lt, mask)
		if nka != nkg || la != lg || !slices.Equal(ka[:nka], kg[:nkg]) || ta != tg || !slices.Equal(ia, ig) {
			t.Fatalf("nmax %d: keys %d %x %x, Go %d %x %x", nmax, nka, la, ka[:nka], nkg, lg, kg[:nkg])
		}
		if nka == 0 {
			continue
		}
		keys := slices.Clone(ka[:nka])
		slices.Sort(keys)
		if got, want := runMatches(keys, lt), runMatchesGo(keys, lt); got != want {
			t.Fatalf("nmax %d: runMatches %x, Go %x", nmax, got, want)
		}
	}
	return true
}

// TestWordKernels checks the word orders' assembly loops against their Go
// loops, pass by pass, on the texts of TestTokens: the same masks, and
// the same codes from the same slots of the word table.
func TestWordKernels(t *testing.T) {
	if !wordsAsm {
		t.Skip("no BMI2: wordCodes runs its Go loop")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	var ta, tg wordTable
	for i := range 3000 {
		alpha := []rune(wordAlphabets[i%len(wordAlphabets)])
		checkWordKernels(t, &ta, &tg, wordText(rng, alpha, rng.IntN(400)), wordText(rng, alpha, rng.IntN(400)), 0)
	}
}

// TestWordKernelsLong is TestWordKernels on words of 9 to 40 bytes, many
// alike: words of one length that differ in one byte only, at the start,
// at the ninth, past the 16th or at the end, Cyrillic words of 17 bytes
// and more, the words that the loops key with long32 and tell apart byte
// by byte, or leave to Go past 32 bytes.
func TestWordKernelsLong(t *testing.T) {
	if !wordsAsm {
		t.Skip("no BMI2: wordCodes runs its Go loop")
	}
	var vocab []string
	for n := 9; n <= 40; n++ {
		base := []byte(strings.Repeat("abcdefghij", 4)[:n])
		vocab = append(vocab, string(base))
		for _, at := range []int{0, 8, 15, 16, 17, 24, n - 1} {
			if at < n {
				w := slices.Clone(base)
				w[at] = 'Z'
				vocab = append(vocab, string(w))
			}
		}
	}
	vocab = append(vocab, "достопримечательность", "достопримечательности", "преподавательница", "Преподавательница",
		"электроэнергия", "электроэнергии", "ab", "x", "(abcdefghijabcdefghij)", "abcdefghijabcdefghij.")
	rng := rand.New(rand.NewPCG(11, 12))
	var ta, tg wordTable
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(vocab[rng.IntN(len(vocab))])
			b.WriteString([]string{" ", "  ", "\n", ", "}[rng.IntN(4)])
		}
		return b.String()
	}
	for range 400 {
		hyp, ref := text(rng.IntN(120)), text(rng.IntN(120))
		checkWordKernels(t, &ta, &tg, hyp, ref, 0)
		m := numbering{}
		_, wantHyp := m.codes(hyp, true)
		_, wantRef := m.codes(ref, false)
		want := append(wantHyp, wantRef...)
		var tab wordTable
		tab.reset()
		got := codesOf(&tab, hyp, ref)
		if !slices.Equal(got, want) {
			t.Fatalf("%q %q: codes %v, want %v", hyp, ref, got, want)
		}
	}
}

// TestWordKernelsCollide checks that words of 17 to 32 bytes of one key
// are told apart byte by byte. Under a seed whose bytes are "qrstuvwx",
// long32's first product is 0 for every word with those bytes from its
// ninth: such words of one length that differ only in their bytes 17 to
// 24 have one key. Words that differ in their first 16 bytes or in their
// last, and share a key with none, are among them.
func TestWordKernelsCollide(t *testing.T) {
	if !wordsAsm {
		t.Skip("no BMI2: wordCodes runs its Go loop")
	}
	seed := binary.LittleEndian.Uint64([]byte("qrstuvwx"))
	var vocab []string
	for _, w2 := range []string{"aaaaaaaa", "aaaaaaab", "baaaaaaa", "abababab"} {
		for _, tail := range []string{"", "z", "zzzzzzzz"} {
			vocab = append(vocab, "AAAAAAAAqrstuvwx"+w2+tail, "AAAAAAABqrstuvwx"+w2+tail)
		}
	}
	tab := wordTable{seed: seed}
	if a, b := []byte(vocab[0]+strings.Repeat("\x00", 32)), []byte(vocab[6]+strings.Repeat("\x00", 32)); tab.long32(a, 0, 24) != tab.long32(b, 0, 24) {
		t.Fatal("no two words of one key: the test does not test")
	}
	rng := rand.New(rand.NewPCG(13, 14))
	var ta, tg wordTable
	for range 300 {
		var hyp, ref strings.Builder
		for range rng.IntN(30) {
			hyp.WriteString(vocab[rng.IntN(len(vocab))] + " ")
		}
		for range rng.IntN(30) {
			ref.WriteString(vocab[rng.IntN(len(vocab))] + " ")
		}
		checkWordKernels(t, &ta, &tg, hyp.String(), ref.String(), seed)
		m := numbering{}
		_, wantHyp := m.codes(hyp.String(), true)
		_, wantRef := m.codes(ref.String(), false)
		ta.reset()
		ta.seed = seed
		if got, want := codesOf(&ta, hyp.String(), ref.String()), append(wantHyp, wantRef...); !slices.Equal(got, want) {
			t.Fatalf("%q %q: codes %v, want %v", hyp.String(), ref.String(), got, want)
		}
	}
}

// checkWordKernels checks spaceMasks and wordCodes against their Go
// loops on the words of hyp and then ref, ta and tg reset with the same
// seeds (seed, unless 0): the same masks, and the same codes from the
// same slots.
func checkWordKernels(t *testing.T, ta, tg *wordTable, hyp, ref string, seed uint64) {
	t.Helper()
	buf := append([]byte(hyp+ref), make([]byte, wordPad)...)
	ta.reset()
	tg.reset()
	if seed != 0 {
		ta.seed = seed
	}
	tg.seed, tg.long = ta.seed, ta.long // the same slots, compared below
	for k, r := range [][2]int{{0, len(hyp)}, {len(hyp), len(hyp) + len(ref)}} {
		a, e := r[0], r[1]
		blocks := (e - a + 63) / 64
		ma, mg := make([]uint64, 2*blocks+2), make([]uint64, 2*blocks+2)
		la, lg := spaceMasks(ma[:2*blocks], buf, a, e), spaceMasksGo(mg[:2*blocks], buf, a, e)
		if la != 0 && lg == 0 || la == 0 && lg != 0 || !slices.Equal(ma, mg) {
			t.Fatalf("%q: spaceMasks %x %x, Go %x %x", buf[a:e], la, ma, lg, mg)
		}
		if lg != 0 {
			multiByteSpaces(mg[:2*blocks], buf, a, e)
		}
		mg[2*blocks] = ^uint64(0)
		ca, cg := make([]uint32, e-a), make([]uint32, e-a)
		na, ng := ta.wordCodes(ca, mg, buf, a, e, k == 0), tg.wordCodesGo(cg, mg, buf, a, e, k == 0)
		if !slices.Equal(ca[:na], cg[:ng]) || ta.n != tg.n || ta.shift != tg.shift || !slices.Equal(ta.used[:ta.n], tg.used[:tg.n]) {
			t.Fatalf("%q: codes %v (%d words in slots %v), Go %v (%d in %v)", buf[a:e], ca[:na], ta.n, ta.used[:ta.n], cg[:ng], tg.n, tg.used[:tg.n])
		}
	}
}

// TestWordKernelsLimit checks that the hypothesis's loop leaves to Go a
// field of two new words that would fill the word table past a quarter:
// one word short of it, a field of a word and a punctuation mark.
func TestWordKernelsLimit(t *testing.T) {
	if !wordsAsm {
		t.Skip("no BMI2: wordCodes runs its Go loop")
	}
	var tab wordTable
	tab.reset()
	limit := 1 << (62 - tab.shift)
	var words []string
	for i := range limit - 1 {
		words = append(words, fmt.Sprint("w", i))
	}
	text := strings.Join(append(words, "x.", "y"), " ")
	codes := codesOf(&tab, text)
	_, want := numbering{}.codes(text, true)
	if !slices.Equal(codes, want) || int(tab.n) != limit+2 {
		t.Fatalf("codes %v, %d words, want %v, %d", codes, tab.n, want, limit+2)
	}
}

// TestBigramKeys checks bigramKeys and sumMin against their Go loops, on counts of
// every kind (once, in one text only, more) and every length past the
// blocks of four.
func TestBigramKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 3000 {
		n := 1 + i%41
		hc, rc := make([]int32, n+rng.IntN(3)), make([]int32, n+rng.IntN(3))
		for r := 1; r < n; r++ {
			hc[r], rc[r] = 1+int32(rng.IntN(3)), int32(rng.IntN(4))
			if rng.IntN(8) == 0 {
				hc[r], rc[r] = 1+int32(rng.IntN(511)), int32(rng.IntN(512))
			}
		}
		a, g := make([]bigramInfo, n), make([]bigramInfo, n)
		for r := range a {
			a[r].tail, g[r].tail = uint64(r), uint64(r) // left as they are
		}
		ma, mg := bigramKeys(a, hc, rc), bigramKeysGo(g, hc, rc)
		if ma != mg || !slices.Equal(a, g) {
			t.Fatalf("%v %v: bigramKeys %d %v, Go %d %v", hc, rc, ma, a, mg, g)
		}
		if sa, sg := sumMin(hc[:n], rc), sumMinGo(hc[:n], rc); sa != sg || sa != mg {
			t.Fatalf("%v %v: sumMin %d, Go %d, bigramKeys %d", hc, rc, sa, sg, mg)
		}
	}
}

// TestNumberHashed checks numberHyp and numberRef on items past the
// array of small keys, numbered in the hash table, against their Go
// loops: many distinct ones, so that probes run on and wrap, and each
// left where table.lookup finds it.
func TestNumberHashed(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := range 200 {
		hl, rl := 1+rng.IntN(500), 1+rng.IntN(500)
		items := make([]uint32, hl+rl)
		for k := range items {
			items[k] = smallKeys + uint32(rng.IntN(1+i*4)) // few distinct, then many
			if rng.IntN(8) == 0 {
				items[k] = uint32(rng.IntN(smallKeys))
			}
		}
		var a, g counter
		a.tab.reset(hl)
		g.tab.reset(hl)
		g.tab.seed = a.tab.seed
		ca, cg := make([]uint32, hl+rl), make([]uint32, hl+rl)
		ha, hg := make([]int32, 2*(hl+1)), make([]int32, 2*(hl+1))
		da := a.numberHyp(ca[:hl], items[:hl], ha[:hl+1])
		dg := g.numberHypGo(cg[:hl], items[:hl], hg[:hl+1])
		a.numberRef(ca[hl:], items[hl:], ha[hl+1:])
		g.numberRefGo(cg[hl:], items[hl:], hg[hl+1:])
		if da != dg || !slices.Equal(ca, cg) || !slices.Equal(ha, hg) {
			t.Fatalf("%d items: numbers %d %v %v, Go %d %v %v", len(items), da, ca, ha, dg, cg, hg)
		}
		for k, it := range items[:hl] {
			if it < smallKeys {
				continue
			}
			if id, ok := a.tab.lookup(uint64(it)); !ok || id+1 != ca[k] {
				t.Fatalf("item %d: lookup %d %v, numbered %d", it, id, ok, ca[k])
			}
		}
	}
}

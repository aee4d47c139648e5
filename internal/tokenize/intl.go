package tokenize

import (
	"math/bits"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/swar"
	"github.com/go-bleu/bleu/internal/unidata"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// This file is the intl tokenizer: tokenizeIntl and its scanner, the
// Unicode classes it looks up, and rulesIntl, the rules applied literally
// to the words the scanner leaves to them.

// tokenizeIntl is sacreBLEU's TokenizerV14International followed by
// str.split.
//
// Rule 3 makes every symbol a token of its own, and as rules 1 and 2 see
// them, symbols are like whitespace: non-digits that are not punctuation.
// Punctuation that is isolated (no punctuation right before or after it)
// is touched by rule 1 if the character before it is not a digit, and by
// rule 2, which then sees it followed by rule 1's space or by the
// character after it, if that is not a digit. Either way it becomes a
// token of its own, and otherwise it stays where it is. A run of two or
// more punctuation characters with no digit right before or after it
// falls apart the same way: rule 1 matches the character before the run
// with its first, then the rest in pairs, and leaves a space after each,
// so no punctuation is left next to punctuation for rule 2, which then
// matches each, followed by a non-digit (or nothing, at the end of the
// line, where rule 1 has put a space before it). So the tokens of a word
// come straight from s unless the word has such a run next to a digit, in
// which case it goes through rulesIntl.
//
// scanIntlState.fast handles the common events (see leadIntl) and
// tokenizeIntl the others.
func tokenizeIntl(sc *Scratch, dst []string, s string) []string {
	n := len(s)
	// Every token is a run of bytes of s (or of fewer bytes once the rules
	// have turned it into a string of the arena): see TokenBound.
	dst = slices.Grow(dst, TokenBound(s))
	var st scanIntlState
	st.init(dst)
	st.ev = sc.lineEvents(s, 0, true)
	st.classes = bmpClasses()
	for {
		j := st.fast(s)
		if j < 0 {
			break
		}
		st.m &= st.m - 1
		if c := s[j]; c < utf8.RuneSelf {
			switch intlByteClass[c] {
			case iSpace:
				sc.wordIntl(&st, s, j, j+1)
			case iPunct:
				st.punct(s, j, 1)
			}
			continue
		}
		if w := py.MultiByteSpace(s[j:]); w > 0 {
			sc.wordIntl(&st, s, j, j+w)
			continue
		}
		_, w, cl := decodeClassString(s, j)
		switch cl {
		case classS:
			if j > st.sub {
				st.add(s[st.sub:j])
			}
			st.add(s[j : j+w])
			st.sub = j + w
		case classP:
			st.punct(s, j, w)
		}
	}
	sc.wordIntl(&st, s, n, n)
	return st.buf[:st.k]
}

// scanIntlState is the state of tokenizeIntl: that of scan13a (with from
// the start of the word), and hard, set when the word must go through
// rulesIntl.
type scanIntlState struct {
	scan13aState
	hard    bool
	classes *[1 << 14]uint8 // bmpClasses()
}

// Classes of bytes for tokenizeIntl.
const (
	iPlain  = iota // nothing to do
	iSpace         // ASCII Python whitespace
	iSymbol        // ASCII \p{S}
	iPunct         // ASCII \p{P}
	iLead          // the first byte of a multi-byte sequence
	iCont          // 97 or B7: of × (C3 97), ÷ (C3 B7) and U+4DC0..U+4DFF (E4 B7 xx)
)

var intlByteClass = func() (t [256]uint8) {
	for c := range byte(utf8.RuneSelf) {
		switch {
		case py.IsSpace(rune(c)):
			t[c] = iSpace
		case asciiClass[c] == classS:
			t[c] = iSymbol
		case asciiClass[c] == classP:
			t[c] = iPunct
		}
	}
	for c := 0xC0; c < 256; c++ {
		t[c] = iLead
	}
	t[0x97], t[0xB7] = iCont, iCont
	return t
}()

// leadIntl has the top bit set in the bytes of x that tokenizeIntl must
// look at besides those of asciiEvents: the lead bytes of multi-byte
// sequences but C3 and E4..E9, and the bytes 97 and B7 (and garbage in
// the other bits). The characters C3 xx, U+00C0..U+00FF, are letters but
// for × and ÷, symbols, which are found by their last byte instead: C3 is
// the lead byte of the accented letters of most European languages. E4..E9
// start U+4000..U+9FFF, CJK ideographs (letters) but for the hexagram
// symbols U+4DC0..U+4DFF, E4 B7 xx, which B7 finds too: most Chinese
// characters, and the kanji of Japanese, are skipped like ASCII letters.
func leadIntl(x uint64) uint64 {
	lead := x & (x << 1) // top two bits set
	// t has zero bytes where x has C3, u where it has 97 or B7.
	t := x ^ 0xC3*swar.Ones
	u := (x | 0x20*swar.Ones) ^ 0xB7*swar.Ones
	// d has 04..09 where x has E4..E9; cjk the top bit set there.
	d := x ^ 0xE0*swar.Ones
	lo := d &^ swar.High
	cjk := (lo + 0x7C*swar.Ones) &^ (lo + 0x76*swar.Ones) &^ d
	return lead&^swar.ZeroBytes(t)&^cjk | swar.ZeroBytes(u)
}

// kanaLeadsIntl is kanaLeads for intl, next2 holding the bytes after
// next's: the lead bytes of the kana that are letters, E3 followed by
// 81..83 and a continuation byte, but not of U+309B and U+309C (symbols),
// U+30A0 and U+30FB (punctuation), E3 82 9B, E3 82 9C, E3 82 A0 and E3 83
// BB, which intl must see.
func kanaLeadsIntl(x, next, next2 uint64) uint64 {
	cont := next2 &^ (next2 << 1) // top bit: 10xxxxxx
	bad := swar.ZeroBytes(next^0x82*swar.Ones)&(swar.ZeroBytes(next2^0x9B*swar.Ones)|swar.ZeroBytes(next2^0x9C*swar.Ones)|swar.ZeroBytes(next2^0xA0*swar.Ones)) |
		swar.ZeroBytes(next^0x83*swar.Ones)&swar.ZeroBytes(next2^0xBB*swar.Ones)
	return kanaLeads(x, next) & cont &^ bad
}

// eventsIntlGo is events13aGo for intl.
func eventsIntlGo(s string) uint64 {
	t := s[:64]
	x0, x1, x2, x3 := swar.Load64(t, 0), swar.Load64(t, 8), swar.Load64(t, 16), swar.Load64(t, 24)
	x4, x5, x6, x7 := swar.Load64(t, 32), swar.Load64(t, 40), swar.Load64(t, 48), swar.Load64(t, 56)
	// As in events13aGo, the block's last bytes followed by zeros.
	e0 := (asciiEvents(x0) | leadIntl(x0)&^kanaLeadsIntl(x0, x0>>8|x1<<56, x0>>16|x1<<48)) & swar.High
	e1 := (asciiEvents(x1) | leadIntl(x1)&^kanaLeadsIntl(x1, x1>>8|x2<<56, x1>>16|x2<<48)) & swar.High
	e2 := (asciiEvents(x2) | leadIntl(x2)&^kanaLeadsIntl(x2, x2>>8|x3<<56, x2>>16|x3<<48)) & swar.High
	e3 := (asciiEvents(x3) | leadIntl(x3)&^kanaLeadsIntl(x3, x3>>8|x4<<56, x3>>16|x4<<48)) & swar.High
	e4 := (asciiEvents(x4) | leadIntl(x4)&^kanaLeadsIntl(x4, x4>>8|x5<<56, x4>>16|x5<<48)) & swar.High
	e5 := (asciiEvents(x5) | leadIntl(x5)&^kanaLeadsIntl(x5, x5>>8|x6<<56, x5>>16|x6<<48)) & swar.High
	e6 := (asciiEvents(x6) | leadIntl(x6)&^kanaLeadsIntl(x6, x6>>8|x7<<56, x6>>16|x7<<48)) & swar.High
	e7 := (asciiEvents(x7) | leadIntl(x7)&^kanaLeadsIntl(x7, x7>>8, x7>>16)) & swar.High
	m := gather8(e0) | gather8(e1)<<8 | gather8(e2)<<16 | gather8(e3)<<24 |
		gather8(e4)<<32 | gather8(e5)<<40 | gather8(e6)<<48 | gather8(e7)<<56
	return m
}

// fast is scan13aState.fast for intl: it handles the events of s that are
// ASCII whitespace, symbols, × and ÷ and the hexagram symbols (by their
// B7), false alarms, the characters of two or three bytes that are not
// whitespace, and punctuation of up to three bytes next to characters of
// up to three bytes, invalid bytes or nothing, and returns the index of the
// first other one (still in st.m), or -1 at the end of s. Invalid UTF-8
// that may be part of a character it looks at is left to tokenizeIntl.
//
// It calls no function on the common events, so that its state stays in
// registers, and is one function of some 140 lines for that reason: each
// case of the switch updates the loop's registers (buf, k, sub, from,
// mark, hard), which a function of its own would have to take and return
// through memory. The classes of the characters around punctuation, a
// rarer event, are looked up by calls (classBefore, classAfter): that
// costs nothing measurable on BenchmarkTokenize/intl and Corpus/intl.
func (st *scanIntlState) fast(s string) int {
	buf, k, i, m, from, sub, mark, hard := st.buf, st.k, st.i, st.m, st.from, st.sub, st.mark, st.hard
	n := len(s)
	j := -1
scan:
	for ; ; m &= m - 1 {
		if m == 0 {
			if i += 64; i >= n {
				j = -1
				break
			}
			if m = st.ev[i>>6]; m == 0 {
				continue
			}
		}
		j = i + bits.TrailingZeros64(m)
		c := s[j]
		if c == ' ' {
			// The commonest event, and the cheapest.
			if hard {
				break
			}
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			from, sub, mark = j+1, j+1, k
			continue
		}
		w := 1
		switch intlByteClass[c] {
		case iSpace:
			if hard {
				break scan
			}
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			from, sub, mark = j+1, j+1, k
			continue
		case iSymbol:
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			buf[k] = s[j : j+1]
			k++
			sub = j + 1
			continue
		case iCont:
			// C3 and E4 are never continuation bytes, so C3 97 and C3
			// B7 are always × and ÷, and E4 B7 and a continuation byte
			// a hexagram symbol. Nothing before s[j-1] reaches into
			// them, so sub <= j-1.
			if j == 0 {
				continue
			}
			e := j + 1
			switch s[j-1] {
			case 0xC3:
			case 0xE4:
				if c != 0xB7 || e >= n || s[e]^0x80 >= 0x40 {
					continue
				}
				e++
			default:
				continue
			}
			buf[k] = s[sub : j-1]
			k += int(b2u(j-1 > sub))
			buf[k] = s[j-1 : e]
			k++
			sub = e
			continue
		case iLead:
			// A character of two or three bytes: part of a word unless
			// it is whitespace (left to tokenizeIntl), a symbol (a token
			// of its own) or punctuation (below). tokenizeIntl decodes
			// the characters of four bytes and invalid UTF-8.
			var r uint
			var ok bool
			switch {
			case c < 0xE0 && j+1 < n:
				r, ok = utf8x.Rune2(c, s[j+1])
				w = 2
			case c < 0xF0 && j+2 < n:
				r, ok = utf8x.Rune3(c, s[j+1], s[j+2])
				w = 3
			}
			if !ok {
				break scan
			}
			switch st.classes[r>>2] >> (r & 3 * 2) & 3 {
			case classOther, classN:
				if py.IsSpace(rune(r)) {
					break scan
				}
				continue
			case classS:
				buf[k] = s[sub:j]
				k += int(b2u(j > sub))
				buf[k] = s[j : j+w]
				k++
				sub = j + w
				continue
			}
		case iPunct:
		default:
			continue
		}
		// Punctuation, s[j:j+w].
		if hard {
			continue
		}
		// The classes of the characters before and after, if any;
		// classS stands for any character that is neither P nor N. Those
		// of characters of two or three bytes are looked up; the others,
		// and invalid UTF-8 that may make one, are left to punct.
		before, ok := st.classBefore(s, j)
		if !ok {
			break scan
		}
		after, ok := st.classAfter(s, j+w)
		if !ok {
			break scan
		}
		switch {
		case before == classP:
			// Inside a run of punctuation that is not next to a digit
			// (see punct).
		case after == classP:
			break scan
		case (j == 0 || before == classN) && (j+w == n || after == classN):
			continue
		}
		buf[k] = s[sub:j]
		k += int(b2u(j > sub))
		buf[k] = s[j : j+w]
		k++
		sub = j + w
	}
	st.k, st.i, st.m, st.from, st.sub, st.mark, st.hard = k, i, m, from, sub, mark, hard
	return j
}

// classBefore returns, for fast, the class of the character that ends at
// s[j-1]: classS, which stands for any character that is neither P nor N,
// at the start of s, for a lead byte and for a character of four bytes,
// and asciiClass's or bmpClasses' class otherwise. It returns false for
// invalid UTF-8 that may make a character, which is left to punct.
func (st *scanIntlState) classBefore(s string, j int) (uint8, bool) {
	if j == 0 {
		return classS, true
	}
	c := s[j-1]
	if c < utf8.RuneSelf {
		return asciiClass[c], true
	}
	if c >= 0xC0 {
		// A lead byte before ASCII or a whole character is invalid, a
		// character of its own.
		return classS, true
	}
	var r uint
	var ok bool
	switch b := s[max(j-2, 0)]; {
	case j >= 2 && b >= 0xC0 && b < 0xE0:
		r, ok = utf8x.Rune2(b, c)
	case j >= 3 && s[j-3]&0xF0 == 0xE0:
		r, ok = utf8x.Rune3(s[j-3], b, c)
	}
	return st.classes[r>>2] >> (r & 3 * 2) & 3, ok
}

// classAfter is classBefore for the character that starts at s[e].
func (st *scanIntlState) classAfter(s string, e int) (uint8, bool) {
	if e >= len(s) {
		return classS, true
	}
	c := s[e]
	if c < utf8.RuneSelf {
		return asciiClass[c], true
	}
	if c < 0xC2 || c > 0xF4 {
		// A continuation byte after ASCII or a whole character is
		// invalid, a character of its own, and so are C0, C1 and F5..FF.
		return classS, true
	}
	var r uint
	var ok bool
	switch {
	case c < 0xE0 && e+1 < len(s):
		r, ok = utf8x.Rune2(c, s[e+1])
	case c < 0xF0 && e+2 < len(s):
		r, ok = utf8x.Rune3(c, s[e+1], s[e+2])
	}
	return st.classes[r>>2] >> (r & 3 * 2) & 3, ok
}

// punct handles the punctuation character s[j:j+w] (see tokenizeIntl).
func (st *scanIntlState) punct(s string, j, w int) {
	if st.hard {
		return
	}
	before, after := uint8(classOther), uint8(classOther)
	if j > 0 {
		if c := s[j-1]; c < utf8.RuneSelf {
			before = asciiClass[c]
		} else if r, n := utf8.DecodeLastRuneInString(s[:j]); !(r == utf8.RuneError && n == 1) {
			before = runeClass(r)
		}
	}
	if j+w < len(s) {
		_, _, after = decodeClassString(s, j+w)
	}
	switch {
	case before == classP:
		// Inside a run of punctuation, which the first of the run found
		// to have no digit on either side.
	case after == classP:
		// The first of a run: find the character after it.
		for e := j + w; after == classP; {
			_, n, _ := decodeClassString(s, e)
			if e += n; e == len(s) {
				after = classOther
				break
			}
			_, _, after = decodeClassString(s, e)
		}
		if before == classN || after == classN {
			st.hard = true
			return
		}
	case (j == 0 || before == classN) && (j+w == len(s) || after == classN):
		return
	}
	if j > st.sub {
		st.add(s[st.sub:j])
	}
	st.add(s[j : j+w])
	st.sub = j + w
}

// wordIntl ends the word at s[end], where whitespace or the end of s is,
// and starts the next one at s[next].
func (sc *Scratch) wordIntl(st *scanIntlState, s string, end, next int) {
	if st.hard {
		// intl does not pad: at the start and end of the line, rules 1 and
		// 2 find no character.
		toks := sc.split(st.buf[:st.mark], rulesIntl(sc, s[st.from:end], st.from > 0, end < len(s)))
		st.buf, st.k = toks[:cap(toks)], len(toks)
	} else if end > st.sub {
		st.add(s[st.sub:end])
	}
	st.from, st.sub, st.mark, st.hard = next, next, st.k, false
}

// Character classes of the intl tokenizer, for one code point.
const (
	classOther = iota
	classN     // \p{N}
	classP     // \p{P}
	classS     // \p{S}
)

// unicodeClass returns the intl class of r. Go's unicode tables are
// Unicode 15.0, as are those of the regex module sacreBLEU used; a test
// checks them against the conformance set's copy of the regex tables.
func unicodeClass(r rune) uint8 {
	switch {
	case unicode.Is(unidata.RegexN, r):
		return classN
	case unicode.Is(unidata.RegexP, r):
		return classP
	case unicode.Is(unidata.RegexS, r):
		return classS
	}
	return classOther
}

// asciiClass is unicodeClass for ASCII.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for c := range rune(utf8.RuneSelf) {
		t[c] = unicodeClass(c)
	}
	return t
}()

// bmpClasses holds unicodeClass for the Basic Multilingual Plane, two bits
// a code point, built on first use from the same tables.
var bmpClasses = sync.OnceValue(func() *[1 << 14]uint8 {
	t := new([1 << 14]uint8)
	// The categories are disjoint, so the order does not matter.
	for _, c := range []struct {
		tab   *unicode.RangeTable
		class uint8
	}{{unidata.RegexN, classN}, {unidata.RegexP, classP}, {unidata.RegexS, classS}} {
		for _, rg := range c.tab.R16 {
			for r := uint32(rg.Lo); r <= uint32(rg.Hi); r += uint32(rg.Stride) {
				t[r>>2] |= c.class << (r & 3 * 2)
			}
		}
	}
	return t
})

// runeClass is unicodeClass, from bmpClasses below U+10000.
func runeClass(r rune) uint8 {
	if uint32(r) < 1<<16 {
		return bmpClasses()[r>>2] >> (r & 3 * 2) & 3
	}
	return unicodeClass(r)
}

// decodeClass decodes the code point at s[i:] and returns it with its
// length and intl class. An invalid byte is a code point of its own, of
// class classOther.
func decodeClass(s []byte, i int) (r rune, n int, class uint8) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1, asciiClass[c]
	}
	r, n = utf8.DecodeRune(s[i:])
	if r == utf8.RuneError && n == 1 {
		return r, 1, classOther
	}
	return r, n, runeClass(r)
}

// decodeClassString is decodeClass for a string.
func decodeClassString(s string, i int) (r rune, n int, class uint8) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1, asciiClass[c]
	}
	r, n = utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return r, 1, classOther
	}
	return r, n, runeClass(r)
}

// rulesIntl applies the three rules of sacreBLEU's
// TokenizerV14International to s, in order and with Python regex semantics
// (left to right, no overlapping matches):
//
//  1. (\P{N})(\p{P}) -> "\1 \2 "
//  2. (\p{P})(\P{N}) -> " \1 \2"
//  3. (\p{S})        -> " \1 "
//
// A space is put before s when left is set and after it when right is set,
// standing for the whitespace around a word. The result is in sc's
// buffers, valid until they are used again.
func rulesIntl(sc *Scratch, s string, left, right bool) []byte {
	src := sc.a[:0]
	if left {
		src = append(src, ' ')
	}
	src = append(src, s...)
	if right {
		src = append(src, ' ')
	}
	dst := sc.b[:0]
	// Rule 1.
	for i := 0; i < len(src); {
		_, n1, c1 := decodeClass(src, i)
		if c1 != classN && i+n1 < len(src) {
			if _, n2, c2 := decodeClass(src, i+n1); c2 == classP {
				dst = append(dst, src[i:i+n1]...)
				dst = append(dst, ' ')
				dst = append(dst, src[i+n1:i+n1+n2]...)
				dst = append(dst, ' ')
				i += n1 + n2
				continue
			}
		}
		dst = append(dst, src[i:i+n1]...)
		i += n1
	}
	src, dst = dst, src[:0]
	// Rule 2.
	for i := 0; i < len(src); {
		_, n1, c1 := decodeClass(src, i)
		if c1 == classP && i+n1 < len(src) {
			if _, n2, c2 := decodeClass(src, i+n1); c2 != classN {
				dst = append(dst, ' ')
				dst = append(dst, src[i:i+n1]...)
				dst = append(dst, ' ')
				dst = append(dst, src[i+n1:i+n1+n2]...)
				i += n1 + n2
				continue
			}
		}
		dst = append(dst, src[i:i+n1]...)
		i += n1
	}
	src, dst = dst, src[:0]
	// Rule 3.
	for i := 0; i < len(src); {
		_, n, c := decodeClass(src, i)
		if c == classS {
			dst = append(dst, ' ')
			dst = append(dst, src[i:i+n]...)
			dst = append(dst, ' ')
		} else {
			dst = append(dst, src[i:i+n]...)
		}
		i += n
	}
	sc.a, sc.b = dst, src
	return dst
}

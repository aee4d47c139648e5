package bleu

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/go-bleu/bleu/internal/unidata"
)

// A Tokenizer splits a segment into the words whose n-grams BLEU counts.
//
// Tokenize appends the tokens of text to dst and returns the extended
// slice, in the manner of strconv.AppendInt; it must not modify the
// elements of dst already present. Tokens are used exactly as returned:
// they should be non-empty and, for results comparable with other tools,
// contain no whitespace. Tokens may be substrings of text.
//
// [Stats] hands a tokenizer each segment after normalization, lowercasing
// and removal of trailing whitespace, exactly as sacreBLEU does.
//
// The signature of a score names its tokenizer by the tokenizer's String
// method when it has one (see [fmt.Stringer]) and "custom" otherwise.
//
// A Tokenizer used by several [Stats] at once must be safe for concurrent
// use; the built-in [StandardTokenizer] values are.
type Tokenizer interface {
	Tokenize(dst []string, text string) []string
}

// TokenizerFunc adapts an ordinary function to the [Tokenizer] interface.
// Its signature name is "custom"; to give a custom tokenizer a name, define
// a type with Tokenize and String methods instead.
type TokenizerFunc func(dst []string, text string) []string

// Tokenize calls f(dst, text).
func (f TokenizerFunc) Tokenize(dst []string, text string) []string { return f(dst, text) }

// StandardTokenizer is one of the tokenizers built into sacreBLEU 2.6.0,
// reproduced exactly. Its zero value is [Tokenizer13a], sacreBLEU's
// default. StandardTokenizer values are safe for concurrent use.
type StandardTokenizer uint8

// The standard tokenizers, under the names sacreBLEU gives them.
const (
	// Tokenizer13a is the tokenizer of mteval-v13a.pl, sacreBLEU's default
	// ("13a"): it removes "<skipped>", joins lines broken by "-\n", decodes
	// &quot; &amp; &lt; &gt; (only when the segment contains '&'), splits off
	// ASCII punctuation and symbols, splits periods and commas except
	// between digits, and splits a hyphen that follows a digit.
	Tokenizer13a StandardTokenizer = iota
	// TokenizerIntl is sacreBLEU's "intl" tokenizer (mteval-v14
	// international): it splits off Unicode punctuation (category P) unless
	// next to a digit on the relevant side, and every Unicode symbol
	// (category S).
	TokenizerIntl
	// TokenizerZh is sacreBLEU's "zh" tokenizer for Chinese: every character
	// in its table of CJK ranges becomes a token of its own, and the rest is
	// tokenized with the punctuation rules of 13a (without its entity and
	// <skipped> handling). The table is reproduced bug for bug, including
	// its misspelt astral ranges, so that CJK Extension B is not split; see
	// [TokenizerZhFixed] for the corrected table.
	TokenizerZh
	// TokenizerChar is sacreBLEU's "char" tokenizer: every code point other
	// than whitespace is a token.
	TokenizerChar
	// TokenizerNone is sacreBLEU's "none": the segment is split at
	// whitespace (as Python's str.split does it) and nothing else.
	TokenizerNone
	// TokenizerZhFixed is TokenizerZh with the astral ranges of its table
	// as their authors meant them (U+20000–U+2A6D6 and U+2F800–U+2FA1D)
	// instead of sacreBLEU's effective U+2001–U+2A6D and U+2F81–U+2FA1. It
	// is not a sacreBLEU tokenizer: its scores are comparable only with
	// each other, and the signature names it "zh-fixed".
	TokenizerZhFixed

	numStandardTokenizers
)

var standardTokenizerNames = [numStandardTokenizers]string{"13a", "intl", "zh", "char", "none", "zh-fixed"}

// String returns sacreBLEU's name of the tokenizer: "13a", "intl", "zh",
// "char" or "none" (and "zh-fixed" for [TokenizerZhFixed]).
func (t StandardTokenizer) String() string {
	if t < numStandardTokenizers {
		return standardTokenizerNames[t]
	}
	return fmt.Sprintf("StandardTokenizer(%d)", uint8(t))
}

// Tokenize appends the tokens of text to dst and returns the extended
// slice. The tokens are exactly the words sacreBLEU 2.6.0 gets by applying
// the tokenizer and then Python's str.split to text. Invalid UTF-8 bytes are
// kept and treated as characters that are neither space, punctuation,
// symbol nor digit.
//
// Tokenize panics if t is not one of the defined constants.
func (t StandardTokenizer) Tokenize(dst []string, text string) []string {
	// A scratch space of its own: the tokens may point into it, and nothing
	// else will ever write there.
	var sc tokScratch
	return t.tokenize(&sc, dst, text)
}

// tokenize is Tokenize for the hot path: the tokens may point into sc's
// buffers and are valid only until sc is used again.
func (t StandardTokenizer) tokenize(sc *tokScratch, dst []string, text string) []string {
	sc.arena = sc.arena[:0]
	switch t {
	case Tokenizer13a:
		return tokenize13a(sc, dst, text)
	case TokenizerIntl:
		return tokenizeIntl(sc, dst, text)
	case TokenizerZh:
		return tokenizeZh(sc, dst, text, &modeZh)
	case TokenizerZhFixed:
		return tokenizeZh(sc, dst, text, &modeZhFixed)
	case TokenizerChar:
		return appendCharTokens(dst, text)
	case TokenizerNone:
		return appendPyFields(dst, text)
	}
	panic(fmt.Sprintf("bleu: invalid StandardTokenizer %d", uint8(t)))
}

// TokenizerByName returns the standard tokenizer with the given sacreBLEU
// name ("13a", "intl", "zh", "char", "none", or our "zh-fixed").
func TokenizerByName(name string) (StandardTokenizer, error) {
	for i, n := range standardTokenizerNames {
		if n == name {
			return StandardTokenizer(i), nil
		}
	}
	return 0, fmt.Errorf("bleu: unknown tokenizer %q (want one of %s)", name, strings.Join(standardTokenizerNames[:], ", "))
}

// tokenizerName is the name a signature gives t.
func tokenizerName(t Tokenizer) string {
	if t == nil {
		return Tokenizer13a.String()
	}
	if s, ok := t.(fmt.Stringer); ok {
		return s.String()
	}
	return "custom"
}

// How the tokenizers work
//
// sacreBLEU's 13a, intl and zh tokenizers are regular-expression rewrites
// of the whole line followed by str.split. Each rule matches one or two
// adjacent characters, and whitespace plays the same part in every rule as
// the spaces the rules insert: it is a non-digit that is neither
// punctuation nor symbol nor one of 13a's characters. So no rule can carry
// an effect across whitespace, and each whitespace-separated word can be
// tokenized on its own, knowing only whether whitespace (or 13a's padding)
// comes before and after it rather than the start or end of the line.
//
// The same holds within a word for the characters that become tokens of
// their own whatever surrounds them, with the spaces the rules put around
// them: 13a's rule 1 characters, zh's characters and intl's symbols. They
// cut words into pieces, and a piece's tokens follow from a few local
// facts (is this period between digits, is this hyphen after one, is this
// punctuation next to other punctuation), so most pieces are cut up
// directly into substrings of the input (see scan13a and tokenizeIntl for
// the exact conditions). The others go through the rules literally
// (rules13a, rulesIntl) in a small buffer.
//
// The scanners find the bytes that matter several at a time (asciiEvents,
// pySpaceEvents): ASCII bytes other than letters and digits, and the lead
// bytes of multi-byte characters, the only ones that can start whitespace,
// punctuation, a symbol or a character of zh's table. Letters, digits and
// continuation bytes are skipped without being looked at one by one. The
// 13a, zh and intl scanners find the events of a line before they scan
// it, as one mask per 64 bytes (lineEvents; on amd64, in assembly, 16
// bytes an instruction). 13a and zh let through only the lead bytes that
// can start whitespace (C2, E1, E2, E3) or, for zh, a character of its
// table (E0 and above), so that the accented letters of European languages
// (and for 13a, Chinese characters) are skipped too, and E3 not when the
// byte after it makes a kana, which is neither (kanaLeads): Japanese
// words of kana are skipped whole. They cut pieces at periods, commas and
// hyphens themselves, and leave to the rules only the pieces with two
// periods or commas to split. They handle the other
// characters of three bytes themselves too: zh's by a bit a character
// (scan13aMode.zh), so that Chinese text, where every character is a token,
// does not leave the loop; whitespace they leave to scan13a. intl lets
// through every lead byte but C3, whose characters are letters but for ×
// and ÷, which it finds by their last byte, E4..E9, Chinese characters
// but for a block of symbols found the same way (leadIntl), and E3 where
// the two bytes after it make a kana that is a letter (kanaLeadsIntl);
// it looks up the class of characters of two or three bytes in a table
// (bmpClasses), handles punctuation next to ASCII, such characters or
// each other itself, and leaves to the rules only the words with two
// punctuation characters in a row next to a digit.
// tokenize_test.go checks all this against the rules applied literally to
// whole lines, with the special characters at every offset of the chunks
// and blocks.

// tokScratch holds the buffers a tokenizer reuses between segments.
type tokScratch struct {
	a, b []byte // input and output of the rules
	// arena holds the text of tokens that are not substrings of the input.
	// It only grows during one call, so tokens pointing into it stay valid
	// (a reallocation leaves the old array to them).
	arena []byte
	// ev holds the events of the line being scanned (lineEvents), in
	// evBuf while lines have at most 256 bytes: a Stats that scores a
	// single segment then allocates nothing for them.
	ev    []uint64
	evBuf [4]uint64
}

// tokenize13a is sacreBLEU's Tokenizer13a followed by str.split.
func tokenize13a(sc *tokScratch, dst []string, s string) []string {
	// pre13a leaves most lines as they are: scan13a calls it when it finds
	// a line it changes.
	return sc.scan13a(dst, s, &mode13a, true)
}

// Flags of bytes for scan13a, in flags13a and flagsZh. A byte without
// flags needs nothing done.
const (
	f13aEnd  = 1 << iota // ASCII Python whitespace or a character of rule 1: ends the piece
	f13aTok              // a character of rule 1: a token of its own
	f13aPC               // '.' or ','
	f13aHy               // '-'
	f13aLead             // may start a non-ASCII space (or, for zh, a character of the table)
	f13aPre              // '&', '<' (rule 1) or '\n' (whitespace), which pre13a may replace
	f13aZh               // for zh, E0..EF: starts a character of three bytes, which may be in the table
	// scan13aState.fast leaves the bytes with these flags to scan13a,
	// but for the lead bytes of characters that are not whitespace: part
	// of a word, or for zh's table (f13aZh), tokens of their own.
	f13aSlow = f13aLead | f13aPre
)

// flagsZh has the flags of bytes for zh, which decodes each non-ASCII
// character to look it up in its table.
var flagsZh = func() (t [256]uint8) {
	for c := range byte(utf8.RuneSelf) {
		switch {
		case isPySpace(rune(c)):
			t[c] = f13aEnd
		case is13aPunct[c]:
			t[c] = f13aEnd | f13aTok
		case c == '.' || c == ',':
			t[c] = f13aPC
		case c == '-':
			t[c] = f13aHy
		}
	}
	for c := 0xC0; c < 256; c++ {
		t[c] = f13aLead
		if c&0xF0 == 0xE0 {
			t[c] |= f13aZh
		}
	}
	return t
}()

// flags13a has the flags of bytes for 13a: only the lead bytes of
// non-ASCII whitespace matter among the non-ASCII ones. (E0, which
// lead13a lets through with them, has none: fast skips it.)
var flags13a = func() (t [256]uint8) {
	copy(t[:utf8.RuneSelf], flagsZh[:])
	for _, c := range []byte{0xC2, 0xE1, 0xE2, 0xE3} {
		t[c] = f13aLead
	}
	for _, c := range []byte("&<\n") {
		t[c] = f13aPre
	}
	return t
}()

// A scan13aMode is what scan13aState.fast needs to know of its tokenizer,
// behind one pointer: fast's loop has more live values than registers, and
// the lead mask, pad and zh are needed only once per 64 bytes or on
// rare events. pad tells that the line is padded (13a); zh, for zh, has a
// bit set for each character of the Basic Multilingual Plane that is a
// token of its own: in the table and not whitespace.
type scan13aMode struct {
	flags [256]uint8
	lead  uint64
	pad   bool
	zh    *[1 << 10]uint64
	isZh  func(rune) bool // zh's table, for scan13a; nil for 13a
}

var (
	mode13a     = scan13aMode{flags: flags13a, lead: lead13a, pad: true}
	modeZh      = scan13aMode{flags: flagsZh, lead: leadZh, zh: zhBits(zhRanges[:]), isZh: isZhChar}
	modeZhFixed = scan13aMode{flags: flagsZh, lead: leadZh, zh: zhBits(zhRangesFixed[:]), isZh: isZhCharFixed}
)

// zhBits returns the bits of scan13aMode.zh for the table ranges (see
// zhRanges), at the package's start: the ranges have about 30,000 code
// points below U+10000.
func zhBits(ranges [][2]rune) *[1 << 10]uint64 {
	t := new([1 << 10]uint64)
	for _, rg := range ranges {
		for r := rg[0]; r <= min(rg[1], 0xFFFF); r++ {
			if !isPySpace(r) {
				t[r>>6] |= 1 << (r & 63)
			}
		}
	}
	return t
}

// pre13aAt reports whether pre13a replaces something at s[i], which is '&',
// '<' or '\n'. If it is false at every such byte, pre13a(s) is s.
func pre13aAt(s string, i int) bool {
	switch s[i] {
	case '\n':
		return true
	case '<':
		return strings.HasPrefix(s[i:], "<skipped>")
	}
	t := s[i+1:]
	return strings.HasPrefix(t, "quot;") || strings.HasPrefix(t, "amp;") || strings.HasPrefix(t, "lt;") || strings.HasPrefix(t, "gt;")
}

// The events of scan13a are the bytes of asciiEvents and leadEvents: ASCII
// bytes other than letters and digits, and C2 and the bytes b with b&lead
// == E0, for lead one of these: for 13a, C2 and E0..E3 (E0 is a false
// alarm, but a cheap one), and for zh, C2 and E0..FF. The other lead
// bytes, C0..DF but C2, start characters below U+0800, which are neither
// whitespace nor in zh's table, and continuation bytes never start
// anything. Nor does an E3 followed in its block of 64 bytes by 81..83
// (kanaLeads): the kana, U+3040..U+30FF, neither whitespace nor in zh's
// table. (An E3 that ends its block stays an event: the scanners read no
// byte past a block, which may end the line.)
const (
	lead13a = 0xFC * swarOnes
	leadZh  = 0xE0 * swarOnes
)

// asciiEvents has the top bit set in the bytes of x that are ASCII but
// not letters or digits (and garbage in the other bits).
func asciiEvents(x uint64) uint64 {
	y := x &^ swarHigh // the low seven bits of each byte: no carry between bytes below
	z := y | 0x20*swarOnes
	letter := (z + (0x80-'a')*swarOnes) &^ (z + (0x7F-'z')*swarOnes)
	digit := (y + (0x80-'0')*swarOnes) &^ (y + (0x7F-'9')*swarOnes)
	return ^(letter | digit | x)
}

// leadEvents has the top bit set in the bytes of x that are C2 or b with
// b&lead == E0 (and garbage in the other bits).
func leadEvents(x, lead uint64) uint64 {
	// t and u have zero bytes where x has a lead byte.
	t := x&lead ^ 0xE0*swarOnes
	u := x ^ 0xC2*swarOnes
	return zeroBytes(t) | zeroBytes(u)
}

// zeroBytes has the top bit set in the bytes of t that are zero (and
// garbage in the other bits): adding 7F to a byte's low seven bits sets
// its top bit unless they are zero, and never carries into the next.
func zeroBytes(t uint64) uint64 {
	return ^((t&^swarHigh + 0x7F*swarOnes) | t)
}

// kanaLeads has the top bit set in the bytes of x that are E3 followed,
// in next (the byte after each of x's, in the same place), by 81..83: the
// lead bytes of the kana, U+3040..U+30FF (and garbage in the other bits).
// Japanese text is mostly kana (63% of the characters of the en-ja
// reference), each an event of the scanners before (a branch, a decoding
// and a lookup to find it part of a word).
func kanaLeads(x, next uint64) uint64 {
	e3 := zeroBytes(x ^ 0xE3*swarOnes)
	// 81..83 are 01..03 in y, whose top bit is set for 00..7F.
	y := next ^ 0x80*swarOnes
	z := y &^ swarHigh
	in := (z + (0x80-1)*swarOnes) &^ (z + (0x80-4)*swarOnes) &^ y
	return e3 & in
}

// gather8 returns the top bits of the bytes of m, which has no other bits
// set, as the eight bits of a byte: the multiplication moves the bit of
// byte k to bit 56+k, and no two of the partial products overlap.
func gather8(m uint64) uint64 { return (m >> 7) * 0x0102040810204080 >> 56 }

// lineEvents returns the events of s, for 13a and zh (see lead13a) with
// the lead mask lead or, if intl, for intl (see leadIntl and
// kanaLeadsIntl), as one bit a byte, 64 bytes a word: word k has those of
// s[64k:64k+64]. It fills and returns sc.ev, the whole line at once, so
// that the scanners' loops call nothing (a call once per 64 bytes had
// them save and restore their state around it).
func (sc *tokScratch) lineEvents(s string, lead uint64, intl bool) []uint64 {
	n := len(s)
	words := (n + 63) / 64
	if cap(sc.ev) < words {
		if words <= len(sc.evBuf) {
			sc.ev = sc.evBuf[:]
		} else {
			sc.ev = make([]uint64, words+words/4)
		}
	}
	ev := sc.ev[:words]
	if n == 0 {
		return ev
	}
	if n < 64 {
		// A short line, padded with letters, which are no events.
		pad := letters64
		copy(pad[:], s)
		s = unsafe.String(&pad[0], len(pad))
	}
	switch {
	case len(s) >= 2*asmPiece:
		longLineEvents(ev, s, lead, intl)
	case intl:
		eventsIntlLine(ev, s)
	default:
		events13aLine(ev, s, lead)
	}
	return ev
}

// longLineEvents is lineEvents's work for a line of 2*asmPiece bytes or
// more, in pieces of asmPiece bytes (a multiple of 64), the last one
// longer.
func longLineEvents(dst []uint64, s string, lead uint64, intl bool) {
	for {
		piece := s
		if len(s) >= 2*asmPiece {
			piece = s[:asmPiece]
		}
		if intl {
			eventsIntlLine(dst, piece)
		} else {
			events13aLine(dst, piece, lead)
		}
		if len(piece) == len(s) {
			return
		}
		dst, s = dst[asmPiece/64:], s[asmPiece:]
	}
}

// letters64 is 64 letters.
var letters64 = [64]byte([]byte(strings.Repeat("a", 64)))

// events13aGo returns the events of s[:64] for 13a and zh with the lead
// mask lead (see lineEvents), eight bytes at a time: events13aLine's
// work for one block in Go.
func events13aGo(s string, lead uint64) uint64 {
	t := s[:64]
	x0, x1, x2, x3 := load64(t, 0), load64(t, 8), load64(t, 16), load64(t, 24)
	x4, x5, x6, x7 := load64(t, 32), load64(t, 40), load64(t, 48), load64(t, 56)
	// Unrolled: the calls are inlined. Each word's next bytes are its own
	// shifted down and the next word's first; the block's last byte is
	// followed by a zero.
	e0 := (asciiEvents(x0) | leadEvents(x0, lead)&^kanaLeads(x0, x0>>8|x1<<56)) & swarHigh
	e1 := (asciiEvents(x1) | leadEvents(x1, lead)&^kanaLeads(x1, x1>>8|x2<<56)) & swarHigh
	e2 := (asciiEvents(x2) | leadEvents(x2, lead)&^kanaLeads(x2, x2>>8|x3<<56)) & swarHigh
	e3 := (asciiEvents(x3) | leadEvents(x3, lead)&^kanaLeads(x3, x3>>8|x4<<56)) & swarHigh
	e4 := (asciiEvents(x4) | leadEvents(x4, lead)&^kanaLeads(x4, x4>>8|x5<<56)) & swarHigh
	e5 := (asciiEvents(x5) | leadEvents(x5, lead)&^kanaLeads(x5, x5>>8|x6<<56)) & swarHigh
	e6 := (asciiEvents(x6) | leadEvents(x6, lead)&^kanaLeads(x6, x6>>8|x7<<56)) & swarHigh
	e7 := (asciiEvents(x7) | leadEvents(x7, lead)&^kanaLeads(x7, x7>>8)) & swarHigh
	m := gather8(e0) | gather8(e1)<<8 | gather8(e2)<<16 | gather8(e3)<<24 |
		gather8(e4)<<32 | gather8(e5)<<40 | gather8(e6)<<48 | gather8(e7)<<56
	return m
}

// scan13a appends the tokens of s to dst: those of Tokenizer13a if md is
// mode13a, and those of TokenizerZh or TokenizerZhFixed (s stripped) if it
// is modeZh or modeZhFixed. For 13a, pre13a must have been applied to s
// unless pre is set; scan13a then applies it if it changes s.
//
// The line falls into pieces at whitespace, at the characters of rule 1 and
// at zh's characters, each of which is a token of its own (see "How the
// tokenizers work"). Within a piece, only '.', ',' and '-' can split: a
// hyphen after a digit is a token of its own (rule 4), and so is a period
// or comma with a non-digit on either side (rule 2 or 3); one between two
// digits is never touched by the rules. If the piece has only one period or
// comma to split, every other is between digits, and the rules cut the
// piece around it and nowhere else but at hyphens after digits, so the
// piece is cut up directly into substrings of s, left to right. A piece
// with two or more to split goes through rules13a. (At the start and end
// of the line, 13a's padding is a non-digit next to a period or comma;
// zh does not pad, and there a missing neighbour is neither digit nor
// non-digit, so only the other side can split it off.)
//
// scan13aState.fast finds the events (see lead13a) 64 bytes at a time
// and handles the common ones; scan13a handles the others, one at a time.
func (sc *tokScratch) scan13a(dst []string, s string, md *scan13aMode, pre bool) []string {
	start := len(dst)
	tab, pad := &md.flags, md.pad
	n := len(s)
	// Every token is a run of bytes of s (or of fewer bytes once the rules
	// have turned it into a string of the arena): see tokenBound.
	dst = slices.Grow(dst, tokenBound(s))
	// Field by field: a composite literal goes through a temporary on the
	// stack, whose copy stalls on the stores just made (store forwarding).
	var st scan13aState
	st.init(dst)
	st.ev = sc.lineEvents(s, md.lead, false)
	for {
		j := st.fast(s, md)
		if j < 0 {
			break
		}
		st.m &= st.m - 1
		c := s[j]
		w, tok := 1, 0 // the width of the separator at j, and of the token it is
		switch f := tab[c]; {
		case f&f13aPre != 0:
			if pre && pre13aAt(s, j) {
				return sc.scan13a(dst[:start], pre13a(s), md, false)
			}
			if c != '\n' {
				tok = 1
			}
		case f&f13aLead != 0:
			if w = pyMultiByteSpace(s[j:]); w > 0 {
				break
			}
			if md.isZh == nil {
				continue
			}
			r, k := utf8.DecodeRuneInString(s[j:])
			if k == 1 || !md.isZh(r) {
				continue
			}
			w, tok = k, k
		default:
			// Whitespace or rule 1 after a piece for rules13a.
			tok = int(f / f13aTok & 1)
		}
		// s[j:j+w] ends the piece.
		sc.piece13a(&st, s, j, pad || st.from > 0, true)
		if tok > 0 {
			st.add(s[j : j+tok])
		}
		st.from, st.sub, st.mark, st.state = j+w, j+w, st.k, 0
	}
	sc.piece13a(&st, s, n, pad || st.from > 0, pad)
	return st.buf[:st.k]
}

// scan13aState is the state of scan13a.
type scan13aState struct {
	// The tokens are buf[:k]; buf has room for all of them.
	buf []string
	k   int
	// m has the events left of the 64 bytes at s[i], one bit each; ev
	// has those of the line (see lineEvents).
	i  int
	m  uint64
	ev []uint64
	// The current piece starts at s[from] and its tokens at buf[mark]; its
	// pending token starts at s[sub]. state has the st13a flags of the
	// piece (13a and zh only).
	from, sub, mark int
	state           uint8
}

// Flags of scan13aState.state.
const (
	st13aSplit    = 1 << iota // a period or comma of the piece has been split off
	st13aLiteral              // the piece must go through rules13a
	st13aSplitOff             // a token has been split off the piece: from and mark are up to date
)

// init starts a scan whose tokens follow those of dst, in its capacity.
func (st *scan13aState) init(dst []string) {
	st.buf, st.k, st.i, st.mark = dst[:cap(dst)], len(dst), -64, len(dst)
}

// add appends t to the tokens.
func (st *scan13aState) add(t string) {
	st.buf[st.k] = t
	st.k++
}

// b2u is 1 if b is set, 0 otherwise.
func b2u(b bool) uint {
	var u uint
	if b {
		u = 1
	}
	return u
}

// fast handles the events of s, flagged by md.flags, from st's onwards, as
// long as they are not '&', '<' or '\n', non-ASCII whitespace or, for zh,
// characters of four bytes or invalid ones of three, and do not end a
// piece that must go through rules13a: the other non-ASCII characters are
// part of a word, or for zh, those of three bytes in its table tokens of
// their own. It returns the index of the first event it leaves to its
// caller, which is still in st.m, or -1 at the end of s.
//
// It calls no function, so that its state stays in registers: the events
// of the line are found beforehand (lineEvents). The loop is bound by the
// number of instructions, and so few values are live in it: the start of the piece and of its tokens
// (st.from, st.mark) are written to st only when a token is split off
// within the piece (st13aSplitOff), before which they equal sub and k.
func (st *scan13aState) fast(s string, md *scan13aMode) int {
	tab := &md.flags
	buf, k, i, m, sub, state := st.buf, st.k, st.i, st.m, st.sub, st.state
	n := len(s)
	j := -1
scan:
	for ; ; m &= m - 1 {
		for m == 0 {
			if i += 64; i >= n {
				j = -1
				break scan
			}
			m = st.ev[i>>6]
		}
		// m is not zero here, which spares the count of trailing zeros
		// its test for zero.
		j = i + bits.TrailingZeros64(m)
		c := s[j]
		if c == ' ' {
			// The commonest event, and the cheapest.
			if state&st13aLiteral != 0 {
				break
			}
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			sub, state = j+1, 0
			continue
		}
		f := tab[c]
		switch {
		case f&f13aEnd != 0:
			if state&st13aLiteral != 0 {
				break scan
			}
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			buf[k] = s[j : j+1]
			k += int(f / f13aTok & 1)
			sub, state = j+1, 0
			continue
		case f&f13aPC != 0:
			// Rule 2 splits it off after a non-digit, rule 3 before one.
			// At the start and end of the line 13a has its padding, a
			// non-digit, and zh nothing, which matches neither.
			before := md.pad
			if j > 0 {
				before = !isDigit(s[j-1])
			}
			after := md.pad
			if j+1 < n {
				after = !isDigit(s[j+1])
			}
			if !before && !after {
				continue
			}
			if state&st13aSplit != 0 {
				state |= st13aLiteral
				continue
			}
			state |= st13aSplit
		case f&f13aHy != 0:
			if j == 0 || !isDigit(s[j-1]) {
				continue
			}
		case f&f13aZh != 0:
			// A character of three bytes for zh: a token of its own if
			// md.zh has it, and otherwise part of a word unless it is
			// whitespace. scan13a decodes the invalid ones.
			if j+2 >= n {
				break scan
			}
			r, ok := rune3(c, s[j+1], s[j+2])
			if !ok {
				break scan
			}
			if md.zh[r>>6]>>(r&63)&1 == 0 {
				if isPySpace(rune(r)) {
					break scan
				}
				continue
			}
			if state&st13aLiteral != 0 {
				break scan
			}
			buf[k] = s[sub:j]
			k += int(b2u(j > sub))
			buf[k] = s[j : j+3]
			k++
			// The characters of the table right after it, as Chinese
			// text has them, are taken here without their events.
			p := j + 3
			for p+2 < n && s[p]&0xF0 == 0xE0 {
				r, ok := rune3(s[p], s[p+1], s[p+2])
				if !ok || md.zh[r>>6]>>(r&63)&1 == 0 {
					break
				}
				buf[k] = s[p : p+3]
				k++
				p += 3
			}
			sub, state = p, 0
			if p > j+3 {
				// Drop the events before p: those of the block of p-1
				// but from p on, and p-1, a continuation byte and so no
				// event, set for the loop to drop next.
				q := p - 1
				i = q &^ 63
				m = st.ev[q>>6]&(^uint64(0)<<(q&63)) | 1<<(q&63)
			}
			continue
		case f&f13aSlow != 0:
			// '&', '<', '\n', whitespace and, for zh, characters of four
			// bytes (and invalid bytes F5..FF) are for scan13a; the
			// other characters after a lead byte are part of a word.
			if c < utf8.RuneSelf || c >= 0xF0 && md.isZh != nil || pyMultiByteSpace(s[j:]) > 0 {
				break scan
			}
			continue
		default:
			continue
		}
		// A period, comma or hyphen to split off.
		if state&st13aSplitOff == 0 {
			st.from, st.mark = sub, k
			state |= st13aSplitOff
		}
		buf[k] = s[sub:j]
		k += int(b2u(j > sub))
		buf[k] = s[j : j+1]
		k++
		sub = j + 1
	}
	if state&st13aSplitOff == 0 {
		st.from, st.mark = sub, k
	}
	st.k, st.i, st.m, st.sub, st.state = k, i, m, sub, state
	return j
}

// piece13a appends the tokens of the piece s[st.from:end] that are still to
// come. left and right tell whether there is a space (or padding) before
// and after the piece.
func (sc *tokScratch) piece13a(st *scan13aState, s string, end int, left, right bool) {
	if st.state&st13aLiteral != 0 {
		toks := sc.split(st.buf[:st.mark], rules13a(sc, s[st.from:end], left, right))
		st.buf, st.k = toks[:cap(toks)], len(toks)
	} else if end > st.sub {
		st.add(s[st.sub:end])
	}
}

// pre13a applies the steps of 13a that come before its rules.
func pre13a(s string) string {
	if strings.Contains(s, "<skipped>") {
		s = strings.ReplaceAll(s, "<skipped>", "")
	}
	if strings.IndexByte(s, '\n') >= 0 {
		s = strings.ReplaceAll(s, "-\n", "")
		s = strings.ReplaceAll(s, "\n", " ")
	}
	if strings.IndexByte(s, '&') >= 0 {
		s = strings.ReplaceAll(s, "&quot;", `"`)
		s = strings.ReplaceAll(s, "&amp;", "&")
		s = strings.ReplaceAll(s, "&lt;", "<")
		s = strings.ReplaceAll(s, "&gt;", ">")
	}
	return s
}

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
func tokenizeIntl(sc *tokScratch, dst []string, s string) []string {
	n := len(s)
	// Every token is a run of bytes of s (or of fewer bytes once the rules
	// have turned it into a string of the arena): see tokenBound.
	dst = slices.Grow(dst, tokenBound(s))
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
		if w := pyMultiByteSpace(s[j:]); w > 0 {
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
		case isPySpace(rune(c)):
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
	t := x ^ 0xC3*swarOnes
	u := (x | 0x20*swarOnes) ^ 0xB7*swarOnes
	// d has 04..09 where x has E4..E9; cjk the top bit set there.
	d := x ^ 0xE0*swarOnes
	lo := d &^ swarHigh
	cjk := (lo + 0x7C*swarOnes) &^ (lo + 0x76*swarOnes) &^ d
	return lead&^zeroBytes(t)&^cjk | zeroBytes(u)
}

// kanaLeadsIntl is kanaLeads for intl, next2 holding the bytes after
// next's: the lead bytes of the kana that are letters, E3 followed by
// 81..83 and a continuation byte, but not of U+309B and U+309C (symbols),
// U+30A0 and U+30FB (punctuation), E3 82 9B, E3 82 9C, E3 82 A0 and E3 83
// BB, which intl must see.
func kanaLeadsIntl(x, next, next2 uint64) uint64 {
	cont := next2 &^ (next2 << 1) // top bit: 10xxxxxx
	bad := zeroBytes(next^0x82*swarOnes)&(zeroBytes(next2^0x9B*swarOnes)|zeroBytes(next2^0x9C*swarOnes)|zeroBytes(next2^0xA0*swarOnes)) |
		zeroBytes(next^0x83*swarOnes)&zeroBytes(next2^0xBB*swarOnes)
	return kanaLeads(x, next) & cont &^ bad
}

// eventsIntlGo is events13aGo for intl.
func eventsIntlGo(s string) uint64 {
	t := s[:64]
	x0, x1, x2, x3 := load64(t, 0), load64(t, 8), load64(t, 16), load64(t, 24)
	x4, x5, x6, x7 := load64(t, 32), load64(t, 40), load64(t, 48), load64(t, 56)
	// As in events13aGo, the block's last bytes followed by zeros.
	e0 := (asciiEvents(x0) | leadIntl(x0)&^kanaLeadsIntl(x0, x0>>8|x1<<56, x0>>16|x1<<48)) & swarHigh
	e1 := (asciiEvents(x1) | leadIntl(x1)&^kanaLeadsIntl(x1, x1>>8|x2<<56, x1>>16|x2<<48)) & swarHigh
	e2 := (asciiEvents(x2) | leadIntl(x2)&^kanaLeadsIntl(x2, x2>>8|x3<<56, x2>>16|x3<<48)) & swarHigh
	e3 := (asciiEvents(x3) | leadIntl(x3)&^kanaLeadsIntl(x3, x3>>8|x4<<56, x3>>16|x4<<48)) & swarHigh
	e4 := (asciiEvents(x4) | leadIntl(x4)&^kanaLeadsIntl(x4, x4>>8|x5<<56, x4>>16|x5<<48)) & swarHigh
	e5 := (asciiEvents(x5) | leadIntl(x5)&^kanaLeadsIntl(x5, x5>>8|x6<<56, x5>>16|x6<<48)) & swarHigh
	e6 := (asciiEvents(x6) | leadIntl(x6)&^kanaLeadsIntl(x6, x6>>8|x7<<56, x6>>16|x7<<48)) & swarHigh
	e7 := (asciiEvents(x7) | leadIntl(x7)&^kanaLeadsIntl(x7, x7>>8, x7>>16)) & swarHigh
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
// It calls no function, so that its state stays in registers.
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
				r, ok = rune2(c, s[j+1])
				w = 2
			case c < 0xF0 && j+2 < n:
				r, ok = rune3(c, s[j+1], s[j+2])
				w = 3
			}
			if !ok {
				break scan
			}
			switch st.classes[r>>2] >> (r & 3 * 2) & 3 {
			case classOther, classN:
				if isPySpace(rune(r)) {
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
		before, after := uint8(classS), uint8(classS)
		if j > 0 {
			if c := s[j-1]; c < utf8.RuneSelf {
				before = asciiClass[c]
			} else if c < 0xC0 {
				// A continuation byte (a lead byte before ASCII or a
				// whole character is invalid, a character of its own).
				var r uint
				var ok bool
				switch b := s[max(j-2, 0)]; {
				case j >= 2 && b >= 0xC0 && b < 0xE0:
					r, ok = rune2(b, c)
				case j >= 3 && s[j-3]&0xF0 == 0xE0:
					r, ok = rune3(s[j-3], b, c)
				}
				if !ok {
					break scan
				}
				before = st.classes[r>>2] >> (r & 3 * 2) & 3
			}
		}
		if e := j + w; e < n {
			if c := s[e]; c < utf8.RuneSelf {
				after = asciiClass[c]
			} else if c >= 0xC2 && c <= 0xF4 {
				// A lead byte (a continuation byte after ASCII or a whole
				// character is invalid, a character of its own, and so
				// are C0, C1 and F5..FF).
				var r uint
				var ok bool
				switch {
				case c < 0xE0 && e+1 < n:
					r, ok = rune2(c, s[e+1])
				case c < 0xF0 && e+2 < n:
					r, ok = rune3(c, s[e+1], s[e+2])
				}
				if !ok {
					break scan
				}
				after = st.classes[r>>2] >> (r & 3 * 2) & 3
			}
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
func (sc *tokScratch) wordIntl(st *scanIntlState, s string, end, next int) {
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

// tokenizeZh is sacreBLEU's TokenizerZh followed by str.split: each
// character of the table is a token of its own and separates words as
// whitespace does; the 13a rules, unpadded, apply to the rest. md is
// modeZh or modeZhFixed.
func tokenizeZh(sc *tokScratch, dst []string, s string, md *scan13aMode) []string {
	return sc.scan13a(dst, pyStrip(s), md, false)
}

// split appends the space-separated words of out, the rules' output for
// one word, to dst, copying their text to the arena.
func (sc *tokScratch) split(dst []string, out []byte) []string {
	base := len(sc.arena)
	sc.arena = append(sc.arena, out...)
	text := bytesString(sc.arena[base:])
	for i := 0; i < len(text); {
		if text[i] == ' ' {
			i++
			continue
		}
		start := i
		for i < len(text) && text[i] != ' ' {
			i++
		}
		dst = append(dst, text[start:i])
	}
	return dst
}

// longText is the length of text past which tokenBound counts spaces.
const longText = 1 << 16

// tokenBound returns the room to make for the tokens of s beforehand.
// The scanners write one entry past the last token they keep, and a token
// is a run of bytes of s that is not ASCII whitespace, or such a run split
// at its punctuation, symbols and non-ASCII characters (13a and intl only
// put spaces in; non-ASCII whitespace splits runs too): a run with k such
// characters holds at most 2k+1 tokens, and every token holds a byte of s
// that is not a space. In a short text the room is len(s), kept for the next
// one; in a long one, where that would be 16 bytes a byte of text, the
// runs and the bytes that split them are counted (see boundTokens).
func tokenBound(s string) int {
	if len(s) <= longText {
		return len(s)
	}
	runs, splits, spaces := boundTokens(s)
	return min(len(s)-spaces, runs+2*splits) + 1
}

// boundClass has, for each byte, 1 for ASCII whitespace other than the
// space, 2 for the space, and 4 for a byte that may split a run: ASCII
// punctuation and symbols, and the first byte of a non-ASCII character
// (or a byte that cannot be in UTF-8): a run splits only at a character
// that is whitespace, punctuation or a symbol, or, for zh, a Chinese
// one, never at a stray continuation byte.
var boundClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c == ' ':
			t[c] = 2
		case c >= '\t' && c <= '\r', c >= 0x1c && c <= 0x1f:
			t[c] = 1
		case c >= 0xc0, c > ' ' && c < 0x7f && !isDigit(byte(c)) && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z'):
			t[c] = 4
		}
	}
	return t
}()

// boundTokens returns the runs of bytes of s that are not ASCII
// whitespace, the bytes that may split them (see boundClass) and the
// spaces.
func boundTokens(s string) (runs, splits, spaces int) {
	inRun := false
	for i := 0; i < len(s); i++ {
		c := boundClass[s[i]]
		ws := c&3 != 0
		runs += b2i(!ws && !inRun)
		inRun = !ws
		splits += int(c >> 2)
		spaces += int(c >> 1 & 1)
	}
	return runs, splits, spaces
}

// bytesString returns a string that shares b's storage. The caller must not
// modify b while the string is in use.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// rules13a applies the four regular expressions of sacreBLEU's
// TokenizerRegexp to s, each over the whole output of the one before, as
// Python's re.sub does: left to right, without overlapping matches:
//
//  1. ([\{-\~\[-\` -\&\(-\+\:-\@\/]) -> " \1 "
//  2. ([^0-9])([\.,])                  -> "\1 \2 "
//  3. ([\.,])([^0-9])                  -> " \1 \2"
//  4. ([0-9])(-)                       -> "\1 \2 "
//
// A space is put before s when left is set and after it when right is set,
// standing for the whitespace (or padding) around a word. The result is in
// sc's buffers, valid until they are used again.
//
// The character classes are ASCII and every other character, multi-byte
// ones included, is a non-digit, so the rules can be applied byte by byte:
// a match never starts or ends inside a multi-byte character.
func rules13a(sc *tokScratch, s string, left, right bool) []byte {
	buf := sc.a[:0]
	if len(s) > longText {
		buf = slices.Grow(buf, len(s)+len(s)/2+2)
	}
	if left {
		buf = append(buf, ' ')
	}
	var sawPeriod, sawHyphen bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			// " \1 " around a space changes no token.
			buf = append(buf, ' ')
		case c < utf8.RuneSelf && is13aPunct[c]:
			buf = append(buf, ' ', c, ' ')
		default:
			sawPeriod = sawPeriod || c == '.' || c == ','
			sawHyphen = sawHyphen || c == '-'
			buf = append(buf, c)
		}
	}
	if right {
		buf = append(buf, ' ')
	}
	src, dst := buf, sc.b[:0]
	if len(src) > longText {
		// Each rule at most doubles its input: room made once, rather
		// than grown a quarter at a time, in a piece of a long text.
		dst = slices.Grow(dst, 2*len(src))
	}
	if sawPeriod {
		// Rule 2.
		for i := 0; i < len(src); i++ {
			c := src[i]
			if !isDigit(c) && i+1 < len(src) && isPeriodComma(src[i+1]) {
				dst = append(dst, c, ' ', src[i+1], ' ')
				i++
				continue
			}
			dst = append(dst, c)
		}
		src, dst = dst, src[:0]
		if len(src) > longText {
			dst = slices.Grow(dst, 2*len(src))
		}
		// Rule 3.
		for i := 0; i < len(src); i++ {
			c := src[i]
			if isPeriodComma(c) && i+1 < len(src) && !isDigit(src[i+1]) {
				dst = append(dst, ' ', c, ' ', src[i+1])
				i++
				continue
			}
			dst = append(dst, c)
		}
		src, dst = dst, src[:0]
	}
	if sawHyphen && len(src) > longText {
		dst = slices.Grow(dst, 2*len(src))
	}
	if sawHyphen {
		// Rule 4.
		for i := 0; i < len(src); i++ {
			c := src[i]
			if isDigit(c) && i+1 < len(src) && src[i+1] == '-' {
				dst = append(dst, c, ' ', '-', ' ')
				i++
				continue
			}
			dst = append(dst, c)
		}
		src, dst = dst, src[:0]
	}
	// Keep both buffers for next time, whichever holds the result.
	sc.a, sc.b = src, dst
	return src
}

// is13aPunct is the class of rule 1 of 13a: {|}~ [\]^_` space!"#$%& ()*+
// :;<=>?@ and /.
var is13aPunct = func() (t [utf8.RuneSelf]bool) {
	for _, r := range [][2]byte{{'{', '~'}, {'[', '`'}, {' ', '&'}, {'(', '+'}, {':', '@'}, {'/', '/'}} {
		for c := r[0]; c <= r[1]; c++ {
			t[c] = true
		}
	}
	return t
}()

func isDigit(c byte) bool       { return '0' <= c && c <= '9' }
func isPeriodComma(c byte) bool { return c == '.' || c == ',' }

// zhRanges is sacreBLEU's _UCODE_RANGES as Python's string comparison
// reads it. Four of its entries were written as '\u20000', '\u2a6d6',
// '\u2f800' and '\u2fa1d', which Python parses as a BMP character followed
// by a digit; comparing one-character strings against them makes the
// ranges U+2001–U+2A6D and U+2F81–U+2FA1 ("\u2000" + "0" < c <= "\u2a6d" +
// "6" holds for U+2001..U+2A6D, and U+2000 itself is smaller than
// "\u20000").
var zhRanges = [...][2]rune{
	{0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d},
	{0xfa30, 0xfa6a}, {0xfa70, 0xfad9}, {0x2001, 0x2a6d}, {0x2f81, 0x2fa1},
	{0xff00, 0xffef}, {0x2e80, 0x2eff}, {0x3000, 0x303f}, {0x31c0, 0x31ef},
	{0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f}, {0x31a0, 0x31bf},
	{0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
	{0x3200, 0x32ff}, {0x3300, 0x33ff},
}

// zhRangesFixed is zhRanges with the astral ranges as intended.
var zhRangesFixed = [...][2]rune{
	{0x3400, 0x4db5}, {0x4e00, 0x9fa5}, {0x9fa6, 0x9fbb}, {0xf900, 0xfa2d},
	{0xfa30, 0xfa6a}, {0xfa70, 0xfad9}, {0x20000, 0x2a6d6}, {0x2f800, 0x2fa1d},
	{0xff00, 0xffef}, {0x2e80, 0x2eff}, {0x3000, 0x303f}, {0x31c0, 0x31ef},
	{0x2f00, 0x2fdf}, {0x2ff0, 0x2fff}, {0x3100, 0x312f}, {0x31a0, 0x31bf},
	{0xfe10, 0xfe1f}, {0xfe30, 0xfe4f}, {0x2600, 0x26ff}, {0x2700, 0x27bf},
	{0x3200, 0x32ff}, {0x3300, 0x33ff},
}

func isZhChar(r rune) bool {
	if r < 0x2001 {
		return false
	}
	for _, rg := range zhRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

func isZhCharFixed(r rune) bool {
	if r < 0x2600 {
		return false
	}
	for _, rg := range zhRangesFixed {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

// Character classes of the intl tokenizer, for one code point.
const (
	classOther = iota
	classN     // \p{N}
	classP     // \p{P}
	classS     // \p{S}
)

// unicodeClass returns the intl class of r, from the tables of the regex
// module sacreBLEU used (package unidata, Unicode 15.0, whatever Go's own
// unicode tables are); a test checks them against the conformance set's copy.
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
func rulesIntl(sc *tokScratch, s string, left, right bool) []byte {
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

// appendCharTokens appends every code point of s that is not Python
// whitespace as a token of its own: sacreBLEU's " ".join(line) followed by
// str.split(). An invalid byte is a token of its own.
func appendCharTokens(dst []string, s string) []string {
	n := len(s)
	// At most one token a byte, and none a space (with one entry written
	// past the last): room for them all saves append's checks. The
	// spaces are counted only in a long text, as in tokenBound.
	room := n
	if n > longText {
		room = n - strings.Count(s, " ") + 1
	}
	dst = slices.Grow(dst, room)
	buf, k := dst[:len(dst)+room], len(dst)
	for i := 0; i < n; {
		if c := s[i]; c < utf8.RuneSelf {
			// Written in any case, kept unless it is whitespace.
			buf[k] = s[i : i+1]
			k += int(charKeep[c])
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isPySpace(r) {
			buf[k] = s[i : i+w]
			k++
		}
		i += w
	}
	return buf[:k]
}

// charKeep is 1 for the ASCII bytes that are not whitespace, 0 for the
// others.
var charKeep = func() (t [utf8.RuneSelf]uint8) {
	for c := range rune(utf8.RuneSelf) {
		if !isPySpace(c) {
			t[c] = 1
		}
	}
	return t
}()

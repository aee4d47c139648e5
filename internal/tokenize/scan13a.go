package tokenize

import (
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/py"
	"github.com/go-bleu/bleu/internal/utf8x"
)

// This file is the 13a tokenizer: scan13a, which zh's tokenizer shares
// (see zh.go), and rules13a, the rules applied literally to the
// pieces scan13a leaves to them.

// tokenize13a is sacreBLEU's Tokenizer13a followed by str.split.
func tokenize13a(sc *Scratch, dst []string, s string) []string {
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
		case py.IsSpace(rune(c)):
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

// The modes of the tokenizers; zh's are made on first use, their tables
// costing a quarter of a millisecond that a process scoring no Chinese
// need not spend at its start.
var (
	mode13a = scan13aMode{flags: flags13a, lead: lead13a, pad: true}
	modeZh  = sync.OnceValue(func() *scan13aMode {
		return &scan13aMode{flags: flagsZh, lead: leadZh, zh: zhBits(zhRanges[:]), isZh: isZhChar}
	})
	modeZhFixed = sync.OnceValue(func() *scan13aMode {
		return &scan13aMode{flags: flagsZh, lead: leadZh, zh: zhBits(zhRangesFixed[:]), isZh: isZhCharFixed}
	})
)

// zhBits returns the bits of scan13aMode.zh for the table ranges (see
// zhRanges): the ranges have about 30,000 code points below U+10000.
func zhBits(ranges [][2]rune) *[1 << 10]uint64 {
	t := new([1 << 10]uint64)
	for _, rg := range ranges {
		for r := rg[0]; r <= min(rg[1], 0xFFFF); r++ {
			if !py.IsSpace(r) {
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
func (sc *Scratch) scan13a(dst []string, s string, md *scan13aMode, pre bool) []string {
	start := len(dst)
	tab, pad := &md.flags, md.pad
	n := len(s)
	// Every token is a run of bytes of s (or of fewer bytes once the rules
	// have turned it into a string of the arena): see TokenBound.
	dst = slices.Grow(dst, TokenBound(s))
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
			if w = py.MultiByteSpace(s[j:]); w > 0 {
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
// number of instructions, and so few values are live in it: the start of
// the piece and of its tokens (st.from, st.mark) are written to st only
// when a token is split off within the piece (st13aSplitOff), before
// which they equal sub and k. For the same reason it is one function of
// some 140 lines: each case of the switch updates the loop's registers
// (buf, k, sub, state, and for zh's runs i and m), which a function of
// its own would have to take and return through memory.
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
			r, ok := utf8x.Rune3(c, s[j+1], s[j+2])
			if !ok {
				break scan
			}
			if md.zh[r>>6]>>(r&63)&1 == 0 {
				if py.IsSpace(rune(r)) {
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
				r, ok := utf8x.Rune3(s[p], s[p+1], s[p+2])
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
			if c < utf8.RuneSelf || c >= 0xF0 && md.isZh != nil || py.MultiByteSpace(s[j:]) > 0 {
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
func (sc *Scratch) piece13a(st *scan13aState, s string, end int, left, right bool) {
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
func rules13a(sc *Scratch, s string, left, right bool) []byte {
	buf := sc.a[:0]
	if len(s) > LongText {
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
	if len(src) > LongText {
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
		if len(src) > LongText {
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
	if sawHyphen && len(src) > LongText {
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

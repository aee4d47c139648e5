package tokenize

import (
	"strings"
	"unsafe"

	"github.com/go-bleu/bleu/internal/cpu"
	"github.com/go-bleu/bleu/internal/swar"
)

// This file finds the events of the scanners, the bytes that matter, a
// word of eight bytes or a block of 64 at a time (see "How the tokenizers
// work" in tokenize.go).

// The events of scan13a are the bytes of asciiEvents and swar.LeadEvents: ASCII
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
	lead13a = 0xFC * swar.Ones
	leadZh  = 0xE0 * swar.Ones
)

// asciiEvents has the top bit set in the bytes of x that are ASCII but
// not letters or digits (and garbage in the other bits).
func asciiEvents(x uint64) uint64 {
	y := x &^ swar.High // the low seven bits of each byte: no carry between bytes below
	z := y | 0x20*swar.Ones
	letter := (z + (0x80-'a')*swar.Ones) &^ (z + (0x7F-'z')*swar.Ones)
	digit := (y + (0x80-'0')*swar.Ones) &^ (y + (0x7F-'9')*swar.Ones)
	return ^(letter | digit | x)
}

// kanaLeads has the top bit set in the bytes of x that are E3 followed,
// in next (the byte after each of x's, in the same place), by 81..83: the
// lead bytes of the kana, U+3040..U+30FF (and garbage in the other bits).
// Japanese text is mostly kana (63% of the characters of the en-ja
// reference), each an event of the scanners before (a branch, a decoding
// and a lookup to find it part of a word).
func kanaLeads(x, next uint64) uint64 {
	e3 := swar.ZeroBytes(x ^ 0xE3*swar.Ones)
	// 81..83 are 01..03 in y, whose top bit is set for 00..7F.
	y := next ^ 0x80*swar.Ones
	z := y &^ swar.High
	in := (z + (0x80-1)*swar.Ones) &^ (z + (0x80-4)*swar.Ones) &^ y
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
func (sc *Scratch) lineEvents(s string, lead uint64, intl bool) []uint64 {
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
	case len(s) >= 2*cpu.AsmPiece:
		longLineEvents(ev, s, lead, intl)
	case intl:
		eventsIntlLine(ev, s)
	default:
		events13aLine(ev, s, lead)
	}
	return ev
}

// longLineEvents is lineEvents's work for a line of 2*cpu.AsmPiece bytes or
// more, in pieces of cpu.AsmPiece bytes (a multiple of 64), the last one
// longer.
func longLineEvents(dst []uint64, s string, lead uint64, intl bool) {
	for {
		piece := s
		if len(s) >= 2*cpu.AsmPiece {
			piece = s[:cpu.AsmPiece]
		}
		if intl {
			eventsIntlLine(dst, piece)
		} else {
			events13aLine(dst, piece, lead)
		}
		if len(piece) == len(s) {
			return
		}
		dst, s = dst[cpu.AsmPiece/64:], s[cpu.AsmPiece:]
	}
}

// letters64 is 64 letters.
var letters64 = [64]byte([]byte(strings.Repeat("a", 64)))

// events13aGo returns the events of s[:64] for 13a and zh with the lead
// mask lead (see lineEvents), eight bytes at a time: events13aLine's
// work for one block in Go.
func events13aGo(s string, lead uint64) uint64 {
	t := s[:64]
	x0, x1, x2, x3 := swar.Load64(t, 0), swar.Load64(t, 8), swar.Load64(t, 16), swar.Load64(t, 24)
	x4, x5, x6, x7 := swar.Load64(t, 32), swar.Load64(t, 40), swar.Load64(t, 48), swar.Load64(t, 56)
	// Unrolled: the calls are inlined. Each word's next bytes are its own
	// shifted down and the next word's first; the block's last byte is
	// followed by a zero.
	e0 := (asciiEvents(x0) | swar.LeadEvents(x0, lead)&^kanaLeads(x0, x0>>8|x1<<56)) & swar.High
	e1 := (asciiEvents(x1) | swar.LeadEvents(x1, lead)&^kanaLeads(x1, x1>>8|x2<<56)) & swar.High
	e2 := (asciiEvents(x2) | swar.LeadEvents(x2, lead)&^kanaLeads(x2, x2>>8|x3<<56)) & swar.High
	e3 := (asciiEvents(x3) | swar.LeadEvents(x3, lead)&^kanaLeads(x3, x3>>8|x4<<56)) & swar.High
	e4 := (asciiEvents(x4) | swar.LeadEvents(x4, lead)&^kanaLeads(x4, x4>>8|x5<<56)) & swar.High
	e5 := (asciiEvents(x5) | swar.LeadEvents(x5, lead)&^kanaLeads(x5, x5>>8|x6<<56)) & swar.High
	e6 := (asciiEvents(x6) | swar.LeadEvents(x6, lead)&^kanaLeads(x6, x6>>8|x7<<56)) & swar.High
	e7 := (asciiEvents(x7) | swar.LeadEvents(x7, lead)&^kanaLeads(x7, x7>>8)) & swar.High
	m := gather8(e0) | gather8(e1)<<8 | gather8(e2)<<16 | gather8(e3)<<24 |
		gather8(e4)<<32 | gather8(e5)<<40 | gather8(e6)<<48 | gather8(e7)<<56
	return m
}

// events13aLineGo is events13aLine in Go (which is in assembly on amd64):
// it sets dst to the events of s for 13a and zh with the lead mask lead,
// as lineEvents defines them; s must have 64 bytes at least, and dst
// (len(s)+63)/64 words.
func events13aLineGo(dst []uint64, s string, lead uint64) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = events13aGo(s[64*k:], lead)
	}
	if n%64 != 0 {
		// The last 64 bytes, less those of the last full block.
		dst[n/64] = events13aGo(s[n-64:], lead) >> (64 - n%64)
	}
}

// eventsIntlLineGo is events13aLineGo for intl (eventsIntlLine).
func eventsIntlLineGo(dst []uint64, s string) {
	n := len(s)
	for k := range n / 64 {
		dst[k] = eventsIntlGo(s[64*k:])
	}
	if n%64 != 0 {
		dst[n/64] = eventsIntlGo(s[n-64:]) >> (64 - n%64)
	}
}

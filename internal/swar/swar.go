// Package swar holds the word-at-a-time byte helpers of the scanners:
// eight bytes of a string in a uint64 ("SWAR", SIMD within a register),
// with s[i] in the low byte, and masks that have one bit, the top one, in
// each byte.
//
// # Guarantees
//
// Every function is small enough for the compiler to inline into the
// loops that call it, reads only the bytes of its string that it is
// asked for, and never allocates. Functions that find bytes ("events")
// set the top bit of each byte they find and leave garbage in the other
// bits: callers mask with [High].
package swar

import "math/bits"

const (
	// Ones has a one in each byte: c*Ones is c in every byte.
	Ones = 0x0101010101010101
	// High has the top bit of each byte set.
	High = 0x8080808080808080
)

// Load64 returns s[i:i+8] as a little-endian uint64. The compiler turns
// the byte-combining expression into a single load; i+8 must not exceed
// len(s).
func Load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// LoadTail returns s[i:], which is shorter than eight bytes, as Load64
// would, with the missing bytes set to 'a': a letter, which no scanner
// looks at. It reads only bytes of s.
func LoadTail(s string, i int) uint64 {
	n := len(s)
	pad := uint64('a'*Ones) << ((n - i) * 8)
	if n >= 8 {
		// The last eight bytes, less those before s[i].
		return Load64(s, n-8)>>((i+8-n)*8) | pad
	}
	var x uint64
	for k := n - 1; k >= i; k-- {
		x = x<<8 | uint64(s[k])
	}
	return x | pad
}

// FirstByte returns the index within the word of the lowest byte whose top
// bit is set in m, which must not be zero.
func FirstByte(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// LeadEvents has the top bit set in the bytes of x that are C2 or b with
// b&lead == E0 (and garbage in the other bits): with lead FC in every
// byte, the lead bytes of the non-ASCII whitespace characters (C2, E1,
// E2, E3) and E0; with E0, every lead byte of three or four bytes too.
func LeadEvents(x, lead uint64) uint64 {
	// t and u have zero bytes where x has a lead byte.
	t := x&lead ^ 0xE0*Ones
	u := x ^ 0xC2*Ones
	return ZeroBytes(t) | ZeroBytes(u)
}

// ZeroBytes has the top bit set in the bytes of t that are zero (and
// garbage in the other bits): adding 7F to a byte's low seven bits sets
// its top bit unless they are zero, and never carries into the next.
func ZeroBytes(t uint64) uint64 {
	return ^((t&^High + 0x7F*Ones) | t)
}

// B2I is 1 for true and 0 for false; the compiler makes it a SETcc, and
// the scanners' and counters' loops use it to keep their outcomes out of
// branches.
func B2I(b bool) int {
	if b {
		return 1
	}
	return 0
}

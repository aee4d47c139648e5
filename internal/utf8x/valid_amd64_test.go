//go:build amd64 && !purego

package utf8x

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/go-bleu/bleu/internal/conftest"
)

// TestValidUTF8SSE2Twin compares validSSE2, in assembly
// (valid_amd64.s), with validGeneric, its Go twin, and
// utf8.ValidString on strings of every length from 16 bytes (the
// shortest it takes) to 200, whose last partial block is read among the
// last 16 bytes: valid text of one- to four-byte characters, cut anywhere
// (which may cut a character), with one byte at every offset near the
// 16-byte blocks, the last block and the end replaced by a byte of
// another class (ASCII, continuation, each lead, C0, C1, F5..FF), and
// random bytes of those classes. (On Linux, each string ends where a page
// that cannot be read begins.)
func TestValidUTF8SSE2Twin(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 8))
	chars := []string{"a", "~", "ä", "\u07ff", "€", "\ud7ff", "\ue000", "\uffff", "😀", "\U0010ffff", "\u0800"}
	classes := []byte{'a', 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	reps := 6
	if testing.Short() || conftest.RaceEnabled {
		reps = 2
	}
	// Each string ends before a page that cannot be read.
	guard := conftest.NewGuarded(t, 256)
	check := func(b []byte) {
		t.Helper()
		s := guard.String(b)
		got, want := validSSE2(s), validGeneric(s)
		if got != want || want != utf8.ValidString(s) {
			t.Fatalf("validSSE2(%q) = %v, validGeneric %v, utf8.ValidString %v", s, got, want, utf8.ValidString(s))
		}
	}
	near16 := func(d int) bool { m := (d%16 + 16) % 16; return m >= 14 || m <= 3 }
	for n := 16; n <= 200; n++ {
		for range reps {
			var text []byte
			for len(text) < n {
				text = append(text, chars[r.IntN(len(chars))]...)
			}
			b := text[:n]
			check(b)
			for off := range n {
				if !near16(off) && !near16(off-(n-16)) && off < n-4 {
					continue
				}
				c := b[off]
				b[off] = classes[r.IntN(len(classes))]
				check(b)
				b[off] = c
			}
			rnd := make([]byte, n)
			for i := range rnd {
				rnd[i] = classes[r.IntN(len(classes))]
			}
			check(rnd)
		}
	}
}

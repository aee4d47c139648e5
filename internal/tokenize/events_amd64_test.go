//go:build amd64 && !purego

package tokenize

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-bleu/bleu/internal/conftest"
)

// TestEventLinesTwin compares events13aLine (with 13a's and zh's lead
// masks) and eventsIntlLine, in assembly (tokenize_amd64.s), with their Go
// twins on lines of every length from 64 bytes (the shortest they take) to
// 264, whose last partial block is taken among the last 64 bytes, less
// those done: random bytes of every class the events tell apart (ASCII
// letters, digits and others, continuation bytes, the leads C2, C3, E0..EF
// and F0..FF), and the kana and the punctuation among them (E3 81..83 xx)
// at every offset around the 16-byte steps of the assembly, the 64-byte
// blocks and the start of the last 64 bytes, cut short at the end of the
// line. Neither may write past the line's words, nor read past the line
// (on Linux, it ends where a page that cannot be read begins).
func TestEventLinesTwin(t *testing.T) {
	alphabet := []byte("aZz09 .,-\t\n'`@[{/:\x7f\x00\x80\x81\x82\x83\x84\x97\x9b\x9c\xa0\xb7\xbb\xbf\xc0\xc2\xc3\xdf\xe0\xe2\xe3\xe3\xe4\xe9\xea\xef\xf0\xff")
	kanas := []string{"\xe3\x81\x80", "\xe3\x82\x9b", "\xe3\x82\x9c", "\xe3\x82\xa0", "\xe3\x82\xa1", "\xe3\x83\xbb", "\xe3\x83\xbc", "\xe3\x84\x80", "\xe3\xe3\x81\x81"}
	r := rand.New(rand.NewPCG(21, 5))
	reps := 6
	if testing.Short() || conftest.RaceEnabled {
		reps = 2
	}
	var lines [][]byte
	for n := 64; n <= 264; n++ {
		for range reps {
			b := make([]byte, n)
			for i := range b {
				if r.IntN(4) == 0 {
					b[i] = byte(r.Uint32())
				} else {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
			}
			lines = append(lines, b)
		}
		// Offsets near a multiple of 16 and near the start of the last
		// 64 bytes, and the end.
		near16 := func(d int) bool { m := (d%16 + 16) % 16; return m >= 13 || m <= 2 }
		for off := range n {
			if !near16(off) && !near16(off-(n-64)) && off < n-3 {
				continue
			}
			kana := kanas[r.IntN(len(kanas))]
			b := bytes.Repeat([]byte{"a\x80\xe3"[r.IntN(3)]}, n)
			copy(b[off:], kana)
			lines = append(lines, b)
		}
	}
	const canary = 0x5A5A_5A5A_5A5A_5A5A
	got, want := make([]uint64, 6), make([]uint64, 6)
	guard := conftest.NewGuarded(t, 264)
	for _, b := range lines {
		s := guard.String(b)
		words := (len(s) + 63) / 64
		for _, lead := range []uint64{lead13a, leadZh, 0} {
			for i := range got {
				got[i], want[i] = canary, canary
			}
			name := "eventsIntlLine"
			if lead != 0 {
				name = "events13aLine"
				events13aLine(got[:words], s, lead)
				events13aLineGo(want[:words], s, lead)
			} else {
				eventsIntlLine(got[:words], s)
				eventsIntlLineGo(want[:words], s)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s(%q, lead %#x) = %#x; Go twin %#x (the words past %d are canaries)", name, s, lead&0xFF, got, want, words)
			}
		}
	}
}

// FuzzEventLines compares events13aLine and eventsIntlLine with their Go
// twins on data, after 'a's up to 64 bytes if it is shorter.
func FuzzEventLines(f *testing.F) {
	f.Add([]byte("Hello, world! \xe3\x81\x82\xe3\x82\x9b\xc2\xa0"))
	f.Add(bytes.Repeat([]byte("\xe3\x83\xbb\xe4\xb8\x80 a.b,c-d \xc3\xa4"), 9))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 64 {
			data = append(bytes.Repeat([]byte{'a'}, 64-len(data)), data...)
		}
		s := string(data)
		words := (len(s) + 63) / 64
		got, want := make([]uint64, words), make([]uint64, words)
		for _, lead := range []uint64{lead13a, leadZh} {
			events13aLine(got, s, lead)
			events13aLineGo(want, s, lead)
			if !slices.Equal(got, want) {
				t.Fatalf("events13aLine(%q, lead %#x) = %#x; Go twin %#x", s, lead&0xFF, got, want)
			}
		}
		eventsIntlLine(got, s)
		eventsIntlLineGo(want, s)
		if !slices.Equal(got, want) {
			t.Fatalf("eventsIntlLine(%q) = %#x; Go twin %#x", s, got, want)
		}
	})
}

//go:build amd64 && !purego

package ngram

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/go-bleu/bleu/internal/conftest"
	"github.com/go-bleu/bleu/internal/cpu"
)

// TestProbeLoopsFull compares probeAddPositions and probePositions, in
// assembly (kernels_amd64.s), with their Go twins on word tables filled up
// to one to eight free slots, where the searches are long and wrap around
// the end of the slots: tables of 16 to 128 slots, holding entries of an
// earlier segment (some of the same words) and of this one, with stamps
// at both ends of their range, words up to and past 16 bytes (where
// addPositions stops), and references of words the table has and has
// not.
func TestProbeLoopsFull(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 6))
	const seed = 0x9E3779B97F4A7C15
	reps := 60
	if testing.Short() || conftest.RaceEnabled {
		reps = 20
	}
	for rep := range reps {
		size := 16 << (rep % 4)
		mask := uintptr(size-1) << slotShift
		g := uint64([]uint32{1, 2, 0x7FFF_FFFF, 0xFFFF_FFFF}[r.IntN(4)]) << 32
		// The words of this segment, at most size-1 (one slot stays free,
		// which ends every search), and some of earlier segments.
		vocab := make([]wkey, size-1-r.IntN(min(size-1, 1+rep%8)))
		for i := range vocab {
			vocab[i] = wkey{a: r.Uint64(), b: r.Uint64() >> r.IntN(64), n: uint32(1 + r.IntN(16))}
			if r.IntN(8) == 0 {
				vocab[i].b = 0
			}
		}
		long := wkey{a: r.Uint64(), n: uint32(17 + r.IntN(40))}
		slots := make([]wordSlot, size)
		for i := range slots {
			if r.IntN(2) == 0 {
				k := vocab[r.IntN(len(vocab))]
				if r.IntN(2) == 0 {
					k = wkey{a: r.Uint64(), b: r.Uint64(), n: uint32(1 + r.IntN(16))}
				}
				slots[i] = wordSlot{a: k.a, b: k.b, n: k.n, stamp: uint32(g>>32) - 1, bits: r.Uint64()}
			}
		}
		// Words inserted earlier in the segment, most of the vocabulary.
		pre := slices.Clone(vocab)
		r.Shuffle(len(pre), func(i, j int) { pre[i], pre[j] = pre[j], pre[i] })
		pre = pre[:r.IntN(len(pre)+1)]
		for k := 0; k < len(pre); k += 64 {
			addPositionsGo(pre[k:min(len(pre), k+64)], 0, unsafe.Pointer(&slots[0]), mask, g, seed)
		}
		keys := make([]wkey, 1+r.IntN(64))
		for i := range keys {
			keys[i] = vocab[r.IntN(len(vocab))]
			if r.IntN(16) == 0 {
				keys[i] = long
			}
		}
		sg, sa := slices.Clone(slots), slices.Clone(slots)
		pg, pa := unsafe.Pointer(&sg[0]), unsafe.Pointer(&sa[0])
		for p := 0; p < len(keys); p++ {
			a := addPositionsGo(keys, p, pg, mask, g, seed)
			if b := probeAddPositions(keys, p, pa, mask, g, seed); a != b {
				t.Fatalf("table %d: probeAddPositions from %d of %v stops at %d, Go twin at %d", rep, p, keys, b, a)
			}
			p = a
		}
		for i := range sg {
			if sg[i] != sa[i] {
				t.Fatalf("table %d: after probeAddPositions of %v, slot %d is %+v, Go twin's %+v", rep, keys, i, sa[i], sg[i])
			}
		}
		ref := make([]wkey, r.IntN(100))
		for i := range ref {
			switch k := r.IntN(8); {
			case k < 5:
				ref[i] = vocab[r.IntN(len(vocab))]
			case k < 7:
				ref[i] = wkey{a: r.Uint64(), b: r.Uint64(), n: uint32(1 + r.IntN(16))}
			default:
				ref[i] = long
			}
		}
		// A canary after the positions.
		got, want := make([]uint64, len(ref)+1), make([]uint64, len(ref)+1)
		got[len(ref)], want[len(ref)] = 0xC0FFEE, 0xC0FFEE
		positionsGo(want[:len(ref)], ref, pg, mask, g, seed)
		probePositions(got[:len(ref)], ref, pa, mask, g, seed)
		if !slices.Equal(got, want) {
			t.Fatalf("table %d: probePositions of %v = %x, Go twin %x", rep, ref, got, want)
		}
	}
}

// TestMatch4Lengths compares match4BMI with match4Go on sets of every
// length from 3 (no reference word) to 131, of words at the edges (none,
// one position, the first and last, all) and random ones, followed by the
// three empty sets match4 requires.
func TestMatch4Lengths(t *testing.T) {
	if !cpu.HasBMI1 {
		t.Skip("match4BMI is not used here")
	}
	r := rand.New(rand.NewPCG(21, 7))
	edges := []uint64{0, 1, 1 << 63, 1<<63 | 1, ^uint64(0), 0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA}
	for n := 3; n <= 131; n++ {
		for range 8 {
			rb := make([]uint64, n)
			for j := range n - 3 {
				switch r.IntN(3) {
				case 0:
					rb[j] = edges[r.IntN(len(edges))]
				case 1:
					rb[j] = 1 << r.IntN(64)
				default:
					rb[j] = r.Uint64() & r.Uint64()
				}
			}
			a0, a1, a2, a3 := match4BMI(rb)
			g0, g1, g2, g3 := match4Go(rb)
			if got, want := [4]uint64{a0, a1, a2, a3}, [4]uint64{g0, g1, g2, g3}; got != want {
				t.Fatalf("match4BMI(%x) = %x, Go twin %x", rb, got, want)
			}
		}
	}
}

package spm

// The double-array trie of darts-clone 0.32 (third_party/darts_clone in
// sentencepiece), read-only, as a model's precompiled charsmap stores it:
// little-endian 32-bit units, each holding a label (bits 0–7, and bit 31
// on leaf units), a has-leaf flag (bit 8) and an offset to the unit's
// children (bits 10–31, shifted left 8 more when bit 9 is set); a leaf
// unit's low 31 bits are its value. Unlike darts-clone, every read is
// bounds-checked: a unit outside the array ends the search as a missing
// transition would.

import "encoding/binary"

type dartsArray []uint32

// maxTrieResults is the number of prefixes of the input the normalizer
// looks at (Normalizer::kMaxTrieResultsSize): sentencepiece's builder
// guarantees no key has more prefixes in the trie than this.
const maxTrieResults = 32

func unitHasLeaf(u uint32) bool  { return (u>>8)&1 == 1 }
func unitValue(u uint32) int32   { return int32(u & (1<<31 - 1)) }
func unitLabel(u uint32) uint32  { return u & (1<<31 | 0xFF) }
func unitOffset(u uint32) uint32 { return (u >> 10) << ((u & (1 << 9)) >> 6) }
func newDartsArray(b []byte) dartsArray {
	a := make(dartsArray, len(b)/4)
	for i := range a {
		a[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return a
}

// longestPrefix returns the length and the value of the longest key that
// is a prefix of s, among the first maxTrieResults prefixes found, as
// Normalizer::NormalizePrefix chooses it; length 0 when there is none.
func (a dartsArray) longestPrefix(s string) (length int, value int32) {
	if len(a) == 0 {
		return 0, 0
	}
	pos := uint64(unitOffset(a[0]))
	found := 0
	for i := 0; i < len(s); i++ {
		c := uint64(s[i])
		pos ^= c
		if pos >= uint64(len(a)) {
			return length, value
		}
		u := a[pos]
		if uint64(unitLabel(u)) != c {
			return length, value
		}
		pos ^= uint64(unitOffset(u))
		if pos >= uint64(len(a)) {
			return length, value
		}
		if unitHasLeaf(u) {
			if found < maxTrieResults {
				length, value = i+1, unitValue(a[pos])
			}
			found++
		}
	}
	return length, value
}

// leafValues calls fn with the value of every key reachable from the
// root, each node visited once, however the array is linked.
func (a dartsArray) leafValues(fn func(v int32) error) error {
	if len(a) == 0 {
		return nil
	}
	seen := make([]bool, len(a))
	stack := []uint64{uint64(unitOffset(a[0]))}
	for len(stack) > 0 {
		base := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := uint64(0); c < 256; c++ {
			pos := base ^ c
			if pos >= uint64(len(a)) || uint64(unitLabel(a[pos])) != c {
				continue
			}
			u := a[pos]
			next := pos ^ uint64(unitOffset(u))
			if next >= uint64(len(a)) {
				continue
			}
			if unitHasLeaf(u) {
				if err := fn(unitValue(a[next])); err != nil {
					return err
				}
			}
			if !seen[next] {
				seen[next] = true
				stack = append(stack, next)
			}
		}
	}
	return nil
}

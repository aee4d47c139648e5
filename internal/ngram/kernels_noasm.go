//go:build !amd64 || purego

package ngram

import "unsafe"

// probePositions is positionsGo (in assembly on amd64).
func probePositions(pos []uint64, keys []wkey, slots unsafe.Pointer, mask uintptr, stamp, seed uint64) {
	positionsGo(pos, keys, slots, mask, stamp, seed)
}

// probeAddPositions is addPositionsGo (in assembly on amd64).
func probeAddPositions(keys []wkey, p int, slots unsafe.Pointer, mask uintptr, stamp, seed uint64) int {
	return addPositionsGo(keys, p, slots, mask, stamp, seed)
}

// match4BMI is match4Go (in assembly on amd64).
func match4BMI(rb []uint64) (f0, f1, f2, f3 uint64) { return match4Go(rb) }

//go:build amd64 && !purego

package ngram

import "unsafe"

// probePositions is wordTable.positions's loop (positionsGo) in assembly
// (kernels_amd64.s), where every value stays in a register: the table is
// slots, its byte mask mask, and stamp its stamp shifted as in nstamp.
//
//go:noescape
func probePositions(pos []uint64, keys []wkey, slots unsafe.Pointer, mask uintptr, stamp, seed uint64)

// probeAddPositions is wordTable.addPositions's loop (addPositionsGo) in
// assembly, as probePositions.
//
//go:noescape
func probeAddPositions(keys []wkey, p int, slots unsafe.Pointer, mask uintptr, stamp, seed uint64) int

// match4BMI is match4Go in assembly (kernels_amd64.s), with BLSI (cpu.HasBMI1): about 28
// instructions a reference word against 38.
//
//go:noescape
func match4BMI(rb []uint64) (f0, f1, f2, f3 uint64)

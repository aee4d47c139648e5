//go:build amd64 && !purego

package cpu

// The processor features that the assembly kernels need beyond SSE2,
// which Go asks of every amd64 processor. Each kernel's caller tests its
// feature once and falls back to the Go loop without it (see the
// *_noasm.go files for the loops, and cpu_noasm.go for the features
// without assembly).

// cpuid executes the CPUID instruction for leaf and sub-leaf sub
// (cpu_amd64.s).
//
//go:noescape
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// maxLeaf and maxExtLeaf are the largest standard and extended
// (0x80000000 and up) leaves of CPUID.
var (
	maxLeaf, _, _, _    = cpuid(0, 0)
	maxExtLeaf, _, _, _ = cpuid(0x80000000, 0)
)

// HasSSSE3 tells whether the processor has SSSE3, whose PSHUFB
// copyASCII16 uses.
var HasSSSE3 = cpuidBit(1, 0, 2, 9)

// HasSSE41 tells whether the processor has SSE4.1, whose PMINUD and
// PMAXUD clipSum uses, PMINSD and PEXTRD chrf's bigramKeys, and PEXTRQ
// chrf's word loops.
var HasSSE41 = cpuidBit(1, 0, 2, 19)

// HasBMI1 tells whether the processor has BMI1, whose BLSI match4BMI
// uses, and TZCNT and ANDN chrf's word loops.
var HasBMI1 = cpuidBit(7, 0, 1, 3)

// HasBMI2 tells whether the processor has BMI2, whose MULX, SHLX and
// SHRX chrf's word loops use.
var HasBMI2 = cpuidBit(7, 0, 1, 8)

// HasLZCNT tells whether the processor has LZCNT (Linux's flag abm),
// which chrf's refKeys and runMatches use with BMI1's TZCNT and ANDN.
var HasLZCNT = cpuidBit(0x80000001, 0, 2, 5)

// cpuidBit returns bit b of register reg (0 to 3 for EAX, EBX, ECX, EDX)
// of CPUID's leaf and sub-leaf sub, or false if the processor has no such
// leaf.
func cpuidBit(leaf, sub uint32, reg, b int) bool {
	if leaf < 0x80000000 && leaf > maxLeaf || leaf >= 0x80000000 && leaf > maxExtLeaf {
		return false
	}
	a, bx, c, d := cpuid(leaf, sub)
	return [4]uint32{a, bx, c, d}[reg]>>b&1 != 0
}

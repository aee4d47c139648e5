// Package cpu says which processor features beyond the architecture's
// baseline the module's assembly kernels may use. It is the one place
// that executes CPUID.
//
// # Contract
//
// Each Has* value is fixed for the life of the process. A kernel that
// needs a feature is called only where its value is true; its caller
// falls back to the kernel's Go twin otherwise. Without assembly (other
// architectures, or the purego build tag) every value is false, so that
// every caller takes its Go loop.
package cpu

// AsmPiece is the most bytes, words or ids an assembly loop is given in
// one call. A goroutine in an assembly loop cannot be preempted, and a
// stop-the-world of the garbage collector waits for it: longer inputs are
// cut into pieces, or left to the Go loop, which can be preempted. A piece
// takes the loops well under a millisecond, and texts that long are rare
// enough for the Go loops' speed not to matter.
const AsmPiece = 1 << 14

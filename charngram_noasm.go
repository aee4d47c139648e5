//go:build !amd64 || purego

package bleu

// hasSSSE3 is false: copyASCII16 is for amd64.
const hasSSSE3 = false

// copyASCII16 reads and writes nothing: see charngram_amd64.go.
func copyASCII16(dst []uint8, s string, t *charShuffle) (read, written int) { return 0, 0 }
